// Generation with a K/V cache (seed 002, channel.md §7, cli.md "The generation log"): the cached
// decode gives the logits a whole-prefix recomputation gives, in every variant and over seeds; cache
// sizes and multiply-adds against formulas written here; greedy ties; the seeded draw; the commands
// (/generer refused without the causal mask, changing nothing; trained weights kept; draws continued).
#include <cmath>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "base/numbers.h"
#include "commands/generation_commands.h"
#include "model/forward.h"
#include "model/generation.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

using nlohmann::json;

std::vector<int> ids_of(const Trace& t) {
    std::vector<int> ids;
    for (const Token& token : t.tokens) ids.push_back(token.id);
    return ids;
}

double largest(const Vector& z) { return z.cwiseAbs().maxCoeff(); }

// Prefill "le chat", then decode fixed tokens up to 8, each step's cached logits against run() over
// the whole prefix.
void expect_cache_exact(const std::string& variant, std::uint64_t seed) {
    const Session session = test::session("/masque causal; " + variant + "; /graine " + std::to_string(seed) + "; /phrase le chat");
    const Trace& t = *session.trace();
    KvCache cache = prefill_cache(t);
    std::vector<int> ids = ids_of(t);
    ASSERT_EQ(cache.positions(), 2);
    const int next[] = {5, 3, 17, 1, 8, 11};
    for (int id : next) {
        ids.push_back(id % t.vocabulary_size);
        const Vector cached = logits_of(*t.weights, decode_step(t.settings, *t.weights, cache, ids.back()));
        const Vector again = recomputed_logits(t.settings, ids, t.vocabulary_size, t.weights);
        EXPECT_LE((cached - again).cwiseAbs().maxCoeff(), 1e-12 * (1 + largest(again)))
            << variant << " seed " << seed << " position " << ids.size() - 1;
        EXPECT_EQ(cache.positions(), static_cast<int>(ids.size()));
    }
}

TEST(Generation, CachedDecodeGivesTheRecomputedLogitsInEveryVariant) {
    const char* variants[] = {"/couches 2",
                              "/position rope",
                              "/position alibi",
                              "/position appris",
                              "/position aucun",
                              "/tetes 4 2",
                              "/tetes 4 1",
                              "/dimension 16; /tetes 8 2; /position rope",
                              "/normalisation rmsnorm",
                              "/activation swiglu",
                              "/activation geglu",
                              "/activation relu",
                              "/norme post",
                              "/norme aucune",
                              "/residuel off",
                              "/norme post; /residuel off",
                              "/recette llama",
                              "/couches 6; /ffn 64"};
    for (const char* variant : variants)
        for (std::uint64_t seed : {1u, 2u, 7u, 2017u}) expect_cache_exact(variant, seed);
}

TEST(Generation, CachedDecodeWithTrainedWeights) {
    Session session = test::session("/masque causal; /tetes 4 2; /position rope; /entrainer 30; /phrase le chat regarde");
    ASSERT_EQ(session.trained_steps(), 30);
    const Trace& t = *session.trace();
    KvCache cache = prefill_cache(t);
    std::vector<int> ids = ids_of(t);
    for (int id : {4, 9, 2}) {
        ids.push_back(id);
        const Vector cached = logits_of(*t.weights, decode_step(t.settings, *t.weights, cache, id));
        const Vector again = recomputed_logits(t.settings, ids, t.vocabulary_size, t.weights);
        EXPECT_LE((cached - again).cwiseAbs().maxCoeff(), 1e-12 * (1 + largest(again)));
    }
}

