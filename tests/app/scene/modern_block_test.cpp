// Seed 002's modern block as the picture shows it: the recipes of its table, the heads allowed,
// g(i) = ⌊i/r⌋, RoPE's angles and ALiBi's slopes, against values worked out by hand.
#include "scene/modern_block.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tb {
namespace {

TEST(ModernBlock, AttentionKindNamesMhaGqaMqa) {
    EXPECT_STREQ(attention_kind(8, 2), "GQA");
    EXPECT_STREQ(attention_kind(8, 1), "MQA");
    EXPECT_STREQ(attention_kind(2, 2), "MHA");
    EXPECT_STREQ(attention_kind(1, 1), "MHA");
}

TEST(ModernBlock, OnlyEvenHeadSizesAndDividingKvHeads) {
    // d = 8: h = 1, 2, 4 (d_h 8, 4, 2); h = 8 would give d_h = 1, odd.
    std::string eight;
    for (const HeadChoice& c : head_choices(8)) eight += std::to_string(c.heads) + "/" + std::to_string(c.kv_heads) + " ";
    EXPECT_EQ(eight, "1/1 2/2 2/1 4/4 4/2 4/1 ");
    std::string sixteen;
    for (const HeadChoice& c : head_choices(16)) sixteen += std::to_string(c.heads) + "/" + std::to_string(c.kv_heads) + " ";
    EXPECT_EQ(sixteen, "1/1 2/2 2/1 4/4 4/2 4/1 8/8 8/4 8/2 8/1 ");
}

TEST(ModernBlock, RopeTurnsTheFirstPairByThePositionInRadians) {
    EXPECT_DOUBLE_EQ(rope_angle(0, 0, 4), 0.0);
    EXPECT_DOUBLE_EQ(rope_angle(2, 0, 4), 2.0);
    // Pair 1 of a head of 4: 10000^(−1/2) = 1/100 a position.
    EXPECT_NEAR(rope_angle(3, 1, 4), 0.03, 1e-12);
    EXPECT_NEAR(rope_angle(1, 1, 8), 0.1, 1e-12);  // 10000^(−1/4)
}

TEST(ModernBlock, RecipeButtonsSendTheWordsOfRecette) {
    std::string words;
    for (const Recipe r : recipe_buttons()) words += std::string(to_string(r)) + "=" + recipe_label(r) + " ";
    EXPECT_EQ(words, "2017=2017 gpt2=GPT-2 llama=Llama ");
}

}  // namespace
}  // namespace tb
