// The seeds' worked examples, recomputed: every number a panel shows comes from these.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "forward.h"
#include "worked_examples.h"

namespace tb {
namespace {

TEST(WorkedExamples, LayerNormStepByStep) {
    // Seed 000 C: sum 40, mu 5, squared deviations 9 1 1 1 0 0 4 16 (sum 32), sigma² 4, sigma 2.
    Vector x(8);
    x << 2, 4, 4, 4, 5, 5, 7, 9;
    const auto s = layer_norm_steps(x);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    const double squares[] = {9, 1, 1, 1, 0, 0, 4, 16};
    const double normalized[] = {-1.5, -0.5, -0.5, -0.5, 0, 0, 1, 2};
    for (int i = 0; i < 8; ++i) {
        EXPECT_DOUBLE_EQ(s.squared_deviations(i), squares[i]);
        EXPECT_DOUBLE_EQ(s.normalized(i), normalized[i]);
    }
    EXPECT_DOUBLE_EQ(s.squared_deviations.sum(), 32.0);
    EXPECT_DOUBLE_EQ(s.variance, 4.0);
    EXPECT_DOUBLE_EQ(s.sigma, 2.0);
    // The same as the forward pass's layer_norm with eps 0.
    const Matrix row = x.transpose();
    EXPECT_LT((layer_norm(row, {Vector::Ones(8), Vector::Zero(8)}, 0.0).row(0).transpose() - s.normalized).norm(), 1e-15);
}

TEST(WorkedExamples, RmsNormBesideLayerNorm) {
    // Seed 002: for x = [1, 3], LayerNorm gives [-1, 1] and RMSNorm [1, 3] / sqrt 5.
    Vector x(2);
    x << 1, 3;
    const auto ln = layer_norm_steps(x);
    EXPECT_DOUBLE_EQ(ln.normalized(0), -1.0);
    EXPECT_DOUBLE_EQ(ln.normalized(1), 1.0);
    const Vector rms = rms_norm(x);
    EXPECT_DOUBLE_EQ(rms(0), 1.0 / std::sqrt(5.0));
    EXPECT_DOUBLE_EQ(rms(1), 3.0 / std::sqrt(5.0));
}

TEST(WorkedExamples, ThomasPesquetNeuronIsAnAnd) {
    // Seed 004: the row "Thomas + Pesquet" gives 2 for both names, at most 1 for one; bias -1;
    // ReLU keeps 1 only for both, and the « astronaute » direction is added to the stream.
    const auto net = thomas_pesquet_network();
    struct Row {
        std::vector<std::string> concepts;
        double dot;
        bool fires;
    };
    const std::vector<Row> truth_table = {
        {{"Thomas", "Pesquet"}, 2.0, true}, {{"Thomas"}, 1.0, false}, {{"Pesquet"}, 1.0, false}, {{}, 0.0, false}};
    for (const auto& row : truth_table) {
        const auto pass = run_fact_network(net, concept_vector(net, row.concepts));
        EXPECT_DOUBLE_EQ(pass.questions(0), row.dot);
        EXPECT_DOUBLE_EQ(pass.pre_activation(0), row.dot - 1.0);
        EXPECT_EQ(pass.neurons(0) > 0.0, row.fires);
        EXPECT_DOUBLE_EQ(pass.output(2), row.fires ? 1.0 : 0.0) << "astronaute";
        EXPECT_DOUBLE_EQ(pass.neurons(1), 0.0) << "Marie Curie stays silent";
    }
    // The residual connection: output = input + what the MLP adds.
    const auto pass = run_fact_network(net, concept_vector(net, {"Thomas", "Pesquet"}));
    EXPECT_DOUBLE_EQ(pass.output(0), 1.0);
    EXPECT_DOUBLE_EQ(pass.output(1), 1.0);
    EXPECT_THROW(concept_vector(net, {"Zorglub"}), std::invalid_argument);
}

TEST(WorkedExamples, ShortcutsKeepEarlyGradientsAlive) {
    // Seed 000 D (Raschka): without shortcuts layer 1's gradient is orders of magnitude below
    // layer 5's; with shortcuts they stay comparable. Over many seeds, not one lucky draw.
    std::vector<double> ratio_without, ratio_with, first_layer_gain;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const auto e = shortcut_gradient_experiment(seed);
        ASSERT_EQ(e.without_shortcuts.size(), 5u);
        ratio_without.push_back(e.without_shortcuts[0] / e.without_shortcuts[4]);
        ratio_with.push_back(e.with_shortcuts[0] / e.with_shortcuts[4]);
        first_layer_gain.push_back(e.with_shortcuts[0] / e.without_shortcuts[0]);
    }
    auto median = [](std::vector<double> v) {
        std::nth_element(v.begin(), v.begin() + 100, v.end());
        return v[100];
    };
    // Measured: medians 0.010 without, 0.107 with, first layer x60 (Raschka: 0.0002 vs 0.22).
    EXPECT_LT(median(ratio_without), 0.03) << "layer 1 / layer 5 without shortcuts";
    EXPECT_GT(median(ratio_with), 0.05) << "layer 1 / layer 5 with shortcuts";
    EXPECT_GT(median(first_layer_gain), 10.0) << "layer 1 with / without shortcuts";
}

}  // namespace
}  // namespace tb
