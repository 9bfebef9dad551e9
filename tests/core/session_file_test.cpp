// Saved sessions: a saved session reopens to the identical trace; a truncated, corrupt or
// foreign file is refused with a French reason and changes nothing.
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "files/session_file.h"
#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tb_sessions_" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

void write(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* kScript = "/couches 3; /norme post; /residuel off; /position appris; /ffn 20; /dimension 16; "
                      "/masque causal; /activation relu; /normalisation rmsnorm; /phrase la souris mange le fromage; /graine 123456789012345; "
                      "/etape 4";

TEST(SessionFile, ASavedSessionReopensToTheIdenticalTrace) {
    CommandRegistry registry;
    add_session_commands(registry);
    Session a = test::session(kScript);
    const fs::path path = scratch("saved.json");
    const auto saved = registry.execute(a, "/session enregistrer " + path.string());
    ASSERT_TRUE(saved.ok) << saved.message;
    EXPECT_NE(saved.message.find(path.string()), std::string::npos);
    EXPECT_FALSE(fs::exists(path.string() + ".tmp"));

    Session b = test::session();
    EXPECT_NE(to_json(*a.trace()), to_json(*b.trace()));
    const auto opened = registry.execute(b, "/session ouvrir " + path.string());
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace()));
    EXPECT_EQ(b.settings().seed, 123456789012345u);
    EXPECT_EQ(b.settings().step, 4);
}

// A trained model: two runs (/taux between them ends the first), the second still open. The file
// holds the trained weights, with the recipe as provenance; the reopened session loads them (no
// training) and has the identical weights and trace. Adam's moments are not kept: a next /entrainer
// starts a new run from the weights, as the saved session does after /corpus ends its run.
TEST(SessionFile, ATrainedSessionReopensToTheIdenticalTrainedModel) {
    CommandRegistry registry;
    add_session_commands(registry);
    Session a = test::session("/couches 2; /entrainer 30; /taux 0,001; /lot 8; /echauffement 12; /entrainer 20; /etape 3");
    ASSERT_EQ(a.trained_steps(), 50);
    const fs::path path = scratch("trained.json");
    ASSERT_TRUE(registry.execute(a, "/session enregistrer " + path.string()).ok);
    const json file = json::parse(read(path));
    ASSERT_EQ(file["training"].size(), 2u);
    EXPECT_EQ(file["version"], 2);
    EXPECT_EQ(file["training"][0]["corpus"], "interne");
    EXPECT_EQ(file["training"][0]["steps"], 30);
    EXPECT_EQ(file["training"][0]["batch_size"], 16);
    EXPECT_EQ(file["training"][0]["learning_rate"], 0.003);
    EXPECT_EQ(file["training"][0]["warmup_steps"], 0);
    EXPECT_EQ(file["training"][1]["steps"], 20);
    EXPECT_EQ(file["training"][1]["batch_size"], 8);
    EXPECT_EQ(file["training"][1]["learning_rate"], 0.001);
    EXPECT_EQ(file["training"][1]["warmup_steps"], 12);
    EXPECT_EQ(file["weights"], to_json(*a.trace())["weights"]);  // the trace's weights, as it writes them

    Session b = test::session("/couches 2; /entrainer 5");  // another trained model: replaced, not kept
    const auto opened = registry.execute(b, "/session ouvrir " + path.string());
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_NE(opened.message.find("poids entraînés rechargés : 50 pas"), std::string::npos) << opened.message;
    EXPECT_EQ(b.trained_steps(), 50);
    EXPECT_EQ(b.training(), nullptr);  // nothing trained on opening, no run open
    EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace()));  // every level, every weight the trace writes
    EXPECT_EQ(a.settings().learning_rate, b.settings().learning_rate);
    EXPECT_EQ(b.settings().warmup_steps, 12);
    ASSERT_TRUE(registry.execute(a, "/corpus interne").ok);  // ends a's run: Adam from zero, as b
    for (Session* s : {&a, &b}) ASSERT_TRUE(registry.execute(*s, "/entrainer 7").ok);
    EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace()));
    EXPECT_EQ(b.trained_steps(), 57);

    // The untrained file of the same settings opens untrained.
    Session c = test::session("/couches 2");
    const fs::path plain = scratch("untrained.json");
    ASSERT_TRUE(registry.execute(c, "/session enregistrer " + plain.string()).ok);
    ASSERT_TRUE(registry.execute(b, "/session ouvrir " + plain.string()).ok);
    EXPECT_EQ(b.trained_steps(), 0);
    EXPECT_EQ(to_json(*b.trace()), to_json(*c.trace()));
}

