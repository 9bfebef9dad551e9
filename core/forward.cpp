#include "forward.h"

#include "kernels.h"

namespace tb {
namespace {

// The sublayers on lanes (kernels.h): n tokens of x, the trace's extra tensors filled in.
TokenLanes attention_lanes(const TokenLanes& x, int n, const AttentionWeights& w, int heads, Mask mask,
                           std::vector<Matrix>& weights) {
    const TokenLanes q = affine(x, w.wq, w.bq), k = affine(x, w.wk, w.bk), v = affine(x, w.wv, w.bv);
    return affine(attend(q, k, v, n, heads, mask, weights), w.wo, w.bo);
}

TokenLanes feed_forward_lanes(const TokenLanes& x, const FfnWeights& w, Activation activation, TokenLanes& hidden) {
    hidden = affine(x, w.w1, w.b1);  // [w] lanes
    activation == Activation::Relu ? relu_in_place(hidden) : gelu_in_place(hidden);
    return affine(hidden, w.w2, w.b2);
}

}  // namespace

Matrix linear(const Matrix& x, const Matrix& w, const Vector& b) {
    return to_rows(affine(to_lanes(x), w, b), static_cast<int>(x.rows()));
}

Matrix layer_norm(const Matrix& x, const LayerNormWeights& norm, double eps) {
    return to_rows(layer_norm(to_lanes(x), norm, eps), static_cast<int>(x.rows()));
}

Matrix gelu(const Matrix& x) {
    TokenLanes lanes = to_lanes(x);
    gelu_in_place(lanes);
    return to_rows(lanes, static_cast<int>(x.rows()));
}

Matrix relu(const Matrix& x) { return x.cwiseMax(0.0); }

AttentionResult attention(const Matrix& x, const AttentionWeights& w, int heads, Mask mask) {
    const int n = static_cast<int>(x.rows());
    AttentionResult result;
    result.output = to_rows(attention_lanes(to_lanes(x), n, w, heads, mask, result.weights), n);
    return result;
}

FfnResult feed_forward(const Matrix& x, const FfnWeights& w, Activation activation) {
    const int n = static_cast<int>(x.rows());
    TokenLanes hidden;
    FfnResult result;
    result.output = to_rows(feed_forward_lanes(to_lanes(x), w, activation, hidden), n);
    result.hidden = to_rows(hidden, n);
    return result;
}

namespace {

// The one place where a sublayer F is wired to the stream x (channel.md section 2):
//   pre:    x <- x + F(N(x))     residual off: x <- F(N(x))
//   post:   x <- N(x + F(x))     residual off: x <- N(F(x))
//   aucune: x <- x + F(x)        residual off: x <- F(x)
// x holds n tokens; the level keeps each step as n x d rows and the new stream is returned.
template <class Sublayer>
TokenLanes wire(Level& level, const TokenLanes& x, int n, const LayerNormWeights& norm, const Settings& s,
                Sublayer f) {
    TokenLanes out;
    if (s.norm == Norm::Pre) {
        const TokenLanes normalized = layer_norm(x, norm, kLayerNormEps);
        level.normalized_input = to_rows(normalized, n);
        out = f(normalized);
    } else {
        out = f(x);
    }
    level.sublayer_output = to_rows(out, n);
    if (s.residual) out += x;
    if (s.norm == Norm::Post) {
        level.before_norm = to_rows(out, n);
        out = layer_norm(out, norm, kLayerNormEps);
    }
    level.vectors = to_rows(out, n);
    return out;
}

}  // namespace

Trace run(const Settings& s, std::vector<Token> tokens, int vocabulary_size,
          std::shared_ptr<const Weights> weights) {
    Trace t;
    t.settings = s;
    t.tokens = std::move(tokens);
    t.vocabulary_size = vocabulary_size;
    t.layer_norm_eps = kLayerNormEps;
    t.position = position_table(s.position, *weights);
    t.parameters = count_parameters(toy_architecture(s, vocabulary_size));

    const int n = t.token_count();
    Matrix embedded(n, s.dimension);  // level 0: x_i = E[token_i] + P[i]
    for (int i = 0; i < n; ++i)
        embedded.row(i) = weights->token_embedding.row(t.tokens[i].id) + t.position.row(i);
    TokenLanes x = to_lanes(embedded);
    t.levels.reserve(s.level_count());
    Level input = make_level(0, s.layers);
    input.vectors = std::move(embedded);
    t.levels.push_back(std::move(input));

    for (int b = 0; b < s.layers; ++b) {
        const BlockWeights& block = weights->blocks.at(b);

        Level att = make_level(2 * b + 1, s.layers);
        x = wire(att, x, n, block.norm1, s, [&](const TokenLanes& in) {
            return attention_lanes(in, n, block.attention, s.heads, s.mask, att.attention_weights);
        });
        t.levels.push_back(std::move(att));

        Level ffn = make_level(2 * b + 2, s.layers);
        x = wire(ffn, x, n, block.norm2, s, [&](const TokenLanes& in) {
            TokenLanes hidden;
            TokenLanes out = feed_forward_lanes(in, block.ffn, s.activation, hidden);
            ffn.hidden = to_rows(hidden, n);
            return out;
        });
        t.levels.push_back(std::move(ffn));
    }

    // Output: pre-norm ends with a final LayerNorm (as GPT-2); post and aucune pass x through.
    Level output = make_level(s.top_level(), s.layers);
    output.vectors = to_rows(s.norm == Norm::Pre ? layer_norm(x, weights->final_norm, kLayerNormEps) : x, n);
    t.levels.push_back(std::move(output));
    t.weights = std::move(weights);
    return t;
}

}  // namespace tb
