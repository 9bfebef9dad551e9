// The norm profile's axis: the decades of a log axis (hand-listed), the round steps of a linear
// one, their labels by cli.md's rule, the end labels stacked apart in order, and the previous pass
// kept only when it has the same levels.
#include "scene/profile_axis.h"

#include <random>
#include <string>
#include <vector>

#include "../features_fixture.h"

namespace tb {
namespace {

void expect_values(const std::vector<double>& got, const std::vector<double>& expected) {
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], expected[k], expected[k] * 1e-12 + 1e-15) << k;
}

TEST(ProfileAxis, LogGridlinesAreThePowersOfTenInside) {
    expect_values(log_gridlines(0.03, 250), {0.1, 1, 10, 100});
    expect_values(log_gridlines(1, 1000), {1, 10, 100, 1000});  // the ends themselves count
    expect_values(log_gridlines(0.0012, 0.5), {0.01, 0.1});
    // Fewer than two decades inside: 2·10ᵏ and 5·10ᵏ too.
    expect_values(log_gridlines(1.5, 12), {2, 5, 10});
    expect_values(log_gridlines(2.5, 8), {5});       // less than a decade: 5 between the ends
    expect_values(log_gridlines(2.83, 4.9), {});     // nothing round inside: the ends alone
    EXPECT_TRUE(log_gridlines(0, 10).empty());       // no log axis through 0
    EXPECT_TRUE(log_gridlines(5, 5).empty());
}

TEST(ProfileAxis, LinearGridlinesAreRoundSteps) {
    expect_values(linear_gridlines(0, 9.7), {0, 2, 4, 6, 8});    // (9,7 − 0) / 5 = 1,94: step 2
    expect_values(linear_gridlines(0, 0.37), {0, 0.1, 0.2, 0.3});  // 0,074: step 0,1
    expect_values(linear_gridlines(0, 50, 5), {0, 10, 20, 30, 40, 50});
    EXPECT_LE(linear_gridlines(0, 123.4, 5).size(), 6u);
}

TEST(ProfileAxis, GridlineLabelsFollowTheNumberRule) {
    EXPECT_EQ(gridline_label(0.1, Language::French), "0,1");
    EXPECT_EQ(gridline_label(0.1, Language::English), "0.1");
    EXPECT_EQ(gridline_label(1, Language::French), "1");
    EXPECT_EQ(gridline_label(10, Language::French), "10");
    EXPECT_EQ(gridline_label(100, Language::French), "100");
    EXPECT_EQ(gridline_label(1000, Language::French), "1\u202F000");
    EXPECT_EQ(gridline_label(1000, Language::English), "1,000");
    EXPECT_EQ(gridline_label(2.5, Language::French), "2,5");
    EXPECT_EQ(gridline_label(3 * 0.1, Language::French), "0,3");  // 0,30000000000000004 in binary
    EXPECT_EQ(gridline_label(0.01, Language::French), "0,01");
    EXPECT_EQ(gridline_label(0, Language::French), "0");
}

TEST(ProfileAxis, KeepApartDropsLabelsTooCloseToOnesKeptBefore) {
    // √d first (always kept), then the gridlines: 52 is 2 px from 50, 60 is 10 px from it.
    EXPECT_EQ(keep_apart({50, 52, 80, 60}, 19), (std::vector<bool>{true, false, true, false}));
    EXPECT_EQ(keep_apart({}, 19), std::vector<bool>{});
}

// Issue 34: « ffn 2 » and « output » ran together, the last name pulled in to stay near the plot.
// By hand: six names 50, 40, 40, 40, 45, 55 px wide, 74 px apart (a plot of 370 px), 20 px of room
// on the left. With 17 px on the right, « output » cannot be centred on 370 (342,5 … 397,5): its
// left is 370 + 17 − 55 = 332, « ffn 2 » ends at 296 + 22,5 = 318,5: 13,5 px, one space. With the
// end labels' column (80 px), it is centred: 342,5 − 318,5 = 24 px.
TEST(ProfileAxis, TheLastLevelNameKeepsItsGapFromTheOneBefore) {
    const std::vector<float> widths{50, 40, 40, 40, 45, 55};
    const std::vector<float> tight = axis_name_lefts(widths, 74, 20, 17);
    EXPECT_FLOAT_EQ(tight[0], -20);  // « input » centred would start at −25
    EXPECT_FLOAT_EQ(tight[4], 273.5f);
    EXPECT_FLOAT_EQ(tight[5], 332);
    EXPECT_FLOAT_EQ(narrowest_gap(widths, tight), 13.5f);
    const std::vector<float> roomy = axis_name_lefts(widths, 74, 20, 80);
    EXPECT_FLOAT_EQ(roomy[5], 342.5f);
    EXPECT_FLOAT_EQ(narrowest_gap(widths, roomy), 24);  // « ffn 2 » to « output », as « input » (from −20) to « att 1 »
    EXPECT_GT(narrowest_gap({10}, {0}), 1e6f);  // one name: nothing to keep apart
}

