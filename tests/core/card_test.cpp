// The configuration card (seed 002's "Fiche minimale de configuration reproductible") under the
// attention and position variants and after training: every field as the settings given and the
// seed's definitions make it (MHA h_kv = h, MQA h_kv = 1, GQA between; RoPE's base; the training
// objective, optimizer and steps), never copied from the program's output.
#include "files/exports.h"
#include "../support.h"

namespace tb {
namespace {

// The whole line after "key: " (its comment too), or "<absent>".
std::string card_line(const std::string& card, const std::string& key) {
    std::istringstream in(card);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + ": ", 0) == 0) return line.substr(key.size() + 2);
    return "<absent>";
}
// The value alone, its YAML comment cut.
std::string card_value(const std::string& card, const std::string& key) {
    const std::string line = card_line(card, key);
    return line.substr(0, line.find("  #"));
}

TEST(ConfigurationCard, GroupedQueryAttentionWithRope) {
    const std::string card = configuration_card(test::session("/dimension 16; /tetes 8 2; /position rope"));
    EXPECT_EQ(card_value(card, "  heads"), "8");
    EXPECT_EQ(card_line(card, "  kv_heads"), "2  # GQA");  // 1 < h_kv = 2 < h = 8
    EXPECT_EQ(card_value(card, "  head_dim"), "2");        // d / h = 16 / 8
    EXPECT_EQ(card_value(card, "  method"), "RoPE");
    EXPECT_EQ(card_value(card, "  base"), "10000");        // θ = p·10000^(−2k/d_h)
}

TEST(ConfigurationCard, MultiQueryAndMultiHead) {
    EXPECT_EQ(card_line(configuration_card(test::session("/tetes 4 1")), "  kv_heads"), "1  # MQA");
    EXPECT_EQ(card_line(configuration_card(test::session("/tetes 4 2")), "  kv_heads"), "2  # GQA");
    EXPECT_EQ(card_line(configuration_card(test::session("/tetes 4")), "  kv_heads"), "4  # MHA");
    EXPECT_EQ(card_line(configuration_card(test::session("/tetes 1")), "  kv_heads"), "1  # MHA");  // one head: its own K/V
}

TEST(ConfigurationCard, PositionBaseOfEachMethod) {
    EXPECT_EQ(card_value(configuration_card(test::session()), "  base"), "10000");  // sin(p/10000^(2k/d))
    EXPECT_EQ(card_value(configuration_card(test::session("/position appris")), "  base"), "none");
    EXPECT_EQ(card_value(configuration_card(test::session("/position aucun")), "  base"), "none");
    const std::string alibi = configuration_card(test::session("/tetes 4; /position alibi"));
    EXPECT_EQ(card_value(alibi, "  method"), "ALiBi");
    EXPECT_EQ(card_value(alibi, "  base"), "none");
    // m_j = 2^(−8(j+1)/h) at h = 4: 2^−2, 2^−4, 2^−6, 2^−8.
    EXPECT_NE(card_line(alibi, "  base").find("0.25, 0.0625, 0.015625, 0.00390625"), std::string::npos) << alibi;
}

TEST(ConfigurationCard, OnlyTablePositionsSpeakOfATable) {
    // Sinusoidal and learned positions add a row of a table to each token; RoPE and ALiBi rotate or
    // bias the scores, and no positions add nothing (seed 002's table of position methods).
    for (const char* with_table : {"/position sinus", "/position appris"})
        EXPECT_NE(card_line(configuration_card(test::session(with_table)), "  trained_length").find("table des positions"),
                  std::string::npos) << with_table;
    for (const char* without : {"/position rope", "/tetes 4; /position alibi", "/position aucun"})
        EXPECT_NE(card_line(configuration_card(test::session(without)), "  trained_length").find("pas de table"),
                  std::string::npos) << without;
}

TEST(ConfigurationCard, UntrainedSaysSo) {
    const std::string card = configuration_card(test::session());
    EXPECT_EQ(card_value(card, "  objective"), "none");
    EXPECT_EQ(card_value(card, "  optimizer"), "none");
    EXPECT_EQ(card_value(card, "  steps"), "0");
}

TEST(ConfigurationCard, AfterTrainingTheRecipe) {
    // A causal mask trains on the next word; /lot, /taux and /echauffement as given.
    const std::string card =
        configuration_card(test::session("/couches 1; /masque causal; /lot 4; /taux 0.01; /echauffement 25; /entrainer 3"));
    EXPECT_EQ(card_value(card, "  objective"), "next_word");
    EXPECT_EQ(card_value(card, "  data_boundary"), "\"interne\"");
    EXPECT_EQ(card_value(card, "  optimizer"), "Adam");
    EXPECT_NE(card_line(card, "  optimizer").find("beta1 0.9, beta2 0.999, eps 1e-08"), std::string::npos);  // torch's defaults
    EXPECT_EQ(card_value(card, "  steps"), "3");
    EXPECT_EQ(card_line(card, "    - {corpus"), "\"interne\", batch_size: 4, learning_rate: 0.01, warmup_steps: 25, steps: 3}");
    // Without the mask, the masked word; /lot ends a run and the next starts from its weights: two runs, 5 steps.
    const std::string two = configuration_card(test::session("/couches 1; /entrainer 2; /lot 8; /entrainer 3"));
    EXPECT_EQ(card_value(two, "  objective"), "masked_word");
    EXPECT_EQ(card_value(two, "  steps"), "5");
    EXPECT_NE(two.find("    - {corpus: \"interne\", batch_size: 16, learning_rate: 0.003, warmup_steps: 0, steps: 2}\n"
                       "    - {corpus: \"interne\", batch_size: 8, learning_rate: 0.003, warmup_steps: 0, steps: 3}\n"),
              std::string::npos) << two;
    // Back to the seed's weights: untrained again.
    EXPECT_EQ(card_value(configuration_card(test::session("/couches 1; /entrainer 2; /graine 7")), "  objective"), "none");
}

}  // namespace
}  // namespace tb
