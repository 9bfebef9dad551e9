// Session files beside the weights (issue 31): the fuzz corpus's seeds of the format open to the
// numbers written in them (by hand, tests/fuzz/files/session_weights*); bad weights are refused;
// a file that holds a recipe alone still opens, trained again, but asks at most 20 000 steps a
// side; corpus paths open from any folder; an unreadable corpus says why.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "training/corpus.h"
#include "files/session_file.h"
#include "files/session_paths.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scratch(const std::string& name) { return test::scratch("tb_session_recipe", name); }

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

const std::string kSeeds = TB_SOURCE_DIR "/tests/fuzz/files/";

// session_weights: L 1, d 8, w 8, no norm, seed 7, written by hand: E[i][j] = ((i + j) mod 5 − 2)/4,
// W_q = I/8, b_q[i] = i/2, W_k = I/16, W_v = −I/2, W_o = I, W1[r][c] = (r − c)/8, b1 = 3/4, W2 = I/2,
// b2 = −1; 12 345 steps of provenance.
TEST(SessionSeeds, TheUngatedSeedOpensToItsNumbers) {
    Session s = test::session();
    const auto opened = open_session(s, kSeeds + "session_weights", nullptr);
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(s.trained_steps(), 12345);
    const Weights& w = *s.trace()->weights;
    for (int i = 0; i < test::vocabulary()->size(); ++i)
        for (int j = 0; j < 8; ++j) ASSERT_EQ(w.token_embedding(i, j), ((i + j) % 5 - 2) * 0.25) << i << ", " << j;
    const BlockWeights& b = w.blocks.at(0);
    for (int r = 0; r < 8; ++r) {
        EXPECT_EQ(b.attention.bq(r), r * 0.5);
        EXPECT_EQ(b.ffn.b1(r), 0.75);
        EXPECT_EQ(b.ffn.b2(r), -1.0);
        for (int c = 0; c < 8; ++c) {
            EXPECT_EQ(b.attention.wq(r, c), r == c ? 0.125 : 0.0);
            EXPECT_EQ(b.attention.wk(r, c), r == c ? 0.0625 : 0.0);
            EXPECT_EQ(b.attention.wv(r, c), r == c ? -0.5 : 0.0);
            EXPECT_EQ(b.attention.wo(r, c), r == c ? 1.0 : 0.0);
            EXPECT_EQ(b.ffn.w1(r, c), (r - c) * 0.125);
            EXPECT_EQ(b.ffn.w2(r, c), r == c ? 0.5 : 0.0);
        }
    }
    // Not in the file (no gating, no norm): the seed's draw.
    const Weights drawn = draw_weights(7, test::vocabulary()->size(), 8, 8, 1);
    EXPECT_EQ(b.ffn.w3, drawn.blocks[0].ffn.w3);
    EXPECT_EQ(b.norm1.gain, drawn.blocks[0].norm1.gain);
}

// session_weights_gated: L 2, pre-RMSNorm, GeGLU, learned positions, h 2 / h_kv 1, seed 99:
// E[i][j] = (i mod 3) − 1 + j/8, P[p][j] = p/2 − j/4, norm1's gain 1 + b/2, norm2's 2, W_k and
// W_v [4][8] = I/2 and −I, b_k = 1/4, W_o[r][c] = ((r + c) mod 2)/8, b_o = b, W1 = I/2, W3[r][c] =
// (c = 0), b3 = 1/2, W2[r][c] = r/8, the final gain 3; 7 000 + 8 000 steps of provenance.
TEST(SessionSeeds, TheGatedSeedOpensToItsNumbers) {
    Session s = test::session();
    const auto opened = open_session(s, kSeeds + "session_weights_gated", nullptr);
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(s.trained_steps(), 15000);
    EXPECT_EQ(s.settings().kv_heads, 1);
    const Weights& w = *s.trace()->weights;
    for (int i = 0; i < test::vocabulary()->size(); ++i)
        for (int j = 0; j < 8; ++j) ASSERT_EQ(w.token_embedding(i, j), (i % 3) - 1 + j / 8.0);
    for (int p = 0; p < 8; ++p)
        for (int j = 0; j < 8; ++j) EXPECT_EQ(s.trace()->position(p, j), p * 0.5 - j * 0.25);
    for (int blk = 0; blk < 2; ++blk) {
        const BlockWeights& b = w.blocks.at(blk);
        ASSERT_EQ(b.attention.wk.rows(), 4);
        for (int r = 0; r < 8; ++r) {
            EXPECT_EQ(b.norm1.gain(r), 1 + blk * 0.5);
            EXPECT_EQ(b.norm2.gain(r), 2.0);
            EXPECT_EQ(b.attention.bo(r), blk);
            EXPECT_EQ(b.ffn.b3(r), 0.5);
            EXPECT_EQ(w.final_norm.gain(r), 3.0);
            for (int c = 0; c < 8; ++c) {
                if (r < 4) {
                    EXPECT_EQ(b.attention.wk(r, c), r == c ? 0.5 : 0.0);
                    EXPECT_EQ(b.attention.wv(r, c), r == c ? -1.0 : 0.0);
                }
                EXPECT_EQ(b.attention.wo(r, c), ((r + c) % 2) * 0.125);
                EXPECT_EQ(b.ffn.w3(r, c), c == 0 ? 1.0 : 0.0);
                EXPECT_EQ(b.ffn.w2(r, c), r * 0.125);
            }
        }
    }
}

