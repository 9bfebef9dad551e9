// /activation swiglu|geglu (issue 14, seed 002): the gated FFN y = W2 (φ(W1 x + b1) ⊙ (W3 x + b3)) + b2,
// φ = SiLU for SwiGLU, exact GELU for GeGLU (shared/spec/cli.md, "Modern block variants"): against
// a hand calculation, in the trace and its JSON, in the parameter count and in the backward pass
// (central differences). Whole traces are recomputed by tests/reference/recompute_trace.py.
#include <cmath>

#include "training/backward.h"
#include "model/forward.h"
#include "model/parameters.h"
#include "model/settings_table.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

// SiLU(v) = v / (1 + e^−v), values from Python's math module.
TEST(GatedFfn, SiluAgainstHandValues) {
    Matrix x(1, 4);
    x << 0.0, 1.0, -2.0, 0.5;
    const Matrix y = silu(x);
    EXPECT_EQ(y(0, 0), 0.0);
    EXPECT_NEAR(y(0, 1), 0.7310585786300049, 1e-15);
    EXPECT_NEAR(y(0, 2), -0.2384058440442351, 1e-15);
    EXPECT_NEAR(y(0, 3), 0.3112296656009273, 1e-15);
}

// d = 2, w = 2, x = [1, 2]: W1 x + b1 = [1, −1.5] (the gate's input), W3 x + b3 = [4, 2] (up),
// hidden = [4 φ(1), 2 φ(−1.5)], y = [h0 + h1 + 0.1, 2 h1]. φ(1), φ(−1.5) from Python's math.
TEST(GatedFfn, TinyCaseByHand) {
    FfnWeights w;
    w.w1 = (Matrix(2, 2) << 1, 0, 0, -1).finished();
    w.b1 = (Vector(2) << 0, 0.5).finished();
    w.w3 = (Matrix(2, 2) << 2, 1, 1, 1).finished();
    w.b3 = (Vector(2) << 0, -1).finished();
    w.w2 = (Matrix(2, 2) << 1, 1, 0, 2).finished();
    w.b2 = (Vector(2) << 0.1, 0).finished();
    const Matrix x = (Matrix(1, 2) << 1, 2).finished();

    const Matrix swiglu = feed_forward(x, w, Activation::Swiglu);
    EXPECT_NEAR(swiglu(0, 0), 2.4769577431009506, 1e-14);  // 4 × 0.73105857863 + 2 × (−0.27363828571) + 0.1
    EXPECT_NEAR(swiglu(0, 1), -1.094553142838138, 1e-14);
    const Matrix geglu = feed_forward(x, w, Activation::Geglu);
    EXPECT_NEAR(geglu(0, 0), 3.2649573804675973, 1e-14);  // 4 × 0.84134474607 + 2 × (−0.10021080190) + 0.1
    EXPECT_NEAR(geglu(0, 1), -0.4008432076131485, 1e-14);
    // Not gated, W3 is not read: W2 GELU(W1 x + b1) + b2 = [φ(1) + φ(−1.5) + 0.1, 2 φ(−1.5)].
    const Matrix gelu = feed_forward(x, w, Activation::Gelu);
    EXPECT_NEAR(gelu(0, 0), 0.8413447460685429 - 0.10021080190328713 + 0.1, 1e-14);
    EXPECT_NEAR(gelu(0, 1), 2 * -0.10021080190328713, 1e-14);
}

