#include "scene/animation.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../features_fixture.h"

namespace tb {
namespace {

using test::kArea;

std::vector<BeadRecord> tokens_only(const FrameRecords& f) {
    std::vector<BeadRecord> out;
    for (const auto& b : f.beads)
        if (b.role == BeadRole::Bead) out.push_back(b);
    return out;
}

TEST(Animation, BeadsRestAtLevelKAtTheEndOfStepK) {
    const Session s = test::session("/couches 3");
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    const AnimationOptions options;
    for (int k = 0; k <= trace.settings.top_level(); ++k) {
        const auto beads = tokens_only(animate_at_time(trace, layout, k * options.seconds_per_level, options));
        ASSERT_EQ(beads.size(), 5u);
        for (const auto& b : beads) {
            EXPECT_FLOAT_EQ(b.y, layout.level_y[static_cast<std::size_t>(k)]) << "level " << k;
            EXPECT_FLOAT_EQ(b.x, layout.token_x(b.token, 5));
            const double norm = trace.levels[static_cast<std::size_t>(k)].vectors.row(b.token).norm();
            EXPECT_FLOAT_EQ(b.radius, layout.beads.radius(norm));
        }
    }
}

TEST(Animation, BeadsStopAtTheStep) {
    const Session s = test::session("/etape 2");
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    const double s_per_level = AnimationOptions{}.seconds_per_level;
    for (double t : {2 * s_per_level, 5 * s_per_level, 100.0})
        for (const auto& b : tokens_only(animate_at_time(trace, layout, t, {})))
            EXPECT_FLOAT_EQ(b.y, layout.level_y[2]) << "t = " << t;
    EXPECT_DOUBLE_EQ(playhead_at(100, 0.5, 2), 2.0);
    EXPECT_DOUBLE_EQ(playhead_at(0.25, 0.5, 5), 0.5);
}

// Samples the crossing of level k finely and returns the bead of `token` whose centre is
// nearest to `y`, the last such instant (a band holds the bead while LN resizes it).
BeadRecord bead_nearest(const Trace& trace, const Layout& layout, int k, int token, float y) {
    BeadRecord best;
    float distance = 1e9f;
    for (int i = 1; i < 2000; ++i) {
        const double playhead = (k - 1) + i / 2000.0;
        for (const auto& b : tokens_only(animate(trace, layout, playhead, {})))
            if (b.token == token && std::abs(b.y - y) <= distance) distance = std::abs(b.y - y), best = b;
    }
    EXPECT_LT(distance, 0.5f);
    return best;
}

TEST(Animation, PreNormBandGivesTheRadiusOfRootD) {
    for (const char* script : {"/residuel on", "/norme aucune; /norme pre; /dimension 16", "/residuel off; /couches 4"}) {
        const Session s = test::session(script);
        const Trace& trace = *s.trace();
        const Layout layout = make_layout(trace.settings, kArea);
        for (const auto& band : layout.bands) {
            if (band.level == trace.settings.top_level()) continue;  // the final LayerNorm: see below
            for (int token = 0; token < trace.token_count(); ++token) {
                // The branch bead in the band: its area is its √d ring's (‖LN(x)‖ = √d to eps).
                const BeadRecord b = bead_nearest(trace, layout, band.level, token, band.rect.cy());
                EXPECT_NEAR(b.radius * b.radius, b.reference_radius * b.reference_radius, 0.01f * b.reference_radius * b.reference_radius)
                    << script << ", band " << band.level << ", token " << token;
            }
        }
    }
}

TEST(Animation, RadiusChangesAcrossThePreNormBand) {
    // Without residual nor norm the stream's norm drifts far from √d: the band must visibly resize.
    const Session s = test::session("/residuel off; /norme aucune; /couches 4; /norme pre");
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    const int k = 3;
    const auto before = tokens_only(animate(trace, layout, k - 1 + 1e-4, {}));
    const auto at_band = bead_nearest(trace, layout, k, 0, layout.slots[k].pre_band_y);
    EXPECT_FLOAT_EQ(before[0].radius, layout.beads.radius(trace.input_of(trace.levels[k]).row(0).norm()));
    EXPECT_NEAR(at_band.radius, layout.beads.radius(trace.levels[k].normalized_input.row(0).norm()), 0.05f);
}

TEST(Animation, PostNormBandGivesTheRadiusOfRootD) {
    const Session s = test::session("/norme post; /residuel off");
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    const float expected = layout.beads.radius(std::sqrt(8.0));
    for (const auto& band : layout.bands)
        EXPECT_NEAR(bead_nearest(trace, layout, band.level, 1, band.rect.cy()).radius, expected, 0.05f);
}

TEST(Animation, ResidualCopiesTravelTheArcOnlyWhenOn) {
    auto copies = [](const std::string& script) {
        const Session s = test::session(script);
        const Layout layout = make_layout(s.settings(), kArea);
        int n = 0;
        for (const auto& b : animate(*s.trace(), layout, 0.4, {}).beads) n += b.role == BeadRole::Copy;
        return n;
    };
    EXPECT_GT(copies(""), 0);
    EXPECT_EQ(copies("/residuel off"), 0);
}

TEST(Animation, AttentionDrawsTheChosenHeadsWeights) {
    const Session s = test::session();
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    for (int head = 0; head < 2; ++head) {
        AnimationOptions options;
        options.head = head;
        const FrameRecords f = animate(trace, layout, 0.5, options);  // inside attention 1
        ASSERT_EQ(f.links.size(), 20u);                               // 5 x 4 pairs
        const Matrix& w = trace.levels[1].attention_weights[static_cast<std::size_t>(head)];
        EXPECT_FLOAT_EQ(f.links[0].weight, static_cast<float>(w(0, 1)));
        EXPECT_TRUE(f.hidden.empty());
    }
    const FrameRecords ffn = animate(trace, layout, 1.5, {});  // inside ffn 1
    EXPECT_TRUE(ffn.links.empty());
    ASSERT_EQ(ffn.hidden.size(), 5u);
    EXPECT_EQ(ffn.hidden[0].values.size(), 32u);
}

TEST(Animation, BagOfWordsGivesTheTwoLeIdenticalBeads) {
    for (const char* script : {"/position aucun", ""}) {
        const Session s = test::session(script);
        const Trace& trace = *s.trace();
        const Layout layout = make_layout(trace.settings, kArea);
        for (int k = 0; k <= trace.settings.top_level(); ++k) {
            const auto beads = tokens_only(animate(trace, layout, k, {}));
            const bool same = beads[0].cue.cell == beads[3].cue.cell && beads[0].fill.r == beads[3].fill.r &&
                              beads[0].fill.g == beads[3].fill.g && beads[0].fill.b == beads[3].fill.b &&
                              beads[0].radius == beads[3].radius;
            EXPECT_EQ(same, std::string(script) == "/position aucun") << script << " level " << k;
        }
    }
}

// The whole climb in one picture: at rest at level k, one faint bead per token at every level
// below, at that level's row, sized by that level's norm (area = area_per_norm × norm).
TEST(Animation, TrailsStayAtEveryLevelPassed) {
    const Session s = test::session("/couches 3; /norme aucune");
    const Trace& trace = *s.trace();
    const Layout layout = make_layout(trace.settings, kArea);
    const double pi = std::acos(-1.0);
    for (int k = 0; k <= trace.settings.top_level(); ++k) {
        const FrameRecords f = animate(trace, layout, k, {});
        int trails = 0;
        for (const auto& b : f.beads) {
            const double norm = trace.levels[static_cast<std::size_t>(b.level)].vectors.row(b.token).norm();
            EXPECT_NEAR(b.norm, norm, 1e-9 * norm);
            if (!b.clamped) {
                EXPECT_NEAR(pi * b.radius * b.radius, layout.beads.area_per_norm * norm, 1e-3 * layout.beads.area_per_norm * norm);
            }
            if (b.role != BeadRole::Trail) continue;
            ++trails;
            EXPECT_LT(b.level, k);
            EXPECT_LT(b.alpha, 1.f);
            EXPECT_FLOAT_EQ(b.y, layout.level_y[static_cast<std::size_t>(b.level)]);
        }
        EXPECT_EQ(trails, k * trace.token_count()) << "at rest at level " << k;
    }
}

// Identity follows the word: the outline is the colour of the token's place as typed.
TEST(Animation, OutlinesAreTheTokensIdentityColours) {
    const Session s = test::session("/melanger");
    const Trace& trace = *s.trace();
    const FrameRecords f = animate(trace, make_layout(trace.settings, kArea), 3, {});
    for (const auto& b : f.beads) {
        const Rgb want = identity_colour(trace.typed_place(b.token));
        EXPECT_TRUE(b.outline.r == want.r && b.outline.g == want.g && b.outline.b == want.b) << "token " << b.token;
    }
    bool moved = false;
    for (int i = 0; i < trace.token_count(); ++i) moved |= trace.typed_place(i) != i;
    EXPECT_TRUE(moved);
}

TEST(Animation, PureFunctionOfItsArguments) {
    const Session s = test::session();
    const Layout layout = make_layout(s.settings(), kArea);
    const FrameRecords a = animate(*s.trace(), layout, 2.37, {}), b = animate(*s.trace(), layout, 2.37, {});
    ASSERT_EQ(a.beads.size(), b.beads.size());
    for (std::size_t i = 0; i < a.beads.size(); ++i) {
        EXPECT_EQ(a.beads[i].x, b.beads[i].x);
        EXPECT_EQ(a.beads[i].y, b.beads[i].y);
        EXPECT_EQ(a.beads[i].radius, b.beads[i].radius);
    }
}

TEST(Animation, EmptyViewportStillFinite) {
    const Session s = test::session("/couches 6");
    const Layout layout = make_layout(s.settings(), Rect{0, 0, 0, 0});
    for (double p = 0; p <= 13; p += 0.13)
        for (const auto& b : animate(*s.trace(), layout, p, {}).beads) {
            EXPECT_TRUE(std::isfinite(b.x) && std::isfinite(b.y) && std::isfinite(b.radius));
        }
}

// Pre-norm: at rest, each box passed shows the normalized input it received beside the stream:
// one disc a word, in the box, as large as its norm — √d for a LayerNorm at its start-up gain, by
// hand (x − mean)/σ has Σ = d·var/(var + ε) — while the stream's beads around it grow; post-norm
// boxes receive x itself and show nothing more.
TEST(Animation, PreNormBoxesShowTheNormalizedInputTheyReceived) {
    for (const char* wiring : {"/norme pre", "/norme post"}) {
        const Session s = test::session(wiring);
        const Trace& trace = *s.trace();
        const Layout layout = make_layout(trace.settings, kArea);
        const int top = trace.settings.top_level(), d = trace.settings.dimension;
        const FrameRecords f = animate(trace, layout, top, {});
        int shown = 0;
        for (const auto& b : f.beads) {
            if (b.role != BeadRole::Input) continue;
            ++shown;
            const Box* box = layout.box_for_level(b.level);
            ASSERT_NE(box, nullptr);
            EXPECT_TRUE(box->rect.contains({b.x, b.y})) << "level " << b.level;
            const auto x = trace.levels[static_cast<std::size_t>(b.level - 1)].vectors.row(b.token);
            double mean = 0, var = 0;
            for (int j = 0; j < d; ++j) mean += x(j) / d;
            for (int j = 0; j < d; ++j) var += (x(j) - mean) * (x(j) - mean) / d;
            const double eps = 1e-5;
            EXPECT_NEAR(b.norm, std::sqrt(d * var / (var + eps)), 1e-6) << "level " << b.level << " token " << b.token;
            EXPECT_FLOAT_EQ(b.radius, layout.beads.radius(b.norm));
        }
        EXPECT_EQ(shown, std::string(wiring) == "/norme pre" ? 2 * trace.settings.layers * trace.token_count() : 0) << wiring;
    }
}

}  // namespace
}  // namespace tb
