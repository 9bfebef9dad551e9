// Seed 002's attention variants: GQA/MQA (/tetes h h_kv), RoPE and ALiBi (/position rope|alibi).
// Expected values come from the seed (g(i) for 8 query and 2 K/V heads), from hand calculation
// (ALiBi's slopes, the parameter counts) and from properties that hold whatever the weights: the
// position enters through the scores only, RoPE's scores depend on the distance only, ALiBi's on
// the distance by its slope, GQA is MHA with the shared K/V heads repeated. The levels themselves
// are recomputed by tests/reference/recompute_trace.py (configurations rope, alibi, gqa_*, mqa_*).
#include <algorithm>
#include <cmath>
#include <tuple>

#include "training/backward.h"
#include "model/forward.h"
#include "model/settings_table.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

TEST(AttentionVariants, GqaMappingIsSeed002s) {
    EXPECT_EQ(kv_head_map(8, 2), (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));  // 0-3 -> 0, 4-7 -> 1
    EXPECT_EQ(kv_head_map(8, 1), (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 0}));  // MQA
    EXPECT_EQ(kv_head_map(4, 4), (std::vector<int>{0, 1, 2, 3}));              // MHA
    EXPECT_EQ(kv_head_map(8, 4), (std::vector<int>{0, 0, 1, 1, 2, 2, 3, 3}));
    EXPECT_THROW(kv_head_map(4, 3), std::invalid_argument);
}

TEST(AttentionVariants, AlibiSlopesByHand) {
    // m = 2^(-8 (j + 1) / h): h = 8 gives 1/2, 1/4, ..., 1/256; h = 2 gives 1/16, 1/256.
    for (int j = 0; j < 8; ++j) EXPECT_DOUBLE_EQ(alibi_slope(j, 8), 1.0 / (2 << j));
    EXPECT_DOUBLE_EQ(alibi_slope(0, 2), 1.0 / 16);
    EXPECT_DOUBLE_EQ(alibi_slope(1, 2), 1.0 / 256);
    EXPECT_DOUBLE_EQ(alibi_slope(0, 1), 1.0 / 256);
}

// « le chat regarde le chien »: tokens 0 and 3 are the same word. With RoPE and with ALiBi the
// table added at level 0 is zeros, so the two « le » are the same vector at the input, and the
// first attention tells them apart (without a mask: without positions it would not).
TEST(AttentionVariants, PositionEntersThroughTheScoresOnly) {
    for (const char* position : {"rope", "alibi"}) {
        const auto t = test::session(std::string("/position ") + position).trace();
        ASSERT_EQ(t->tokens[0].word, t->tokens[3].word);
        EXPECT_TRUE(t->position.isZero(0.0)) << position;
        const Matrix& input = t->levels[0].vectors;
        EXPECT_EQ((input.row(0) - input.row(3)).norm(), 0.0) << position;
        for (int level = 1; level < static_cast<int>(t->levels.size()); ++level)
            EXPECT_GT((t->levels[level].vectors.row(0) - t->levels[level].vectors.row(3)).norm(), 1e-6)
                << position << " level " << level;
    }
    const auto none = test::session("/position aucun").trace();  // the control: a bag of words
    EXPECT_LT((none->levels[1].vectors.row(0) - none->levels[1].vectors.row(3)).norm(), 1e-12);
}

// One word repeated: every query and every key is the same vector before RoPE, so the score of
// query i and key j is q·R(j - i) k, a function of j - i alone. The softmax keeps differences of
// scores within a row: log A(i, j) - log A(i, j - 1) depends on j - i only.
double relative_defect(const Trace& t) {
    double worst = 0.0;
    const int n = t.token_count();
    for (const Matrix& a : t.levels[1].attention_weights)
        for (int i = 0; i + 1 < n; ++i)
            for (int j = 1; j + 1 < n; ++j) {
                const double here = std::log(a(i, j)) - std::log(a(i, j - 1));
                const double shifted = std::log(a(i + 1, j + 1)) - std::log(a(i + 1, j));
                worst = std::max(worst, std::abs(here - shifted));
            }
    return worst;
}

