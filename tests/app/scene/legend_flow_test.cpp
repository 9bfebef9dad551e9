// The loss curve's legend flows under the axis (issue 33: no label over a curve), and A and B keep
// one colour each in every panel, on both themes.
#include <gtest/gtest.h>

#include "scene/legend_flow.h"
#include "scene/theme.h"

namespace tb {
namespace {

TEST(LegendFlow, FillsALineThenWraps) {
    const std::vector<int> lines = legend_lines({{100}, {100}, {100}}, 250, 10);
    EXPECT_EQ(lines, (std::vector<int>{0, 0, 1}));
}

TEST(LegendFlow, AnOwnLineEntryStartsOne) {
    const std::vector<int> lines = legend_lines({{50, true}, {50, true}, {50, true}, {50}}, 1000, 10);
    EXPECT_EQ(lines, (std::vector<int>{0, 1, 2, 2}));
}

TEST(LegendFlow, TooWideStillGetsItsLine) {
    EXPECT_EQ(legend_lines({{500}, {500}}, 100, 10), (std::vector<int>{0, 1}));
}

TEST(SideColour, OneColourASideDistinctFromTheWiringColours) {
    for (const Theme theme : {Theme::Dark, Theme::Light}) {
        const palette::Colour8 a = side_colour(ComparedSide::A, theme), b = side_colour(ComparedSide::B, theme);
        EXPECT_FALSE(a.r == b.r && a.g == b.g && a.b == b.b);
        for (const palette::Colour8 wiring : {palette::kResidual, palette::Colour8{232, 92, 80}})
            for (const palette::Colour8 side : {a, b}) EXPECT_FALSE(side.r == wiring.r && side.g == wiring.g && side.b == wiring.b);
    }
    // The dark theme's are the cosine plot's (app/ui/cosine_plot.cpp), drawn first.
    const palette::Colour8 a = side_colour(ComparedSide::A, Theme::Dark), b = side_colour(ComparedSide::B, Theme::Dark);
    EXPECT_EQ(a.r, 255); EXPECT_EQ(a.g, 150); EXPECT_EQ(a.b, 90);
    EXPECT_EQ(b.r, 120); EXPECT_EQ(b.g, 200); EXPECT_EQ(b.b, 255);
}

}  // namespace
}  // namespace tb
