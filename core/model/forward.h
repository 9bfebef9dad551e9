#pragma once
// The forward pass in double precision: each layer a free function with its shapes written
// down, in the manner of llm.c, and run(), which wires them as the sublayer's stages say
// (stages.h) and keeps every intermediate in the trace.
//
// Shapes. Inside the pass a tensor is stored feature by feature, the n <= 8 tokens of a feature
// side by side: "(f, n) lanes" is a TokenLanes of f columns, column c = feature c of every token,
// lane t = token t. Every inner loop then runs across the tokens, the width of a vector register,
// with no heap allocation. The lanes past n hold finite values that are never read back.
// Weights are [out][in], as in weights.h.
#include <Eigen/Dense>
#include <memory>
#include <vector>

#include "model/lane_kernels.h"
#include "model/trace.h"

namespace tb {

constexpr double kLayerNormEps = 1e-5;

static_assert(kLanes == Settings::kMaxTokens && kMaxFeatures == Settings::kMaxFfn,
              "lanes hold every token and feature");
using TokenLanes = Eigen::Matrix<double, kLanes, Eigen::Dynamic, Eigen::ColMajor, kLanes, kMaxFeatures>;

// x is n x d rows (n <= 8); out is (d, n) lanes, the unused lanes zero. And back: n x f rows.
TokenLanes to_lanes(const Matrix& x);
Matrix to_rows(const TokenLanes& lanes, int n);

// x is (in, n) lanes, w [out][in], b [out]; out is (out, n) lanes: W x + b for every token.
TokenLanes affine(const TokenLanes& x, const Matrix& w, const Vector& b);

// x is (d, n) lanes; out is (d, n) lanes: (x - mu) / sqrt(var + eps) * gain + bias over each
// token's d features, biased variance.
TokenLanes layer_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps = kLayerNormEps);

// x is (d, n) lanes; out is (d, n) lanes: gain * x / sqrt(mean(x²) + eps) over each token's d
// features: RMSNorm, no centring and no bias (the bias is not read).
TokenLanes rms_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps = kLayerNormEps);
// The norm of the given type: layer_norm or rms_norm.
TokenLanes normalize(const TokenLanes& x, const LayerNormWeights& norm, NormType type, double eps = kLayerNormEps);

// x is (f, n) lanes, changed in place: exact GELU 0.5 x (1 + erf(x / sqrt 2)) or ReLU max(0, x);
// for the gated FFNs their gate's φ: SiLU x·sigmoid(x) (SwiGLU), exact GELU (GeGLU).
void activate_in_place(TokenLanes& x, Activation activation);

constexpr double kRopeBase = 10000.0;  // RoPE's base at start-up (Settings::rope_base)

// How the attention's heads are wired: the settings it reads (heads, kv_heads, mask, position).
struct AttentionShape {
    int heads = 2;     // h query heads
    int kv_heads = 2;  // h_kv key/value heads: h (MHA), 1 (MQA) or a divisor between (GQA)
    Mask mask = Mask::None;
    Position position = Position::Sinus;  // rope turns Q and K, alibi biases the scores; others: nothing here
    double rope_base = kRopeBase;
};
AttentionShape attention_shape(const Settings& s);

// Seed 002's g(i) = floor(i / (h / h_kv)): the KV head each query head reads. h 8, h_kv 2:
// [0, 0, 0, 0, 1, 1, 1, 1].
std::vector<int> kv_head_map(int heads, int kv_heads);
// ALiBi's slope of head j of h: m = 2^(-8 (j + 1) / h).
double alibi_slope(int head, int heads);

// x is (f, n) lanes, f a multiple of dh, changed in place: RoPE. In each head of dh features, the
// pair (2k, 2k+1) of the token at position p (lane p, from 0) turns by direction * p *
// base^(-2k/dh): (a, b) -> (a cos θ - b sin θ, a sin θ + b cos θ). direction -1 turns back.
void rope_in_place(TokenLanes& x, int dh, double base = kRopeBase, double direction = 1.0);

// x is (d, n) lanes; out is (d, n) lanes: multi-head self-attention W_o concat_j(A_j V_g(j)) + b_o
// with Q = W_q x + b_q (K, V alike; W_k, W_v [h_kv d_h][d]). Query head j owns features
// j*d_h .. (j+1)*d_h - 1 of Q, KV head g(j) (kv_head_map) those of K and V, and
// A_j = softmax(Q_j K_g(j)^T / sqrt(d_h) - ALiBi) by row, minus infinity above the diagonal when
// causal; with RoPE, Q and K are turned (rope_in_place) before the scores.
// Each head's A_j (n x n, row = query, column = key) is appended to `head_weights`.
TokenLanes attention(const TokenLanes& x, int n, const AttentionWeights& w, const AttentionShape& shape,
                     std::vector<Matrix>& head_weights);

// x is (d, n) lanes; out is (d, n) lanes: W_2 act(W_1 x + b_1) + b_2; hidden is set to
// act(W_1 x + b_1), (w, n) lanes. Gated (SwiGLU, GeGLU): W_2 (φ(W_1 x + b_1) ⊙ (W_3 x + b_3)) + b_2,
// hidden = φ(W_1 x + b_1) ⊙ (W_3 x + b_3), and `gate`, `up` (when given) get φ(W_1 x + b_1) and
// W_3 x + b_3, (w, n) lanes each.
TokenLanes feed_forward(const TokenLanes& x, const FfnWeights& w, Activation activation, TokenLanes& hidden,
                        TokenLanes* gate = nullptr, TokenLanes* up = nullptr);

// Runs the whole stack for the settings' wiring; `weights` must have at least settings.layers
// blocks of the settings' shape.
Trace run(const Settings& settings, std::vector<Token> tokens, int vocabulary_size,
          std::shared_ptr<const Weights> weights);

// Row adapters, for the backward pass and the tests only (run() never calls them): the layers
// above on x of n x d rows, one row per token, so that x W^T + b is written as in a textbook.
Matrix linear(const Matrix& x, const Matrix& w, const Vector& b);                   // [n][in] -> [n][out]
Matrix layer_norm(const Matrix& x, const LayerNormWeights& norm, double eps = kLayerNormEps);  // [n][d]
Matrix rms_norm(const Matrix& x, const LayerNormWeights& norm, double eps = kLayerNormEps);    // [n][d]
Matrix gelu(const Matrix& x);                                                       // element-wise
Matrix relu(const Matrix& x);                                                       // element-wise
Matrix silu(const Matrix& x);                                                       // element-wise x·sigmoid(x)
Matrix feed_forward(const Matrix& x, const FfnWeights& w, Activation activation);  // [n][d] -> [n][d]
struct AttentionResult {
    Matrix output;               // n x d
    std::vector<Matrix> weights; // h of n x n, rows sum to 1
};
AttentionResult attention(const Matrix& x, const AttentionWeights& w, int heads, Mask mask = Mask::None);
AttentionResult attention(const Matrix& x, const AttentionWeights& w, const AttentionShape& shape);
Matrix rope(const Matrix& x, int dh, double base = kRopeBase, double direction = 1.0);  // [n][f], token i at position i

}  // namespace tb
