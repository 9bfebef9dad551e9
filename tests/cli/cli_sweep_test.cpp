// A/B headless and the sweep over seeds (issue 37, channel.md §7, cli.md "The sweep over seeds"):
// side B's training in a --headless script equals a fresh process's single run of B's settings;
// each row of /graines equals /graine s; /entrainer N in a fresh process, whatever the threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <vector>
#include <nlohmann/json.hpp>

#include "cli_support.h"

namespace tb::cli_test {
namespace {

std::string fresh(const std::string& name) { return temp_path(name + "-" + std::to_string(getpid()) + ".json"); }

std::vector<double> logged_losses(const std::string& path) {
    std::vector<double> out;
    const nlohmann::json log = nlohmann::json::parse(read_file(path));
    for (const auto& step : log["steps"]) out.push_back(step["loss"].get<double>());
    return out;
}

TEST(CliComparison, SideBTrainsHeadlessAsAFreshSingleRun) {
    const std::string b = fresh("ab-b"), a = fresh("ab-a"), single = fresh("ab-single");
    const auto ab = run("--headless --run '/comparer on; /b /residuel off; /entrainer 30; /exporter entrainement-b " + b +
                        "; /exporter entrainement " + a + "'");
    ASSERT_EQ(ab.status, 0) << ab.err;
    EXPECT_NE(ab.out.find("côté B : connexion résiduelle coupée"), std::string::npos) << ab.out;
    EXPECT_NE(ab.out.find("\nB step 30 loss "), std::string::npos) << ab.out;
    const auto alone = run("--headless --run '/residuel off; /entrainer 30; /exporter entrainement " + single + "'");
    ASSERT_EQ(alone.status, 0) << alone.err;
    const std::vector<double> expected = logged_losses(single);
    ASSERT_EQ(expected.size(), 30u);
    EXPECT_EQ(logged_losses(b), expected);  // 17 digits in the log: the same doubles
    EXPECT_NE(logged_losses(a), expected);  // A kept its residual
    for (const auto& p : {a, b, single}) std::remove(p.c_str());
}

TEST(CliComparison, SideBRefusalsSayWhy) {
    const auto closed = run("--headless --run '/b /residuel off'");
    EXPECT_EQ(closed.status, 2);
    EXPECT_NE(closed.err.find("/b : ouvrez d'abord la comparaison (/comparer on)"), std::string::npos) << closed.err;
    // /reinit closes the comparison, as in the window.
    const auto reinit = run("--headless --run '/comparer on; /reinit; /b /residuel off'");
    EXPECT_EQ(reinit.status, 2);
    EXPECT_NE(reinit.err.find("/b : ouvrez d'abord la comparaison (/comparer on)"), std::string::npos) << reinit.err;
    const auto no_b = run("--headless --run '/exporter entrainement-b " + fresh("none") + "'");
    EXPECT_EQ(no_b.status, 2);
    EXPECT_NE(no_b.err.find("pas de côté B (/comparer on d'abord)"), std::string::npos) << no_b.err;
}

// A headless session keeps side B: its settings and its trained weights, reopened headless.
TEST(CliComparison, AHeadlessSessionKeepsSideBAndItsWeights) {
    const std::string session = fresh("ab-session"), before = fresh("ab-before"), after = fresh("ab-after");
    const auto saved = run("--headless --run '/couches 1; /comparer on; /b /residuel off; /entrainer 12; /session enregistrer " +
                           session + "; /exporter entrainement-b " + before + "'");
    ASSERT_EQ(saved.status, 0) << saved.err;
    const nlohmann::json file = nlohmann::json::parse(read_file(session));
    EXPECT_EQ(file["view"]["comparison"], nlohmann::json({{"residual", false}}));
    const auto reopened = run("--headless --run '/session ouvrir " + session + "; /entrainer 1; /exporter entrainement-b " + after + "'");
    ASSERT_EQ(reopened.status, 0) << reopened.err;
    const nlohmann::json b_before = nlohmann::json::parse(read_file(before)), b_after = nlohmann::json::parse(read_file(after));
    EXPECT_EQ(b_after["initial_weights"], b_before["final_weights"]);  // 17 digits both ways: the same weights
    EXPECT_EQ(b_after["settings"]["residual"], false);
    for (const auto& p : {session, before, after}) std::remove(p.c_str());
}

// /lien headless carries A/B as the window's does: /comparer on, then B's own settings.
TEST(CliComparison, TheLinkCarriesSideB) {
    const auto r = run("--headless --run '/couches 3; /comparer on; /b /residuel off; /lien'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("lien : #/couches%203;/comparer%20on;/b%20/residuel%20off\n"), std::string::npos) << r.out;
}

// A CSV row of the sweep: its fields as written.
std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    return out;
}

// cli.md: each row equals the fresh process's /graine s; /entrainer N (B: with B's settings), to
// 1e-9 relative, whatever the number of threads (TRANSFORMER_BLOC_THREADS).
TEST(CliSweep, RowsEqualSingleRunsInFreshProcessesWithOneAndTwoThreads) {
    const std::string recipe = "/corpus grammaire; /couches 2; /taux 0,01";
    std::string csv[2];
    for (int threads : {1, 2}) {
        const std::string path = fresh("sweep-" + std::to_string(threads));
        setenv("TRANSFORMER_BLOC_THREADS", std::to_string(threads).c_str(), 1);
        const auto r = run("--headless --run '" + recipe + "; /comparer on; /b /residuel off; /graines 3..5 40; /exporter graines " + path + "'");
        unsetenv("TRANSFORMER_BLOC_THREADS");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_NE(r.out.find("graines sur 3 ; écart médian "), std::string::npos) << r.out;
        csv[threads - 1] = read_file(path);
        std::remove(path.c_str());
    }
    EXPECT_EQ(csv[0], csv[1]);  // the same bytes: the same doubles
    std::istringstream lines(csv[0]);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "graine,cote,pas,derniers_30,premiere_perte,perte_finale");
    int rows = 0;
    while (std::getline(lines, line)) {
        const auto f = fields(line);
        ASSERT_EQ(f.size(), 6u) << line;
        const std::string single = fresh("single");
        const std::string side = f[1] == "B" ? "/residuel off; " : "";
        const auto r = run("--headless --run '" + recipe + "; " + side + "/graine " + f[0] + "; /entrainer 40; /exporter entrainement " + single + "'");
        ASSERT_EQ(r.status, 0) << r.err;
        const std::vector<double> l = logged_losses(single);
        std::remove(single.c_str());
        ASSERT_EQ(l.size(), 40u);
        double last30 = 0;
        for (std::size_t i = 10; i < 40; ++i) last30 += l[i];
        last30 /= 30;
        EXPECT_EQ(f[2], "40");
        EXPECT_NEAR(std::strtod(f[3].c_str(), nullptr), last30, 1e-9 * std::abs(last30)) << line;
        EXPECT_EQ(std::strtod(f[4].c_str(), nullptr), l.front()) << line;
        EXPECT_EQ(std::strtod(f[5].c_str(), nullptr), l.back()) << line;
        ++rows;
    }
    EXPECT_EQ(rows, 6);  // 3 seeds, A and B
}

TEST(CliSweep, RefusedSweepsStopTheScriptInFrench) {
    for (const char* line : {"/graines 5..3 10", "/graines 1..40 10", "/graines 1..3 0"}) {
        const auto r = run(std::string("--headless --run '") + line + "; /couches 3'");
        EXPECT_EQ(r.status, 2) << line;
        EXPECT_NE(r.err.find("/graines attend A..B puis N"), std::string::npos) << r.err;
    }
    const auto none = run("--headless --run '/exporter graines " + fresh("no-sweep") + "'");
    EXPECT_EQ(none.status, 2);
    EXPECT_NE(none.err.find("aucun balayage à exporter (/graines A..B N d'abord)"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace tb::cli_test