// The ungated seed with one change each: refused with the reason, the output untouched.
TEST(SessionSeeds, BadWeightsAreRefused) {
    const json good = json::parse(test::read_file(kSeeds + "session_weights"));
    const std::string v = std::to_string(test::vocabulary()->size());
    const std::vector<std::pair<std::function<void(json&)>, std::string>> cases = {
        {[](json& j) { j["weights"]["token_embedding"].erase(0); }, "« weights.token_embedding » : " + v + " lignes de 8 nombres finis attendues"},
        {[](json& j) { j["weights"]["blocks"][0]["ffn"]["b1"][3] = "0.75"; }, "« weights.blocks[0].ffn.b1 » : 8 nombres finis attendus"},
        {[](json& j) { j["weights"]["blocks"][0]["attention"]["extra"] = 1; }, "clé inconnue « weights.blocks[0].attention.extra »"},
        {[](json& j) { j["weights"]["blocks"][0]["ffn"].erase("w2"); }, "clé manquante « weights.blocks[0].ffn.w2 »"},
        {[](json& j) { j["weights"]["blocks"].push_back(j["weights"]["blocks"][0]); }, "« weights.blocks » : une liste de 1 blocs attendue"},
        {[](json& j) { j["settings"]["activation"] = "geglu"; }, "clé manquante « weights.blocks[0].ffn.w3 »"},
        {[](json& j) { j["settings"]["norm"] = "post"; }, "clé manquante « weights.blocks[0].norm1 »"},
        {[](json& j) { j["settings"]["norm"] = "pre"; }, "clé manquante « weights.final_norm »"},
        {[](json& j) { j["weights"] = 3; }, "« weights » doit être un objet"},
        {[](json& j) { j["training"] = json::array(); }, "« weights » sans l'entraînement qui les a faits (« training » vide)"},
        {[](json& j) { j["weights_b"] = j["weights"]; }, "« weights_b » sans l'entraînement qui les a faits (« training_b » vide)"},
    };
    for (const auto& [change, message] : cases) {
        json j = good;
        change(j);
        SessionFile out;
        out.settings.layers = 5;
        EXPECT_EQ(parse_session(j.dump(), *test::vocabulary(), out).value_or("accepted"), message);
        EXPECT_EQ(out.settings.layers, 5) << message;
    }
    json huge = good;  // 1e999 is not a finite double
    const std::string text = huge.dump();
    std::string with_huge = text;
    with_huge.replace(with_huge.find("\"b1\":[0.75"), 10, "\"b1\":[1e999");
    SessionFile out;
    EXPECT_TRUE(parse_session(with_huge, *test::vocabulary(), out).has_value());
}

