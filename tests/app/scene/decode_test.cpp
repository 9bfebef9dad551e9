// A generation told in the cross-section (scene/decode.h): its clock, and what the picture holds at
// fixed instants, read back from the SVG the window writes (cli.md, "The cross-section as SVG"):
// each layer's cache holds the positions that have passed its attention box, one K and one V cell
// per K/V head (seed 002: 2 · L · n · h_kv · d_h), the newest query's weights sum to one.
#include "scene/decode.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "../features_fixture.h"
#include "inspector/generation.h"
#include "model/forward.h"

namespace tb {
namespace {

// "le chat" (2 tokens), 3 words, L 2: the prefill takes 5 beats, each word 1.5 + 0.6 + 5 / 2 (its
// climb two levels a beat).
constexpr const char* kGenerate = "/masque causal; /tetes 4 2; /phrase le chat; /generer 3";
constexpr double kWordBeats = kChooseBeats + kDropBeats + 2.5;

struct Cache {
    int level = 0, rows_attr = 0, rows = 0, cells = 0, fresh = -1;
    std::string side, mode;
    std::vector<double> weights;
};

std::string attr(const std::string& element, const std::string& key) {
    std::smatch m;
    return std::regex_search(element, m, std::regex(key + "=\"([^\"]*)\"")) ? m[1].str() : std::string();
}

// Each <g data-part="kv-cache"> and what follows it up to the next one (they are written in a run).
std::vector<Cache> caches_of(const std::string& svg) {
    std::vector<Cache> out;
    const std::string marker = "data-part=\"kv-cache\"";
    for (std::size_t at = svg.find(marker); at != std::string::npos;) {
        const std::size_t next = svg.find(marker, at + 1);
        const std::size_t open = svg.rfind('<', at);
        const std::string chunk = svg.substr(open, (next == std::string::npos ? svg.size() : svg.rfind('<', next)) - open);
        Cache c;
        const std::string head = chunk.substr(0, chunk.find('>'));
        c.level = std::stoi(attr(head, "data-level"));
        c.rows_attr = std::stoi(attr(head, "data-rows"));
        c.side = attr(head, "data-side");
        c.mode = attr(head, "data-cache");
        const std::regex element("<[^>]*>");
        for (auto it = std::sregex_iterator(chunk.begin(), chunk.end(), element); it != std::sregex_iterator(); ++it) {
            const std::string e = it->str();
            if (attr(e, "data-part") == "word-bars") break;
            if (attr(e, "data-part") == "kv-row") {
                ++c.rows;
                if (attr(e, "data-fresh") == "1") c.fresh = std::stoi(attr(e, "data-position"));
            }
            if (attr(e, "data-part") == "kv-cell") ++c.cells;
            if (attr(e, "data-part") == "query-weight") c.weights.push_back(std::stod(attr(e, "data-weight")));
        }
        out.push_back(c);
        at = next;
    }
    return out;
}

// Runs `script` (commands separated by "; ") one command at a time, as typed; false at the first refused.
bool run_all(test::WindowFeatures& w, const std::string& script) {
    std::size_t at = 0;
    while (at <= script.size()) {
        const std::size_t end = std::min(script.find("; ", at), script.size());
        const CommandResult r = w.run(script.substr(at, end - at));
        if (!r.ok) {
            ADD_FAILURE() << script.substr(at, end - at) << ": " << r.message;
            return false;
        }
        at = end + 2;
    }
    return true;
}

// The window's SVG at `beat` of the story (the test hook's still).
std::string svg_at(test::WindowFeatures& w, double beat) {
    w.features.playback().pin_beat(beat);
    return w.features.svg();
}

TEST(Decode, TheClockIsThePrefillThenEachWordsBarsFallAndClimb) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    const Generation* g = w.features.playback().decoding();
    ASSERT_NE(g, nullptr);
    EXPECT_DOUBLE_EQ(decode_step_start(*g, 1), 5);
    EXPECT_DOUBLE_EQ(decode_step_start(*g, 2), 5 + kWordBeats);
    EXPECT_DOUBLE_EQ(decode_beats(*g), 5 + 3 * kWordBeats);
    const DecodeInstant prefill = decode_instant(*g, 2.5);
    EXPECT_EQ(prefill.word, 0);
    EXPECT_EQ(prefill.shown, 2);
    EXPECT_DOUBLE_EQ(prefill.playhead, 2.5);
    const DecodeInstant choose = decode_instant(*g, 5.5);
    EXPECT_EQ(choose.word, 1);
    EXPECT_GT(choose.bars, 0.f);
    EXPECT_EQ(choose.shown, 2);
    const DecodeInstant fall = decode_instant(*g, 5 + kChooseBeats + 0.3);
    EXPECT_EQ(fall.shown, 3);
    EXPECT_GT(fall.drop, 0.f);
    EXPECT_LT(fall.drop, 1.f);
    const DecodeInstant climb = decode_instant(*g, 5 + kChooseBeats + kDropBeats + 0.95);
    EXPECT_EQ(climb.resting, 2);  // the prompt stays at the top: its K/V are cached
    EXPECT_NEAR(climb.playhead, 1.9, 1e-12);
    EXPECT_TRUE(decode_instant(*g, 1e9).finished);
}

TEST(Decode, EachLayersCacheHoldsThePositionsThatPassedItsAttention) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    const auto rows = [&](double beat) {
        std::vector<int> r;
        for (const Cache& c : caches_of(svg_at(w, beat))) {
            EXPECT_EQ(c.rows, c.rows_attr);
            EXPECT_EQ(c.cells, c.rows * 2 * 2);  // a K and a V cell per K/V head, h_kv = 2
            r.push_back(c.rows);
        }
        return r;
    };
    EXPECT_EQ(rows(0.2), (std::vector<int>{0, 0}));  // the prompt not yet in attention 1
    EXPECT_EQ(rows(1.5), (std::vector<int>{2, 0}));  // past attention 1 (level 1), below attention 2 (level 3)
    EXPECT_EQ(rows(5.5), (std::vector<int>{2, 2}));  // word 1 chosen from the prompt's cache
    const double climb = 5 + kChooseBeats + kDropBeats;
    EXPECT_EQ(rows(climb + 0.5), (std::vector<int>{3, 2}));  // word 1 alone past attention 1
    const std::vector<Cache> c = caches_of(svg_at(w, climb + 0.5));
    EXPECT_EQ(c[0].fresh, 2);   // its column, just added
    EXPECT_EQ(c[1].fresh, -1);
    EXPECT_EQ(rows(1e9), (std::vector<int>{5, 5}));  // the story told: 2 + 3 positions
}

