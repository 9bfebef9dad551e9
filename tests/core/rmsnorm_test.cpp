// /normalisation rmsnorm (issue 14, seed 002): RMSNorm y = g ⊙ x / sqrt(mean(x²) + eps), no
// centring and no bias, wherever LayerNorm sits (pre, post, the final norm), against seed 002's
// [1, 3] example, hand counts of the parameters and the trace contract of cli.md ("Modern block
// variants"). The recomputation of whole traces is tests/reference/recompute_trace.py's.
#include <cmath>

#include "model/forward.h"
#include "model/parameters.h"
#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

const LayerNormWeights kUnit2{Vector::Ones(2), Vector::Zero(2)};  // gain 1, bias 0

// Seed 002: "Pour x = [1, 3], une échelle unitaire, un biais nul et en négligeant epsilon, LayerNorm
// donne [−1, 1] et RMSNorm donne [1, 3]/√5". With eps = 1e-5 (cli.md's layer_norm_eps) the exact
// values are [−1, 1]/√(1 + eps) and [1, 3]/√(5 + eps): each is off seed 002's by a relative
// eps/(2·var) at most, 5e-6 for LayerNorm (var 1) and 1e-6 for RMSNorm (mean square 5).
TEST(RmsNorm, SeedTwoExampleOnOneThree) {
    Matrix x(1, 2);
    x << 1.0, 3.0;
    const Matrix rms = rms_norm(x, kUnit2, kLayerNormEps);
    const Matrix ln = layer_norm(x, kUnit2, kLayerNormEps);
    const double root5 = std::sqrt(5.0);
    EXPECT_NEAR(rms(0, 0), 1.0 / root5, 1e-6 / root5 + 1e-12);
    EXPECT_NEAR(rms(0, 1), 3.0 / root5, 3e-6 / root5 + 1e-12);
    EXPECT_NEAR(ln(0, 0), -1.0, 5e-6 + 1e-12);
    EXPECT_NEAR(ln(0, 1), 1.0, 5e-6 + 1e-12);
    // And eps is really there, as the spec writes it.
    EXPECT_NEAR(rms(0, 1), 3.0 / std::sqrt(5.0 + 1e-5), 1e-15);
    EXPECT_NEAR(ln(0, 0), -1.0 / std::sqrt(1.0 + 1e-5), 1e-15);
    // No centring: RMSNorm keeps the signs and the ratio 3 of the entries, LayerNorm does not.
    EXPECT_NEAR(rms(0, 1) / rms(0, 0), 3.0, 1e-12);
}

TEST(RmsNorm, GainScalesAndBiasIsNotRead) {
    Matrix x(1, 2);
    x << 1.0, 3.0;
    const LayerNormWeights w{(Vector(2) << 2.0, -0.5).finished(), (Vector(2) << 7.0, 7.0).finished()};
    const Matrix y = rms_norm(x, w, 0.0);
    EXPECT_NEAR(y(0, 0), 2.0 / std::sqrt(5.0), 1e-15);
    EXPECT_NEAR(y(0, 1), -1.5 / std::sqrt(5.0), 1e-15);
}

