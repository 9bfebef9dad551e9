// Seed 002's modern block as the picture shows it: the recipes of its table, the heads allowed,
// g(i) = ⌊i/r⌋, RoPE's angles and ALiBi's slopes, against values worked out by hand.
#include "scene/modern_block.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tb {
namespace {

TEST(ModernBlock, SeedsGqaExampleEightQueriesOverTwoKvHeads) {
    // Seed 002: query heads 0–3 read K/V head 0, 4–7 read K/V head 1.
    const int expected[8] = {0, 0, 0, 0, 1, 1, 1, 1};
    for (int i = 0; i < 8; ++i) EXPECT_EQ(kv_head_of(i, 8, 2), expected[i]) << i;
    for (int i = 0; i < 8; ++i) EXPECT_EQ(kv_head_of(i, 8, 1), 0) << "MQA " << i;
    for (int i = 0; i < 8; ++i) EXPECT_EQ(kv_head_of(i, 8, 8), i) << "MHA " << i;
    EXPECT_EQ(kv_head_of(3, 4, 2), 1);
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

TEST(ModernBlock, AlibiSlopesHalveFromHeadToHead) {
    EXPECT_DOUBLE_EQ(alibi_slope(0, 2), 1.0 / 16);
    EXPECT_DOUBLE_EQ(alibi_slope(1, 2), 1.0 / 256);
    EXPECT_DOUBLE_EQ(alibi_slope(0, 8), 0.5);
    EXPECT_DOUBLE_EQ(alibi_slope(7, 8), 1.0 / 256);
}

TEST(ModernBlock, TheRecipeTheSettingsMatch) {
    Settings s;  // the channel's block: pre-norm with sinusoids, no recipe of the table
    EXPECT_EQ(matching_recipe(s), Recipe::None);
    s.norm = Norm::Post, s.position = Position::Sinus, s.activation = Activation::Relu, s.mask = Mask::None;
    EXPECT_EQ(matching_recipe(s), Recipe::Original2017);
    s.residual = false;
    EXPECT_EQ(matching_recipe(s), Recipe::None);
    s = Settings{};
    s.position = Position::Learned, s.mask = Mask::Causal;
    EXPECT_EQ(matching_recipe(s), Recipe::Gpt2);
    s.layers = 6, s.ffn = 64;  // L and w are no part of a recipe
    EXPECT_EQ(matching_recipe(s), Recipe::Gpt2);
    s = Settings{};
    s.norm_type = NormType::RmsNorm, s.position = Position::Rope, s.activation = Activation::Swiglu, s.mask = Mask::Causal;
    s.heads = 4, s.kv_heads = 2;
    EXPECT_EQ(matching_recipe(s), Recipe::Llama);
    s.dimension = 16;  // at d = 16 Llama has 8 query heads over 2 K/V heads
    EXPECT_EQ(matching_recipe(s), Recipe::None);
    s.heads = 8;
    EXPECT_EQ(matching_recipe(s), Recipe::Llama);
}

}  // namespace
}  // namespace tb
