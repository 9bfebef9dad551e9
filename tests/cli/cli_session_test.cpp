// Sessions from the command line (issue 31): a session keeps its trained weights, so a run of more
// than 10 000 steps reopens at once to the identical trace; a file that holds a recipe alone asks at
// most 20 000 steps a side (exit 2 above, in French or English, nothing written); a corpus typed
// relative to one folder opens from another; an unreadable corpus says why; the last sweep over
// seeds comes back in another process.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_support.h"

namespace {

using namespace tb::cli_test;
namespace fs = std::filesystem;
using nlohmann::json;

// A fresh folder of its own under the tests' temporary folder.
std::string folder(const std::string& name) {
    const std::string dir = temp_path(name + "_" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Runs the program with `dir` as the working folder (the corpus paths as typed), then comes back.
Outcome run_in(const std::string& dir, const std::string& args) {
    const fs::path back = fs::current_path();
    fs::current_path(dir);
    const Outcome r = run(args);
    fs::current_path(back);
    return r;
}

// The case, on a small model: 6 000 then 5 000 steps, saved, reopened: exit 0 and the
// trace of the trained process, number for number.
TEST(CliSession, ARunOfMoreThanTenThousandStepsReopens) {
    const std::string dir = folder("long_run");
    const auto trained = run("--headless --run '/couches 1; /ffn 8; /entrainer 6000; /entrainer 5000; /session enregistrer " + dir +
                             "/s.json' --trace '" + dir + "/a.json'");
    ASSERT_EQ(trained.status, 0) << trained.err;
    EXPECT_EQ(json::parse(read_file(dir + "/s.json"))["training"][0]["steps"], 11000);
    const auto opened = run("--headless --open '" + dir + "/s.json' --trace '" + dir + "/b.json'");
    ASSERT_EQ(opened.status, 0) << opened.err;
    EXPECT_EQ(read_file(dir + "/a.json"), read_file(dir + "/b.json"));
    fs::remove_all(dir);
}

// 1 000 runs of 10 000 steps, each valid, without weights: refused at once (not 25 minutes of
// training), exit 2, no trace written; the English variant with --lang en.
TEST(CliSession, ARecipeAloneAboveTwentyThousandStepsIsRefused) {
    const std::string dir = folder("recipe_cap");
    ASSERT_EQ(run("--headless --run '/couches 1; /entrainer 1; /session enregistrer " + dir + "/one.json'").status, 0);
    json file = json::parse(read_file(dir + "/one.json"));
    file.erase("weights");
    file["version"] = 1;
    const json run_of = file["training"][0];
    file["training"] = json::array();
    for (int i = 0; i < 1000; ++i) file["training"].push_back(run_of), file["training"].back()["steps"] = 10000;
    std::ofstream(dir + "/s.json") << file.dump();
    const std::string fr = "session non ouverte : « " + dir + "/s.json » garde son entraînement sans ses poids, à refaire : " +
                           "10\u202F000\u202F000 pas, plus que les 20\u202F000 permis ; rien n'a changé";
    const auto refused = run("--headless --open '" + dir + "/s.json' --trace '" + dir + "/t.json'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find(fr), std::string::npos) << refused.err;
    EXPECT_FALSE(fs::exists(dir + "/t.json"));
    const auto english = run("--lang en --headless --open '" + dir + "/s.json' --trace '" + dir + "/t.json'");
    EXPECT_EQ(english.status, 2);
    EXPECT_NE(english.err.find("session not opened: “" + dir + "/s.json” keeps its training without its weights, to be redone: " +
                               "10,000,000 steps, more than the 20,000 allowed; nothing changed"),
              std::string::npos)
        << english.err;
    EXPECT_FALSE(fs::exists(dir + "/t.json"));
    fs::remove_all(dir);
}

// Saved from folder a with « /corpus ouvrir c.txt »: stored as « c.txt », beside the file; opened
// from folder b, with its weights or as a recipe alone, to the same trace. A file of version 1 kept
// the path as typed: opened from a (where c.txt is) it falls back to it.
TEST(CliSession, ACorpusTypedInOneFolderOpensFromAnother) {
    const std::string a = folder("corpus_a"), b = folder("corpus_b");
    std::ofstream(a + "/c.txt") << "le chat dort\nle chien mange\nla souris dort\nle chat mange le fromage\n";
    const auto saved = run_in(a, "--headless --run '/couches 1; /corpus ouvrir c.txt; /entrainer 3; /session enregistrer s.json' --trace t.json");
    ASSERT_EQ(saved.status, 0) << saved.err;
    json file = json::parse(read_file(a + "/s.json"));
    EXPECT_EQ(file["training"][0]["corpus"], "c.txt");
    file.erase("weights");
    std::ofstream(a + "/recette.json") << file.dump();
    file["version"] = 1;
    std::ofstream(b + "/ancienne.json") << file.dump();  // not beside c.txt
    const std::string expected = read_file(a + "/t.json");
    for (const char* name : {"s.json", "recette.json"}) {
        const auto opened = run_in(b, "--headless --open ../" + fs::path(a).filename().string() + "/" + name + " --trace t.json");
        ASSERT_EQ(opened.status, 0) << name << ": " << opened.err;
        EXPECT_EQ(read_file(b + "/t.json"), expected) << name;
    }
    const auto old = run_in(a, "--headless --open '" + b + "/ancienne.json' --trace t2.json");
    ASSERT_EQ(old.status, 0) << old.err;
    EXPECT_EQ(read_file(a + "/t2.json"), expected);
    const auto elsewhere = run_in(b, "--headless --open ancienne.json --trace t2.json");
    EXPECT_EQ(elsewhere.status, 2);
    EXPECT_NE(elsewhere.err.find("est illisible : fichier « " + b + "/c.txt » introuvable"), std::string::npos) << elsewhere.err;
    fs::remove_all(a), fs::remove_all(b);
}

// A corpus that became unusable is refused with the loader's reason, not « illisible » alone.
TEST(CliSession, AnUnusableCorpusSaysWhy) {
    const std::string dir = folder("unusable");
    std::ofstream(dir + "/c.txt") << "le chat dort\nle chien mange\nla souris dort\n";
    ASSERT_EQ(run_in(dir, "--headless --run '/couches 1; /corpus ouvrir c.txt; /entrainer 2; /session enregistrer s.json'").status, 0);
    json file = json::parse(read_file(dir + "/s.json"));
    file.erase("weights");
    std::ofstream(dir + "/s.json") << file.dump();
    std::ofstream(dir + "/c.txt") << std::string("le chat\0dort\n", 13);
    const auto refused = run("--headless --open '" + dir + "/s.json'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("session non ouverte : le corpus « " + dir + "/c.txt » de son entraînement est illisible : « " + dir +
                               "/c.txt » n'est pas un texte (octet nul) ; rien n'a changé"),
              std::string::npos)
        << refused.err;
    fs::remove_all(dir);
}

// The last /graines in a session, across processes: a sweep with side B saved by one process and
// opened by another writes the same CSV byte for byte; its section cut short refuses the file (exit 2).
TEST(CliSession, ASweepReopensInAnotherProcessToTheSameCsv) {
    const std::string dir = folder("sweep");
    const auto saved = run("--headless --run '/couches 1; /comparer on; /b /residuel off; /graines 3..5 20; /exporter graines " + dir +
                           "/a.csv; /session enregistrer " + dir + "/s.json'");
    ASSERT_EQ(saved.status, 0) << saved.err;
    const auto opened = run("--headless --open '" + dir + "/s.json' --run '/exporter graines " + dir + "/b.csv'");
    ASSERT_EQ(opened.status, 0) << opened.err;
    const std::string csv = read_file(dir + "/a.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 7);  // the header, then A and B for seeds 3, 4, 5
    EXPECT_EQ(read_file(dir + "/b.csv"), csv);
    json file = json::parse(read_file(dir + "/s.json"));
    file["sweep"]["b"][2]["losses"].erase(19);
    std::ofstream(dir + "/cut.json") << file.dump();
    const auto refused = run("--headless --open '" + dir + "/cut.json' --run '/exporter graines " + dir + "/c.csv'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("balayage des graines (« sweep ») : graine 5, côté B : « losses » : 19 pertes pour 20 pas, sans arrêt"),
              std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(dir + "/c.csv"));
    fs::remove_all(dir);
}

}  // namespace