TEST(SessionFile, ATrainingOnACorpusThatChangedIsRefused) {
    CommandRegistry registry;
    add_session_commands(registry);
    const fs::path corpus = scratch("corpus.txt");
    write(corpus, "le chat dort\nle chien mange\nla souris dort\nle chat mange le fromage\n");
    Session a = test::session("/couches 1; /corpus ouvrir " + corpus.string() + "; /entrainer 3");
    ASSERT_EQ(a.trained_steps(), 3);
    const fs::path path = scratch("on_file.json");
    ASSERT_TRUE(registry.execute(a, "/session enregistrer " + path.string()).ok);
    Session same = test::session();
    ASSERT_TRUE(registry.execute(same, "/session ouvrir " + path.string()).ok);
    EXPECT_EQ(to_json(*a.trace()), to_json(*same.trace()));

    write(corpus, "le chat dort\nle chien dort\nla souris dort\nle chat mange le fromage\n");
    Session b = test::session("/couches 3");
    const json before = to_json(*b.trace());
    // The file with its weights still opens (the corpus is provenance); without them it is refused.
    Session with_weights = test::session();
    ASSERT_TRUE(registry.execute(with_weights, "/session ouvrir " + path.string()).ok);
    EXPECT_EQ(to_json(*a.trace()), to_json(*with_weights.trace()));
    json recipe_only = json::parse(read(path));
    recipe_only.erase("weights");
    write(path, recipe_only.dump());
    const auto refused = registry.execute(b, "/session ouvrir " + path.string());
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message, "session non ouverte : le corpus « " + corpus.string() + " » de son entraînement a changé depuis ; rien n'a changé");
    EXPECT_EQ(to_json(*b.trace()), before);
    for (const char* bad : {R"([{"corpus": "interne", "corpus_identity": 1, "batch_size": 0, "learning_rate": 0.003, "steps": 3}])",
                            R"([{"corpus": "interne", "corpus_identity": 1, "batch_size": 16, "learning_rate": 0.003, "steps": 0}])",
                            R"([{"corpus": "interne", "corpus_identity": -1, "batch_size": 16, "learning_rate": 0.003, "steps": 3}])",
                            R"({"corpus": "interne"})"}) {
        json file = json::parse(read(path));
        file["training"] = json::parse(bad);
        const fs::path broken = scratch("broken.json");
        write(broken, file.dump());
        const auto r = registry.execute(b, "/session ouvrir " + broken.string());
        EXPECT_FALSE(r.ok) << bad;
        EXPECT_NE(r.message.find("« training »"), std::string::npos) << r.message;
        EXPECT_EQ(to_json(*b.trace()), before) << bad;
    }
}

TEST(SessionFile, SettingsRoundTripEveryField) {
    const Session a = test::session(kScript);
    Settings back;
    ASSERT_FALSE(settings_from_json(settings_to_json(a.settings()), a.vocabulary(), back).has_value());
    EXPECT_EQ(settings_to_json(back), settings_to_json(a.settings()));
    EXPECT_TRUE(same_model(back, a.settings()));
    // The settings block holds what the trace file's settings hold (cli.md), nothing more or less.
    json from_trace = to_json(*a.trace())["settings"];
    EXPECT_EQ(settings_to_json(a.settings()), from_trace);
}

TEST(SessionFile, ATruncatedFileIsRefusedAndThePreviousStateKept) {
    CommandRegistry registry;
    add_session_commands(registry);
    Session source = test::session(kScript);
    const fs::path good = scratch("good.json");
    ASSERT_TRUE(registry.execute(source, "/session enregistrer " + good.string()).ok);
    const std::string text = read(good);

    Session target = test::session("/couches 4; /graine 99");
    const json before = to_json(*target.trace());
    for (std::size_t cut : {std::size_t{0}, std::size_t{1}, text.size() / 3, text.size() / 2, text.size() - 3}) {
        const fs::path truncated = scratch("truncated.json");
        write(truncated, text.substr(0, cut));
        const auto r = registry.execute(target, "/session ouvrir " + truncated.string());
        EXPECT_FALSE(r.ok) << "cut at " << cut;
        EXPECT_NE(r.message.find("rien n'a changé"), std::string::npos) << r.message;
        EXPECT_EQ(to_json(*target.trace()), before);
    }
}