TEST(ProfileAxis, EndLabelsAtTheSameHeightAreStacked) {
    // « le » and « le » end at the same height: one above the other, round it, first one on top.
    const std::vector<float> two = spread_labels({100, 100}, 20, 0, 500);
    EXPECT_FLOAT_EQ(two[0], 90);
    EXPECT_FLOAT_EQ(two[1], 110);
    // Far apart: unmoved. 200 and 205 overlap: centred on their mean less/more half a label.
    const std::vector<float> three = spread_labels({10, 205, 200}, 20, 0, 500);
    EXPECT_FLOAT_EQ(three[0], 10);
    EXPECT_FLOAT_EQ(three[2], 192.5f);
    EXPECT_FLOAT_EQ(three[1], 212.5f);
    // At the bottom edge: pushed up inside (the last centre at 500 − 10).
    const std::vector<float> low = spread_labels({495, 495}, 20, 0, 500);
    EXPECT_FLOAT_EQ(low[1], 490);
    EXPECT_FLOAT_EQ(low[0], 470);
    // At the top edge: pushed down (the first centre at 0 + 10).
    const std::vector<float> high = spread_labels({2, 3, 4}, 20, 0, 500);
    EXPECT_FLOAT_EQ(high[0], 10);
    EXPECT_FLOAT_EQ(high[1], 30);
    EXPECT_FLOAT_EQ(high[2], 50);
}

TEST(ProfileAxis, EndLabelsNeverOverlapAndKeepTheirOrder) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> height(0, 300);
    for (int trial = 0; trial < 500; ++trial) {
        std::vector<float> wanted(1 + trial % 9);
        for (float& w : wanted) w = trial % 3 ? height(random) : std::round(height(random) / 40) * 40;  // ties too
        const std::vector<float> got = spread_labels(wanted, 19, 0, 300);
        for (std::size_t a = 0; a < wanted.size(); ++a) {
            EXPECT_GE(got[a], 9.5f - 1e-3f);
            EXPECT_LE(got[a], 300 - 9.5f + 1e-3f);
            for (std::size_t b = 0; b < wanted.size(); ++b) {
                if (a == b) continue;
                EXPECT_GE(std::abs(got[a] - got[b]), 19 - 1e-3f) << "trial " << trial;
                if (wanted[a] < wanted[b]) {
                    EXPECT_LT(got[a], got[b]) << "trial " << trial;
                }
            }
        }
    }
}

TEST(ProfileAxis, PreviousPassOnlyWithTheSameLevels) {
    Session s = test::session("/graine 7");  // a replay at L = 2: the previous pass has 6 levels too
    ASSERT_TRUE(s.previous_trace());
    EXPECT_EQ(s.previous_trace()->levels.size(), 6u);
    EXPECT_TRUE(previous_comparable(*s.trace(), s.previous_trace().get()));
    CommandRegistry registry;
    ASSERT_TRUE(registry.execute(s, "/couches 6").ok);  // 14 levels now, 6 before: not drawn
    EXPECT_EQ(s.trace()->levels.size(), 14u);
    EXPECT_FALSE(previous_comparable(*s.trace(), s.previous_trace().get()));
    ASSERT_TRUE(registry.execute(s, "/propager").ok);  // the same L 6 run again: comparable
    EXPECT_TRUE(previous_comparable(*s.trace(), s.previous_trace().get()));
    ASSERT_TRUE(registry.execute(s, "/reinit").ok);  // back to L = 2 after an L 6 run: not drawn
    EXPECT_EQ(s.trace()->levels.size(), 6u);
    EXPECT_FALSE(previous_comparable(*s.trace(), s.previous_trace().get()));
    EXPECT_FALSE(previous_comparable(*s.trace(), nullptr));
}

TEST(ProfileAxis, ValueRangeHoldsEverySeriesAndRootD) {
    const std::vector<std::vector<double>> a{{0.03, 2}, {250, 1}}, b{{0.5, 400}};
    const ValueRange log = value_range({&a}, 2.83, true);
    EXPECT_DOUBLE_EQ(log.lo, 0.03);
    EXPECT_DOUBLE_EQ(log.hi, 250);
    EXPECT_DOUBLE_EQ(value_range({&a, &b}, 2.83, true).hi, 400);
    EXPECT_DOUBLE_EQ(value_range({&a}, 1000, true).hi, 1000);  // √d always inside
    const ValueRange linear = value_range({&a}, 2.83, false);
    EXPECT_DOUBLE_EQ(linear.lo, 0);
    EXPECT_DOUBLE_EQ(linear.hi, 250 * 1.05);
}

}  // namespace
}  // namespace tb