TEST(AttentionVariants, RopeScoresDependOnTheDistanceOnly) {
    const std::string same_word = "/phrase le le le le le le le le";
    for (const char* shape : {"", "; /tetes 1", "; /dimension 16; /tetes 4 2", "; /graine 5"}) {
        const auto rope = test::session(same_word + "; /position rope" + shape).trace();
        EXPECT_LT(relative_defect(*rope), 1e-9) << shape;
        // Not a property of any attention: the sinusoidal table added at the input breaks it.
        const auto sinus = test::session(same_word + shape).trace();
        EXPECT_GT(relative_defect(*sinus), 1e-3) << shape;
        // And RoPE does turn: a row is not uniform, as it would be with no position at all.
        const Matrix& a = rope->levels[1].attention_weights[0];
        EXPECT_GT(std::abs(a(0, 1) - a(0, 2)), 1e-6) << shape;
    }
}

// One word repeated with ALiBi: every raw score is the same, so log A(i, j) - log A(i, i) =
// -m |i - j| exactly, m the head's slope; with the causal mask, only keys j <= i.
TEST(AttentionVariants, AlibiBiasIsTheSlopeTimesTheDistance) {
    for (const char* mask : {"aucun", "causal"})
        for (int heads : {1, 2, 4}) {
            const auto t = test::session("/phrase le le le le le le le le; /position alibi; /masque " + std::string(mask) +
                                         "; /tetes " + std::to_string(heads))
                               .trace();
            ASSERT_EQ(static_cast<int>(t->levels[1].attention_weights.size()), heads);
            for (int j = 0; j < heads; ++j) {
                const double m = std::exp2(-8.0 * (j + 1) / heads);  // by hand, not alibi_slope()
                const Matrix& a = t->levels[1].attention_weights[j];
                for (int q = 0; q < 8; ++q)
                    for (int k = 0; k < 8; ++k) {
                        if (std::string(mask) == "causal" && k > q) {
                            EXPECT_EQ(a(q, k), 0.0);
                            continue;
                        }
                        EXPECT_NEAR(std::log(a(q, k)) - std::log(a(q, q)), -m * std::abs(q - k), 1e-10)
                            << mask << " h " << heads << " head " << j << " (" << q << ", " << k << ")";
                    }
            }
        }
}

// Seed 002 (the KV cache): with the causal mask, the states of a prefix do not depend on the
// tokens added after it, so its keys and values can be kept. RoPE and ALiBi count positions
// from 0 of the sentence, so that holds with them too, GQA included.
TEST(AttentionVariants, CausalPrefixIgnoresLaterTokens) {
    for (const char* variant : {"/position rope", "/position alibi", "/position rope; /dimension 16; /tetes 8 2",
                                "/position alibi; /tetes 4 1"}) {
        const std::string causal = std::string("/masque causal; ") + variant;
        const auto prefix = test::session(causal + "; /phrase le chat regarde").trace();
        const auto longer = test::session(causal + "; /phrase le chat regarde le chien").trace();
        for (int level = 0; level < static_cast<int>(prefix->levels.size()); ++level)
            EXPECT_LT((prefix->levels[level].vectors - longer->levels[level].vectors.topRows(3)).cwiseAbs().maxCoeff(), 1e-12)
                << variant << " level " << level;
    }
}

