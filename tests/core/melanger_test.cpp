// /melanger (seed 002): the words in another order. Without positions and mask every level's
// vectors are the unshuffled ones permuted, as typed_places says; with positions or the causal mask
// they are not. The order is drawn from (seed, "melanger", count), the identity colours follow the
// words, and a session file keeps both.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <vector>

#include "commands/melanger.h"
#include "files/session_file.h"
#include "../invariants.h"
#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test::registry;
using test::session;

CommandResult run(Session& s, const std::string& line) { return registry().execute(s, line); }

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tb_melanger_" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

std::vector<std::string> words_of(const Trace& t) {
    std::vector<std::string> words;
    for (const auto& token : t.tokens) words.push_back(token.word);
    return words;
}

// Row k of `after` is row places[k] of `before`, to `tolerance`, at every level.
::testing::AssertionResult rows_follow(const Trace& before, const Trace& after, const std::vector<int>& places,
                                       double tolerance) {
    if (before.levels.size() != after.levels.size()) return ::testing::AssertionFailure() << "level count";
    for (std::size_t l = 0; l < before.levels.size(); ++l) {
        const Matrix& a = after.levels[l].vectors;
        const Matrix& b = before.levels[l].vectors;
        for (Eigen::Index k = 0; k < a.rows(); ++k) {
            const double gap = (a.row(k) - b.row(places[static_cast<std::size_t>(k)])).cwiseAbs().maxCoeff();
            if (!(gap <= tolerance))
                return ::testing::AssertionFailure() << after.levels[l].name << ", token " << k << ": gap " << gap;
        }
    }
    return ::testing::AssertionSuccess();
}

// Whether the rows of `a` are those of `b` in some order (each matched once), to `tolerance`.
bool rows_are_a_permutation(const Matrix& a, const Matrix& b, double tolerance) {
    if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
    std::vector<bool> used(static_cast<std::size_t>(b.rows()), false);
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        bool found = false;
        for (Eigen::Index j = 0; j < b.rows() && !found; ++j)
            if (!used[static_cast<std::size_t>(j)] && (a.row(i) - b.row(j)).cwiseAbs().maxCoeff() <= tolerance)
                used[static_cast<std::size_t>(j)] = found = true;
        if (!found) return false;
    }
    return true;
}

TEST(Melanger, WithoutPositionsEveryLevelIsTheUnshuffledOnePermuted) {
    for (const char* wiring : {"", "/norme post", "/residuel off; /norme aucune", "/activation relu; /couches 3; /dimension 16",
                               "/phrase l'homme mange une pomme rouge"}) {
        Session s = session(std::string("/position aucun; ") + wiring);
        const auto before = s.trace();
        ASSERT_EQ(before->typed_places, identity_places(before->token_count())) << wiring;
        const auto r = run(s, "/melanger");
        ASSERT_TRUE(r.ok) << r.message;
        const auto after = s.trace();
        const std::vector<int>& places = after->typed_places;
        EXPECT_EQ(places, s.typed_places());
        EXPECT_FALSE(typed_places_refusal(places, after->token_count()).has_value()) << wiring;
        EXPECT_NE(words_of(*after), words_of(*before)) << "another order of the words";
        for (int k = 0; k < after->token_count(); ++k)
            EXPECT_EQ(after->tokens[static_cast<std::size_t>(k)].word,
                      before->tokens[static_cast<std::size_t>(places[static_cast<std::size_t>(k)])].word);
        EXPECT_TRUE(rows_follow(*before, *after, places, 1e-12)) << wiring;
        // The sentence is rewritten: the settings say it, and the sentence replays.
        EXPECT_EQ(s.settings().sentence, after->settings.sentence);
        EXPECT_NE(s.settings().sentence, before->settings.sentence);
        EXPECT_EQ(s.previous_trace(), before);
        EXPECT_NE(r.message.find("« " + s.settings().sentence + " »"), std::string::npos) << r.message;
        EXPECT_NE(r.message.find("sac de mots"), std::string::npos) << r.message;
        EXPECT_EQ(std::count(r.message.begin(), r.message.end(), '\n'), 1) << "two lines: " << r.message;

        // A second one composes: still the typed sentence's rows, at the places it says.
        ASSERT_TRUE(run(s, "/melanger").ok);
        EXPECT_TRUE(rows_follow(*before, *s.trace(), s.trace()->typed_places, 1e-12)) << wiring;
        EXPECT_EQ(s.melanger_count(), 2);
    }
}