TEST(Decode, WithoutTheCacheEveryBeadClimbsAgainAndTheCacheEmpties) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, "/cache off"));
    ASSERT_TRUE(run_all(w, kGenerate));
    const std::string svg = svg_at(w, 5 + kChooseBeats + kDropBeats + 0.5);
    const std::vector<Cache> c = caches_of(svg);
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].mode, "off");
    EXPECT_EQ(c[0].rows, 3);  // recomputed: the three positions passed attention 1 again
    EXPECT_EQ(c[1].rows, 0);
    // Every bead is at level 1: the prompt's rose again with the new word.
    const std::regex bead("<circle[^>]*data-role=\"bead\"[^>]*>");
    int beads = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bead); it != std::sregex_iterator(); ++it, ++beads)
        EXPECT_EQ(attr(it->str(), "data-level"), "1");
    EXPECT_EQ(beads, 3);
}

TEST(Decode, WithTheCacheThePromptRestsAtTheTopAndTheNewWordClimbsAlone) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    const std::string svg = svg_at(w, 5 + kChooseBeats + kDropBeats + 0.5);
    const std::regex bead("<circle[^>]*data-role=\"bead\"[^>]*>");
    std::map<int, std::string> level;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bead); it != std::sregex_iterator(); ++it)
        level[std::stoi(attr(it->str(), "data-token"))] = attr(it->str(), "data-level");
    EXPECT_EQ(level, (std::map<int, std::string>{{0, "5"}, {1, "5"}, {2, "1"}}));  // tokens 3, 4 not generated yet
}

TEST(Decode, GqaHoldsAQuarterOfMhasCellsAtEightHeadsAndTwoKvHeads) {
    std::vector<int> cells;
    for (const char* heads : {"/dimension 16; /tetes 8", "/dimension 16; /tetes 8 2"}) {
        test::WindowFeatures w;
        ASSERT_TRUE(run_all(w, std::string("/masque causal; ") + heads + "; /phrase le chat; /generer 3")) << heads;
        cells.push_back(caches_of(svg_at(w, 1e9)).front().cells);
    }
    EXPECT_EQ(cells[0], 5 * 2 * 8);
    EXPECT_EQ(cells[1] * 4, cells[0]);
}

TEST(Decode, TheQuerysStripIsItsAttentionRowOverTheCachedPositions) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    const std::vector<Cache> c = caches_of(svg_at(w, 1e9));
    const Trace& t = *w.session.trace();
    for (const Cache& cache : c) {
        ASSERT_EQ(cache.weights.size(), 5u);
        double sum = 0;
        for (std::size_t j = 0; j < cache.weights.size(); ++j) {
            EXPECT_NEAR(cache.weights[j], t.levels[static_cast<std::size_t>(cache.level)].attention_weights[0](4, static_cast<int>(j)), 1e-6);
            sum += cache.weights[j];
        }
        EXPECT_NEAR(sum, 1.0, 1e-6);  // softmax over the keys a causal query reads
    }
}

