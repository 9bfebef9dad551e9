#include "model/forward.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "model/kernels.h"
#include "model/stages.h"

namespace tb {
namespace {

TokenLanes lanes(Eigen::Index features) { return TokenLanes(kLanes, features); }

}  // namespace

// The layers on lanes: what run() calls.

TokenLanes to_lanes(const Matrix& x) {
    if (x.rows() > kLanes) throw std::invalid_argument("the forward pass takes at most 8 tokens");
    TokenLanes result = TokenLanes::Zero(kLanes, x.cols());
    result.topRows(x.rows()) = x;
    return result;
}

Matrix to_rows(const TokenLanes& lanes, int n) {
    if (n < kLanes) return lanes.topRows(n);
    Matrix rows(n, lanes.cols());  // the same layout: one contiguous copy
    std::memcpy(rows.data(), lanes.data(), sizeof(double) * static_cast<std::size_t>(lanes.size()));
    return rows;
}

TokenLanes affine(const TokenLanes& x, const Matrix& w, const Vector& b) {
    TokenLanes y = lanes(w.rows());
    kernels().affine(x.data(), static_cast<int>(x.cols()), w.data(), static_cast<int>(w.rows()), b.data(), y.data());
    return y;
}

TokenLanes layer_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps) {
    TokenLanes y = lanes(x.cols());
    kernels().layer_norm(x.data(), static_cast<int>(x.cols()), norm.gain.data(), norm.bias.data(), eps, y.data());
    return y;
}

TokenLanes rms_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps) {
    const int d = static_cast<int>(x.cols());
    TokenLanes y = lanes(d);
    for (int t = 0; t < kLanes; ++t) {
        double squares = 0.0;
        for (int f = 0; f < d; ++f) squares += x(t, f) * x(t, f);
        const double inverse = 1.0 / std::sqrt(squares / d + eps);
        for (int f = 0; f < d; ++f) y(t, f) = x(t, f) * inverse * norm.gain(f);
    }
    return y;
}

TokenLanes normalize(const TokenLanes& x, const LayerNormWeights& norm, NormType type, double eps) {
    return type == NormType::RmsNorm ? rms_norm(x, norm, eps) : layer_norm(x, norm, eps);
}

void activate_in_place(TokenLanes& x, Activation activation) {
    if (activation == Activation::Relu)
        x = x.cwiseMax(0.0);
    else if (activation == Activation::Swiglu)
        x = x.unaryExpr([](double v) { return v / (1.0 + std::exp(-v)); });  // SiLU: v·sigmoid(v)
    else  // GELU, and GeGLU's gate
        kernels().gelu(x.data(), static_cast<int>(x.size()));
}

AttentionShape attention_shape(const Settings& s) {
    return {s.heads, s.kv_heads, s.mask, s.position, static_cast<double>(s.rope_base)};
}

std::vector<int> kv_head_map(int heads, int kv_heads) {
    if (heads < 1 || kv_heads < 1 || heads % kv_heads != 0)
        throw std::invalid_argument("h_kv must divide h");
    std::vector<int> map(static_cast<std::size_t>(heads));
    for (int i = 0; i < heads; ++i) map[static_cast<std::size_t>(i)] = i / (heads / kv_heads);
    return map;
}

double alibi_slope(int head, int heads) { return std::exp2(-8.0 * (head + 1) / heads); }

void rope_in_place(TokenLanes& x, int dh, double base, double direction) {
    for (int k = 0; 2 * k < dh; ++k) {
        const double frequency = std::pow(base, -2.0 * k / dh);
        double cos[kLanes], sin[kLanes];
        for (int p = 0; p < kLanes; ++p) cos[p] = std::cos(direction * p * frequency), sin[p] = std::sin(direction * p * frequency);
        for (Eigen::Index first = 0; first + dh <= x.cols(); first += dh)
            for (int p = 0; p < kLanes; ++p) {
                const double a = x(p, first + 2 * k), b = x(p, first + 2 * k + 1);
                x(p, first + 2 * k) = a * cos[p] - b * sin[p];
                x(p, first + 2 * k + 1) = a * sin[p] + b * cos[p];
            }
    }
}

