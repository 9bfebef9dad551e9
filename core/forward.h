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

#include "lane_kernels.h"
#include "trace.h"

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

// x is (d, n) lanes; out is (d, n) lanes: multi-head self-attention W_o concat_j(A_j V_j) + b_o
// with Q = W_q x + b_q (K, V alike). Head j owns features j*d_h .. (j+1)*d_h - 1 and
// A_j = softmax(Q_j K_j^T / sqrt(d_h)) by row, minus infinity above the diagonal when causal.
// Each head's A_j (n x n, row = query, column = key) is appended to `head_weights`.
TokenLanes attention(const TokenLanes& x, int n, const AttentionWeights& w, int heads, Mask mask,
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

}  // namespace tb
