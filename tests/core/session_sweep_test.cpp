// A session file keeps the last /graines sweep (core/files/session_sweep.h), all or nothing: saved
// and reopened in a fresh session it is the same doubles (the Sweep before saving, and /exporter
// graines byte for byte); a sweep section flawed in any way refuses the whole file, the session
// (model, settings, its own sweep) untouched; a file without the section opens and leaves no sweep.
// Expected values: the Sweep and the CSV from before the save, hard doubles typed by hand, the
// refusals' wording as the issue asks it (« balayage des graines »).
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <iostream>
#include <limits>

#include <nlohmann/json.hpp>

#include "../support.h"
#include "commands/sweep.h"
#include "files/exports.h"
#include "files/session_file.h"
#include "model/settings_table.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using nlohmann::json;

std::string scratch(const std::string& name) { return test::scratch("tb_session_sweep", name).string(); }

std::string saved(const Session& session, const std::string& name) {
    const std::string path = scratch(name);
    const CommandResult r = save_session(session, path, nullptr);
    EXPECT_TRUE(r.ok) << r.message;
    return path;
}

// /exporter graines's file, or the refusal.
std::string exported_csv(Session& session, const std::string& name) {
    static CommandRegistry registry;
    if (!registry.find("exporter")) add_export_commands(registry);
    const std::string path = scratch(name);
    const CommandResult r = registry.execute(session, "/exporter graines " + path);
    return r.ok ? test::read_file(path) : "refusé : " + r.message;
}

// Bit for bit (== would take -0 for 0).
bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

void expect_same_sweep(const Sweep& got, const Sweep& want) {
    EXPECT_EQ(got.first_seed, want.first_seed);
    EXPECT_EQ(got.steps, want.steps);
    ASSERT_EQ(got.a.size(), want.a.size());
    ASSERT_EQ(got.b.size(), want.b.size());
    for (const auto& [g, w] : {std::pair{&got.a, &want.a}, std::pair{&got.b, &want.b}})
        for (std::size_t i = 0; i < w->size(); ++i) {
            EXPECT_TRUE(same_bits((*g)[i].losses, (*w)[i].losses)) << "seed index " << i;
            EXPECT_EQ((*g)[i].stopped, (*w)[i].stopped) << "seed index " << i;
        }
}

TEST(SessionSweep, ASavedABSweepReopensInAFreshSessionWithTheSameDoubles) {
    Session a = test::session("/couches 1; /corpus grammaire");
    const Session b = test::session("/couches 1; /corpus grammaire; /residuel off");
    a.last_sweep() = std::make_shared<const Sweep>(run_sweep(a, &b, a.corpus(), 40, 42, 12, 2));
    const Sweep made = *a.last_sweep();
    const std::string csv = exported_csv(a, "before.csv");
    ASSERT_EQ(csv.rfind("graine,cote,pas,", 0), 0u) << csv;
    const std::string path = saved(a, "ab.json");
    const json file = json::parse(test::read_file(path));
    ASSERT_TRUE(file.contains("sweep"));
    EXPECT_EQ(file["sweep"]["first_seed"], 40);
    EXPECT_EQ(file["sweep"]["b"].size(), 3u);

    Session fresh = test::session();
    const CommandResult r = open_session(fresh, path, nullptr);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NE(r.message.find(" ; balayage des graines rechargé : 3 graines"), std::string::npos) << r.message;
    ASSERT_TRUE(fresh.last_sweep());
    expect_same_sweep(*fresh.last_sweep(), made);
    EXPECT_EQ(exported_csv(fresh, "after.csv"), csv);
    // Saved again, the same file: nothing lost or rounded on the way.
    EXPECT_EQ(test::read_file(saved(fresh, "again.json")), test::read_file(path));
}

TEST(SessionSweep, HardDoublesAndAStoppedRunComeBackBitForBit) {
    Sweep sweep;
    sweep.first_seed = std::numeric_limits<std::uint64_t>::max() - 1;  // the last two seeds there are
    sweep.steps = 6;
    // 0,1 and 1/3 need 17 digits; the smallest subnormal, the largest double, 1 + 2⁻⁵², -0.
    sweep.a = {SweepRun{{0.1, 1.0 / 3, 4.9406564584124654e-324, 1.7976931348623157e308, 1 + std::ldexp(1.0, -52), -0.0}, false},
               SweepRun{{2.5, 0.30000000000000004}, true}};
    Session s = test::session();
    s.last_sweep() = std::make_shared<const Sweep>(sweep);
    const std::string csv = exported_csv(s, "hard_before.csv");
    Session fresh = test::session();
    ASSERT_TRUE(open_session(fresh, saved(s, "hard.json"), nullptr).ok);
    ASSERT_TRUE(fresh.last_sweep());
    expect_same_sweep(*fresh.last_sweep(), sweep);
    EXPECT_TRUE(fresh.last_sweep()->b.empty());
    EXPECT_EQ(exported_csv(fresh, "hard_after.csv"), csv);
    EXPECT_NE(csv.find("\n18446744073709551615,A,2,"), std::string::npos) << csv;  // the stopped run: 2 steps of 6
}