TEST(SessionFile, ForeignOrOutOfRangeFilesAreRefused) {
    const Session source = test::session();
    const json good = json::parse(session_to_text({source.settings(), json::object()}));
    auto with = [&](const std::function<void(json&)>& change) {
        json j = good;
        change(j);
        return j.dump();
    };
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"foreign format", with([](json& j) { j["format"] = "autre-programme"; })},
        {"no format", with([](json& j) { j.erase("format"); })},
        {"version 3", with([](json& j) { j["version"] = 3; })},
        {"version 0", with([](json& j) { j["version"] = 0; })},
        {"weights in version 1", with([](json& j) { j["version"] = 1, j["weights"] = json::object(); })},
        {"unknown top key", with([](json& j) { j["extra"] = 1; })},
        {"unknown setting", with([](json& j) { j["settings"]["couleur"] = "rouge"; })},
        {"missing setting", with([](json& j) { j["settings"].erase("seed"); })},
        {"layers 9", with([](json& j) { j["settings"]["layers"] = 9; })},
        {"layers 2.5", with([](json& j) { j["settings"]["layers"] = 2.5; })},
        {"layers as text", with([](json& j) { j["settings"]["layers"] = "2"; })},
        {"dimension 12", with([](json& j) { j["settings"]["dimension"] = 12; })},
        {"ffn 65", with([](json& j) { j["settings"]["ffn"] = 65; })},
        {"step 6 with L=2", with([](json& j) { j["settings"]["step"] = 6; })},
        {"negative seed", with([](json& j) { j["settings"]["seed"] = -1; })},
        {"norm unknown", with([](json& j) { j["settings"]["norm"] = "rms"; })},
        {"residual as text", with([](json& j) { j["settings"]["residual"] = "on"; })},
        {"one word", with([](json& j) { j["settings"]["sentence"] = "chat"; })},
        {"view not an object", with([](json& j) { j["view"] = 3; })},
        {"an array", "[1, 2, 3]"},
        {"not json", "bonjour"},
        {"invalid utf-8", std::string("{\"format\": \"\xff\"}")},
    };
    for (const auto& [name, text] : bad) {
        SessionFile out;
        out.settings.layers = 5;
        const auto error = parse_session(text, source.vocabulary(), out);
        EXPECT_TRUE(error.has_value()) << name;
        EXPECT_FALSE(error.value_or("").empty()) << name;
        EXPECT_EQ(out.settings.layers, 5) << name << ": the output must stay untouched";
    }
    SessionFile out;
    EXPECT_FALSE(parse_session(good.dump(), source.vocabulary(), out).has_value());
}

