#include "scene/colour.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tb {
namespace {

float distance255(Rgb a, Rgb b) { return 255.f * std::sqrt((a.r - b.r) * (a.r - b.r) + (a.g - b.g) * (a.g - b.g) + (a.b - b.b) * (a.b - b.b)); }

// By hand: v = (1, −1, 1, −1, 2, 0, 0, 0) has ‖v‖² = 8, so rms(v) = 1 and the cells are
// v_j / rms / 1.5 = (2/3, −2/3, 2/3, −2/3, 1 (4/3 clamped), 0, 0, 0); 3 v and v give the same cue.
TEST(Colour, TheCueIsEachComponentOverTheRms) {
    Vector v(8);
    v << 1, -1, 1, -1, 2, 0, 0, 0;
    const float want[8] = {2 / 3.f, -2 / 3.f, 2 / 3.f, -2 / 3.f, 1.f, 0.f, 0.f, 0.f};
    for (const Vector& x : {Vector(v), Vector(3.0 * v)}) {
        const DirectionCue cue = direction_cue(x);
        ASSERT_EQ(cue.size, 8);
        for (int j = 0; j < 8; ++j) EXPECT_FLOAT_EQ(cue.cell[static_cast<std::size_t>(j)], want[j]) << j;
    }
    v[4] = 9;  // far beyond the scale: clamped at +1
    EXPECT_FLOAT_EQ(direction_cue(v).cell[4], 1.f);
    EXPECT_EQ(direction_cue(Vector::Zero(8)).size, 0);
}

// One straight line in sRGB through mid grey: the distance between two cells' colours is
// proportional to the difference of their components (what the SVG checker measures).
TEST(Colour, TheScaleIsOneStraightLineThroughGrey) {
    const Rgb grey = cue_colour(0);
    EXPECT_NEAR(grey.r * 255, 128, 0.6);
    EXPECT_NEAR(grey.g * 255, 128, 0.6);
    EXPECT_NEAR(grey.b * 255, 128, 0.6);
    const float unit = distance255(cue_colour(0), cue_colour(0.5f));
    for (float a : {-1.f, -0.3f, 0.2f})
        for (float b : {-0.8f, 0.1f, 0.9f})
            EXPECT_NEAR(distance255(cue_colour(a), cue_colour(b)), unit * std::abs(a - b) / 0.5f, 0.01f);
    EXPECT_GT(distance255(cue_colour(-1), cue_colour(1)), 200.f);  // the ends far apart
}

TEST(Colour, TheFillIsTheMeanOfTheCells) {
    Vector v(8);
    v << 1, -1, 1, -1, 2, 0, 0, 0;  // mean cell (2/3 − 2/3 + 2/3 − 2/3 + 1) / 8 = 0.125
    const Rgb fill = bead_fill(direction_cue(v)), want = cue_colour(0.125f);
    EXPECT_FLOAT_EQ(fill.r, want.r);
    EXPECT_FLOAT_EQ(fill.b, want.b);
}

// Machado, Oliveira & Fernandes (2009), severity 1: how the palette looks with each common
// deficiency (matrices on linear RGB, from the paper's table).
Rgb simulate(const float m[3][3], Rgb c) {
    auto lin = [](float x) { return x <= 0.04045f ? x / 12.92f : std::pow((x + 0.055f) / 1.055f, 2.4f); };
    auto enc = [](float x) {
        x = std::clamp(x, 0.f, 1.f);
        return x <= 0.0031308f ? 12.92f * x : 1.055f * std::pow(x, 1 / 2.4f) - 0.055f;
    };
    const float l[3] = {lin(c.r), lin(c.g), lin(c.b)};
    float o[3];
    for (int i = 0; i < 3; ++i) o[i] = enc(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]);
    return {o[0], o[1], o[2]};
}

TEST(Colour, IdentityColoursStayApartWithEachColourVisionDeficiency) {
    const float none[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const float deutan[3][3] = {{0.367322f, 0.860646f, -0.227968f}, {0.280085f, 0.672501f, 0.047413f}, {-0.011820f, 0.042940f, 0.968881f}};
    const float protan[3][3] = {{0.152286f, 1.052583f, -0.204868f}, {0.114503f, 0.786281f, 0.099216f}, {-0.003882f, -0.048116f, 1.051998f}};
    const float tritan[3][3] = {{1.255528f, -0.076749f, -0.178779f}, {-0.078411f, 0.930809f, 0.147602f}, {0.004733f, 0.691367f, 0.303900f}};
    for (const auto* m : {none, deutan, protan, tritan})
        for (int i = 0; i < 8; ++i)
            for (int j = i + 1; j < 8; ++j)
                EXPECT_GT(distance255(simulate(m, identity_colour(i)), simulate(m, identity_colour(j))), 35.f) << i << " " << j;
    EXPECT_FLOAT_EQ(identity_colour(8).r, identity_colour(0).r);  // a ninth token reuses the first colour
}

}  // namespace
}  // namespace tb
