#pragma once
// F itself on stacked rows, forward and backward: the attention (by sentence) and the FFN. The
// stage walk around them (norms, the residual) is pass.cpp's. Internal to core/training.
#include <cstddef>

#include "model/settings.h"
#include "model/weights.h"
#include "training/workspace.h"

namespace tb::train {

// Attention's forward over `in` (T x d): K and V at every token; Q, the weights of every head of
// every sentence, the heads' concatenation and W_o's output (b.output) at the query rows
// (queries_in: their rows of `in`).
void attention_forward(const Settings& s, const AttentionWeights& a, const Dims& z, Workspace& ws, SublayerBuffers& b,
                       const double* in, const Queries& queries, const double* queries_in);
// From d(output) (a row per query) to d(in) (T x d), adding to the attention's gradients;
// next_rows counts the transposed weights used.
void attention_backward(const Settings& s, const AttentionWeights& a, const Dims& z, Workspace& ws, SublayerBuffers& b,
                        const double* in, const Queries& queries, const double* queries_in, const double* d_out,
                        AttentionWeights& g, std::size_t& next_rows, double* d_in);

// The FFN's forward over `in` (T x d) into b.output, keeping the activations and their slopes.
void ffn_forward(const Settings& s, const FfnWeights& f, const Dims& z, SublayerBuffers& b, const double* in);
// From d(output) to d(in) (T x d), writing the FFN's gradients.
void ffn_backward(const Settings& s, const FfnWeights& f, const Dims& z, Workspace& ws, SublayerBuffers& b,
                  const double* in, const double* d_out, FfnWeights& g, std::size_t& next_rows, double* d_in);

}  // namespace tb::train