TEST(Melanger, WithPositionsOrTheCausalMaskTheVectorsChange) {
    for (const char* settings : {"/position sinus", "/position appris", "/position aucun; /masque causal"}) {
        Session s = session(settings);
        const auto before = s.trace();
        const auto r = run(s, "/melanger");
        ASSERT_TRUE(r.ok) << r.message;
        const auto after = s.trace();
        bool some_level_differs = false;
        for (std::size_t l = 0; l < before->levels.size(); ++l)
            some_level_differs |= !rows_are_a_permutation(after->levels[l].vectors, before->levels[l].vectors, 1e-9);
        EXPECT_TRUE(some_level_differs) << settings << ": the rows are only moved";
        EXPECT_FALSE(rows_follow(*before, *after, after->typed_places, 1e-9)) << settings;
        EXPECT_EQ(r.message.find("sac de mots"), std::string::npos) << r.message;
    }
    Session sinus = session();
    EXPECT_NE(run(sinus, "/melanger").message.find("les positions sinus sont ajoutées à l'entrée"), std::string::npos);
    Session causal = session("/position aucun; /masque causal");
    EXPECT_NE(run(causal, "/melanger").message.find("masque causal, chaque mot ne voit que les mots d'avant lui"),
              std::string::npos);
    Session both = session("/masque causal");
    const std::string reply = run(both, "/melanger").message;
    EXPECT_NE(reply.find("positions sinus"), std::string::npos) << reply;
    EXPECT_NE(reply.find("masque causal"), std::string::npos) << reply;
}

TEST(Melanger, TheSameSeedAndCountGiveTheSameSentence) {
    Session a = session("/graine 42"), b = session("/graine 42");
    ASSERT_TRUE(run(a, "/melanger").ok);
    ASSERT_TRUE(run(b, "/melanger").ok);
    EXPECT_EQ(a.settings().sentence, b.settings().sentence);
    EXPECT_EQ(a.typed_places(), b.typed_places());
    EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace()));
    const std::string first = a.settings().sentence;
    ASSERT_TRUE(run(a, "/melanger").ok);
    EXPECT_NE(a.settings().sentence, first) << "the second /melanger puts the words in another order again";
    EXPECT_EQ(a.melanger_count(), 2);
    // The order drawn depends on the count and on the seed.
    const std::vector<std::string> words = {"le", "chat", "regarde", "le", "chien", "dort", "sur", "tapis"};
    EXPECT_NE(melanger_order(42, 0, words), melanger_order(42, 1, words));
    EXPECT_NE(melanger_order(42, 0, words), melanger_order(43, 0, words));
    EXPECT_EQ(melanger_order(42, 5, words), melanger_order(42, 5, words));
    // Every order drawn is another word sequence, even with repeated words.
    const std::vector<std::string> repeated = {"le", "le", "le", "chat"};
    for (int count = 0; count < 200; ++count) {
        const auto order = melanger_order(7, count, repeated);
        ASSERT_EQ(order.size(), repeated.size());
        std::vector<std::string> moved;
        for (int from : order) moved.push_back(repeated[static_cast<std::size_t>(from)]);
        EXPECT_NE(moved, repeated) << "count " << count;
    }
}

