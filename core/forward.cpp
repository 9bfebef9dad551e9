#include "forward.h"

#include <cmath>

namespace tb {

Matrix layer_norm(const Matrix& x, const LayerNormWeights& norm, double eps) {
    Matrix out(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mean = x.row(i).mean();
        const double var = (x.row(i).array() - mean).square().mean();  // biased, as in seed 000 C
        const double inv = 1.0 / std::sqrt(var + eps);
        out.row(i) = ((x.row(i).array() - mean) * inv).matrix().cwiseProduct(norm.gain.transpose()) +
                     norm.bias.transpose();
    }
    return out;
}

Matrix gelu(const Matrix& x) {
    return x.unaryExpr([](double v) { return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))); });
}

Matrix relu(const Matrix& x) { return x.cwiseMax(0.0); }

Matrix linear(const Matrix& x, const Matrix& w, const Vector& b) {
    Matrix y = x * w.transpose();
    y.rowwise() += b.transpose();
    return y;
}

AttentionResult attention(const Matrix& x, const AttentionWeights& w, int heads, Mask mask) {
    const Eigen::Index d = x.cols(), n = x.rows(), dh = d / heads;
    const Matrix q = linear(x, w.wq, w.bq), k = linear(x, w.wk, w.bk), v = linear(x, w.wv, w.bv);
    Matrix concat(n, d);
    AttentionResult result;
    for (int j = 0; j < heads; ++j) {
        Matrix scores = q.middleCols(j * dh, dh) * k.middleCols(j * dh, dh).transpose() /
                        std::sqrt(static_cast<double>(dh));                 // n x n
        if (mask == Mask::Causal)  // exp(-inf) = 0: a token sees only itself and those before it
            for (Eigen::Index r = 0; r < n; ++r) scores.row(r).tail(n - 1 - r).setConstant(-INFINITY);
        for (Eigen::Index r = 0; r < n; ++r) {                               // softmax by row
            scores.row(r) = (scores.row(r).array() - scores.row(r).maxCoeff()).exp();
            scores.row(r) /= scores.row(r).sum();
        }
        concat.middleCols(j * dh, dh) = scores * v.middleCols(j * dh, dh);  // n x d_h
        result.weights.push_back(std::move(scores));
    }
    result.output = linear(concat, w.wo, w.bo);
    return result;
}

FfnResult feed_forward(const Matrix& x, const FfnWeights& w, Activation activation) {
    FfnResult result;
    const Matrix pre_activation = linear(x, w.w1, w.b1);  // n x w
    result.hidden = activation == Activation::Relu ? relu(pre_activation) : gelu(pre_activation);
    result.output = linear(result.hidden, w.w2, w.b2);  // n x d
    return result;
}

namespace {

// The one place where a sublayer F is wired to the stream x (channel.md section 2):
//   pre:    x <- x + F(N(x))     residual off: x <- F(N(x))
//   post:   x <- N(x + F(x))     residual off: x <- N(F(x))
//   aucune: x <- x + F(x)        residual off: x <- F(x)
template <class Sublayer>
void wire(Level& level, const Matrix& x, const LayerNormWeights& norm, const Settings& s, Sublayer f) {
    level.input = x;
    if (s.norm == Norm::Pre) level.normalized_input = layer_norm(x, norm);
    level.sublayer_output = f(s.norm == Norm::Pre ? level.normalized_input : x);
    Matrix sum = s.residual ? Matrix(x + level.sublayer_output) : level.sublayer_output;
    if (s.norm == Norm::Post) {
        level.vectors = layer_norm(sum, norm);
        level.before_norm = std::move(sum);
    } else {
        level.vectors = std::move(sum);
    }
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
    Matrix x(n, s.dimension);  // level 0: x_i = E[token_i] + P[i]
    for (int i = 0; i < n; ++i) x.row(i) = weights->token_embedding.row(t.tokens[i].id) + t.position.row(i);
    t.levels.reserve(s.level_count());
    Level input = make_level(0, s.layers);
    input.vectors = x;
    t.levels.push_back(std::move(input));

    for (int b = 0; b < s.layers; ++b) {
        const BlockWeights& block = weights->blocks.at(b);

        Level att = make_level(2 * b + 1, s.layers);
        wire(att, x, block.norm1, s, [&](const Matrix& in) {
            AttentionResult r = attention(in, block.attention, s.heads, s.mask);
            att.attention_weights = std::move(r.weights);
            return r.output;
        });
        x = att.vectors;
        t.levels.push_back(std::move(att));

        Level ffn = make_level(2 * b + 2, s.layers);
        wire(ffn, x, block.norm2, s, [&](const Matrix& in) {
            FfnResult r = feed_forward(in, block.ffn, s.activation);
            ffn.hidden = std::move(r.hidden);
            return r.output;
        });
        x = ffn.vectors;
        t.levels.push_back(std::move(ffn));
    }

    // Output: pre-norm ends with a final LayerNorm (as GPT-2); post and aucune pass x through.
    Level output = make_level(s.top_level(), s.layers);
    output.vectors = s.norm == Norm::Pre ? layer_norm(x, weights->final_norm) : x;
    t.levels.push_back(std::move(output));
    t.weights = std::move(weights);
    return t;
}

}  // namespace tb
