// cli.md's number rule: French decimal comma and U+202F between thousands, English point and comma.
#include <gtest/gtest.h>

#include "base/numbers.h"

namespace tb {
namespace {
const Language fr = Language::French, en = Language::English;

TEST(Numbers, CountsGroupThousands) {
    EXPECT_EQ(format_count(124439808, fr), "124\u202F439\u202F808");  // seed 003's GPT-2 small
    EXPECT_EQ(format_count(124439808, en), "124,439,808");
    EXPECT_EQ(format_count(1744, fr), "1\u202F744");
    EXPECT_EQ(format_count(288, fr), "288");
    EXPECT_EQ(format_count(-5232, fr), "\u22125\u202F232");
}

TEST(Numbers, DecimalsTakeTheLanguagesMark) {
    EXPECT_EQ(format_fixed(0.3712, 3, fr), "0,371");
    EXPECT_EQ(format_fixed(0.3712, 3, en), "0.371");
    EXPECT_EQ(format_fixed(-0.5, 2, fr), "\u22120,50");
    EXPECT_EQ(format_fixed(-0.0001, 2, fr), "0,00");  // no minus zero
    EXPECT_EQ(format_fixed(12345.5, 1, fr), "12\u202F345,5");
    EXPECT_EQ(format_significant(2.8284, 3, fr), "2,83");
    EXPECT_EQ(format_significant(5.3852, 4, fr), "5,385");
    EXPECT_EQ(format_significant(9.996, 3, en), "10.0");
    EXPECT_EQ(format_significant(0.00512, 2, fr), "0,0051");
    EXPECT_EQ(format_significant(1.2e-5, 2, fr), "1,2·10⁻⁵");
    EXPECT_EQ(format_percent(0.316, fr), "31,6\u00A0%");
    EXPECT_EQ(localize_decimals(fr, "x.y 0.5 ..."), "x.y 0,5 ...");
}

TEST(Numbers, ShortestDropsTrailingZerosAsPercentG) {
    EXPECT_EQ(format_shortest(9, 3, Language::French), "9");
    EXPECT_EQ(format_shortest(-0.5, 3, Language::French), "\u22120,5");
    EXPECT_EQ(format_shortest(2.8284, 3, Language::French), "2,83");
    EXPECT_EQ(format_shortest(2.8284, 3, Language::English), "2.83");
    EXPECT_EQ(format_shortest(5.3852, 4, Language::French), "5,385");
    EXPECT_EQ(format_shortest(100, 4, Language::French), "100");
    EXPECT_EQ(format_shortest(1e-5, 3, Language::French), "10⁻⁵");
    EXPECT_EQ(format_shortest(2.5e-7, 2, Language::French), "2,5·10⁻⁷");
    EXPECT_EQ(format_shortest(12345, 5, Language::French), "12\u202F345");
}

TEST(Numbers, RatiosSayTimesOrDividedBy) {
    EXPECT_EQ(format_ratio(1744, 5232, fr), "× 3");        // /couches 6 from 2
    EXPECT_EQ(format_ratio(288, 1088, fr), "× 3,8");       // /dimension 16: 4(d²+d)
    EXPECT_EQ(format_ratio(288, 1088, en), "× 3.8");
    EXPECT_EQ(format_ratio(5.6, 1, fr), "÷ 5,6");
    EXPECT_EQ(format_ratio(126, 1, fr), "÷ 126");
    EXPECT_EQ(format_ratio(2, 2.001, fr), "=");
    EXPECT_EQ(format_ratio(0, 3, fr), "—");
}

}  // namespace
}  // namespace tb