// GQA is MHA whose K and V heads are the shared ones repeated (seed 002: « répéter explicitement
// K/V par groupe illustre le calcul »): W_k of query head j = rows of
// K/V head ⌊j / (h / h_kv)⌋, written here by hand for h = 8, h_kv = 2 (d_h = 2 at d = 16).
TEST(AttentionVariants, GqaIsMhaWithTheSharedHeadsRepeated) {
    for (const char* position : {"aucun", "rope", "alibi"}) {
        const auto t = test::session(std::string("/dimension 16; /tetes 8 2; /masque causal; /position ") + position).trace();
        const AttentionWeights& gqa = t->weights->blocks[0].attention;
        ASSERT_EQ(gqa.wk.rows(), 4);  // h_kv·d_h = 2 × 2
        ASSERT_EQ(gqa.wv.rows(), 4);
        AttentionWeights mha = gqa;
        mha.wk.resize(16, 16), mha.wv.resize(16, 16), mha.bk.resize(16), mha.bv.resize(16);
        const int shared[8] = {0, 0, 0, 0, 1, 1, 1, 1};
        for (int j = 0; j < 8; ++j) {
            mha.wk.middleRows(2 * j, 2) = gqa.wk.middleRows(2 * shared[j], 2);
            mha.wv.middleRows(2 * j, 2) = gqa.wv.middleRows(2 * shared[j], 2);
            mha.bk.segment(2 * j, 2) = gqa.bk.segment(2 * shared[j], 2);
            mha.bv.segment(2 * j, 2) = gqa.bv.segment(2 * shared[j], 2);
        }
        AttentionShape shape = attention_shape(t->settings);
        const Matrix& x = t->levels[1].normalized_input;
        const AttentionResult grouped = attention(x, gqa, shape);
        shape.kv_heads = 8;
        const AttentionResult repeated = attention(x, mha, shape);
        EXPECT_LT((grouped.output - repeated.output).cwiseAbs().maxCoeff(), 1e-12) << position;
        EXPECT_LT((grouped.output - t->levels[1].sublayer_output).cwiseAbs().maxCoeff(), 1e-12) << position;
        for (int j = 0; j < 8; ++j)
            EXPECT_LT((grouped.weights[j] - repeated.weights[j]).cwiseAbs().maxCoeff(), 1e-12) << position;
    }
}

// The K/V heads kept are the first rows of the full draw: MHA's weights are those of before, and
// /tetes 8 2 keeps heads 0 and 1 of /tetes 8.
TEST(AttentionVariants, KvWeightsAreTheFirstRowsOfTheFullDraw) {
    const auto mha = test::session("/dimension 16; /tetes 8").trace();
    const auto gqa = test::session("/dimension 16; /tetes 8 2").trace();
    const auto mqa = test::session("/dimension 16; /tetes 8 1").trace();
    for (int b = 0; b < 2; ++b) {
        const AttentionWeights& full = mha->weights->blocks[b].attention;
        EXPECT_EQ(full.wk.rows(), 16);
        EXPECT_EQ(gqa->weights->blocks[b].attention.wk, full.wk.topRows(4));
        EXPECT_EQ(gqa->weights->blocks[b].attention.wv, full.wv.topRows(4));
        EXPECT_EQ(mqa->weights->blocks[b].attention.wk, full.wk.topRows(2));
        EXPECT_EQ(gqa->weights->blocks[b].attention.wq, full.wq);
        EXPECT_EQ(gqa->weights->blocks[b].attention.wo, full.wo);
    }
    // Query heads sharing a K/V head with the same keys: heads 0..3 of GQA read K/V head 0.
    EXPECT_EQ(gqa->levels[1].attention_weights.size(), 8u);
}

