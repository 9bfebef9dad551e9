#include "scene/layout.h"

#include <gtest/gtest.h>

#include <cmath>

#include "scene/screen.h"
#include "../features_fixture.h"

namespace tb {
namespace {

using test::kArea;

int count(const Layout& l, BoxKind kind) {
    int n = 0;
    for (const auto& b : l.boxes) n += b.kind == kind;
    return n;
}

// The band says which norm it is (seed 002: LayerNorm centres, RMSNorm does not), the final
// one of pre-norm too.
TEST(Layout, TheBandNamesTheNormsType) {
    for (const char* type : {"layernorm", "rmsnorm"}) {
        const Layout l = make_layout(test::settings(std::string("/normalisation ") + type), kArea);
        const std::string name = std::string(type) == "rmsnorm" ? "RMSNorm" : "LayerNorm";
        ASSERT_EQ(l.bands.size(), 5u);  // pre-norm at L 2: four sublayers and the final norm
        for (std::size_t i = 0; i + 1 < l.bands.size(); ++i) EXPECT_EQ(band_label(l, l.bands[i], Language::French), name);
        EXPECT_EQ(band_label(l, l.bands.back(), Language::French), name + " finale");
        EXPECT_EQ(band_label(l, l.bands.back(), Language::English), "final " + name);
        EXPECT_EQ(band_tag_text(l), std::string(type) == "rmsnorm" ? "RMS" : "LN");
        // The tag of a thin band: at its right end, centred on it, taller than the band.
        const Rect t = band_tag(l.bands[0], 30.f, 16.f);
        EXPECT_NEAR(t.right(), l.bands[0].rect.right() - 10, 1e-3);
        EXPECT_NEAR(t.cy(), l.bands[0].rect.cy(), 1e-3);
        EXPECT_GT(t.w, 30.f);
        EXPECT_GE(t.h, 16.f);
    }
}

TEST(Layout, TwoBoxesPerBlockPlusInputAndOutput) {
    for (int layers = 1; layers <= 6; ++layers) {
        const Layout l = make_layout(test::settings("/couches " + std::to_string(layers)), kArea);
        EXPECT_EQ(count(l, BoxKind::Attention), layers);
        EXPECT_EQ(count(l, BoxKind::Ffn), layers);
        EXPECT_EQ(count(l, BoxKind::Input), 1);
        EXPECT_EQ(count(l, BoxKind::Output), 1);
        EXPECT_EQ(static_cast<int>(l.level_y.size()), 2 * layers + 2);
    }
}

TEST(Layout, BottomToTopAndInsideTheArea) {
    const Layout l = make_layout(test::settings("/couches 6"), kArea);  // L = 6 fits without scrolling
    for (std::size_t k = 1; k < l.level_y.size(); ++k) EXPECT_LT(l.level_y[k], l.level_y[k - 1]) << "level " << k;
    for (const auto& b : l.boxes) {
        EXPECT_GE(b.rect.y, kArea.y);
        EXPECT_LE(b.rect.bottom(), kArea.bottom());
        EXPECT_GT(b.rect.h, 10.f);
    }
    EXPECT_EQ(l.boxes.front().kind, BoxKind::Input);
    EXPECT_EQ(l.boxes.back().kind, BoxKind::Output);
    EXPECT_GT(l.boxes.front().rect.y, l.boxes.back().rect.y);  // input at the bottom
}

TEST(Layout, ResidualArcsExistIffResidualOn) {
    const Layout on = make_layout(test::settings(), kArea);
    EXPECT_EQ(on.arcs.size(), 4u);
    EXPECT_EQ(on.merges.size(), 4u);
    for (const auto& arc : on.arcs) {
        const Box* box = on.box_for_level(arc.level);
        ASSERT_NE(box, nullptr);
        EXPECT_LT(arc.at(0.5f).x, box->rect.x);                 // on the left
        EXPECT_GT(arc.p0.y, box->rect.bottom());                 // leaves below the sublayer
        EXPECT_LT(arc.p3.y, box->rect.y);                        // merges above it
    }
    const Layout off = make_layout(test::settings("/residuel off"), kArea);
    EXPECT_TRUE(off.arcs.empty());
    EXPECT_TRUE(off.merges.empty());
}

TEST(Layout, PreNormBandsBelowEachSublayer) {
    const Layout l = make_layout(test::settings("/couches 3"), kArea);
    ASSERT_EQ(l.bands.size(), 7u);  // 2L sublayers and the final LayerNorm
    for (int k = 1; k <= 6; ++k) {
        const Box* box = l.box_for_level(k);
        int found = 0;
        for (const auto& band : l.bands)
            if (band.level == k) {
                ++found;
                EXPECT_GT(band.rect.y, box->rect.bottom());                          // below the box
                EXPECT_LT(band.rect.bottom(), l.level_y[static_cast<std::size_t>(k - 1)]);  // above the stream below
            }
        EXPECT_EQ(found, 1) << "sublayer " << k;
    }
}

TEST(Layout, PostNormBandsAfterTheAddition) {
    const Layout l = make_layout(test::settings("/norme post"), kArea);
    ASSERT_EQ(l.bands.size(), 4u);  // no final LayerNorm in post-norm
    for (const auto& band : l.bands) {
        const Box* box = l.box_for_level(band.level);
        const Merge* merge = nullptr;
        for (const auto& m : l.merges)
            if (m.level == band.level) merge = &m;
        ASSERT_NE(merge, nullptr);
        EXPECT_LT(band.rect.bottom(), box->rect.y);     // above the box
        EXPECT_LT(band.rect.cy(), merge->at.y);          // after (above) the addition
        EXPECT_GT(band.rect.y, l.level_y[static_cast<std::size_t>(band.level)] - 1);  // below the next row
    }
}

TEST(Layout, NoBandsWithoutNorm) {
    EXPECT_TRUE(make_layout(test::settings("/norme aucune"), kArea).bands.empty());
    EXPECT_TRUE(make_layout(test::settings("/norme aucune; /residuel off"), kArea).bands.empty());
}

// Area = norm: π r² = area_per_norm × ‖x‖ between the clamps, monotonic, clamped outside.
TEST(Layout, BeadAreaIsProportionalToTheNorm) {
    const Layout l = make_layout(test::settings(), kArea);
    const BeadScale& b = l.beads;
    const double pi = std::acos(-1.0);
    float previous = 0;
    for (double norm = 0.001; norm < 1000; norm *= 1.3) {
        const float r = b.radius(norm);
        EXPECT_GE(r, previous);
        previous = r;
        if (b.clamped(norm) == 0) {
            EXPECT_NEAR(pi * r * r, b.area_per_norm * norm, 1e-4 * b.area_per_norm * norm);
        }
    }
    EXPECT_FLOAT_EQ(b.radius(1e-9), b.radius_min);
    EXPECT_FLOAT_EQ(b.radius(1e9), b.radius_max);
    EXPECT_EQ(b.clamped(1e4), 1);
    EXPECT_EQ(b.clamped(1e-4), -1);
    EXPECT_EQ(b.clamped(std::nan("")), -1);
    EXPECT_EQ(b.clamped(3.0), 0);
    EXPECT_GT(b.radius_min, 0.f);
    // The clamp leaves room for what the channel shows at L 2: √d / 10 to 4.5 √d.
    EXPECT_LT(b.norm_min, std::sqrt(8.0) / 10);
    EXPECT_GT(b.norm_max, 4.5 * std::sqrt(8.0));
}

// A bead of norm √d is the same size in every configuration of one L: d, the wiring, the
// sentence do not change it; its ring is that size.
TEST(Layout, TheRootDBeadIsOneSizePerL) {
    for (int layers : {1, 2, 6}) {
        const std::string L = "/couches " + std::to_string(layers);
        const Layout a = make_layout(test::settings(L), kArea);
        for (const char* other : {"; /dimension 16", "; /norme post; /residuel off", "; /phrase le chat", "; /position aucun"}) {
            const Layout b = make_layout(test::settings(L + other), kArea);
            const double d = b.beads.area_per_norm > 0 ? std::pow(std::acos(-1.0) * b.beads.reference_radius * b.beads.reference_radius / b.beads.area_per_norm, 2) : 0;
            EXPECT_FLOAT_EQ(b.beads.reference_radius, a.beads.reference_radius) << L << other;
            EXPECT_FLOAT_EQ(b.beads.radius(std::sqrt(d)), a.beads.reference_radius) << L << other;
        }
    }
    // L 6 stays legible: the √d bead is at least 8 px across in the test area.
    EXPECT_GE(make_layout(test::settings("/couches 6"), kArea).beads.reference_radius, 4.f);
}

TEST(Layout, TinyAndEmptyViewportsNeverBreak) {
    for (const Rect area : {Rect{0, 0, 0, 0}, Rect{0, 0, 1, 1}, Rect{10, 10, 40, 30}}) {
        const Layout l = make_layout(test::settings("/couches 6"), area);
        EXPECT_EQ(l.level_y.size(), 14u);
        for (float y : l.level_y) EXPECT_TRUE(std::isfinite(y));
        EXPECT_TRUE(std::isfinite(l.beads.radius(3.0)));
        EXPECT_GE(l.max_radius, 0.f);
    }
    for (const auto& s : {screen_layout(0, 0, 1), screen_layout(200, 150, 1), screen_layout(1600, 900, 2)})
        for (const Rect& r : {s.section, s.profile, s.controls, s.timeline}) {
            EXPECT_GE(r.w, 0.f);
            EXPECT_GE(r.h, 0.f);
        }
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// Presenter mode's 1.5x text: the labels and the words grow where the boxes leave room, and the
// words stay inside the input box, under its beads.
TEST(Layout, TextGrowsWithTheInterfaceScaleWithinTheBoxes) {
    const Rect section = presenter_layout(1600, 900, 1.5f, false).section;
    const Settings s = test::settings();
    const Layout normal = make_layout(s, section), large = make_layout(s, section, 1.5f);
    EXPECT_GT(large.font_px, normal.font_px * 1.3f);
    EXPECT_GE(large.word_px, normal.word_px);
    for (const float scale : {1.f, 1.5f, 3.f})
        for (const char* wiring : {"", "/couches 6", "/couches 6; /norme post"}) {
            const Layout l = make_layout(test::settings(wiring), section, scale);
            const Rect input = l.boxes.front().rect;
            EXPECT_LE(l.level_y[0] + l.word_offset + 1.25f * l.word_px * static_cast<float>(l.word_rows), input.bottom() + 0.5f)
                << wiring << " x" << scale;
        }
}

// Real rooms: at a projector's sizes, L 6 and the A/B halves included, the box labels and the
// words are never under 16 px, the words' rows fit the input box under its beads, and the words
// grow with the window (the interface scale of scene/screen.h).
TEST(Layout, LabelsAndWordsAreNeverUnderSixteenPixelsAndGrowWithTheWindow) {
    const std::pair<float, float> sizes[] = {{1024, 768}, {1280, 720}, {1366, 768}, {1600, 900}, {1920, 1080}};
    float previous_words = 0;
    for (const auto& [w, h] : sizes) {
        const float scale = interface_scale(w, h, 1.f, 1.f);
        const Rect section = screen_layout(w, h, scale).section;
        Rect half = section;
        half.w *= 0.5f;  // a side of /comparer
        for (const Rect& area : {section, half})
            for (const char* wiring : {"", "/couches 6", "/couches 6; /phrase le petit chat regarde le gros chien noir"}) {
                const Layout l = make_layout(test::settings(wiring), area, scale);
                const std::string where = std::to_string(static_cast<int>(w)) + "x" + std::to_string(static_cast<int>(h)) + " " + wiring;
                EXPECT_GE(l.label_px, kMinTextPx) << where;
                EXPECT_GE(l.word_px, kMinTextPx) << where;
                const Rect input = l.boxes.front().rect;
                EXPECT_LE(l.level_y[0] + l.word_offset + 1.25f * l.word_px * static_cast<float>(l.word_rows), input.bottom() + 1.f) << where;
            }
        const float words = make_layout(test::settings(), section, scale).word_px;
        EXPECT_GE(words, previous_words) << w << "x" << h;
        previous_words = words;
    }
    EXPECT_GT(previous_words, 22.f);  // 1920 x 1080: the words at 0.9 of a 26 px body
}

}  // namespace
}  // namespace tb
