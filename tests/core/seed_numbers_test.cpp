// The numbers printed in the course's seeds (shared/seeds/000: layer norm by hand, GPT-2 small
// counted term by term; the GPT-2 family's published totals).
#include <gtest/gtest.h>

#include "model/forward.h"
#include "model/parameters.h"

namespace tb {
namespace {

TEST(SeedNumbers, LayerNormWorkedByHand) {
    // Seed 000 C: x = [2,4,4,4,5,5,7,9], mu = 5, sigma² = 4 -> [-1.5,-0.5,-0.5,-0.5,0,0,1,2].
    Matrix x(1, 8);
    x << 2, 4, 4, 4, 5, 5, 7, 9;
    EXPECT_DOUBLE_EQ(x.mean(), 5.0);
    EXPECT_DOUBLE_EQ((x.array() - 5.0).square().mean(), 4.0);
    const Matrix y = layer_norm(x, {Vector::Ones(8), Vector::Zero(8)}, 0.0);
    const double expected[] = {-1.5, -0.5, -0.5, -0.5, 0, 0, 1, 2};
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(y(0, i), expected[i], 1e-12) << "feature " << i;
    // With eps = 1e-5 the result moves by about eps / (2 sigma²) relatively, no more.
    const Matrix y_eps = layer_norm(x, {Vector::Ones(8), Vector::Zero(8)});
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(y_eps(0, i), expected[i], 1e-5);
    // A normalized vector has mean 0, variance 1, hence norm sqrt(d).
    EXPECT_NEAR(y.norm(), std::sqrt(8.0), 1e-12);
}

TEST(SeedNumbers, Gpt2SmallTermByTerm) {
    const auto p = count_parameters(*preset("gpt2-small"));
    EXPECT_EQ(p.attention_per_block, 2362368);
    EXPECT_EQ(p.ffn_per_block, 4722432);
    EXPECT_EQ(p.norms_per_block, 3072);
    EXPECT_EQ(p.per_block, 7087872);
    EXPECT_EQ(p.blocks, 85054464);
    EXPECT_EQ(p.final_norm, 1536);
    EXPECT_EQ(p.token_embeddings, 38597376);
    EXPECT_EQ(p.positions, 786432);
    EXPECT_EQ(p.total, 124439808);
}

TEST(SeedNumbers, Gpt2FamilyTotals) {
    EXPECT_EQ(count_parameters(*preset("gpt2-medium")).total, 354823168);
    EXPECT_EQ(count_parameters(*preset("gpt2-large")).total, 774030080);
    EXPECT_EQ(count_parameters(*preset("gpt2-xl")).total, 1557611200);
    EXPECT_EQ(count_parameters(*preset("GPT2-Small")).total, 124439808);  // names fold case
    EXPECT_FALSE(preset("gpt4"));
}

TEST(SeedNumbers, SharesTheSeedsQuote) {
    // Seed 000 F: embeddings about a third of GPT-2 small (39.4 M of 124 M).
    const auto small = count_parameters(*preset("gpt2-small"));
    EXPECT_NEAR(double(small.token_embeddings + small.positions) / small.total, 1.0 / 3.0, 0.02);
    // Seed 000 E: the FFN holds about twice the attention's parameters.
    EXPECT_NEAR(double(small.ffn_per_block) / small.attention_per_block, 2.0, 0.01);
    // Seed 004: GPT-3's W_up is ~49 152 x 12 288 ~ 604 M; MLPs ~116 B, about two thirds of ~175 B.
    const auto gpt3 = count_parameters(*preset("gpt3"));
    EXPECT_NEAR(49152.0 * 12288.0, 604e6, 1e6);
    EXPECT_NEAR(double(gpt3.total), 175e9, 1e9);
    EXPECT_NEAR(double(gpt3.ffn_per_block) * 96, 116e9, 1e9);
    EXPECT_NEAR(double(gpt3.ffn_per_block) * 96 / gpt3.total, 2.0 / 3.0, 0.01);
}

TEST(SeedNumbers, BreakdownEndsWithTotalDigitsOnly) {
    const auto a = *preset("gpt2-small");
    const std::string text = format_breakdown(a);
    const std::string last = "total: 124439808\n";
    ASSERT_GE(text.size(), last.size());
    EXPECT_EQ(text.substr(text.size() - last.size()), last);
    EXPECT_NE(text.find("4(d² + d)"), std::string::npos);  // each term shows its formula
}

TEST(SeedNumbers, BreakdownInEnglishToo) {
    const auto a = *preset("gpt2-small");
    for (const auto& term : parameter_terms(a)) {
        EXPECT_FALSE(term.name_en.empty()) << term.name;
        EXPECT_FALSE(term.formula_en.empty()) << term.name;
    }
    const std::string text = format_breakdown(a, Language::English);
    // Columns for people: label, formula, value, share; English groups with commas.
    const auto line = text.find("  token embeddings ");
    ASSERT_NE(line, std::string::npos) << text;
    const std::string row = text.substr(line, text.find('\n', line) - line);
    EXPECT_NE(row.find("V·d = 50,257 × 768"), std::string::npos) << row;
    EXPECT_NE(row.find(" 38,597,376  31.0%"), std::string::npos) << row;
    EXPECT_EQ(text.substr(text.size() - 17), "total: 124439808\n");
    // The header names GPT-2's learned positions in the reader's language (issue 34: it printed the
    // command's word, « positions appris », in English too).
    const std::string header = text.substr(0, text.find('\n'));
    EXPECT_NE(header.find("learned positions"), std::string::npos) << header;
    EXPECT_EQ(header.find("appris"), std::string::npos) << header;
    EXPECT_NE(format_breakdown(a).find("positions apprises"), std::string::npos);
}

TEST(Parameters, ToyFormulaByHand) {
    // L 2, d 8, w 32, pre-norm, sinus: per block 4(64+8) + (256+32+256+8) + 4·8 = 288 + 552 + 32.
    Settings s;
    const auto p = count_parameters(toy_architecture(s, 100));
    EXPECT_EQ(p.per_block, 872);
    EXPECT_EQ(p.blocks, 1744);
    EXPECT_EQ(p.total, 1744 + 100 * 8 + 0 + 16);
    s.position = Position::Learned;
    s.norm = Norm::None;
    const auto q = count_parameters(toy_architecture(s, 100));
    EXPECT_EQ(q.per_block, 840);  // no LayerNorms
    EXPECT_EQ(q.total, 2 * 840 + 800 + 8 * 8);  // learned positions, no final norm
    s.norm = Norm::Post;
    EXPECT_EQ(count_parameters(toy_architecture(s, 100)).final_norm, 0);
}

}  // namespace
}  // namespace tb