TEST(AttentionVariants, TetesCommandAndItsRefusals) {
    CommandRegistry registry;
    Session s(test::vocabulary());
    const Settings start = s.settings();
    // Refused, naming the setting in the way, and nothing changes.
    for (const auto& [line, words] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"/tetes 3", {"/tetes attend", "1, 2 ou 4", "d = 8", "d_h = d/h", "pair", "« 3 »"}},
             {"/tetes 8", {"1, 2 ou 4", "« 8 »"}},
             {"/tetes 0", {"« 0 »"}},
             {"/tetes 16", {"« 16 »"}},
             {"/tetes 4 3", {"h_kv", "divise h = 4", "« 3 »"}},
             {"/tetes 2 4", {"h_kv", "divise h = 2", "« 4 »"}},
             {"/tetes 4 0", {"h_kv", "« 0 »"}},
             {"/tetes deux", {"/tetes attend", "(reçu « deux »)"}},
             {"/tetes", {"/tetes attend", "rien reçu"}},
             {"/tetes 4 2 1", {"/tetes attend"}}}) {
        const CommandResult r = registry.execute(s, line);
        EXPECT_FALSE(r.ok) << line;
        for (const auto& w : words) EXPECT_NE(r.message.find(w), std::string::npos) << line << " -> " << r.message;
        EXPECT_EQ(settings_to_json(s.settings()), settings_to_json(start)) << line;
    }
    // Accepted, saying which kind of attention it is.
    for (const auto& [line, h, kv, word] : std::vector<std::tuple<std::string, int, int, std::string>>{
             {"/tetes 4 2", 4, 2, "GQA : 2 têtes de requête par tête K/V"},
             {"/tetes 4 1", 4, 1, "MQA"},
             {"/tetes 4", 4, 4, "MHA"},
             {"/tetes 1", 1, 1, "MHA"},
             {"/TÊTES 2 1", 2, 1, "MQA"},
             {"/tetes 2", 2, 2, "MHA"}}) {
        const CommandResult r = registry.execute(s, line);
        ASSERT_TRUE(r.ok) << line << " -> " << r.message;
        EXPECT_EQ(s.settings().heads, h) << line;
        EXPECT_EQ(s.settings().kv_heads, kv) << line;
        EXPECT_NE(r.message.find(word), std::string::npos) << line << " -> " << r.message;
    }
    // At d = 16, 8 heads fit; then d = 8 no longer does, and the refusal names the heads.
    ASSERT_TRUE(registry.execute(s, "/dimension 16").ok);
    const CommandResult gqa = registry.execute(s, "/tetes 8 2");
    ASSERT_TRUE(gqa.ok) << gqa.message;
    EXPECT_NE(gqa.message.find("4 têtes de requête par tête K/V"), std::string::npos) << gqa.message;
    const Settings before = s.settings();
    const CommandResult back = registry.execute(s, "/dimension 8");
    EXPECT_FALSE(back.ok);
    EXPECT_NE(back.message.find("têtes"), std::string::npos) << back.message;
    EXPECT_NE(back.message.find("d_h = d/h"), std::string::npos) << back.message;
    EXPECT_EQ(s.settings().dimension, 16);
    EXPECT_TRUE(same_model(s.settings(), before));
    // /aide and Tab know it.
    EXPECT_NE(registry.execute(s, "/aide tetes").message.find("/tetes <h> [h_kv]"), std::string::npos);
    const auto completions = registry.complete("/tetes 8");
    EXPECT_NE(std::find(completions.begin(), completions.end(), "/tetes 8 2"), completions.end());
}

