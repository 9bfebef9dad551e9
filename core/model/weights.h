#pragma once
// The model's named tensors, drawn from (seed, tensor name, block index): each tensor has its own
// stream, so changing the wiring (norm, residual, position) keeps every weight and going from 2
// to 6 layers keeps blocks 1 and 2. Every linear map is y = W x + b with W of shape [out][in].
// Scales (channel.md section 2): embeddings and the learned position table N(0, 1); weight
// matrices N(0, 1/fan_in); biases 0; LayerNorm gain 1, bias 0.
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "model/settings.h"

namespace tb {

using Matrix = Eigen::MatrixXd;  // rows are tokens (n x d) or outputs ([out][in])
using Vector = Eigen::VectorXd;

struct LayerNormWeights {
    Vector gain;  // [d]
    Vector bias;  // [d]
};

struct AttentionWeights {
    Matrix wq, wk, wv, wo;  // [d][d] each, but wk and wv [h_kv·d_h][d] (GQA, MQA: keep_kv_heads)
    Vector bq, bk, bv, bo;  // [d] each, but bk and bv [h_kv·d_h]
};

struct FfnWeights {
    Matrix w1;  // [w][d]; the gate with a gated activation (SwiGLU, GeGLU)
    Vector b1;  // [w]
    Matrix w2;  // [d][w]
    Vector b2;  // [d]
    Matrix w3;  // [w][d]: the up (value) path of a gated FFN, its own stream; unused otherwise
    Vector b3;  // [w]
};

struct BlockWeights {
    LayerNormWeights norm1;  // before (pre) or after (post) the attention
    AttentionWeights attention;
    LayerNormWeights norm2;  // before (pre) or after (post) the FFN
    FfnWeights ffn;
};

struct Weights {
    std::uint64_t seed;
    Matrix token_embedding;    // [V][d], also the tied output head
    Matrix learned_position;   // [n_max][d], used with /position appris
    Matrix sinusoidal_position;  // [n_max][d], used with /position sinus (drawn once, not per pass)
    std::vector<BlockWeights> blocks;  // L
    LayerNormWeights final_norm;       // [d], used with /norme pre
};

// Draws every tensor of a model of the given shape.
Weights draw_weights(std::uint64_t seed, int vocabulary_size, int dimension, int ffn, int layers);

// GQA and MQA: keeps the first kv_rows = h_kv·d_h rows of every block's W_k, W_v, b_k, b_v, so
// that K/V head j is the full draw's head j and MHA (kv_rows = d) keeps every weight as drawn.
void keep_kv_heads(Weights& weights, int kv_rows);

// The sinusoidal table's base (Vaswani et al. 2017), as the configuration card writes it.
constexpr double kSinusBase = 10000.0;
// P[p, 2k] = sin(p / base^(2k/d)), P[p, 2k+1] = cos(p / base^(2k/d)): [rows][d].
Matrix sinusoidal_table(int rows, int dimension);

// The table added to the embeddings at level 0: sinusoidal, learned or zeros ([n_max][d]).
Matrix position_table(Position position, const Weights& weights);

}  // namespace tb