// hidden = gate ⊙ up on every FFN level, gate = φ(W1 x + b1), up = W3 x + b3 on the FFN's input.
TEST(GatedFfn, HiddenIsGateTimesUp) {
    for (const char* script : {"/activation swiglu", "/activation geglu; /norme post", "/activation swiglu; /normalisation rmsnorm"}) {
        const auto t = test::session(script).trace();
        const Activation a = t->settings.activation;
        for (const Level& level : t->levels) {
            if (level.kind != LevelKind::Ffn) {
                EXPECT_EQ(level.gate.size(), 0) << script;
                continue;
            }
            const FfnWeights& w = t->weights->blocks[static_cast<std::size_t>(level.block - 1)].ffn;
            const Matrix& in = t->settings.norm == Norm::Pre ? level.normalized_input : t->input_of(level);
            const Matrix pre = linear(in, w.w1, w.b1);
            const Matrix gate = a == Activation::Swiglu ? silu(pre) : gelu(pre);
            const Matrix up = linear(in, w.w3, w.b3);
            ASSERT_EQ(level.gate.rows(), t->token_count());
            ASSERT_EQ(level.gate.cols(), 32);
            EXPECT_TRUE(level.gate.isApprox(gate, 1e-13)) << script;
            EXPECT_TRUE(level.up.isApprox(up, 1e-13)) << script;
            EXPECT_TRUE(level.hidden.isApprox(gate.cwiseProduct(up), 1e-13)) << script;
            EXPECT_TRUE(level.sublayer_output.isApprox(linear(level.hidden, w.w2, w.b2), 1e-13)) << script;
        }
    }
    const auto plain = test::session("").trace();
    for (const Level& level : plain->levels) EXPECT_TRUE(level.gate.size() == 0 && level.up.size() == 0);
}

// W3 has its own stream: every other tensor keeps its values, and W3 is N(0, 1/d) of shape [w][d].
TEST(GatedFfn, W3IsItsOwnStream) {
    const auto gelu = test::session("").trace();
    const auto swiglu = test::session("/activation swiglu").trace();
    for (int b = 0; b < 2; ++b) {
        const FfnWeights& g = gelu->weights->blocks[b].ffn;
        const FfnWeights& s = swiglu->weights->blocks[b].ffn;
        EXPECT_EQ(g.w1, s.w1);
        EXPECT_EQ(g.w2, s.w2);
        EXPECT_EQ(s.w3.rows(), 32);
        EXPECT_EQ(s.w3.cols(), 8);
        EXPECT_EQ(s.b3, Vector::Zero(32));
        EXPECT_NE(s.w3, s.w1);
        EXPECT_NEAR(s.w3.squaredNorm() / static_cast<double>(s.w3.size()), 1.0 / 8, 0.05);  // variance 1/fan_in
    }
    EXPECT_NE(swiglu->weights->blocks[0].ffn.w3, swiglu->weights->blocks[1].ffn.w3);
    EXPECT_EQ(gelu->weights->token_embedding, swiglu->weights->token_embedding);
    EXPECT_EQ(gelu->weights->blocks[0].attention.wq, swiglu->weights->blocks[0].attention.wq);
}

// The trace's ffn weights: w1 (gate), b1, w3 (up), b3, w2, b2 when gated; w3 and b3 absent otherwise.
TEST(GatedFfn, TraceKeys) {
    const auto gated_json = to_json(*test::session("/activation geglu; /ffn 12").trace());
    EXPECT_EQ(gated_json["settings"]["activation"], "geglu");
    for (const auto& block : gated_json["weights"]["blocks"]) {
        const auto& f = block["ffn"];
        std::vector<std::string> keys;
        for (const auto& item : f.items()) keys.push_back(item.key());
        EXPECT_EQ(keys, (std::vector<std::string>{"b1", "b2", "b3", "w1", "w2", "w3"}));
        EXPECT_EQ(f["w3"].size(), 12u);
        EXPECT_EQ(f["w3"][0].size(), 8u);
        EXPECT_EQ(f["b3"].size(), 12u);
    }
    for (const char* script : {"", "/activation relu"}) {
        const auto plain = to_json(*test::session(script).trace());
        for (const auto& block : plain["weights"]["blocks"]) {
            EXPECT_FALSE(block["ffn"].contains("w3")) << script;
            EXPECT_FALSE(block["ffn"].contains("b3")) << script;
        }
    }
    const auto swiglu = to_json(*test::session("/activation swiglu").trace());
    EXPECT_EQ(swiglu["settings"]["activation"], "swiglu");
    EXPECT_EQ(swiglu["levels"][2]["hidden"].size(), 5u);
}