// A file without weights (version 1, or 2 without "weights") whose runs ask more than 20 000 steps
// in all is refused at once, in French and English, and nothing changes; 20 000 pass the check.
TEST(SessionRecipe, ARecipeAloneAsksAtMostTwentyThousandSteps) {
    const std::uint64_t interne = builtin_corpus("interne", *test::vocabulary()).corpus->identity;
    json file = json::parse(session_to_text({test::settings("/couches 1; /ffn 8")}));
    file["version"] = 1;
    const auto run = [&](int steps) {
        return json{{"corpus", "interne"}, {"corpus_identity", interne}, {"batch_size", 16}, {"learning_rate", 0.003}, {"steps", steps}};
    };
    const fs::path path = scratch("recipe_cap.json");
    for (const auto& [runs, said_fr, said_en] :
         {std::tuple{std::vector<int>{10000, 10001}, "20\u202F001", "20,001"}, std::tuple{std::vector<int>(1000, 10000), "10\u202F000\u202F000", "10,000,000"}}) {
        file["training"] = json::array();
        for (int steps : runs) file["training"].push_back(run(steps));
        write(path, file.dump());
        Session s = test::session("/couches 4");
        const json before = to_json(*s.trace());
        const CommandResult r = open_session(s, path.string(), nullptr);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.message, "session non ouverte : « " + path.string() + " » garde son entraînement sans ses poids, à refaire : " +
                                 said_fr + " pas, plus que les 20\u202F000 permis ; rien n'a changé");
        EXPECT_EQ(r.english, "session not opened: “" + path.string() + "” keeps its training without its weights, to be redone: " +
                                 said_en + " steps, more than the 20,000 allowed; nothing changed");
        EXPECT_EQ(to_json(*s.trace()), before);
    }
    file["training"] = json::array({run(12000), run(8000)});
    write(path, file.dump());
    SessionOpening opening;
    ASSERT_TRUE(check_opening(test::session(), path.string(), nullptr, opening).ok);
    EXPECT_EQ(opening.steps(), 20000);
    // A small one is trained again, step for step, to the model it names.
    file["training"] = json::array({run(4), run(3)});
    write(path, file.dump());
    Session reopened = test::session();
    const CommandResult r = open_session(reopened, path.string(), nullptr);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.message, "session ouverte : « " + path.string() + " » (graine 2017) ; entraînement refait : 7 pas");
    Session trained = test::session("/couches 1; /ffn 8; /entrainer 4; /corpus interne; /entrainer 3");
    EXPECT_EQ(to_json(*reopened.trace()), to_json(*trained.trace()));
}

TEST(SessionRecipe, CorpusPathsAreStoredForTheSessionsFolder) {
    EXPECT_EQ(stored_corpus_path("/x/a/c.txt", "/x/a/s.json"), "c.txt");
    EXPECT_EQ(stored_corpus_path("/x/a/sous/c.txt", "/x/a/s.json"), "sous/c.txt");
    EXPECT_EQ(stored_corpus_path("/x/b/c.txt", "/x/a/s.json"), "/x/b/c.txt");
    EXPECT_EQ(stored_corpus_path("/x/c.txt", "/x/a/s.json"), "/x/c.txt");
    EXPECT_EQ(stored_corpus_path("interne", "/x/a/s.json"), "interne");
    EXPECT_EQ(stored_corpus_path("/x/a/interne", "/x/a/s.json"), "./interne");  // not the built-in one
    EXPECT_EQ(corpus_candidates("c.txt", "/x/a/s.json", 2), std::vector<std::string>{"/x/a/c.txt"});
    EXPECT_EQ(corpus_candidates("../c.txt", "/x/a/s.json", 2), std::vector<std::string>{"/x/c.txt"});
    EXPECT_EQ(corpus_candidates("./interne", "/x/a/s.json", 2), std::vector<std::string>{"/x/a/interne"});
    EXPECT_EQ(corpus_candidates("/y/c.txt", "/x/a/s.json", 1), std::vector<std::string>{"/y/c.txt"});
    EXPECT_EQ(corpus_candidates("grammaire", "/x/a/s.json", 1), std::vector<std::string>{"grammaire"});
    const std::string typed = (fs::current_path() / "c.txt").lexically_normal().string();
    EXPECT_EQ(corpus_candidates("c.txt", "/x/a/s.json", 1), (std::vector<std::string>{"/x/a/c.txt", typed}));
}