// The whole visible state of a session: its trace (settings and weights), its trained steps, its sweep.
struct Snapshot {
    std::string trace;
    int trained_steps;
    std::shared_ptr<const Sweep> sweep;
};
Snapshot snapshot(const Session& s) { return {trace_text(*s.trace()), s.trained_steps(), s.last_sweep()}; }

TEST(SessionSweep, EachFlawRefusesTheWholeFileAndChangesNothing) {
    // The file's model differs from the receiving one in every way a wrongful opening would show.
    Session source = test::session("/couches 1; /graine 77; /entrainer 2");
    const Session b = test::session("/couches 1; /graine 77; /residuel off");
    source.last_sweep() = std::make_shared<const Sweep>(run_sweep(source, &b, source.corpus(), 5, 6, 3, 1));
    const json good = json::parse(test::read_file(saved(source, "good.json")));
    Session receiver = test::session("/couches 2; /graine 9; /graines 1..2 2");
    const Snapshot before = snapshot(receiver);
    ASSERT_TRUE(before.sweep);

    const std::uint64_t largest = std::numeric_limits<std::uint64_t>::max();
    const std::vector<std::pair<std::function<void(json&)>, std::string>> flaws = {
        {[](json& s) { s = 5; }, "doit être un objet (reçu « 5 »)"},
        {[](json& s) { s.erase("steps"); }, "« steps » absent"},
        {[](json& s) { s["seeds"] = 2; }, "clé inconnue « seeds »"},
        {[](json& s) { s["a"] = json::array(); s["b"] = json::array(); }, "« a » : une liste de 1 à 32 graines attendue (0 graine reçue)"},
        {[](json& s) { for (int i = 0; i < 31; ++i) s["a"].push_back(s["a"][0]); s["b"] = json::array(); }, "(33 graines reçues)"},
        {[](json& s) { s["first_seed"] = -1; }, "« first_seed » : un entier positif attendu (reçu « -1 »)"},
        {[](json& s) { s["first_seed"] = 1.5; }, "« first_seed » : un entier positif attendu (reçu « 1.5 »)"},
        {[&](json& s) { s["first_seed"] = largest; }, "« first_seed » : ses 2 graines dépassent la plus grande (18446744073709551615)"},
        {[](json& s) { s["steps"] = 0; }, "« steps » : un entier de 1 à 10\u202F000 attendu (reçu « 0 »)"},
        {[](json& s) { s["steps"] = 10001; }, "« steps » : un entier de 1 à 10\u202F000 attendu (reçu « 10001 »)"},
        {[](json& s) { s["steps"] = "3"; }, "« steps » : un entier de 1 à 10\u202F000 attendu"},
        {[](json& s) { s["a"][0]["losses"].push_back(1.0); }, "graine 5, côté A : « losses » : 4 pertes pour 3 pas"},
        {[](json& s) { s["a"][1]["losses"].erase(0); }, "graine 6, côté A : « losses » : 2 pertes pour 3 pas, sans arrêt (« stopped » false)"},
        {[](json& s) { s["steps"] = 4; }, "graine 5, côté A : « losses » : 3 pertes pour 4 pas, sans arrêt"},
        {[](json& s) { s["b"][0]["stopped"] = true; }, "graine 5, côté B : arrêtée (« stopped » true) mais ses 3 pertes font les 3 pas"},
        {[](json& s) { s["b"][1]["stopped"] = "false"; }, "graine 6, côté B : « stopped » : true ou false attendu"},
        {[](json& s) { s["b"][1]["losses"][1] = "NaN"; }, "graine 6, côté B : perte 2 : un nombre fini attendu (reçu « \"NaN\" »)"},
        {[](json& s) { s["b"][1]["losses"][2] = nullptr; }, "graine 6, côté B : perte 3 : un nombre fini attendu (reçu « null »)"},
        {[](json& s) { s["a"][0]["losses"] = json::object(); }, "graine 5, côté A : « losses » : une liste de pertes attendue"},
        {[](json& s) { s["b"].erase(1); }, "« b » : vide (sans côté B) ou une liste d'autant de graines que « a » (2) attendu (1 graine reçue)"},
        {[](json& s) { s["b"] = nullptr; }, "« b » : vide (sans côté B) ou une liste d'autant de graines que « a » (2) attendu (reçu « null »)"},
    };
    for (std::size_t k = 0; k < flaws.size(); ++k) {
        json file = good;
        flaws[k].first(file["sweep"]);
        const std::string path = scratch("flaw" + std::to_string(k) + ".json");
        std::ofstream(path, std::ios::binary) << file.dump(1);
        const CommandResult r = open_session(receiver, path, nullptr);
        EXPECT_FALSE(r.ok) << k;
        EXPECT_EQ(r.message.rfind("session non ouverte : « " + path + " » : balayage des graines (« sweep ») ", 0), 0u) << r.message;
        EXPECT_NE(r.message.find(flaws[k].second), std::string::npos) << k << ": " << r.message;
        EXPECT_NE(r.message.find(" ; rien n'a changé"), std::string::npos) << r.message;
        const Snapshot after = snapshot(receiver);
        EXPECT_EQ(after.trace, before.trace) << k;
        EXPECT_EQ(after.trained_steps, before.trained_steps) << k;
        EXPECT_EQ(after.sweep, before.sweep) << k;  // the same object: not even replaced by an equal one
    }
    // The good file opens and brings the source's model and sweep.
    const std::string path = scratch("good_again.json");
    std::ofstream(path, std::ios::binary) << good.dump(1);
    ASSERT_TRUE(open_session(receiver, path, nullptr).ok);
    EXPECT_EQ(trace_text(*receiver.trace()), trace_text(*source.trace()));
    expect_same_sweep(*receiver.last_sweep(), *source.last_sweep());
}

