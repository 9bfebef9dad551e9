// A trained session reopened in the window (/session ouvrir, the last session at start-up): a file
// with its weights opens at once, both sides of A/B identical to the saved ones; a file that holds
// a recipe alone (version 1) trains on the worker, so the command returns at once and the window
// keeps drawing, and is put in place whole when the training is done (weights, Adam's state, the
// training log); a refusal, or a cancel, changes nothing.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../features_fixture.h"
#include "training/corpus.h"
#include "model/trace_json.h"
#include "commands/training_commands.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tb_reopen_" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

json traced(const Session& s) { return to_json(*s.trace()); }  // every level and every weight

// The model as saved against the model as reopened: the trace (weights included), the training log
// (initial weights, every batch and loss, final weights) and the next steps (Adam's state).
void expect_same_model(Session& saved, Session& reopened, CommandRegistry& registry, const std::string& side) {
    EXPECT_EQ(reopened.trained_steps(), saved.trained_steps()) << side;
    EXPECT_EQ(traced(reopened), traced(saved)) << side;
    EXPECT_EQ(*training_log(reopened), *training_log(saved)) << side;
    ASSERT_TRUE(registry.execute(saved, "/entrainer 3").ok) << side;
    ASSERT_TRUE(registry.execute(reopened, "/entrainer 3").ok) << side;
    EXPECT_EQ(traced(reopened), traced(saved)) << side << ": Adam's state came back too";
}

// The saved file without its weights: a recipe alone, as version 1 wrote it.
fs::path recipe_only(const fs::path& saved, const std::string& name) {
    json file;
    std::ifstream(saved) >> file;
    file.erase("weights"), file.erase("weights_b");
    const fs::path path = scratch(name);
    std::ofstream(path) << file.dump();
    return path;
}

TEST(Reopen, ATrainedSessionReopensOnTheWorkerToTheIdenticalModel) {
    test::WindowFeatures w;
    for (const char* line : {"/couches 2", "/entrainer 30", "/taux 0,001", "/entrainer 20"}) {
        ASSERT_TRUE(w.run(line).ok) << line;
        w.features.wait_for_training();
    }
    ASSERT_EQ(w.session.trained_steps(), 50);
    const fs::path saved = scratch("normal.json");
    ASSERT_TRUE(w.run("/session enregistrer " + saved.string()).ok);

    // With its weights: at once, nothing trains.
    test::WindowFeatures at_once;
    const CommandResult loaded = at_once.run("/session ouvrir " + saved.string());
    ASSERT_TRUE(loaded.ok) << loaded.message;
    EXPECT_EQ(loaded.message, "session ouverte : « " + saved.string() + " » (graine 2017) ; poids entraînés rechargés : 50 pas");
    EXPECT_FALSE(at_once.features.training().reopening().has_value());
    EXPECT_EQ(traced(at_once.session), traced(w.session));

    const fs::path path = recipe_only(saved, "normal_recipe.json");
    test::WindowFeatures r;
    const json before = traced(r.session);
    const CommandResult opening = r.run("/session ouvrir " + path.string());
    ASSERT_TRUE(opening.ok) << opening.message;
    EXPECT_EQ(opening.message, "session « " + path.string() + " » : réentraînement de 50 pas, elle s'ouvre à la fin");
    EXPECT_EQ(traced(r.session), before);  // nothing changes before the end
    r.features.wait_for_training();
    EXPECT_EQ(r.features.log().back().text, "session ouverte : « " + path.string() + " » (graine 2017) ; entraînement refait : 50 pas");
    EXPECT_FALSE(r.features.training().running());
    CommandRegistry registry;  // headless /entrainer on both sides: the same next steps
    expect_same_model(w.session, r.session, registry, "A");
}

// The A/B, trained: side B's weights and recipe are saved beside A's and both reopen
// trained, each equal to its saved side: at once with the weights, on the worker without them.
TEST(Reopen, AnABSessionReopensWithBothSidesTrained) {
    test::WindowFeatures w;
    for (const char* line : {"/comparer on", "/b /residuel off", "/couches 3", "/dimension 16", "/ffn 64", "/entrainer 20"})
        ASSERT_TRUE(w.run(line).ok) << line;
    w.features.wait_for_training();
    ASSERT_TRUE(w.run("/lot 8").ok);  // a second run on both sides
    ASSERT_TRUE(w.run("/entrainer 10").ok);
    w.features.wait_for_training();
    Session b = *w.features.comparison().b();  // a copy: it trains its own run below
    ASSERT_EQ(w.session.trained_steps(), 30);
    ASSERT_EQ(b.trained_steps(), 30);
    const fs::path saved = scratch("ab.json");
    ASSERT_TRUE(w.run("/session enregistrer " + saved.string()).ok);
    std::ifstream in(saved);
    const json file = json::parse(in);
    ASSERT_EQ(file["training_b"].size(), 2u);
    EXPECT_EQ(file["training_b"][1]["batch_size"], 8);
    EXPECT_EQ(file["training"].size(), 2u);
    EXPECT_TRUE(file.contains("weights") && file.contains("weights_b"));

    test::WindowFeatures at_once;
    ASSERT_TRUE(at_once.run("/session ouvrir " + saved.string()).ok);
    ASSERT_TRUE(at_once.features.comparison().is_open());
    EXPECT_EQ(traced(*at_once.features.comparison().b()), traced(b));
    EXPECT_EQ(at_once.features.comparison().b()->trained_steps(), 30);
    EXPECT_EQ(traced(at_once.session), traced(w.session));

    test::WindowFeatures r;
    ASSERT_TRUE(r.run("/session ouvrir " + recipe_only(saved, "ab_recipe.json").string()).ok);
    EXPECT_EQ(r.features.training().reopening()->total, 60);
    EXPECT_FALSE(r.features.comparison().is_open());  // not yet
    r.features.wait_for_training();
    ASSERT_TRUE(r.features.comparison().is_open());
    Session rb = *r.features.comparison().b();
    EXPECT_FALSE(rb.settings().residual);
    CommandRegistry registry;
    expect_same_model(b, rb, registry, "B");
    expect_same_model(w.session, r.session, registry, "A");
}

