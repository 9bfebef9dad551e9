// The inspector panels' data (/panneau): checked against the seeds' numbers and hand
// calculations, and against independent sessions, never against the program's own output.
#include "inspector/inspector.h"

#include <gtest/gtest.h>

#include <cmath>

#include "backward.h"
#include "../features_fixture.h"
#include "worked_examples.h"

namespace tb {
namespace {

TEST(Inspector, PanelWordsParseCaseAndAccentInsensitive) {
    EXPECT_EQ(parse_panel("attention"), Panel::Attention);
    EXPECT_EQ(parse_panel("NEURONES"), Panel::Neurons);
    EXPECT_EQ(parse_panel("Échelle"), Panel::Scale);
    EXPECT_EQ(parse_panel(" sortie "), Panel::Output);
    EXPECT_EQ(parse_panel("aucun"), Panel::None);
    EXPECT_FALSE(parse_panel("tout"));
    EXPECT_FALSE(parse_panel(""));
    EXPECT_FALSE(parse_panel("\xff\xfe"));
    for (const auto& w : panel_words()) EXPECT_EQ(panel_word(*parse_panel(w)), w);
    EXPECT_EQ(panel_words().size(), 7u);
}

TEST(Inspector, VectorParsesTheSeedExample) {
    const VectorParse p = parse_vector("2 4 4 4 5 5 7 9");
    ASSERT_TRUE(p.vector) << p.error;
    ASSERT_EQ(p.vector->size(), 8);
    // Seed 000 C: mu = 5, squared deviations sum 32, sigma² = 4, sigma = 2, x̂_0 = -1.5.
    const LayerNormSteps s = layer_norm_steps(*p.vector);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    EXPECT_DOUBLE_EQ(s.squared_deviations.sum(), 32.0);
    EXPECT_DOUBLE_EQ(s.sigma, 2.0);
    EXPECT_DOUBLE_EQ(s.normalized(0), -1.5);
}

TEST(Inspector, VectorAcceptsDecimalCommaAndSemicolons) {
    const VectorParse p = parse_vector("  1,5; -2\t3e0 ");
    ASSERT_TRUE(p.vector) << p.error;
    ASSERT_EQ(p.vector->size(), 3);
    EXPECT_DOUBLE_EQ((*p.vector)(0), 1.5);
    EXPECT_DOUBLE_EQ((*p.vector)(1), -2.0);
    EXPECT_DOUBLE_EQ((*p.vector)(2), 3.0);
}

TEST(Inspector, VectorRejectsBadInputWithAMessage) {
    for (const char* bad : {"", "1", "2 quatre 4", "nan 1", "inf 2", "1e400 2", "2,4,4 5", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17",
                            "3 1e7"}) {
        const VectorParse p = parse_vector(bad);
        EXPECT_FALSE(p.vector) << bad;
        EXPECT_FALSE(p.error.empty()) << bad;
        EXPECT_FALSE(p.error_en.empty()) << bad;
    }
    EXPECT_NE(parse_vector("2 quatre").error.find("quatre"), std::string::npos);
}

TEST(Inspector, RmsNormOfTheSeedPair) {  // seed 002: [1, 3] -> [1, 3] / sqrt(5)
    const Vector r = rms_norm(*parse_vector("1 3").vector);
    EXPECT_NEAR(r(0), 1 / std::sqrt(5.0), 1e-12);
    EXPECT_NEAR(r(1), 3 / std::sqrt(5.0), 1e-12);
}

// The comparison flips only the wiring: each side equals an independent session in that wiring.
TEST(Inspector, GradientComparisonMatchesTwoSessionsDifferingOnlyInWiring) {
    const Session on = test::session("/couches 6");
    const Session off = test::session("/couches 6; /residuel off");
    const GradientComparison from_on = gradient_comparison(*on.trace());
    const GradientComparison from_off = gradient_comparison(*off.trace());
    const Gradients g_on = backward(*on.trace(), loss_target(*on.trace()));
    const Gradients g_off = backward(*off.trace(), loss_target(*off.trace()));
    ASSERT_EQ(from_on.residual_on.size(), 12u);
    ASSERT_EQ(from_on.residual_off.size(), 12u);
    for (std::size_t k = 0; k < 12; ++k) {
        EXPECT_NEAR(from_on.residual_on[k], g_on.sublayers[k].mean_abs_weight_gradient, 1e-12);
        EXPECT_NEAR(from_on.residual_off[k], g_off.sublayers[k].mean_abs_weight_gradient, 1e-12);
        EXPECT_NEAR(from_off.residual_on[k], from_on.residual_on[k], 1e-12);
        EXPECT_NEAR(from_off.residual_off[k], from_on.residual_off[k], 1e-12);
    }
    EXPECT_NEAR(from_on.loss_on, g_on.loss, 1e-12);
    EXPECT_NEAR(from_on.loss_off, g_off.loss, 1e-12);
    // The "1 + F'" path: the first sublayer keeps far more of the last one's gradient with the residual.
    const double keep_on = from_on.residual_on.front() / from_on.residual_on.back();
    const double keep_off = from_on.residual_off.front() / from_on.residual_off.back();
    EXPECT_GT(keep_on, 1.0);
    EXPECT_GT(keep_on, 4 * keep_off);
}

TEST(Inspector, ScaleSharesAreTheSeedsFigures) {
    const Session s = test::session();
    const std::vector<ScaleRow> rows = scale_rows(*s.trace());
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_EQ(rows[0].parameters.total, s.trace()->parameters.total);  // the toy, as the top bar counts it
    const ScaleRow& small = rows[1];
    EXPECT_EQ(small.parameters.total, 124439808);
    // Seed 000 F: embeddings 38 597 376 + positions 786 432, "about a third".
    EXPECT_NEAR(small.embeddings_share, (38597376.0 + 786432.0) / 124439808.0, 1e-12);
    EXPECT_NEAR(small.embeddings_share, 1.0 / 3, 0.03);
    // FFN 4 722 432 vs attention 2 362 368 per block: about twice.
    EXPECT_NEAR(small.ffn_over_attention, 4722432.0 / 2362368.0, 1e-12);
    const ScaleRow& gpt3 = rows[5];
    EXPECT_EQ(gpt3.w_up_per_block, 49152LL * 12288LL);  // seed 004: about 604 million
    EXPECT_NEAR(static_cast<double>(gpt3.w_up_per_block), 604e6, 1e6);
    EXPECT_NEAR(gpt3.parameters.total, 175e9, 1e9);
    EXPECT_NEAR(gpt3.ffn_share, 2.0 / 3, 0.02);  // seed 004: ~116 B of ~175 B
    for (const auto& r : rows) EXPECT_LT(r.embeddings_share + r.attention_share + r.ffn_share, 1.0 + 1e-12);
}

TEST(Inspector, NeuronReadingIsW1RowAndW2Column) {
    const Session s = test::session();
    const Trace& t = *s.trace();
    const NeuronReading r = read_neuron(t, 2, 1, 5);
    const FfnWeights& w = t.weights->blocks[1].ffn;
    EXPECT_EQ(r.question.size(), 8);
    for (int j = 0; j < 8; ++j) {
        EXPECT_EQ(r.question(j), w.w1(5, j));
        EXPECT_EQ(r.direction(j), w.w2(j, 5));
    }
    EXPECT_EQ(r.activation, t.levels[4].hidden(1, 5));
    // Out-of-range choices are clamped, never read outside the matrices.
    EXPECT_NO_FATAL_FAILURE(read_neuron(t, 9, 99, 999));
}

TEST(Inspector, LayoutsStayInsideTheirArea) {
    const ScreenLayout screen = screen_layout(1600, 900, 1);
    const InspectorLayout open = inspector_layout(screen, true, 25);
    EXPECT_FALSE(open.body.empty());
    EXPECT_TRUE(open.cosine.empty());
    EXPECT_GE(open.body.y, open.tabs.bottom());
    EXPECT_NEAR(open.body.bottom(), 900, 0.5);  // down to the window's bottom
    EXPECT_GE(open.tabs.y, open.profile.bottom() - 0.5f);  // the norm profile stays visible
    EXPECT_GT(open.profile.h, screen.profile.h * 0.5f);
    EXPECT_EQ(inspector_layout(screen, false, 25).profile.h, screen.profile.h);
    const InspectorLayout closed = inspector_layout(screen, false, 25);
    EXPECT_TRUE(closed.body.empty());
    EXPECT_FALSE(closed.cosine.empty());
    EXPECT_FALSE(closed.similarity.empty());
    EXPECT_TRUE(open.similarity.empty());  // the grid gives way to the panel, as the cosine plot does
    EXPECT_TRUE(open.legend.empty());

    const HeatmapLayout h = heatmap_layout(open.body, 8, 2, 60, 70);
    ASSERT_EQ(h.grids.size(), 2u);
    EXPECT_GT(h.cell, 5);
    EXPECT_LE(h.grids[0].right(), h.grids[1].x);
    for (const auto& g : h.grids) {
        EXPECT_GE(g.x, open.body.x);
        EXPECT_LE(g.right(), open.body.right());
        EXPECT_LE(g.bottom(), open.body.bottom());
    }
    const StripLayout strip = neuron_strip_layout(open.body, 64, 50, 19);
    EXPECT_EQ(strip.per_row, 32);
    EXPECT_LE(strip.cell_rect(63).right(), open.body.right());
    EXPECT_GT(strip.cell_rect(32).y, strip.cell_rect(31).y);
    // A tiny window: no negative sizes.
    const InspectorLayout tiny = inspector_layout(screen_layout(200, 150, 1), true, 25);
    EXPECT_GE(tiny.body.w, 0);
    EXPECT_GE(tiny.body.h, 0);
    EXPECT_GE(heatmap_layout(tiny.body, 8, 2, 60, 70).cell, 0);
}

TEST(Inspector, PlayheadLevelIsClamped) {
    const Session s = test::session();
    EXPECT_EQ(playhead_level(*s.trace(), 2.7), 2);
    EXPECT_EQ(playhead_level(*s.trace(), -1), 0);
    EXPECT_EQ(playhead_level(*s.trace(), 99), 5);
    EXPECT_EQ(playhead_level(*s.trace(), std::nan("")), 0);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

TEST(Inspector, PanelCommandOpensAndRefusesBadValues) {
    CommandRegistry registry;
    Panel panel = Panel::None;
    registry.add(make_panel_command(panel));
    Session s = test::session();
    EXPECT_TRUE(registry.execute(s, "/panneau attention").ok);
    EXPECT_EQ(panel, Panel::Attention);
    EXPECT_TRUE(registry.execute(s, "/Panneau ÉCHELLE").ok);
    EXPECT_EQ(panel, Panel::Scale);
    const CommandResult bad = registry.execute(s, "/panneau tout");
    EXPECT_FALSE(bad.ok);
    EXPECT_NE(bad.message.find("tout"), std::string::npos);
    EXPECT_EQ(panel, Panel::Scale);  // nothing changed
    EXPECT_FALSE(registry.execute(s, "/panneau").ok);
    EXPECT_EQ(panel, Panel::Scale);
    EXPECT_TRUE(registry.execute(s, "/panneau aucun").ok);
    EXPECT_EQ(panel, Panel::None);
}

}  // namespace
}  // namespace tb