// d 8, w 32: 2(8·32 + 32) + 32·8 + 8 = 840 for the gated FFN, against 552 = 8·32 + 32 + 32·8 + 8.
TEST(GatedFfn, ParameterCountByHand) {
    const auto gelu = test::session("").trace();
    for (const char* script : {"/activation swiglu", "/activation geglu"}) {
        const auto t = test::session(script).trace();
        EXPECT_EQ(t->parameters.ffn_per_block, 840) << script;
        EXPECT_EQ(gelu->parameters.ffn_per_block, 552);
        EXPECT_EQ(t->parameters.total - gelu->parameters.total, 2 * (8 * 32 + 32)) << script;  // L × (d·w + w)
    }
    const auto terms = parameter_terms(toy_architecture(test::settings("/activation swiglu"), 100));
    EXPECT_EQ(terms[1].formula, "2(d·w + w) + w·d + d = 2 × (8×32 + 32) + 32×8 + 8");
    EXPECT_EQ(terms[1].value, 840);
    const std::string breakdown = format_breakdown(toy_architecture(test::settings("/activation geglu"), 100));
    EXPECT_NE(breakdown.find("FFN GeGLU"), std::string::npos) << breakdown;
}

// The (?) of the activation and of the FFN give each formula (settings_table.cpp).
TEST(GatedFfn, TooltipsGiveTheFormulas) {
    const SettingEntry& ffn = *find_setting("ffn");
    const Text swiglu = tooltip_for(ffn, test::settings("/activation swiglu"));
    EXPECT_NE(swiglu.fr.find("W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂"), std::string::npos) << swiglu.fr;
    EXPECT_NE(swiglu.fr.find("3 matrices, 2(d·w + w) + w·d + d paramètres"), std::string::npos) << swiglu.fr;
    EXPECT_NE(swiglu.en.find("W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂"), std::string::npos) << swiglu.en;
    const Text geglu = tooltip_for(ffn, test::settings("/activation geglu"));
    EXPECT_NE(geglu.fr.find("W₂(GELU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂"), std::string::npos) << geglu.fr;
    const Text relu = tooltip_for(ffn, test::settings("/activation relu"));
    EXPECT_NE(relu.fr.find("W₂·ReLU(W₁·x + b₁) + b₂"), std::string::npos) << relu.fr;
    EXPECT_EQ(relu.fr.find("W₃"), std::string::npos) << relu.fr;

    const Text all = find_setting("activation")->tooltip;
    for (const char* f : {"W₂·GELU(W₁x + b₁) + b₂", "W₂·ReLU(W₁x + b₁) + b₂", "W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂",
                          "W₂(GELU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂", "2(d·w + w) + w·d + d"}) {
        EXPECT_NE(all.fr.find(f), std::string::npos) << f;
        EXPECT_NE(all.en.find(f), std::string::npos) << f;
    }
    Session session = test::session();
    const auto r = test::registry().execute(session, "/activation swiglu");
    EXPECT_EQ(r.message, "activation du FFN : swiglu — W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂");
}

// The loss after moving one FFN entry of block `block` by h: matrix 0 W1, 1 W2, 2 W3, 3 b1, 4 b2, 5 b3.
double loss_with(const Trace& t, const Matrix& target, int block, int tensor, int r, int c, double h) {
    Weights w = *t.weights;
    FfnWeights& f = w.blocks[static_cast<std::size_t>(block)].ffn;
    if (tensor == 0) f.w1(r, c) += h;
    if (tensor == 1) f.w2(r, c) += h;
    if (tensor == 2) f.w3(r, c) += h;
    if (tensor == 3) f.b1(r) += h;
    if (tensor == 4) f.b2(r) += h;
    if (tensor == 5) f.b3(r) += h;
    const Trace moved = run(t.settings, t.tokens, t.vocabulary_size, std::make_shared<const Weights>(std::move(w)));
    return loss(moved, target);
}

