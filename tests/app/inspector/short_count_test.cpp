// The scale panel's short counts (issue 34: GPT-2 XL shown as « 1,6 Md » while it has 1 557 611 200
// parameters): three significant digits at least. The exact counts by hand, seed 000 F's formula:
// a block 12d² + 13d, L blocks, V·d token embeddings, n_ctx·d positions, a final norm 2d.
#include <gtest/gtest.h>

#include "inspector/inspector.h"
#include "model/parameters.h"

namespace tb {
namespace {

std::int64_t gpt(std::int64_t layers, std::int64_t d, std::int64_t context = 1024) {
    return layers * (12 * d * d + 13 * d) + 50257 * d + context * d + 2 * d;
}

TEST(ShortCount, PresetsKeepThreeSignificantDigits) {
    const std::int64_t xl = gpt(48, 1600);
    ASSERT_EQ(xl, 1557611200);
    ASSERT_EQ(preset("gpt2-xl")->name, "GPT-2 XL");
    EXPECT_EQ(count_parameters(*preset("gpt2-xl")).total, xl);
    EXPECT_EQ(short_count(xl, Language::French), "1,56 Md");
    EXPECT_EQ(short_count(xl, Language::English), "1.56 B");
    EXPECT_EQ(short_count(gpt(12, 768), Language::French), "124,4 M");      // 124 439 808: « 124 millions »
    EXPECT_EQ(short_count(gpt(36, 1280), Language::French), "774,0 M");     // GPT-2 large, 774 030 080
    const std::int64_t gpt3 = gpt(96, 12288, 2048);                          // 174 604 259 328: « 175 milliards »
    EXPECT_EQ(count_parameters(*preset("gpt3")).total, gpt3);
    EXPECT_EQ(short_count(gpt3, Language::French), "174,6 Md");
    EXPECT_EQ(short_count(6738415616, Language::English), "6.74 B");         // Llama 2 7B
    EXPECT_EQ(short_count(8030261248, Language::French), "8,03 Md");         // Llama 3 8B
    EXPECT_EQ(short_count(2 * 49152LL * 12288 + 49152 + 12288, Language::French), "1,21 Md");  // « environ 1,2 milliard »
    EXPECT_EQ(short_count(9996000, Language::French), "10,0 M");             // 9,996 rounds past 10: one decimal
    EXPECT_EQ(short_count(5584, Language::French), "5\u202F584");           // under a million: whole
}

}  // namespace
}  // namespace tb
