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

// The scale's middle is grey (no hue for a zero component), its ends blue (−1,5) and orange (+1,5).
TEST(Colour, TheScaleIsGreyAtZeroBlueBelowOrangeAbove) {
    const Rgb grey = cue_colour(0), low = cue_colour(-1), high = cue_colour(1);
    EXPECT_FLOAT_EQ(grey.r, grey.g);
    EXPECT_FLOAT_EQ(grey.g, grey.b);
    EXPECT_GT(low.b, low.r + 0.3f);
    EXPECT_GT(low.b, low.g + 0.3f);
    EXPECT_GT(high.r, high.b + 0.5f);
    EXPECT_GT(high.g, high.b + 0.3f);
    EXPECT_FLOAT_EQ(cue_colour(-7).b, low.b);  // clamped beyond the ends
    EXPECT_FLOAT_EQ(cue_colour(7).r, high.r);
}

TEST(Colour, TheFillIsTheMeanOfTheCells) {
    Vector v(8);
    v << 1, -1, 1, -1, 2, 0, 0, 0;  // cells (2/3, −2/3, 2/3, −2/3, 1, 0, 0, 0), as above
    const Rgb up = cue_colour(2 / 3.f), down = cue_colour(-2 / 3.f), top = cue_colour(1), zero = cue_colour(0);
    const Rgb fill = bead_fill(direction_cue(v));
    EXPECT_NEAR(fill.r, (2 * up.r + 2 * down.r + top.r + 3 * zero.r) / 8, 1e-6);
    EXPECT_NEAR(fill.g, (2 * up.g + 2 * down.g + top.g + 3 * zero.g) / 8, 1e-6);
    EXPECT_NEAR(fill.b, (2 * up.b + 2 * down.b + top.b + 3 * zero.b) / 8, 1e-6);
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

const float none[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
const float deutan[3][3] = {{0.367322f, 0.860646f, -0.227968f}, {0.280085f, 0.672501f, 0.047413f}, {-0.011820f, 0.042940f, 0.968881f}};
const float protan[3][3] = {{0.152286f, 1.052583f, -0.204868f}, {0.114503f, 0.786281f, 0.099216f}, {-0.003882f, -0.048116f, 1.051998f}};
const float tritan[3][3] = {{1.255528f, -0.076749f, -0.178779f}, {-0.078411f, 0.930809f, 0.147602f}, {0.004733f, 0.691367f, 0.303900f}};

TEST(Colour, IdentityColoursStayApartWithEachColourVisionDeficiency) {
    for (const auto* m : {none, deutan, protan, tritan})
        for (int i = 0; i < 8; ++i)
            for (int j = i + 1; j < 8; ++j)
                EXPECT_GT(distance255(simulate(m, identity_colour(i)), simulate(m, identity_colour(j))), 35.f) << i << " " << j;
    EXPECT_FLOAT_EQ(identity_colour(8).r, identity_colour(0).r);  // a ninth token reuses the first colour
}

// CIE 1976 L*a*b* of an sRGB colour (IEC 61966-2-1's decoding, the sRGB matrix, white D65), and
// ΔE76, the plain distance between two.
struct Lab {
    double l, a, b;
};
Lab lab(Rgb c) {
    auto lin = [](double x) { return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4); };
    const double r = lin(c.r), g = lin(c.g), b = lin(c.b);
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047, y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
                 z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}
double delta_e(Rgb p, Rgb q) {
    const Lab a = lab(p), b = lab(q);
    return std::sqrt((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b));
}

// The conversion against published values: sRGB red is L* 53.24, a* 80.09, b* 67.20; white 100, 0, 0.
TEST(Colour, LabIsTheCieConversion) {
    const Lab red = lab({1, 0, 0}), white = lab({1, 1, 1});
    EXPECT_NEAR(red.l, 53.24, 0.01);
    EXPECT_NEAR(red.a, 80.09, 0.01);
    EXPECT_NEAR(red.b, 67.20, 0.01);
    EXPECT_NEAR(white.l, 100, 0.01);
    EXPECT_NEAR(white.a, 0, 0.01);
    EXPECT_NEAR(white.b, 0, 0.01);
}

// Issue 34: at 1024×768 two sectors whose components (x_j / rms(x)) differ by 0,5 or more must
// differ visibly from the back of a room. A sector there is a mark of some 10 px, a fraction of a
// degree from the back rows, on a projector whose room light washes the colours out: a just
// noticeable difference (ΔE76 ≈ 2,3, large patches side by side) is far from enough, and the
// difference needed grows fast as marks shrink (Stone, Szafir & Setlur 2014). ΔE76 ≥ 20 is the
// rule, for normal vision and with protanopia and deuteranopia (Machado et al. 2009, severity 1;
// about 1 man in 12 has a red–green deficiency); with tritanopia (about 1 in 10 000), which loses
// the blue–yellow axis the scale is built on, ΔE76 ≥ 12, carried by lightness. Every pair of
// components on a 0,05 grid of [−1,5, +1,5] at least 0,5 apart; and lightness rises along the
// whole scale, so that the order of two sectors reads without any hue.
TEST(Colour, ComponentsHalfApartReadAsDifferentSectors) {
    struct Vision {
        const float (*m)[3];
        double threshold;
        const char* name;
    };
    const Vision visions[] = {{none, 20, "normal"}, {protan, 20, "protan"}, {deutan, 20, "deutan"}, {tritan, 12, "tritan"}};
    auto cell = [](int k) { return static_cast<float>((-1.5 + 0.05 * k) / kCueRange); };  // k = 0..60
    for (const Vision& v : visions)
        for (int i = 0; i <= 60; ++i)
            for (int j = i + 10; j <= 60; ++j)
                EXPECT_GE(delta_e(simulate(v.m, cue_colour(cell(i))), simulate(v.m, cue_colour(cell(j)))), v.threshold)
                    << v.name << ": components " << -1.5 + 0.05 * i << " and " << -1.5 + 0.05 * j;
    for (int i = 0; i < 60; ++i) EXPECT_GT(lab(cue_colour(cell(i + 1))).l, lab(cue_colour(cell(i))).l + 0.1) << -1.5 + 0.05 * i;
}

}  // namespace
}  // namespace tb