// dW1, dW2, dW3 and db1, db2, db3 of every block against central differences, in pre and post,
// with LayerNorm and RMSNorm, with and without the residual; the attention's gradients still
// match below a gated FFN (the input's gradient goes through both paths).
TEST(GatedFfn, BackwardMatchesCentralDifferences) {
    for (const char* wiring : {"/activation swiglu", "/activation geglu", "/activation swiglu; /norme post",
                               "/activation geglu; /norme post", "/activation swiglu; /normalisation rmsnorm; /masque causal",
                               "/activation geglu; /norme post; /residuel off", "/activation swiglu; /norme aucune; /ffn 12"}) {
        const auto t = test::session(std::string("/couches 3; /graine 5; ") + wiring).trace();
        const Matrix target = loss_target(*t);
        const Gradients g = backward(*t, target);
        ASSERT_EQ(g.sublayers.size(), 6u);
        for (int block = 0; block < 3; ++block) {
            const SublayerGradients& ffn = g.sublayers[static_cast<std::size_t>(2 * block + 1)];
            ASSERT_EQ(ffn.weights.size(), 3u) << wiring;
            ASSERT_EQ(ffn.biases.size(), 3u) << wiring;
            double total = 0;
            Eigen::Index count = 0;
            for (const Matrix& m : ffn.weights) total += m.cwiseAbs().sum(), count += m.size();
            EXPECT_DOUBLE_EQ(ffn.mean_abs_weight_gradient, total / static_cast<double>(count));
            for (int tensor = 0; tensor < 6; ++tensor) {
                const int rows = tensor < 3 ? static_cast<int>(ffn.weights[static_cast<std::size_t>(tensor)].rows())
                                            : static_cast<int>(ffn.biases[static_cast<std::size_t>(tensor - 3)].size());
                const int cols = tensor < 3 ? static_cast<int>(ffn.weights[static_cast<std::size_t>(tensor)].cols()) : 1;
                for (auto [r, c] : {std::pair{0, 0}, std::pair{1, cols > 3 ? 3 : 0}, std::pair{rows - 1, cols - 1}}) {
                    const double analytic = tensor < 3 ? ffn.weights[static_cast<std::size_t>(tensor)](r, c)
                                                       : ffn.biases[static_cast<std::size_t>(tensor - 3)](r);
                    const double h = 1e-6;
                    const double numeric = (loss_with(*t, target, block, tensor, r, c, h) -
                                            loss_with(*t, target, block, tensor, r, c, -h)) / (2 * h);
                    EXPECT_LT(std::abs(numeric - analytic), 1e-4 * std::abs(numeric) + 1e-8)
                        << wiring << " block " << block << " tensor " << tensor << " (" << r << ", " << c << "): analytic "
                        << analytic << ", numeric " << numeric;
                }
            }
        }
        // Below the gated FFNs: the first attention's W_q, through every FFN's two paths.
        const Matrix& dwq = g.sublayers[0].weights[0];
        Weights moved_up = *t->weights, moved_down = *t->weights;
        const double h = 1e-6;
        moved_up.blocks[0].attention.wq(1, 2) += h;
        moved_down.blocks[0].attention.wq(1, 2) -= h;
        const double up = loss(run(t->settings, t->tokens, t->vocabulary_size, std::make_shared<const Weights>(moved_up)), target);
        const double down = loss(run(t->settings, t->tokens, t->vocabulary_size, std::make_shared<const Weights>(moved_down)), target);
        const double numeric = (up - down) / (2 * h);
        EXPECT_LT(std::abs(numeric - dwq(1, 2)), 1e-4 * std::abs(numeric) + 1e-8) << wiring;
    }
}

}  // namespace
}  // namespace tb