TEST(Melanger, NoOtherOrderIsRefusedAndChangesNothing) {
    Session s = session("/phrase le le");
    const auto trace = s.trace();
    const auto r = run(s, "/melanger");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message, "/melanger : aucun autre ordre n'existe, tous les mots de « le le » sont identiques ; rien n'a changé");
    EXPECT_EQ(s.trace(), trace);
    EXPECT_EQ(s.melanger_count(), 0) << "only a call that succeeds counts";
    EXPECT_TRUE(melanger_order(1, 0, {"chat", "chat", "chat"}).empty());

    const auto argument = run(s, "/melanger 3");
    EXPECT_FALSE(argument.ok);
    EXPECT_EQ(argument.message, "/melanger n'attend pas d'argument (reçu « 3 »)");
    EXPECT_EQ(s.trace(), trace);

    CommandRegistry english;
    ASSERT_TRUE(english.execute(s, "/langue en").ok);
    EXPECT_EQ(english.execute(s, "/melanger").message,
              "/melanger: no other order exists, every word of “le le” is the same; nothing changed");
    Session t = session("/position aucun");
    const auto shuffled = english.execute(t, "/melanger");
    ASSERT_TRUE(shuffled.ok);
    EXPECT_EQ(shuffled.message.rfind("sentence shuffled: “" + t.settings().sentence + "”\n", 0), 0u) << shuffled.message;
    EXPECT_NE(shuffled.message.find("bag of words (permutation equivariance)"), std::string::npos) << shuffled.message;
}

TEST(Melanger, PhraseAndReinitResetTheTypedPlacesOtherSettingsKeepThem) {
    Session s = session("/melanger");
    const std::vector<int> places = s.typed_places();
    ASSERT_NE(places, identity_places(5));
    ASSERT_TRUE(run(s, "/couches 3").ok);
    EXPECT_EQ(s.trace()->typed_places, places) << "a setting that keeps the sentence keeps the identity";
    ASSERT_TRUE(run(s, "/etape 2").ok);
    EXPECT_EQ(s.trace()->typed_places, places);
    // /phrase, even with the shuffled sentence itself, is the sentence as typed.
    ASSERT_TRUE(run(s, "/phrase " + s.settings().sentence).ok);
    EXPECT_EQ(s.typed_places(), identity_places(5));
    EXPECT_EQ(s.trace()->typed_places, identity_places(5));
    ASSERT_TRUE(run(s, "/melanger").ok);
    ASSERT_TRUE(run(s, "/phrase le chien dort").ok);
    EXPECT_EQ(s.trace()->typed_places, identity_places(3));
    ASSERT_TRUE(run(s, "/melanger").ok);
    EXPECT_EQ(s.melanger_count(), 3);
    ASSERT_TRUE(run(s, "/reinit").ok);
    EXPECT_EQ(s.trace()->typed_places, identity_places(5));
    EXPECT_EQ(s.melanger_count(), 0);
    EXPECT_EQ(to_json(*s.trace()), to_json(*session().trace()));
    // After /reinit the session draws as a fresh one.
    Session fresh = session();
    ASSERT_TRUE(run(s, "/melanger").ok);
    ASSERT_TRUE(run(fresh, "/melanger").ok);
    EXPECT_EQ(s.settings().sentence, fresh.settings().sentence);
}

TEST(Melanger, EveryTraceHasItsTypedPlaces) {
    Session s = session();
    for (const char* line : {"/melanger", "/couches 4", "/position aucun", "/melanger", "/phrase le chien regarde la souris",
                             "/melanger", "/graine 5", "/propager", "/etape 0", "/melanger", "/phrase x y", "/melanger",
                             "/reinit", "/melanger 2", "/phrase"}) {
        run(s, line);
        EXPECT_EQ(s.trace()->typed_places, s.typed_places()) << line;
        EXPECT_FALSE(typed_places_refusal(s.trace()->typed_places, s.trace()->token_count()).has_value()) << line;
        EXPECT_FALSE(test::broken_invariant(s).has_value()) << line;
    }
}