TokenLanes attention(const TokenLanes& x, int n, const AttentionWeights& w, const AttentionShape& shape,
                     std::vector<Matrix>& head_weights) {
    TokenLanes q = affine(x, w.wq, w.bq), k = affine(x, w.wk, w.bk);
    const TokenLanes v = affine(x, w.wv, w.bv);
    const int heads = shape.heads;
    const int dh = static_cast<int>(q.cols()) / heads;
    if (shape.kv_heads < 1 || heads % shape.kv_heads != 0 || k.cols() != shape.kv_heads * dh || v.cols() != k.cols())
        throw std::invalid_argument("h_kv must divide h, and W_k, W_v have h_kv * d_h rows");
    const int group = heads / shape.kv_heads;  // query heads per K/V head: head j reads K/V head j / group (kv_head_map)
    if (shape.position == Position::Rope) rope_in_place(q, dh, shape.rope_base), rope_in_place(k, dh, shape.rope_base);
    TokenLanes concat = lanes(q.cols());
    head_weights.reserve(head_weights.size() + static_cast<std::size_t>(heads));
    alignas(64) double a[kLanes * kLanes];  // lane t of column c: query t's weight for key c
    for (int j = 0; j < heads; ++j) {
        const double slope = shape.position == Position::Alibi ? alibi_slope(j, heads) : 0.0;
        kernels().head(q.data(), k.data(), v.data(), n, j * dh, j / group * dh, dh,
                       shape.mask == Mask::Causal, slope, a, concat.data());
        Matrix head(n, n);  // row r = query r, column c = key c
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) head(r, c) = a[c * kLanes + r];
        head_weights.push_back(std::move(head));
    }
    return affine(concat, w.wo, w.bo);
}

TokenLanes feed_forward(const TokenLanes& x, const FfnWeights& w, Activation activation, TokenLanes& hidden,
                        TokenLanes* gate, TokenLanes* up) {
    hidden = affine(x, w.w1, w.b1);
    activate_in_place(hidden, activation);
    if (gated(activation)) {
        const TokenLanes value = affine(x, w.w3, w.b3);  // the up path, W3 x + b3
        if (gate) *gate = hidden;
        if (up) *up = value;
        hidden = hidden.cwiseProduct(value);
    }
    return affine(hidden, w.w2, w.b2);
}

namespace {

bool has_normalize(const std::vector<Step>& steps) {
    return std::find(steps.begin(), steps.end(), Step::Normalize) != steps.end();
}

// The one place where a sublayer F is wired to the stream x: the stages of stages.h in order
// (channel.md section 2: pre x <- x + F(LN(x)), post x <- LN(x + F(x)), aucune x <- x + F(x);
// residual off drops the x +). x holds n tokens; the level keeps each step as n x d rows and the
// new stream is returned.
template <class Sublayer>
TokenLanes wire(const std::vector<Step>& steps, Level& level, const TokenLanes& x, int n,
                const LayerNormWeights& norm, NormType type, Sublayer f) {
    // Normalize is the norm (LayerNorm or RMSNorm) of the stream entering, built here in place
    // (assigning lanes copies them).
    const TokenLanes normalized = has_normalize(steps) ? normalize(x, norm, type) : TokenLanes();
    const TokenLanes* in = &x;  // what F reads
    TokenLanes out;
    for (const Step step : steps) {
        switch (step) {
            case Step::Normalize:
                level.normalized_input = to_rows(normalized, n);
                in = &normalized;
                break;
            case Step::Inner:
                out = f(*in);
                level.sublayer_output = to_rows(out, n);
                break;
            case Step::Add: out += x; break;
            case Step::PostNormalize:
                level.before_norm = to_rows(out, n);
                out = normalize(out, norm, type);
                break;
            case Step::Rise: case Step::Enter: case Step::Output: case Step::Hold: case Step::Leave:
                break;  // the bead moves; no arithmetic
        }
    }
    level.vectors = to_rows(out, n);
    return out;
}

// Level 0: x_i = E[token_i] + P[i].
Level input_level(const Trace& t) {
    Level input = make_level(0, t.settings.layers);
    input.vectors.resize(t.token_count(), t.settings.dimension);
    for (int i = 0; i < t.token_count(); ++i)
        input.vectors.row(i) = t.weights->token_embedding.row(t.tokens[i].id) + t.position.row(i);
    return input;
}

}  // namespace

