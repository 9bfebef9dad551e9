#pragma once
// The forward pass's inner loops, in the shape of llm.c's layers: out = layer(in, weights).
// Inside the pass a tensor is stored feature by feature, the n <= 8 tokens of one feature side by
// side: column f of a TokenLanes is feature f of every token (lane t = token t). Every loop then
// runs across the tokens, the width of a vector register, with no heap allocation; the lanes past
// n hold finite values that are never read back. The loops themselves are in lane_kernels.cpp,
// built for SSE2, AVX2 + FMA and AVX-512; the best one the processor runs is used.
#include <Eigen/Dense>
#include <vector>

#include "lane_kernels.h"
#include "settings.h"
#include "weights.h"

namespace tb {

static_assert(kLanes == Settings::kMaxTokens && kMaxFeatures == Settings::kMaxFfn, "lanes hold every token and feature");
using TokenLanes = Eigen::Matrix<double, kLanes, Eigen::Dynamic, Eigen::ColMajor, kLanes, kMaxFeatures>;

// The builds of the loops this processor can run, SSE2 first, and the name of the one in use.
std::vector<const LaneKernels*> runnable_kernels();
const char* kernels_in_use();

// The rows of x (n x d, n <= kLanes) as lanes, the unused lanes zero; and back, n tokens.
TokenLanes to_lanes(const Matrix& x);
Matrix to_rows(const TokenLanes& lanes, int n);

// W x + b for every token, W [out][in]: [in] lanes -> [out] lanes.
TokenLanes affine(const TokenLanes& x, const Matrix& w, const Vector& b);

// (x - mu) / sqrt(var + eps) * gain + bias over each token's d features, biased variance.
TokenLanes layer_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps);

// Exact GELU 0.5 x (1 + erf(x / sqrt 2)) and ReLU max(0, x), element-wise, in place.
void gelu_in_place(TokenLanes& x);
void relu_in_place(TokenLanes& x);

// The heads of self-attention from q, k, v ([d] lanes of n tokens), concatenated ([d] lanes):
// head j owns features j*d_h .. (j+1)*d_h - 1 and weighs the values by
// softmax(Q_j K_j^T / sqrt(d_h)) by row, with minus infinity above the diagonal when causal.
// Each head's n x n weights are appended to `weights`.
TokenLanes attend(const TokenLanes& q, const TokenLanes& k, const TokenLanes& v, int n, int heads, Mask mask,
                  std::vector<Matrix>& weights);

}  // namespace tb