TEST(Generation, CacheElementsAreTwoLayersPositionsKvHeadsHeadDimension) {
    // L 2, h 4, h_kv 2, d 8: d_h 2. After 5 positions: 2 · 2 · 5 · 2 · 2 = 80.
    const Session gqa = test::session("/masque causal; /tetes 4 2; /phrase le chat regarde le chien");
    EXPECT_EQ(prefill_cache(*gqa.trace()).elements(), 80);
    EXPECT_EQ(cache_elements(gqa.settings(), 4), 80);
    // d 16, h 8, h_kv 2 (d_h 2) holds a quarter of MHA's h_kv 8: 2 · 2 · 3 · 2 · 2 = 48 against 192.
    const Session quarter = test::session("/masque causal; /dimension 16; /tetes 8 2; /phrase le chat dort");
    const Session mha = test::session("/masque causal; /dimension 16; /tetes 8 8; /phrase le chat dort");
    EXPECT_EQ(prefill_cache(*quarter.trace()).elements(), 48);
    EXPECT_EQ(prefill_cache(*mha.trace()).elements(), 192);
    // MQA at L 3, d 8, h 2 (d_h 4): 2 · 3 · 8 · 1 · 4 = 192 at position 7.
    EXPECT_EQ(cache_elements(test::settings("/couches 3; /tetes 2 1"), 7), 192);
}

TEST(Generation, MultiplyAddsFollowTheirFormulas) {
    const int V = 100;
    // Start-up: L 2, d 8, w 32, h = h_kv = 2. Per position and layer: Q, K, V, O 4·64, FFN 2·8·32 = 512;
    // scores and weighted sums 2·8 a key. The head: V·d = 800.
    const Settings s = test::settings();
    for (int p = 0; p < 8; ++p) {
        const std::int64_t with = 2 * (256 + 512 + 16 * (p + 1)) + 800;
        const std::int64_t without = 2 * ((256 + 512) * (p + 1) + 8 * (p + 1) * (p + 2)) + 800;  // Σ 16 (q + 1)
        EXPECT_EQ(multiply_adds_with_cache(s, V, p), with) << p;
        EXPECT_EQ(multiply_adds_without_cache(s, V, p), without) << p;
        if (p > 0) { EXPECT_LT(with, without); }
    }
    // GQA, gated: L 1, d 16, w 32, h 8, h_kv 2 (K, V 4 rows each), SwiGLU (W1, W3, W2).
    const Settings g = test::settings("/couches 1; /dimension 16; /tetes 8 2; /activation swiglu");
    const std::int64_t linear = 256 + 2 * 16 * 4 + 256 + 3 * 16 * 32;
    for (int p = 0; p < 8; ++p) {
        EXPECT_EQ(multiply_adds_with_cache(g, V, p), linear + 32 * (p + 1) + 1600);
        EXPECT_EQ(multiply_adds_without_cache(g, V, p), linear * (p + 1) + 16 * (p + 1) * (p + 2) + 1600);
    }
}

TEST(Generation, GreedyTakesTheLowestIdOnATie) {
    Vector z(5);
    z << 1.0, 3.0, 2.0, 3.0, -1.0;
    EXPECT_EQ(choose_token(z, 0, 1, 1), 1);
    EXPECT_EQ(choose_token(Vector::Constant(4, 0.5), 0, 1, 1), 0);
    z << -2.0, -2.0, -5.0, -7.0, -2.0;
    EXPECT_EQ(choose_token(z, 0, 9, 3), 0);
}

TEST(Generation, TheDrawFollowsSoftmaxOverTemperature) {
    Vector z(2);
    z << 0.0, std::log(3.0);  // softmax: 1/4, 3/4; at T = 2: 1/(1+√3), √3/(1+√3)
    for (double t : {1.0, 2.0}) {
        const double expected = t == 1.0 ? 0.75 : std::sqrt(3.0) / (1 + std::sqrt(3.0));
        EXPECT_NEAR(next_word_probabilities(z, t)(1), expected, 1e-15);
        int ones = 0;
        for (int k = 1; k <= 20000; ++k) ones += choose_token(z, t, 2017, k);
        EXPECT_NEAR(ones / 20000.0, expected, 0.015) << t;
    }
    // The same (seed, draw), the same choice; the stream depends on both.
    Vector flat = Vector::Zero(50);
    int differ = 0;
    for (int k = 1; k <= 20; ++k) {
        EXPECT_EQ(choose_token(flat, 1, 5, k), choose_token(flat, 1, 5, k));
        differ += choose_token(flat, 1, 5, k) != choose_token(flat, 1, 6, k);
    }
    EXPECT_GT(differ, 10);
}