Trace run(const Settings& s, std::vector<Token> tokens, int vocabulary_size, std::shared_ptr<const Weights> weights) {
    Trace t;
    t.settings = s;
    t.tokens = std::move(tokens);
    t.vocabulary_size = vocabulary_size;
    t.layer_norm_eps = kLayerNormEps;
    t.weights = std::move(weights);
    t.position = position_table(s.position, *t.weights);
    t.parameters = count_parameters(toy_architecture(s, vocabulary_size));

    const int n = t.token_count();
    t.levels.reserve(s.level_count());
    t.levels.push_back(input_level(t));
    TokenLanes x = to_lanes(t.levels[0].vectors);

    const std::vector<Step> steps = steps_of(sublayer_stages(s));
    for (int b = 0; b < s.layers; ++b) {
        const BlockWeights& block = t.weights->blocks.at(b);

        Level att = make_level(2 * b + 1, s.layers);
        x = wire(steps, att, x, n, block.norm1, s.norm_type, [&](const TokenLanes& in) {
            return attention(in, n, block.attention, attention_shape(s), att.attention_weights);
        });
        t.levels.push_back(std::move(att));

        Level ffn = make_level(2 * b + 2, s.layers);
        x = wire(steps, ffn, x, n, block.norm2, s.norm_type, [&](const TokenLanes& in) {
            TokenLanes hidden, gate, up;
            TokenLanes out = feed_forward(in, block.ffn, s.activation, hidden, &gate, &up);
            ffn.hidden = to_rows(hidden, n);
            if (gated(s.activation)) ffn.gate = to_rows(gate, n), ffn.up = to_rows(up, n);
            return out;
        });
        t.levels.push_back(std::move(ffn));
    }

    // Output: the final norm (LayerNorm or RMSNorm) where the output level has a Normalize stage (pre-norm, as GPT-2).
    Level output = make_level(s.top_level(), s.layers);
    const bool final_norm = has_step(output_stages(s.norm), Step::Normalize);
    output.vectors = to_rows(final_norm ? normalize(x, t.weights->final_norm, s.norm_type) : x, n);
    t.levels.push_back(std::move(output));
    return t;
}

// The row adapters (forward.h): the backward pass and the tests only.

Matrix linear(const Matrix& x, const Matrix& w, const Vector& b) {
    return to_rows(affine(to_lanes(x), w, b), static_cast<int>(x.rows()));
}

Matrix layer_norm(const Matrix& x, const LayerNormWeights& norm, double eps) {
    return to_rows(layer_norm(to_lanes(x), norm, eps), static_cast<int>(x.rows()));
}

Matrix rms_norm(const Matrix& x, const LayerNormWeights& norm, double eps) {
    return to_rows(rms_norm(to_lanes(x), norm, eps), static_cast<int>(x.rows()));
}

Matrix gelu(const Matrix& x) {
    TokenLanes lanes = to_lanes(x);
    activate_in_place(lanes, Activation::Gelu);
    return to_rows(lanes, static_cast<int>(x.rows()));
}

Matrix relu(const Matrix& x) { return x.cwiseMax(0.0); }

Matrix silu(const Matrix& x) {
    TokenLanes lanes = to_lanes(x);
    activate_in_place(lanes, Activation::Swiglu);
    return to_rows(lanes, static_cast<int>(x.rows()));
}

Matrix feed_forward(const Matrix& x, const FfnWeights& w, Activation activation) {
    TokenLanes hidden;
    return to_rows(feed_forward(to_lanes(x), w, activation, hidden), static_cast<int>(x.rows()));
}

AttentionResult attention(const Matrix& x, const AttentionWeights& w, int heads, Mask mask) {
    AttentionShape shape;
    shape.heads = shape.kv_heads = heads;
    shape.mask = mask;
    return attention(x, w, shape);
}

AttentionResult attention(const Matrix& x, const AttentionWeights& w, const AttentionShape& shape) {
    const int n = static_cast<int>(x.rows());
    AttentionResult result;
    result.output = to_rows(attention(to_lanes(x), n, w, shape, result.weights), n);
    return result;
}

Matrix rope(const Matrix& x, int dh, double base, double direction) {
    TokenLanes lanes = to_lanes(x);
    rope_in_place(lanes, dh, base, direction);
    return to_rows(lanes, static_cast<int>(x.rows()));
}

}  // namespace tb