// The bars of word 1 under two temperatures: the same logits, other probabilities (seed 002).
TEST(Decode, TheTemperatureMovesTheProbabilitiesNeverTheLogits) {
    std::vector<std::map<std::string, std::pair<double, double>>> bars;
    for (const char* t : {"/temperature 0", "/temperature 1,5"}) {
        test::WindowFeatures w;
        ASSERT_TRUE(run_all(w, std::string(t) + "; " + kGenerate));
        const std::string svg = svg_at(w, 5.5);
        std::map<std::string, std::pair<double, double>> words;
        const std::regex bar("<g[^>]*data-part=\"word-bar\"[^>]*>");
        int chosen = 0;
        for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bar); it != std::sregex_iterator(); ++it) {
            words[attr(it->str(), "data-text")] = {std::stod(attr(it->str(), "data-logit")), std::stod(attr(it->str(), "data-probability"))};
            chosen += attr(it->str(), "data-chosen") == "1";
        }
        EXPECT_EQ(chosen, 1);
        ASSERT_FALSE(words.empty());
        bars.push_back(words);
    }
    int shared = 0;
    for (const auto& [word, greedy] : bars[0]) {
        const auto hot = bars[1].find(word);
        if (hot == bars[1].end()) continue;
        ++shared;
        EXPECT_DOUBLE_EQ(hot->second.first, greedy.first) << word;
        EXPECT_NE(hot->second.second, greedy.second) << word;
    }
    EXPECT_GE(shared, 1);
}

TEST(Decode, SideBTellsAsWordsWithItsOwnCache) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, "/masque causal; /tetes 4 1; /comparer on; /b /tetes 4; /phrase le chat; /generer 2"));
    std::map<std::string, int> cells;
    for (const Cache& c : caches_of(svg_at(w, 1e9))) cells[c.side] += c.cells;
    EXPECT_EQ(cells["a"] * 4, cells["b"]);  // MQA: one K/V head, MHA four
}

TEST(Decode, AnotherChangeEndsTheStory) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    EXPECT_NE(w.features.playback().decoding(), nullptr);
    ASSERT_TRUE(run_all(w, "/residuel off"));
    w.features.playback().update(0);  // the next frame
    EXPECT_EQ(w.features.playback().decoding(), nullptr);
    EXPECT_EQ(caches_of(w.features.svg()).size(), 0u);
}

// The panel's counters against seed 002's formula, worked by hand.
TEST(Decode, ThePanelsCacheFiguresAreSeed002sFormula) {
    test::WindowFeatures w;
    ASSERT_TRUE(run_all(w, kGenerate));
    GenerationPanelData d =
        generation_panel_data(*w.features.playback().decoding(), 1, generation_words(w.session.vocabulary()), 4, Language::French);
    for (std::string* line : {&d.toy_cache, &d.preset_cache})  // the number rule's spaces, as plain ones
        for (const std::string space : {"\u202F", "\u00A0"})
            for (std::size_t at = line->find(space); at != std::string::npos; at = line->find(space)) line->replace(at, space.size(), " ");
    // L 2, n 5, h_kv 2, d_h 8 / 4 = 2: 2 · 2 · 5 · 2 · 2 = 80 elements, 160 bytes in fp16.
    EXPECT_NE(d.toy_cache.find("= 80 éléments = 160 o"), std::string::npos) << d.toy_cache;
    // Llama 3 8B: 2 · 32 · 8 192 · 8 · 128 = 536 870 912 elements = 1 GiB; MHA (32 K/V heads) 4 GiB.
    EXPECT_NE(d.preset_cache.find("= 536 870 912 éléments"), std::string::npos) << d.preset_cache;
    EXPECT_NE(d.preset_cache.find("1 Gio"), std::string::npos) << d.preset_cache;
    EXPECT_NE(d.preset_cache.find("4 Gio : GQA divise par 4"), std::string::npos) << d.preset_cache;
    ASSERT_EQ(d.columns.size(), 4u) << d.toy_cache << "\n" << d.preset_cache;
    EXPECT_GE(d.columns[0].logit, d.columns[1].logit);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// The plots read the words generated so far: under the causal mask, the first n rows are what those
// n tokens alone give through the stack.
TEST(Decode, TheFirstTokensAreThePrefixsOwnPass) {
    const Session s = test::session("/masque causal; /couches 2; /phrase le chat regarde le chien");
    const Trace& whole = *s.trace();
    const Trace three = first_tokens(whole, 3);
    std::vector<Token> tokens(whole.tokens.begin(), whole.tokens.begin() + 3);
    const Trace alone = run(whole.settings, tokens, whole.vocabulary_size, whole.weights);
    ASSERT_EQ(three.token_count(), 3);
    for (std::size_t k = 0; k < whole.levels.size(); ++k) {
        EXPECT_LT((three.levels[k].vectors - alone.levels[k].vectors).cwiseAbs().maxCoeff(), 1e-12) << k;
        for (std::size_t h = 0; h < alone.levels[k].attention_weights.size(); ++h)
            EXPECT_LT((three.levels[k].attention_weights[h] - alone.levels[k].attention_weights[h]).cwiseAbs().maxCoeff(), 1e-12);
    }
}

}  // namespace
}  // namespace tb
