#include "scene/colour.h"

#include <gtest/gtest.h>

namespace tb {
namespace {

TEST(Colour, SameDirectionSameColourDifferentDirectionsDiffer) {
    Vector a(8), b(8);
    a << 1, -2, 0.5, 3, 0, 1, -1, 2;
    b << -1, 2, 1, 0, 2, -1, 1, 0.5;
    const Rgb ca = direction_colour(a), ca2 = direction_colour(a * 3.7), cb = direction_colour(b);
    EXPECT_FLOAT_EQ(ca.r, ca2.r);
    EXPECT_FLOAT_EQ(ca.g, ca2.g);
    EXPECT_FLOAT_EQ(ca.b, ca2.b);
    EXPECT_GT(std::abs(ca.r - cb.r) + std::abs(ca.g - cb.g) + std::abs(ca.b - cb.b), 0.2f);
}

TEST(Colour, InRangeAndReadableOnDarkBackground) {
    for (int d : {8, 16})
        for (int i = 0; i < 200; ++i) {
            Vector v(d);
            for (int j = 0; j < d; ++j) v[j] = std::sin(i * 7.1 + j * 3.3);
            const Rgb c = direction_colour(v);
            for (float x : {c.r, c.g, c.b}) {
                EXPECT_GE(x, 0.f);
                EXPECT_LE(x, 1.f);
            }
            EXPECT_GT(std::max({c.r, c.g, c.b}), 0.7f);  // bright enough to see on the dark section
        }
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// Issue 4: a second cue that is not colour. The needle's angle is the direction's: the same
// for a vector and its multiples, different for different directions, in [0, 1) turns.
TEST(Colour, NeedleAngleFollowsTheDirectionOnly) {
    Vector a(8), b(8);
    a << 1, -2, 0.5, 3, 0, 1, -1, 2;
    b << -1, 2, 1, 0, 2, -1, 1, 0.5;
    EXPECT_FLOAT_EQ(direction_angle(a), direction_angle(a * 0.01));
    EXPECT_GE(direction_angle(a), 0.f);
    EXPECT_LT(direction_angle(a), 1.f);
    EXPECT_GT(std::abs(direction_angle(a) - direction_angle(b)), 0.05f);
    // Opposite vectors: opposite needles (half a turn apart).
    const float turn = direction_angle(a) - direction_angle(-a);
    EXPECT_NEAR(std::abs(turn), 0.5f, 1e-6f);
}

}  // namespace
}  // namespace tb
