#include "training/training.h"

#include <algorithm>
#include <string>

#include "model/stages.h"
#include "training/workspace.h"

namespace tb {
namespace {

// A sublayer's norm is trained where its stages normalize (before F or after the sum), the final
// norm where the output level's do (model/stages.h).
bool sublayer_normalizes(const Settings& s) {
    const std::vector<Stage>& stages = sublayer_stages(s);
    return has_step(stages, Step::Normalize) || has_step(stages, Step::PostNormalize);
}
bool final_normalizes(const Settings& s) { return has_step(output_stages(s.norm), Step::Normalize); }
bool has_bias(const Settings& s) { return s.norm_type == NormType::LayerNorm; }

template <class M>
void add(std::vector<TensorRef>& out, int block, const char* name, M& m) {
    out.push_back({block, name, m.data(), static_cast<long>(m.size())});
}

void add_norm(std::vector<TensorRef>& out, int block, const char* gain, const char* bias, LayerNormWeights& n, const Settings& s) {
    add(out, block, gain, n.gain);
    if (has_bias(s)) add(out, block, bias, n.bias);  // RMSNorm has a gain only
}

}  // namespace

std::string TensorRef::full_name() const {
    return block < 0 ? std::string(name) : "blocks[" + std::to_string(block) + "]." + name;
}

// Called a few times a step: no strings built.
std::vector<TensorRef> trained_tensors(Weights& w, const Settings& s) {
    std::vector<TensorRef> out;
    out.reserve(static_cast<std::size_t>(4 + 20 * s.layers));
    add(out, -1, "token_embedding", w.token_embedding);
    if (s.position == Position::Learned) add(out, -1, "position", w.learned_position);
    const bool normalizes = sublayer_normalizes(s);
    for (int b = 0; b < s.layers; ++b) {
        BlockWeights& block = w.blocks.at(static_cast<std::size_t>(b));
        if (normalizes) add_norm(out, b, "norm1.gain", "norm1.bias", block.norm1, s);
        AttentionWeights& a = block.attention;
        add(out, b, "attention.wq", a.wq), add(out, b, "attention.bq", a.bq);
        add(out, b, "attention.wk", a.wk), add(out, b, "attention.bk", a.bk);
        add(out, b, "attention.wv", a.wv), add(out, b, "attention.bv", a.bv);
        add(out, b, "attention.wo", a.wo), add(out, b, "attention.bo", a.bo);
        if (normalizes) add_norm(out, b, "norm2.gain", "norm2.bias", block.norm2, s);
        FfnWeights& f = block.ffn;
        add(out, b, "ffn.w1", f.w1), add(out, b, "ffn.b1", f.b1);
        add(out, b, "ffn.w2", f.w2), add(out, b, "ffn.b2", f.b2);
        if (gated(s.activation)) add(out, b, "ffn.w3", f.w3), add(out, b, "ffn.b3", f.b3);
    }
    if (final_normalizes(s)) add_norm(out, -1, "final_norm.gain", "final_norm.bias", w.final_norm, s);
    return out;
}

std::vector<double> sublayer_gradient_means(const Weights& g, const Settings& s) {
    std::vector<double> out;
    for (int k = 1; k <= 2 * s.layers; ++k) {
        const BlockWeights& b = g.blocks.at(static_cast<std::size_t>((k - 1) / 2));
        std::vector<const Matrix*> matrices;
        if (k % 2 == 1) matrices = {&b.attention.wq, &b.attention.wk, &b.attention.wv, &b.attention.wo};
        else if (gated(s.activation)) matrices = {&b.ffn.w1, &b.ffn.w2, &b.ffn.w3};
        else matrices = {&b.ffn.w1, &b.ffn.w2};
        double total = 0.0;
        Eigen::Index count = 0;
        for (const Matrix* m : matrices) total += m->cwiseAbs().sum(), count += m->size();
        out.push_back(total / static_cast<double>(std::max<Eigen::Index>(1, count)));
    }
    return out;
}

std::vector<GradientRecord> gradient_records(const std::vector<StepRecord>& steps) {
    std::vector<GradientRecord> out;
    for (const StepRecord& r : steps)
        if (!r.sublayer_gradients.empty()) out.push_back({r.step, r.sublayer_gradients});
    return out;
}

namespace train {

// Every tensor of w to zero, the unused ones too.
void zero_all(Weights& w) {
    w.token_embedding.setZero(), w.learned_position.setZero(), w.final_norm.gain.setZero(), w.final_norm.bias.setZero();
    for (BlockWeights& b : w.blocks) {
        for (LayerNormWeights* n : {&b.norm1, &b.norm2}) n->gain.setZero(), n->bias.setZero();
        AttentionWeights& a = b.attention;
        for (Matrix* m : {&a.wq, &a.wk, &a.wv, &a.wo, &b.ffn.w1, &b.ffn.w2, &b.ffn.w3}) m->setZero();
        for (Vector* v : {&a.bq, &a.bk, &a.bv, &a.bo, &b.ffn.b1, &b.ffn.b2, &b.ffn.b3}) v->setZero();
    }
}

// g shaped like `like`, and 0 in the tensors the backward pass adds into: the embedding, the
// position table and the norms (it writes the blocks' weights and biases whole, once each).
void zero_sums(Weights& g, const Weights& like) {
    if (g.blocks.size() != like.blocks.size() || g.token_embedding.rows() != like.token_embedding.rows() ||
        g.token_embedding.cols() != like.token_embedding.cols() || g.blocks.empty() ||
        g.blocks.front().ffn.w1.rows() != like.blocks.front().ffn.w1.rows() ||
        g.blocks.front().attention.wk.rows() != like.blocks.front().attention.wk.rows())
        g = like, zero_all(g);
    g.token_embedding.setZero(), g.learned_position.setZero(), g.final_norm.gain.setZero(), g.final_norm.bias.setZero();
    for (BlockWeights& b : g.blocks)
        for (LayerNormWeights* n : {&b.norm1, &b.norm2}) n->gain.setZero(), n->bias.setZero();
}

}  // namespace train
}  // namespace tb