TEST(GenerationCommands, RefusedWithoutTheCausalMaskSayingWhyAndChangingNothing) {
    Session session = test::session("/phrase le chat regarde");
    const json before = to_json(*session.trace());
    const CommandResult r = test::registry().execute(session, "/generer 2");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message.rfind("/generer a besoin de /masque causal", 0), 0u) << r.message;
    EXPECT_NE(r.message.find("K et V"), std::string::npos);
    EXPECT_NE(r.message.find("\u00A0%"), std::string::npos) << r.message;  // the change, measured
    EXPECT_NE(r.message.find("/masque causal puis entraînez"), std::string::npos);
    EXPECT_EQ(to_json(*session.trace()), before);
    EXPECT_FALSE(generation_log(session));
    // The change quoted is real: a bidirectional mask moves earlier outputs, a causal one does not.
    const Trace& t = *session.trace();
    EXPECT_GT(earlier_positions_change(t.settings, ids_of(t), 5, t.vocabulary_size, t.weights), 1e-3);
    const Session causal = test::session("/masque causal; /phrase le chat regarde");
    const Trace& c = *causal.trace();
    EXPECT_LT(earlier_positions_change(c.settings, ids_of(c), 5, c.vocabulary_size, c.weights), 1e-14);
}

TEST(GenerationCommands, BadArgumentsAndAFullSentenceAreRefused) {
    Session session = test::session("/masque causal; /phrase le chat regarde le chien dans la maison");
    const json before = to_json(*session.trace());
    for (const char* line : {"/generer 0", "/generer 8", "/generer", "/generer 1,5", "/temperature 3", "/temperature -1",
                             "/temperature abc", "/cache peut-etre", "/generer 1"}) {
        EXPECT_FALSE(test::registry().execute(session, line).ok) << line;
        EXPECT_EQ(to_json(*session.trace()), before) << line;
    }
    EXPECT_EQ(session.generation().temperature, 0.0);
    EXPECT_TRUE(session.generation().cache);
}

TEST(GenerationCommands, WordsJoinTheSentenceAndTrainedWeightsStay) {
    Session session = test::session("/masque causal; /couches 1; /entrainer 5; /phrase le chat; /generer 3");
    EXPECT_EQ(session.trained_steps(), 5);
    EXPECT_EQ(session.trace()->token_count(), 5);
    const json log = json::parse(*generation_log(session));
    ASSERT_EQ(log["steps"].size(), 3u);
    const std::vector<int> prompt = log["prompt"];
    EXPECT_EQ(prompt.size(), 2u);
    const Trace& t = *session.trace();
    for (int i = 0; i < 3; ++i) {
        const json& step = log["steps"][i];
        EXPECT_EQ(step["position"], i + 1);
        EXPECT_EQ(step["token"], t.tokens[static_cast<std::size_t>(i + 2)].id);
        EXPECT_EQ(step["logits"].size(), static_cast<std::size_t>(t.vocabulary_size));
        EXPECT_EQ(step["cache_elements"], 2 * 1 * (i + 2) * 2 * 4);
        EXPECT_LT(step["multiply_adds_with_cache"], step["multiply_adds_without_cache"]);
        EXPECT_LE(step["max_abs_diff_without_cache"].get<double>(), 1e-12);
    }
    EXPECT_EQ(log["sampling"]["temperature"], 0);
    // Up to 8 tokens: 3 more fit, not 7.
    EXPECT_TRUE(test::registry().execute(session, "/generer 7").ok);
    EXPECT_EQ(session.trace()->token_count(), 8);
}

TEST(GenerationCommands, ASecondGenerateContinuesTheDrawsAndPhraseRestartsThem) {
    const std::string start = "/masque causal; /temperature 1,5; /phrase le chat; ";
    const Session twice = test::session(start + "/generer 2; /generer 3");
    const Session once = test::session(start + "/generer 5");
    EXPECT_EQ(twice.settings().sentence, once.settings().sentence);
    EXPECT_EQ(twice.generation().draws, 5);
    const Session again = test::session(start + "/generer 2; /phrase le chat; /generer 2");
    const Session first = test::session(start + "/generer 2");
    EXPECT_EQ(again.settings().sentence, first.settings().sentence);
    EXPECT_EQ(json::parse(*generation_log(again))["sampling"]["first_draw"], 1);
    EXPECT_EQ(json::parse(*generation_log(twice))["sampling"]["first_draw"], 3);
}