TEST(AttentionVariants, TraceKeysAndShapes) {
    const auto t = test::session("/dimension 16; /tetes 8 2; /position rope").trace();
    const nlohmann::json j = to_json(*t);
    EXPECT_EQ(j["settings"]["heads"], 8);
    EXPECT_EQ(j["settings"]["kv_heads"], 2);
    EXPECT_EQ(j["settings"]["position"], "rope");
    EXPECT_EQ(j["settings"]["rope_base"], 10000);
    const auto& a = j["weights"]["blocks"][0]["attention"];
    EXPECT_EQ(a["wk"].size(), 4u);  // [h_kv·d_h][d] = [4][16]
    EXPECT_EQ(a["wk"][0].size(), 16u);
    EXPECT_EQ(a["wv"].size(), 4u);
    EXPECT_EQ(a["bk"].size(), 4u);
    EXPECT_EQ(a["bv"].size(), 4u);
    EXPECT_EQ(a["wq"].size(), 16u);
    EXPECT_EQ(j["levels"][1]["attention_weights"].size(), 8u);
    for (const auto& row : j["weights"]["position"])
        for (const auto& v : row) EXPECT_EQ(v, 0.0);
    // By hand, d 16, h_kv·d_h = 4: Q and output 2(256 + 16) = 544, K and V 2(16·4 + 4) = 136:
    // 680 in attention, against 1 088 in MHA; the rest of the block unchanged.
    const auto mha = test::session("/dimension 16; /tetes 8; /position rope").trace();
    EXPECT_EQ(t->parameters.attention_per_block, 680);
    EXPECT_EQ(mha->parameters.attention_per_block, 1088);
    EXPECT_EQ(mha->parameters.total - t->parameters.total, 2 * (1088 - 680));
    // Start-up: kv_heads = heads = 2, rope_base 10000.
    const nlohmann::json start = to_json(*test::session().trace());
    EXPECT_EQ(start["settings"]["kv_heads"], 2);
    EXPECT_EQ(start["settings"]["rope_base"], 10000);
}

// The backward pass of each attention variant against central differences, on every attention
// matrix and on the Q and K biases (RoPE turns Q and K after their bias).
double loss_moved(const Trace& t, const Matrix& target, int block, int which, int r, int c, double h) {
    Weights w = *t.weights;
    AttentionWeights& a = w.blocks[block].attention;
    Matrix* m[] = {&a.wq, &a.wk, &a.wv, &a.wo};
    Vector* b[] = {&a.bq, &a.bk, &a.bv, &a.bo};
    if (which < 4) (*m[which])(r, c) += h;
    else (*b[which - 4])(r) += h;
    const Trace moved = run(t.settings, t.tokens, t.vocabulary_size, std::make_shared<const Weights>(std::move(w)));
    return loss(moved, target);
}

TEST(AttentionVariants, BackwardMatchesFiniteDifferences) {
    for (const char* variant : {"/position rope", "/position alibi", "/position rope; /dimension 16; /tetes 4 2",
                                "/position rope; /tetes 4 2; /masque causal", "/position alibi; /masque causal",
                                "/dimension 16; /tetes 8 1", "/dimension 16; /tetes 8 2; /norme post",
                                "/tetes 1; /position rope; /residuel off", "/position alibi; /tetes 4 1; /normalisation rmsnorm"}) {
        const auto t = test::session(std::string("/couches 2; /graine 11; ") + variant).trace();
        const Matrix target = loss_target(*t);
        const Gradients g = backward(*t, target);
        for (int block = 0; block < 2; ++block) {
            const SublayerGradients& sub = g.sublayers[2 * block];
            ASSERT_EQ(sub.weights[1].rows(), t->weights->blocks[block].attention.wk.rows()) << variant;
            for (int which = 0; which < 6; ++which) {
                const bool matrix = which < 4;
                const Eigen::Index rows = matrix ? sub.weights[which].rows() : sub.biases[which - 4].size();
                const Eigen::Index cols = matrix ? sub.weights[which].cols() : 1;
                for (auto [r, c] : {std::pair<Eigen::Index, Eigen::Index>{0, 0}, {1, cols - 1}, {rows - 1, cols / 2}, {rows / 2, 1 % cols}}) {
                    const double analytic = matrix ? sub.weights[which](r, c) : sub.biases[which - 4](r);
                    const double h = 1e-6;
                    const double numeric = (loss_moved(*t, target, block, which, int(r), int(c), h) -
                                            loss_moved(*t, target, block, which, int(r), int(c), -h)) / (2 * h);
                    EXPECT_LT(std::abs(numeric - analytic), 1e-4 * std::abs(numeric) + 1e-8)
                        << variant << " block " << block << " tensor " << which << " (" << r << ", " << c
                        << "): analytic " << analytic << ", numeric " << numeric;
                }
            }
        }
    }
}

}  // namespace
}  // namespace tb
