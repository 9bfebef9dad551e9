// Lines broken at spaces only (issue 34: the memory panel wrote « 134, » at the end of a line and
// « 217,728 » on the next at 1024×768, ImGui breaking after the comma). Widths here: one unit a
// byte, so every expectation is counted by hand.
#include <gtest/gtest.h>

#include "text/wrap.h"

namespace tb {
namespace {

float bytes(std::string_view s) { return static_cast<float>(s.size()); }

TEST(Wrap, NumbersStayWholeAndLinesBreakAtSpacesOnly) {
    // 28 units: « One layer's scores, h 8, n » is 26, with « 4,096: » it would be 33 (× and ² take two).
    const std::string scores = "One layer's scores, h 8, n 4,096: 8 × 4,096² = 134,217,728 elements";
    const std::string wrapped = wrap_at_spaces(scores, 28, bytes);
    EXPECT_EQ(wrapped, "One layer's scores, h 8, n\n4,096: 8 × 4,096² =\n134,217,728 elements");
    // French decimals and U+202F groups are no spaces either.
    EXPECT_EQ(wrap_at_spaces("normes de 2,80 à 3,22 · 1\u202F744", 12, bytes), "normes de\n2,80 à 3,22\n· 1\u202F744");
}

TEST(Wrap, LongWordsNewlinesAndIndentsAreKept) {
    EXPECT_EQ(wrap_at_spaces("a 18,446,744,073,709,551,615 b", 10, bytes), "a\n18,446,744,073,709,551,615\nb");
    EXPECT_EQ(wrap_at_spaces("un\ndeux trois", 20, bytes), "un\ndeux trois");
    EXPECT_EQ(wrap_at_spaces("  Q, K, V [1, 2, 5, 4]", 40, bytes), "  Q, K, V [1, 2, 5, 4]");
    EXPECT_EQ(wrap_at_spaces("", 10, bytes), "");
    EXPECT_EQ(wrap_at_spaces("fin\n", 10, bytes), "fin\n");
}

}  // namespace
}  // namespace tb
