// The seeds' worked examples, recomputed: every number a panel shows comes from these.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "model/forward.h"
#include "model/random.h"
#include "course/worked_examples.h"

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

// Raschka, « Build a Large Language Model (From Scratch) », section 4.4, print_gradients with
// torch.manual_seed(123): layers.0.0.weight ... layers.4.0.weight « has gradient mean of ».
TEST(WorkedExamples, RaschkaTableIsThePublishedOne) {
    const ShortcutExperiment p = raschka_published();
    const std::vector<double> without = {0.00020, 0.00012, 0.00072, 0.00140, 0.00505};
    const std::vector<double> with = {0.222, 0.207, 0.329, 0.267, 1.326};
    EXPECT_EQ(p.without_shortcuts, without);
    EXPECT_EQ(p.with_shortcuts, with);
    EXPECT_EQ(kRaschkaSeed, 123);
    // What the table says, not « trois ordres de grandeur »: layer 5 gets about 25 times layer 1.
    EXPECT_NEAR(p.without_shortcuts[4] / p.without_shortcuts[0], 25.25, 1e-9);
}

// The spread the panel writes, recomputed by finite differences: the same weights (the same
// generator, one stream per layer, weights row by row then biases), but the test's own forward pass
// and no backpropagation (central differences, h = 1e-5: well within the 1e-4 asked).
double raschka_loss(const std::vector<std::vector<double>>& w, const std::vector<std::vector<double>>& b, bool shortcuts) {
    const int sizes[] = {3, 3, 3, 3, 3, 1};
    std::vector<double> x = {1.0, 0.0, -1.0};
    for (int l = 0; l < 5; ++l) {
        std::vector<double> y(static_cast<std::size_t>(sizes[l + 1]));
        for (int r = 0; r < sizes[l + 1]; ++r) {
            double z = b[l][r];
            for (int c = 0; c < sizes[l]; ++c) z += w[l][r * sizes[l] + c] * x[c];
            const double k = std::sqrt(2.0 / 3.14159265358979323846);
            y[r] = 0.5 * z * (1.0 + std::tanh(k * (z + 0.044715 * z * z * z)));
        }
        if (shortcuts && y.size() == x.size())
            for (std::size_t i = 0; i < y.size(); ++i) y[i] += x[i];
        x = y;
    }
    return x[0] * x[0];
}

double first_layer_ratio_by_differences(std::uint64_t seed) {
    const int sizes[] = {3, 3, 3, 3, 3, 1};
    std::vector<std::vector<double>> w(5), b(5);
    for (int l = 0; l < 5; ++l) {
        NormalStream stream(seed, "raschka", l);
        const double bound = 1.0 / std::sqrt(static_cast<double>(sizes[l]));
        for (int i = 0; i < sizes[l] * sizes[l + 1]; ++i) w[l].push_back(bound * (2.0 * stream.uniform() - 1.0));
        for (int i = 0; i < sizes[l + 1]; ++i) b[l].push_back(bound * (2.0 * stream.uniform() - 1.0));
    }
    double mean[2] = {0, 0};
    for (int shortcuts = 0; shortcuts < 2; ++shortcuts) {
        for (double& v : w[0]) {
            const double keep = v, h = 1e-5;
            v = keep + h;
            const double up = raschka_loss(w, b, shortcuts);
            v = keep - h;
            const double down = raschka_loss(w, b, shortcuts);
            v = keep;
            mean[shortcuts] += std::abs(up - down) / (2 * h) / static_cast<double>(w[0].size());
        }
    }
    return mean[1] / mean[0];
}

TEST(WorkedExamples, SpreadOverOneHundredDrawsIsRecomputedByFiniteDifferences) {
    std::vector<double> ratios;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) ratios.push_back(first_layer_ratio_by_differences(seed));
    std::sort(ratios.begin(), ratios.end());
    const ShortcutSpread s = shortcut_first_layer_spread(1, 100);
    EXPECT_EQ(s.first_seed, 1u);
    EXPECT_EQ(s.count, 100);
    EXPECT_NEAR(s.median / (0.5 * (ratios[49] + ratios[50])), 1.0, 1e-4);
    EXPECT_NEAR(s.min / ratios.front(), 1.0, 1e-4);
    EXPECT_NEAR(s.max / ratios.back(), 1.0, 1e-4);
    // One draw, too: the panel's « notre tirage, graine N » row.
    const ShortcutExperiment e = shortcut_gradient_experiment(2017);
    EXPECT_NEAR(e.with_shortcuts[0] / e.without_shortcuts[0] / first_layer_ratio_by_differences(2017), 1.0, 1e-4);
}

}  // namespace
}  // namespace tb
