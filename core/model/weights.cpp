#include "model/weights.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "model/random.h"

namespace tb {
namespace {

// [rows][cols] of N(0, std^2), drawn row by row so that adding rows keeps the first ones.
Matrix draw(std::uint64_t seed, const char* name, int block, int rows, int cols, double std) {
    NormalStream stream(seed, name, block);
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) m(r, c) = std * stream.normal();
    return m;
}

Matrix draw_linear(std::uint64_t seed, const char* name, int block, int out, int in) {
    return draw(seed, name, block, out, in, 1.0 / std::sqrt(static_cast<double>(in)));
}

LayerNormWeights identity_norm(int d) { return {Vector::Ones(d), Vector::Zero(d)}; }

}  // namespace

Weights draw_weights(std::uint64_t seed, int vocabulary_size, int d, int w, int layers) {
    constexpr int kGlobal = -1;  // block index of the tensors outside the blocks
    Weights weights;
    weights.seed = seed;
    weights.token_embedding = draw(seed, "token_embedding", kGlobal, vocabulary_size, d, 1.0);
    weights.learned_position = draw(seed, "position", kGlobal, Settings::kMaxTokens, d, 1.0);
    weights.sinusoidal_position = sinusoidal_table(Settings::kMaxTokens, d);
    for (int b = 0; b < layers; ++b) {
        BlockWeights block;
        block.norm1 = identity_norm(d);
        block.attention = {draw_linear(seed, "wq", b, d, d), draw_linear(seed, "wk", b, d, d),
                           draw_linear(seed, "wv", b, d, d), draw_linear(seed, "wo", b, d, d),
                           Vector::Zero(d), Vector::Zero(d), Vector::Zero(d), Vector::Zero(d)};
        block.norm2 = identity_norm(d);
        block.ffn = {draw_linear(seed, "w1", b, w, d), Vector::Zero(w),
                     draw_linear(seed, "w2", b, d, w), Vector::Zero(d),
                     draw_linear(seed, "w3", b, w, d), Vector::Zero(w)};
        weights.blocks.push_back(std::move(block));
    }
    weights.final_norm = identity_norm(d);
    return weights;
}

Matrix sinusoidal_table(int rows, int d) {
    Matrix p(rows, d);
    for (int pos = 0; pos < rows; ++pos)
        for (int k = 0; 2 * k < d; ++k) {
            const double angle = pos / std::pow(kSinusBase, 2.0 * k / d);
            p(pos, 2 * k) = std::sin(angle);
            if (2 * k + 1 < d) p(pos, 2 * k + 1) = std::cos(angle);
        }
    return p;
}

Matrix position_table(Position position, const Weights& weights) {
    const auto rows = weights.learned_position.rows();
    const auto d = weights.learned_position.cols();
    switch (position) {
        case Position::Sinus: return weights.sinusoidal_position;
        case Position::Learned: return weights.learned_position;
        case Position::None: break;
        case Position::Rope: case Position::Alibi: break;  // the position enters through the scores
    }
    return Matrix::Zero(rows, d);
}

void keep_kv_heads(Weights& weights, int kv_rows) {
    for (BlockWeights& block : weights.blocks) {
        AttentionWeights& a = block.attention;
        if (kv_rows > a.wk.rows()) throw std::invalid_argument("more K/V rows than drawn");
        a.wk.conservativeResize(kv_rows, Eigen::NoChange), a.bk.conservativeResize(kv_rows);
        a.wv.conservativeResize(kv_rows, Eigen::NoChange), a.bv.conservativeResize(kv_rows);
    }
}

}  // namespace tb