TEST(GenerationCommands, CacheOffGivesTheSameWordsAndTemperatureNeverTheLogits) {
    const std::string start = "/masque causal; /tetes 4 2; /phrase le chat regarde; ";
    const Session on = test::session(start + "/generer 4");
    const Session off = test::session(start + "/cache off; /generer 4");
    EXPECT_EQ(on.settings().sentence, off.settings().sentence);
    const json greedy = json::parse(*generation_log(test::session(start + "/generer 1")));
    const json warm = json::parse(*generation_log(test::session(start + "/temperature 2; /generer 1")));
    EXPECT_EQ(greedy["steps"][0]["logits"], warm["steps"][0]["logits"]);
}

TEST(GenerationCommands, EachStepIsPrintedInFrenchOrEnglish) {
    Session session = test::session("/masque causal; /phrase le chat");
    CommandRegistry registry;
    CommandResult r = registry.execute(session, "/generer 1");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NE(r.message.find("préremplissage : « le chat » (2 tokens)"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("mot 1 (position 1) : «"), std::string::npos) << r.message;
    // d 8, h_kv 2 · d_h 4, L 2, 2 positions: 2·2·2·2·4 = 64 elements; 2·(768 + 32) + V·8 with the cache.
    const std::int64_t head = 8LL * session.vocabulary().size();
    EXPECT_NE(r.message.find("cache : 64 éléments"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find(format_count(1600 + head, Language::French) + " avec le cache"), std::string::npos) << r.message;
    registry.execute(session, "/langue en");
    r = registry.execute(session, "/generer 1");
    EXPECT_NE(r.message.find("word 1 (position 2): \u201C"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("cache: 96 elements"), std::string::npos) << r.message;
}

// The verbs of the grammar corpus, read from the file itself: le|la NOUN VERB … (5 words) or with one
// adjective before or after the noun (6 words): the fourth word.
std::set<std::string> grammar_verbs() {
    std::ifstream in(TB_ASSETS_DIR "/corpus/grammaire.txt");
    std::set<std::string> verbs;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::vector<std::string> w{std::istream_iterator<std::string>(words), {}};
        if (w.size() == 5) verbs.insert(w[2]);
        if (w.size() == 6) verbs.insert(w[3]);
    }
    return verbs;
}

// Issue 36: after /masque causal; /corpus grammaire; /couches 2; /entrainer 1000, « le chat » continues
// with a verb then an article. Measured 10 of seeds 1–10 (and 20 of seeds 11–30; 7 of 10 after 300
// steps); the claim asks at least 9 of 10.
TEST(GenerationClaim, TheTrainedGrammarContinuesWithAVerbThenAnArticle) {
    const std::set<std::string> verbs = grammar_verbs();
    ASSERT_GE(verbs.size(), 5u);
    int holds = 0;
    std::string seen;
    for (int seed = 1; seed <= 10; ++seed) {
        const Session s = test::session("/graine " + std::to_string(seed) +
                                        "; /masque causal; /corpus grammaire; /couches 2; /entrainer 1000; /phrase le chat; /generer 2");
        const Trace& t = *s.trace();
        ASSERT_EQ(t.token_count(), 4);
        const std::string verb = s.vocabulary().word(t.tokens[2].id), article = s.vocabulary().word(t.tokens[3].id);
        holds += verbs.count(verb) && (article == "le" || article == "la");
        seen += " " + verb + " " + article + ";";
    }
    EXPECT_GE(holds, 9) << seen;
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// The words a picture of the choice shows: the largest logits, ties to the lowest id, and the word
// drawn at T > 0 in place of the last when it is not among them.
TEST(Generation, TopIdsAreTheLargestLogitsWithTheChosenWord) {
    Vector z(5);
    z << 1.0, 3.0, 2.0, 3.0, -1.0;
    EXPECT_EQ(top_ids(z, 3, 1), (std::vector<int>{1, 3, 2}));
    EXPECT_EQ(top_ids(z, 3, 4), (std::vector<int>{1, 3, 4}));
    EXPECT_EQ(top_ids(z, 9, 0), (std::vector<int>{1, 3, 2, 0, 4}));
}

}  // namespace
}  // namespace tb
