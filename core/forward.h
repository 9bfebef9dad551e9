#pragma once
// The forward pass in double precision, each layer a free function with its shapes written
// down. x is always n x d, one row per token; W is [out][in], so a linear map is x W^T + b.
#include <memory>
#include <vector>

#include "trace.h"

namespace tb {

constexpr double kLayerNormEps = 1e-5;

// x W^T + b for every row of x: [n][in] -> [n][out].
Matrix linear(const Matrix& x, const Matrix& w, const Vector& b);

// (x - mu) / sqrt(var + eps) * gain + bias over the d features of each row, biased variance.
Matrix layer_norm(const Matrix& x, const LayerNormWeights& norm, double eps = kLayerNormEps);

// Exact GELU: 0.5 x (1 + erf(x / sqrt 2)), element-wise.
Matrix gelu(const Matrix& x);
// ReLU: max(0, x), element-wise.
Matrix relu(const Matrix& x);

struct AttentionResult {
    Matrix output;               // n x d
    std::vector<Matrix> weights; // h of n x n, softmax(Q_j K_j^T / sqrt(d_h)), rows sum to 1
};
// Multi-head self-attention; head j owns features j*d_h .. (j+1)*d_h - 1. Bidirectional, or
// causal: the score of key j > query i is minus infinity before the softmax.
AttentionResult attention(const Matrix& x, const AttentionWeights& w, int heads, Mask mask = Mask::None);

struct FfnResult {
    Matrix output;  // n x d
    Matrix hidden;  // n x w, after the activation
};
FfnResult feed_forward(const Matrix& x, const FfnWeights& w, Activation activation = Activation::Gelu);

// Runs the whole stack for the settings' wiring; `weights` must have at least settings.layers
// blocks of the settings' shape.
Trace run(const Settings& settings, std::vector<Token> tokens, int vocabulary_size,
          std::shared_ptr<const Weights> weights);

}  // namespace tb