// Every refusal names the value the file held, as JSON, cut at 40 characters with control
// characters shown (issue 17): the messages below are written by hand from that rule.
TEST(SessionFile, EveryRefusalNamesTheValueFound) {
    const Session source = test::session();
    const json good = json::parse(session_to_text({source.settings(), json::object()}));
    const json run = {{"corpus", "interne"}, {"corpus_identity", 1}, {"batch_size", 16}, {"learning_rate", 0.003}, {"steps", 10}};
    auto with = [&](const std::function<void(json&)>& change) {
        json j = good;
        change(j);
        return j.dump();
    };
    auto training = [&](const char* key, const json& value) {
        return with([&](json& j) {
            json r = run;
            r[key] = value;
            j["training"] = json::array({r});
        });
    };
    const std::string list =
        "« training » : une liste de {corpus, corpus_identity, batch_size, learning_rate, warmup_steps, steps} attendue";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {with([](json& j) { j["format"] = "autre\x1b[31m" + std::string(60, 'x'); }),
         "ce n'est pas une session de transformer-bloc (« format » attendu : transformer-bloc-session) (reçu « \"autre\\u001b[31m" +
             std::string(24, 'x') + "… »)"},
        {with([](json& j) { j["version"] = 3; }), "version de session inconnue (attendue : 1 à 2) (reçu « 3 »)"},
        {with([](json& j) { j["settings"] = json::array({1}); }), "« settings » doit être un objet (reçu « [1] »)"},
        {with([](json& j) { j["settings"]["layers"] = "2"; }), "réglage « layers » : un entier attendu (reçu « \"2\" »)"},
        {with([](json& j) { j["settings"]["layers"] = 9; }),
         "réglage « layers » : le nombre de couches doit aller de 1 à 6 (reçu « 9 »)"},
        {with([](json& j) { j["settings"]["batch_size"] = 65; }),
         "réglage « batch_size » : la taille du lot doit aller de 1 à 64 (reçu « 65 »)"},
        {with([](json& j) { j["settings"]["sentence"] = "chat"; }),
         "réglage « sentence » : la phrase doit compter de 2 à 8 mots (reçu « \"chat\" »)"},
        {with([](json& j) { j["view"] = 3; }), "« view » doit être un objet (reçu « 3 »)"},
        {with([](json& j) { j["typed_places"] = "x"; }), "« typed_places » doit être une liste d'entiers (reçu « \"x\" »)"},
        {with([](json& j) { j["typed_places"] = {0, 0.5}; }), "« typed_places » doit être une liste d'entiers (reçu « 0.5 »)"},
        {with([](json& j) { j["melanger_count"] = -1; }),
         "« melanger_count » doit être un entier de 0 à 1\u202F000\u202F000\u202F000 (reçu « -1 »)"},
        {with([](json& j) { j["training"] = "x"; }), list + " (reçu « \"x\" »)"},
        {with([](json& j) { j["training"] = {1}; }), list + " (reçu « 1 »)"},
        {training("corpus", ""), "« training » : « corpus » : du texte non vide attendu (reçu « \"\" »)"},
        {training("batch_size", "16"), "« training » : « batch_size » : un entier attendu (reçu « \"16\" »)"},
        {training("batch_size", 0), "« training » : « batch_size » : la taille du lot doit aller de 1 à 64 (reçu « 0 »)"},
        {training("learning_rate", 2), "« training » : « learning_rate » : le taux d'apprentissage doit aller de 0,00001 à 1 (reçu « 2 »)"},
        {training("warmup_steps", 1001),
         "« training » : « warmup_steps » : l'échauffement doit aller de 0 à 1000 (reçu « 1001 »)"},
        {training("warmup_steps", 2.5), "« training » : « warmup_steps » : un entier attendu (reçu « 2.5 »)"},
        {with([](json& j) { j["settings"]["warmup_steps"] = -1; }),
         "réglage « warmup_steps » : l'échauffement doit aller de 0 à 1000 (reçu « -1 »)"},
        {training("steps", 0), "« training » : « steps » : un entier de 1 à 1\u202F000\u202F000\u202F000 attendu (reçu « 0 »)"},
    };
    for (const auto& [text, message] : cases) {
        SessionFile out;
        out.settings.layers = 5;
        const auto error = parse_session(text, source.vocabulary(), out);
        ASSERT_TRUE(error.has_value()) << message;
        EXPECT_EQ(*error, message);
        EXPECT_EQ(out.settings.layers, 5) << message;
    }
    // The typed order, for the two words of « le chat »: a permutation of 0 and 1.
    const std::string places = with([](json& j) {
        j["settings"]["sentence"] = "le chat";
        j["typed_places"] = {1, 1};
    });
    SessionFile out;
    EXPECT_EQ(parse_session(places, source.vocabulary(), out).value_or(""),
              "« typed_places » : l'ordre tapé des mots doit être une permutation de 0 à 1 (2 tokens) : place 1 répétée (reçu « [1,1] »)");
}

// The window's part: checked before anything applies, so a bad view leaves the model alone too.
struct FakeView : SessionView {
    json saved = {{"scale", 1}};
    json applied;
    json save_view() const override { return saved; }
    std::optional<std::string> check_view(const json& v) const override {
        if (v.contains("scale") && v["scale"].is_number_integer()) return std::nullopt;
        return std::string("vue invalide");
    }
    void apply_view(const json& v) override { applied = v; }
};

TEST(SessionFile, ABadViewChangesNothingAGoodOneIsApplied) {
    FakeView view;
    const Session source = test::session("/couches 5");
    const fs::path good = scratch("view_good.json"), bad = scratch("view_bad.json");
    ASSERT_TRUE(save_session(source, good.string(), &view).ok);
    ASSERT_FALSE(save_session_file(bad.string(), {source.settings(), json{{"scale", "grand"}}}).has_value());

    Session target = test::session();
    EXPECT_FALSE(open_session(target, bad.string(), &view).ok);
    EXPECT_EQ(target.settings().layers, 2);
    EXPECT_TRUE(view.applied.is_null());
    EXPECT_TRUE(open_session(target, good.string(), &view).ok);
    EXPECT_EQ(target.settings().layers, 5);
    EXPECT_EQ(view.applied, view.saved);
    // Without a view (headless), the view part is ignored.
    Session headless = test::session();
    EXPECT_TRUE(open_session(headless, bad.string(), nullptr).ok);
}

TEST(SessionFile, MissingFilesAndUnwritablePathsAreFrenchErrors) {
    CommandRegistry registry;
    add_session_commands(registry);
    Session s = test::session();
    for (const std::string line : {"/session", "/session ouvrir", "/session effacer x.json",
                                   "/session ouvrir /nonexistent_tb/none.json",
                                   "/session enregistrer /nonexistent_tb/x.json"}) {
        const auto r = registry.execute(s, line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_FALSE(r.message.empty()) << line;
    }
    EXPECT_EQ(s.settings().layers, 2);
}

}  // namespace
}  // namespace tb