// Pre: every normalized_input and the output; post: every sublayer's vectors; all of them have
// root mean square 1 (gain 1 at start-up) within eps, and the mean is not removed.
TEST(RmsNorm, SitsWhereLayerNormSatInEachWiring) {
    const auto pre = test::session("/normalisation rmsnorm").trace();
    const LayerNormWeights unit{Vector::Ones(8), Vector::Zero(8)};
    for (std::size_t k = 1; k + 1 < pre->levels.size(); ++k) {
        const Level& level = pre->levels[k];
        EXPECT_TRUE(level.normalized_input.isApprox(rms_norm(pre->input_of(level), unit), 1e-14)) << k;
    }
    const Matrix& top = pre->levels[pre->levels.size() - 2].vectors;
    EXPECT_TRUE(pre->levels.back().vectors.isApprox(rms_norm(top, unit), 1e-14));
    const Matrix& out = pre->levels.back().vectors;
    for (Eigen::Index i = 0; i < out.rows(); ++i) EXPECT_NEAR(out.row(i).squaredNorm() / 8.0, 1.0, 1e-4) << i;
    // LayerNorm's output has mean 0; RMSNorm's, in general, has not.
    const auto ln = test::session().trace();
    EXPECT_NEAR(ln->levels.back().vectors.row(0).mean(), 0.0, 1e-12);
    EXPECT_GT(std::abs(out.row(0).mean()), 1e-3);

    const auto post = test::session("/normalisation rmsnorm; /norme post").trace();
    for (std::size_t k = 1; k + 1 < post->levels.size(); ++k) {
        const Level& level = post->levels[k];
        EXPECT_EQ(level.before_norm, Matrix(post->input_of(level) + level.sublayer_output)) << k;
        EXPECT_TRUE(level.vectors.isApprox(rms_norm(level.before_norm, unit), 1e-14)) << k;
    }
    EXPECT_EQ(post->levels.back().vectors, post->levels[post->levels.size() - 2].vectors) << "no final norm in post";
    // The type changes nothing without a norm.
    EXPECT_EQ(to_json(*test::session("/norme aucune").trace())["levels"],
              to_json(*test::session("/norme aucune; /normalisation rmsnorm").trace())["levels"]);
}

// cli.md: settings.norm_type, "layernorm" at start-up; RMSNorm's weights are {"gain": [d]}.
TEST(RmsNorm, TraceKeyAndWeights) {
    const nlohmann::json start = to_json(*test::session().trace());
    EXPECT_EQ(start["settings"]["norm_type"], "layernorm");
    EXPECT_TRUE(start["weights"]["final_norm"].contains("bias"));
    const nlohmann::json rms = to_json(*test::session("/normalisation rmsnorm").trace());
    EXPECT_EQ(rms["settings"]["norm_type"], "rmsnorm");
    for (const auto& norm : {rms["weights"]["final_norm"], rms["weights"]["blocks"][0]["norm1"], rms["weights"]["blocks"][1]["norm2"]}) {
        EXPECT_EQ(norm.size(), 1u) << norm.dump();
        EXPECT_EQ(norm["gain"].size(), 8u);
    }
}

// By hand, L = 2, d = 8, w = 32, V = 100, sinus: LayerNorm 2·2d = 32 a block and a final 2d = 16;
// RMSNorm 2·d = 16 a block and a final d = 8. Pre: 2 × (32 − 16) + (16 − 8) = 40 fewer; post: 32.
TEST(RmsNorm, ParameterCountIsAGainANorm) {
    Settings s;
    const auto ln = count_parameters(toy_architecture(s, 100));
    s.norm_type = NormType::RmsNorm;
    const auto rms = count_parameters(toy_architecture(s, 100));
    EXPECT_EQ(ln.norms_per_block, 32);
    EXPECT_EQ(rms.norms_per_block, 16);
    EXPECT_EQ(rms.final_norm, 8);
    EXPECT_EQ(rms.per_block, 856);             // 288 + 552 + 16
    EXPECT_EQ(rms.total, 2 * 856 + 800 + 8);   // 2520
    EXPECT_EQ(ln.total - rms.total, 40);
    s.norm = Norm::Post;
    const auto post = count_parameters(toy_architecture(s, 100));
    EXPECT_EQ(post.total, 2 * 856 + 800);
    s.norm_type = NormType::LayerNorm;
    EXPECT_EQ(count_parameters(toy_architecture(s, 100)).total - post.total, 32);
    // The breakdown writes RMSNorm's formulas.
    s.norm = Norm::Pre, s.norm_type = NormType::RmsNorm;
    bool per_block = false, final_norm = false;
    for (const auto& term : parameter_terms(toy_architecture(s, 100))) {
        if (term.name == "normalisations par bloc") per_block = term.formula == "2 × d = 2 × 8" && term.value == 16;
        if (term.name == "normalisation finale") final_norm = term.formula == "d = 8" && term.value == 8;
    }
    EXPECT_TRUE(per_block);
    EXPECT_TRUE(final_norm);
    // The trace's parameters follow.
    EXPECT_EQ(test::session("/normalisation rmsnorm").trace()->parameters.total - test::session().trace()->parameters.total,
              -40);
}

}  // namespace
}  // namespace tb