TEST(Melanger, ASessionFileKeepsTheTypedPlacesAndTheCount) {
    CommandRegistry registry;
    add_session_commands(registry);
    Session a = session("/position aucun; /melanger; /couches 3; /melanger");
    const fs::path path = scratch("shuffled.json");
    ASSERT_TRUE(registry.execute(a, "/session enregistrer " + path.string()).ok);
    const json saved = json::parse(std::ifstream(path));
    EXPECT_EQ(saved["typed_places"], json(a.typed_places()));
    EXPECT_EQ(saved["melanger_count"], 2);

    Session b = session();
    const auto opened = registry.execute(b, "/session ouvrir " + path.string());
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(b.typed_places(), a.typed_places());
    EXPECT_EQ(b.trace()->typed_places, a.typed_places());
    EXPECT_EQ(b.melanger_count(), 2);
    EXPECT_EQ(to_json(*b.trace()), to_json(*a.trace()));
    // The next /melanger draws the same order in both.
    ASSERT_TRUE(registry.execute(a, "/melanger").ok);
    ASSERT_TRUE(registry.execute(b, "/melanger").ok);
    EXPECT_EQ(b.settings().sentence, a.settings().sentence);
    EXPECT_EQ(b.typed_places(), a.typed_places());

    // A file written before /melanger (no keys) opens with the identity and the count at 0.
    json old = saved;
    old.erase("typed_places");
    old.erase("melanger_count");
    const fs::path old_path = scratch("old.json");
    std::ofstream(old_path) << old.dump(2);
    ASSERT_TRUE(registry.execute(b, "/session ouvrir " + old_path.string()).ok);
    EXPECT_EQ(b.settings().sentence, saved["settings"]["sentence"].get<std::string>());
    EXPECT_EQ(b.typed_places(), identity_places(5));
    EXPECT_EQ(b.melanger_count(), 0);
}

TEST(Melanger, BadTypedPlacesInAFileAreRefused) {
    const Session source = session("/melanger");
    SessionFile file{source.settings(), json::object(), source.typed_places(), source.melanger_count()};
    const json good = json::parse(session_to_text(file));
    auto with = [&](const std::function<void(json&)>& change) {
        json j = good;
        change(j);
        return j.dump();
    };
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"too short", with([](json& j) { j["typed_places"] = {0, 1, 2, 3}; })},
        {"too long", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, 4, 5}; })},
        {"a place repeated", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, 3}; })},
        {"a place out of range", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, 5}; })},
        {"a negative place", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, -1}; })},
        {"a decimal place", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, 4.5}; })},
        {"a place as text", with([](json& j) { j["typed_places"] = {0, 1, 2, 3, "4"}; })},
        {"not a list", with([](json& j) { j["typed_places"] = 4; })},
        {"empty list", with([](json& j) { j["typed_places"] = json::array(); })},
        {"negative count", with([](json& j) { j["melanger_count"] = -1; })},
        {"count as text", with([](json& j) { j["melanger_count"] = "1"; })},
        {"huge count", with([](json& j) { j["melanger_count"] = 1e12; })},
    };
    for (const auto& [name, text] : bad) {
        SessionFile out;
        out.settings.layers = 5;
        const auto error = parse_session(text, source.vocabulary(), out);
        ASSERT_TRUE(error.has_value()) << name;
        EXPECT_TRUE(out.typed_places.empty()) << name << ": the output must stay untouched";
        EXPECT_EQ(out.settings.layers, 5) << name;
    }
    SessionFile out;
    ASSERT_FALSE(parse_session(good.dump(), source.vocabulary(), out).has_value());
    EXPECT_EQ(out.typed_places, source.typed_places());

    // Opened: refused in French, and the session keeps its trace.
    CommandRegistry registry;
    add_session_commands(registry);
    const fs::path path = scratch("bad_places.json");
    std::ofstream(path) << bad[2].second;
    Session target = session("/couches 4");
    const auto trace = target.trace();
    const auto r = registry.execute(target, "/session ouvrir " + path.string());
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("« typed_places »"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("rien n'a changé"), std::string::npos) << r.message;
    EXPECT_EQ(target.trace(), trace);
}

TEST(Melanger, AideListsIt) {
    CommandRegistry r;
    Session s = session();
    EXPECT_NE(r.help_text().find("/melanger — Ajout : met les mots de la phrase dans un autre ordre"), std::string::npos);
    ASSERT_TRUE(r.execute(s, "/langue en").ok);
    EXPECT_NE(r.help_text().find("/melanger — Addition: puts the sentence's words in another order"), std::string::npos);
    EXPECT_NE(r.execute(s, "/aide mélanger").message.find("bead keeps its vector"), std::string::npos);
}

}  // namespace
}  // namespace tb
