#pragma once
// The buffers of a training pass (training.h's Workspace) and the batch's layout in them: what the
// pass files (pass.cpp, sublayer_passes.cpp, loss.cpp) share; not part of training.h's API.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "training/training.h"

namespace tb {
namespace train {

// A Buffer grows and never shrinks, so that a step of the same size allocates nothing.
struct Buffer {
    std::vector<double> v;
    double* get(std::size_t size) {
        if (v.size() < size) v.resize(size);
        return v.data();
    }
    double* zero(std::size_t size) {
        double* p = get(size);
        std::fill(p, p + size, 0.0);
        return p;
    }
};

// What one sublayer keeps between the forward and the backward pass (T rows each), one buffer per
// step of its stages (model/stages.h) that does arithmetic.
struct SublayerBuffers {
    Buffer input;       // T x d: the stream entering
    Buffer normalized;  // T x d: Normalize's N(input)
    Buffer mean, rstd;  // T: the statistics of Normalize's input
    Buffer sum;         // T x d: Add's input + F, when a later step changes it
    Buffer post_mean, post_rstd;  // T: the statistics of PostNormalize's input
    Buffer post_output;           // T x d: PostNormalize's output, when a later step changes it
    Buffer output;      // T x d: F(.)
    // Where the forward pass's steps read, for the backward pass (into the buffers above).
    const double* f_input = nullptr;     // F's input: the stream, or Normalize's output
    const double* post_input = nullptr;  // PostNormalize's input: F, or Add's sum
    // Attention.
    Buffer q, k, v;     // T x d, T x kv, T x kv (Q and K turned, with RoPE)
    Buffer weights;     // sentences x h x 8 x 8: softmax weights, row = query (the queries' rows, n keys)
    Buffer concat;      // T x d
    // FFN.
    Buffer gate;        // T x w: φ(W1 x + b1)
    Buffer slope;       // T x w: φ'(W1 x + b1)
    Buffer up;          // T x w: W3 x + b3, gated only
    Buffer hidden;      // T x w: gate ⊙ up, gated only (else the hidden activations are the gate)
    Buffer query_input;  // Q x d: the query rows of the attention's input, when they are not all
};

// The query rows of an attention, ascending: row r of Q is token tokens[r], at position
// positions[r] of its sentence; sentence i's rows are first[i] .. first[i + 1] - 1.
struct Queries {
    std::vector<int> tokens, positions, first;
    int count() const { return static_cast<int>(tokens.size()); }
};

constexpr int kMaxN = Settings::kMaxTokens;
constexpr int kMaxHeadWidth = 16;  // d / h, d = 8 or 16

}  // namespace train

struct Workspace {
    std::vector<train::SublayerBuffers> sublayers;  // 2L
    std::vector<int> ids, positions, offsets, lengths;  // per token, per token, per sentence, per sentence
    int tokens = 0;
    // The loss's rows (loss_and_gradients' loss_rows), when they are not all: the stream narrows to
    // them at the last attention, whose queries they are (narrowed_at: that sublayer, else -1).
    std::vector<int> rows;
    int narrowed_at = -1;
    train::Queries every_token, loss_queries;
    train::Buffer final_input, final_mean, final_rstd, output;  // the output level (T x d)
    train::Buffer narrowed_output;  // R x d: the output level on the loss's rows
    // Backward.
    train::Buffer grad, d_f, d_in, d_q, d_k, d_v, d_concat, d_hidden, d_pre, d_up, d_queries;
    train::Buffer scores;  // an attention's scores, one query's keys after the other
    // Row-major copies of the weights ([out][in]) for the products by W.
    std::vector<train::Buffer> transposed;
    train::Buffer embedding_rows;  // V x d
    // The loss.
    train::Buffer logits, picked, d_picked;
};

namespace train {

struct Dims {
    int T, d, w, heads, kv_heads, dh, kv;
};
Dims dims_of(const Settings& s, const Workspace& ws);

// Lays the batch out: ids, positions, sentence offsets, every token as queries, the rows the loss
// reads (loss_rows, ascending; empty: all); sizes the per-sublayer buffers.
void lay_out(const Settings& s, const Batch& batch, const std::vector<int>& loss_rows, Workspace& ws);
// The rows of the stream entering sublayer k: every token, or the loss's rows after the narrowing.
int stream_rows(const Workspace& ws, int k);
const Queries& queries_of(const Workspace& ws, int k);

// Every tensor of w to zero, the unused ones too.
void zero_all(Weights& w);
// g shaped like `like`, and 0 in the tensors the backward pass adds into: the embedding, the
// position table and the norms (it writes the blocks' weights and biases whole, once each).
void zero_sums(Weights& g, const Weights& like);

}  // namespace train
}  // namespace tb