// A folder with its corpus and session, copied elsewhere and the original removed: the copy opens,
// with its weights or (a recipe alone) trained again from the copy's corpus.
TEST(SessionRecipe, ASessionAndItsCorpusOpenFromAnotherFolder) {
    const fs::path a = scratch("dossier_a"), b = scratch("dossier_b");
    fs::remove_all(a), fs::remove_all(b), fs::create_directories(a);
    write(a / "c.txt", "le chat dort\nle chien mange\nla souris dort\nle chat mange le fromage\n");
    Session trained = test::session("/couches 1; /corpus ouvrir " + (a / "c.txt").string() + "; /entrainer 3");
    ASSERT_TRUE(save_session(trained, (a / "s.json").string(), nullptr).ok);
    json file = json::parse(test::read_file(a / "s.json"));
    EXPECT_EQ(file["training"][0]["corpus"], "c.txt");
    file.erase("weights");
    write(a / "recette.json", file.dump());
    fs::copy(a, b, fs::copy_options::recursive);
    fs::remove_all(a);
    for (const char* name : {"s.json", "recette.json"}) {
        Session s = test::session();
        const CommandResult r = open_session(s, (b / name).string(), nullptr);
        ASSERT_TRUE(r.ok) << r.message;
        EXPECT_EQ(to_json(*s.trace()), to_json(*trained.trace())) << name;
        ASSERT_TRUE(s.corpus()) << name;
        EXPECT_EQ(s.corpus()->name, (b / "c.txt").string()) << name;
        // Saved again in another folder: the corpus, outside it, is stored absolute; in its parent folder, relative.
        fs::create_directories(scratch("ailleurs"));
        for (const auto& [where, stored] : {std::pair{scratch("ailleurs") / "s.json", (b / "c.txt").string()},
                                            std::pair{scratch("parent.json"), std::string("dossier_b/c.txt")}}) {
            ASSERT_TRUE(save_session(s, where.string(), nullptr).ok);
            EXPECT_EQ(json::parse(test::read_file(where))["training"][0]["corpus"], stored) << name;
        }
    }
}

// A recipe alone whose corpus is gone or no longer a corpus: the refusal names the loader's reason.
// With its weights, the file opens and says that /entrainer will use the built-in corpus.
TEST(SessionRecipe, AnUnreadableCorpusSaysWhy) {
    const fs::path corpus = scratch("disparu.txt"), path = scratch("disparu.json");
    write(corpus, "le chat dort\nle chien mange\nla souris dort\n");
    Session trained = test::session("/couches 1; /corpus ouvrir " + corpus.string() + "; /entrainer 2");
    ASSERT_TRUE(save_session(trained, path.string(), nullptr).ok);
    json recipe = json::parse(test::read_file(path));
    recipe.erase("weights");
    const fs::path recipe_path = scratch("disparu_recette.json");
    write(recipe_path, recipe.dump());
    const std::string c = corpus.string();
    for (const auto& [content, fr, en] :
         {std::tuple{std::optional<std::string>{}, "fichier « " + c + " » introuvable", "file “" + c + "” not found"},
          std::tuple{std::optional<std::string>{""}, "« " + c + " » est vide", "\"" + c + "\" is empty"}}) {
        fs::remove(corpus);
        if (content) write(corpus, *content);
        Session s = test::session("/couches 3");
        const json before = to_json(*s.trace());
        const CommandResult r = open_session(s, recipe_path.string(), nullptr);
        EXPECT_FALSE(r.ok);
        EXPECT_EQ(r.message, "session non ouverte : le corpus « " + c + " » de son entraînement est illisible : " + fr + " ; rien n'a changé");
        EXPECT_EQ(r.english, "session not opened: the corpus “" + c + "” of its training cannot be read: " + en + "; nothing changed");
        EXPECT_EQ(to_json(*s.trace()), before);
        const CommandResult with_weights = open_session(s, path.string(), nullptr);
        ASSERT_TRUE(with_weights.ok) << with_weights.message;
        EXPECT_EQ(with_weights.message, "session ouverte : « " + path.string() + " » (graine 2017) ; poids entraînés rechargés : 2 pas ; le corpus « " +
                                            c + " » de son dernier entraînement est illisible (" + fr +
                                            ") : /entrainer prendra le corpus interne");
        EXPECT_EQ(s.corpus(), nullptr);
    }
}

}  // namespace
}  // namespace tb