// A long recipe (10 000 steps at L 6, d 16): the command returns with almost nothing trained, the
// view commands go through meanwhile, the caption counts the steps, and a command that changes
// the model cancels the opening: nothing of the file comes in.
TEST(Reopen, ALongRecipeReturnsAtOnceAndACommandCancelsIt) {
    json file = {{"format", "transformer-bloc-session"}, {"version", 1}};
    {
        test::WindowFeatures w;
        for (const char* line : {"/couches 6", "/dimension 16", "/ffn 64"}) ASSERT_TRUE(w.run(line).ok);
        const fs::path plain = scratch("long_plain.json");
        ASSERT_TRUE(w.run("/session enregistrer " + plain.string()).ok);
        std::ifstream in(plain);
        file = json::parse(in);
    }
    const Corpus interne = *builtin_corpus("interne", *test::vocabulary()).corpus;
    file["training"] = json::array({{{"corpus", "interne"}, {"corpus_identity", interne.identity}, {"batch_size", 16},
                                     {"learning_rate", 0.003}, {"steps", 10000}}});
    const fs::path path = scratch("long.json");
    std::ofstream(path) << file.dump();

    test::WindowFeatures r;
    ASSERT_TRUE(r.run("/session ouvrir " + path.string()).ok);
    const auto progress = r.features.training().reopening();
    ASSERT_TRUE(progress.has_value());
    EXPECT_EQ(progress->total, 10000);
    EXPECT_LT(progress->done, 10000);  // returned long before the end
    for (int frame = 0; frame < 5; ++frame) r.features.update(1.0 / 60);  // frames go on
    EXPECT_TRUE(r.features.training().running());
    EXPECT_EQ(r.features.caption().rfind("réentraînement de la session… ", 0), 0u) << r.features.caption();
    EXPECT_NE(r.features.caption().find(" / 10\u202F000"), std::string::npos) << r.features.caption();
    EXPECT_TRUE(r.run("/vue vitesse 2").ok);  // a view command goes through
    EXPECT_TRUE(r.features.training().running());
    const CommandResult refused = r.run("/entrainer 5");
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message.rfind("la session « " + path.string() + " » se réentraîne (", 0), 0u) << refused.message;
    const CommandResult changed = r.run("/couches 3");
    ASSERT_TRUE(changed.ok);
    EXPECT_EQ(changed.message.rfind("ouverture de la session « " + path.string() + " » annulée ; rien n'a changé\n", 0), 0u) << changed.message;
    EXPECT_FALSE(r.features.training().running());
    EXPECT_EQ(r.session.settings().layers, 3);
    EXPECT_EQ(r.session.settings().dimension, 8);  // nothing of the file
    EXPECT_EQ(r.session.trained_steps(), 0);
}

// A recipe alone whose corpus is gone: refused at once, with the reason.
TEST(Reopen, AMissingCorpusIsRefusedAtOnceAndChangesNothing) {
    const fs::path corpus = scratch("gone.txt");
    std::ofstream(corpus) << "le chat dort\nle chien mange\nla souris dort\n";
    test::WindowFeatures w;
    for (const std::string& line : {std::string("/couches 3"), "/corpus ouvrir " + corpus.string(), std::string("/entrainer 5")})
        ASSERT_TRUE(w.run(line).ok) << line;
    w.features.wait_for_training();
    const fs::path saved = scratch("gone.json");
    ASSERT_TRUE(w.run("/session enregistrer " + saved.string()).ok);
    const fs::path path = recipe_only(saved, "gone_recipe.json");
    fs::remove(corpus);

    test::WindowFeatures r;
    const json before = traced(r.session);
    const CommandResult refused = r.run("/session ouvrir " + path.string());
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message, "session non ouverte : le corpus « " + corpus.string() + " » de son entraînement est illisible : fichier « " +
                                   corpus.string() + " » introuvable ; rien n'a changé");
    EXPECT_FALSE(r.features.training().running());
    EXPECT_EQ(traced(r.session), before);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// A side B that cannot be (h = 8 at d = 8: d_h = 1) is refused with the file, before anything
// changes, instead of stopping the program.
TEST(Reopen, AnImpossibleSideBIsRefused) {
    test::WindowFeatures w;
    const fs::path plain = scratch("b_plain.json");
    ASSERT_TRUE(w.run("/session enregistrer " + plain.string()).ok);
    json file;
    std::ifstream(plain) >> file;
    file["view"]["comparison"] = {{"heads", 8}, {"kv_heads", 8}};
    const fs::path path = scratch("b_impossible.json");
    std::ofstream(path) << file.dump();
    const json before = traced(w.session);
    const CommandResult refused = w.run("/session ouvrir " + path.string());
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message.rfind("session non ouverte : « " + path.string() + " » : côté B : ", 0), 0u) << refused.message;
    EXPECT_FALSE(w.features.comparison().is_open());
    EXPECT_EQ(traced(w.session), before);
}

}  // namespace
}  // namespace tb