// JSON text cannot hold an infinite number (the parser refuses 1e999); a value given to the reader can.
TEST(SessionSweep, AnInfiniteLossIsRefused) {
    json sweep = {{"first_seed", 3u}, {"steps", 2}, {"a", {{{"stopped", false}, {"losses", {1.5, INFINITY}}}}}, {"b", json::array()}};
    std::shared_ptr<const Sweep> out;
    const auto error = sweep_from_json(sweep, out);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("balayage des graines (« sweep ») : graine 3, côté A : perte 2 : un nombre fini attendu"), std::string::npos) << *error;
    EXPECT_FALSE(out);
}

TEST(SessionSweep, AFileWithoutASweepOpensAndLeavesNone) {
    const Session old = test::session("/couches 1; /graine 12");
    const std::string path = saved(old, "no_sweep.json");
    ASSERT_FALSE(json::parse(test::read_file(path)).contains("sweep"));  // as every file written before /graines
    Session receiver = test::session("/graines 1..2 2");
    ASSERT_TRUE(receiver.last_sweep());
    const CommandResult r = open_session(receiver, path, nullptr);
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.message.find("balayage"), std::string::npos) << r.message;
    EXPECT_EQ(receiver.settings().seed, 12u);
    EXPECT_FALSE(receiver.last_sweep());  // a file is the whole state
    EXPECT_EQ(exported_csv(receiver, "none.csv").rfind("refusé : /exporter graines : ", 0), 0u);
}

// 32 seeds, both sides, 10 000 losses each, every loss at its longest (24 characters): the largest
// sweep /graines makes fits kMaxSweepBytes, and reads back.
TEST(SessionSweep, TheLongestSweepFitsItsShareOfTheLimit) {
    Sweep sweep;
    sweep.first_seed = 1;
    sweep.steps = kMaxSweepSteps;
    sweep.a.assign(Sweep::kMaxSeeds, SweepRun{std::vector<double>(kMaxSweepSteps, -1.2345678901234567e-300), false});
    sweep.b = sweep.a;
    SessionFile file;
    const std::string without = session_to_text(file);
    file.sweep = std::make_shared<const Sweep>(std::move(sweep));
    const std::string text = session_to_text(file);
    const std::size_t share = text.size() - without.size();
    EXPECT_GT(share, std::size_t{2} * 32 * 10000 * 24);  // 24 characters each, and the commas
    EXPECT_LT(share, kMaxSweepBytes);
    const auto start = std::chrono::steady_clock::now();
    SessionFile read;
    ASSERT_FALSE(parse_session(text, *test::vocabulary(), read));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(read.sweep);
    expect_same_sweep(*read.sweep, *file.sweep);
    std::cout << "the longest sweep: " << share << " bytes (limit " << kMaxSweepBytes << "), read and checked in " << ms << " ms\n";
}

}  // namespace
}  // namespace tb
