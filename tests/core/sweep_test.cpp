// The sweep over seeds (commands/sweep.h): the verdict and the CSV from figures given by hand, the
// mean of the last 30 losses, each seed's run equal to /graine s; /entrainer N in a fresh session
// with 1 thread and with 2, the shown model untouched, and refusals that change nothing.
#include <cmath>

#include "commands/comparison.h"
#include "commands/sweep.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

TEST(SweepVerdict, BAboveAForMostSeeds) {
    // Gaps B − A: 11 above, 1 below; sorted, the 6th and 7th are 0,75: the median.
    const std::vector<double> gaps = {0.5, 0.6, 0.7, 0.75, 0.75, 0.75, 0.75, 0.8, 0.9, 1.0, 1.1, -0.25};
    std::vector<double> a(gaps.size(), 1.0), b;
    for (double g : gaps) b.push_back(1.0 + g);
    const Text verdict = sweep_verdict(a, b);
    EXPECT_EQ(verdict.fr, "B au-dessus de A pour 11 graines sur 12 ; écart médian 0,75");
    EXPECT_EQ(verdict.en, "B above A for 11 seeds of 12; median gap 0.75");
}

TEST(SweepVerdict, BBelowAForMostSeeds) {
    // Gaps −0,5, −0,25, −0,125, +0,25: 3 below; the median (−0,25 − 0,125) / 2 = −0,1875.
    const std::vector<double> a = {2, 2, 2, 2}, b = {1.5, 1.75, 1.875, 2.25};
    EXPECT_EQ(sweep_verdict(a, b).fr, "B au-dessous de A pour 3 graines sur 4 ; écart médian \u22120,19");
    EXPECT_EQ(sweep_verdict(a, b).en, "B below A for 3 seeds of 4; median gap \u22120.19");
}

TEST(SweepVerdict, OneSeedEqualSidesAndMissingFigures) {
    EXPECT_EQ(sweep_verdict({1.0}, {1.5}).fr, "B au-dessus de A pour 1 graine sur 1 ; écart médian 0,50");
    EXPECT_EQ(sweep_verdict({1.0, 2.0}, {1.0, 2.0}).fr, "B égal à A pour 2 graines sur 2 ; écart médian 0,00");
    // A seed with no finite loss counts on neither side.
    EXPECT_EQ(sweep_verdict({1.0, NAN, 1.0}, {2.0, 3.0, 1.5}).fr, "B au-dessus de A pour 2 graines sur 2 ; écart médian 0,75");
    EXPECT_EQ(sweep_verdict({NAN}, {1.0}).fr, "aucune graine ne donne de perte finie : pas de verdict");
}

// One seed each way: both counts are named, and the median (here (0.5 − 2.36) / 2 = −0.93) says by how much.
TEST(SweepVerdict, ATieNamesBothSides) {
    const Text verdict = sweep_verdict({1.0, 3.0}, {1.5, 0.64});
    EXPECT_EQ(verdict.fr, "B au-dessus de A pour 1 graine sur 2, au-dessous pour 1 ; écart médian \u22120,93");
    EXPECT_EQ(verdict.en, "B above A for 1 seed of 2, below for 1; median gap \u22120.93");
}

TEST(SweepCsv, CliMdsColumnsWithSeventeenDigits) {
    Sweep sweep;
    sweep.first_seed = 6;
    sweep.steps = 3;
    sweep.a = {SweepRun{{0.1}, true}, SweepRun{{}, true}};
    sweep.b = {SweepRun{{1.5, 2.25, 0.75}, false}, SweepRun{{4.0, 2.0}, true}};
    // Means by hand: 0,1; (1,5 + 2,25 + 0,75) / 3 = 1,5; (4 + 2) / 2 = 3. 0,1 in 17 digits: 0.10000000000000001.
    EXPECT_EQ(sweep_csv(sweep),
              "graine,cote,pas,derniers_30,premiere_perte,perte_finale\n"
              "6,A,1,0.10000000000000001,0.10000000000000001,0.10000000000000001\n"
              "6,B,3,1.5,1.5,0.75\n"
              "7,A,0,,,\n"
              "7,B,2,3,4,2\n");
}

TEST(SweepCsv, TheMeanOfTheLastThirtyLosses) {
    std::vector<double> l;
    for (int i = 1; i <= 40; ++i) l.push_back(i);
    EXPECT_EQ(last_losses_mean(l), 25.5);  // 11..40: (11 + 40) / 2
    EXPECT_EQ(last_losses_mean({2.0, 4.0}), 3.0);
    EXPECT_TRUE(std::isnan(last_losses_mean({})));
}

TEST(Sweep, EachRowIsTheSingleRunWhateverTheThreads) {
    Session a = test::session("/couches 1; /corpus grammaire; /entrainer 3");  // trained: the sweep must not touch it
    Session b = test::session("/couches 1; /corpus grammaire; /residuel off");
    const nlohmann::json shown = to_json(*a.trace());
    const Sweep one = run_sweep(a, &b, a.corpus(), 40, 42, 12, 1);
    const Sweep two = run_sweep(a, &b, a.corpus(), 40, 42, 12, 2);
    ASSERT_EQ(one.a.size(), 3u);
    ASSERT_EQ(one.b.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string seed = std::to_string(40 + i);
        EXPECT_EQ(one.a[i].losses, test::losses(test::session("/couches 1; /corpus grammaire; /graine " + seed + "; /entrainer 12"))) << seed;
        EXPECT_EQ(one.b[i].losses, test::losses(test::session("/couches 1; /corpus grammaire; /residuel off; /graine " + seed + "; /entrainer 12")))
            << seed;
        EXPECT_EQ(two.a[i].losses, one.a[i].losses);
        EXPECT_EQ(two.b[i].losses, one.b[i].losses);
    }
    EXPECT_EQ(to_json(*a.trace()), shown);
    EXPECT_EQ(a.trained_steps(), 3);
    EXPECT_EQ(a.training()->steps.size(), 3u);
}

TEST(Sweep, RefusalsAreFrenchAndChangeNothing) {
    Session session = test::session("/couches 1");
    const nlohmann::json before = to_json(*session.trace());
    for (const char* line : {"/graines 5..3 10", "/graines 1..33 10", "/graines 0..32 10", "/graines 1..12 0", "/graines 1..12 10001",
                             "/graines 1..12", "/graines abc 10", "/graines 1-12 10", "/graines 1..12 10 3", "/graines"}) {
        const CommandResult r = test::registry().execute(session, line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_EQ(r.message.rfind("/graines attend A..B puis N : les graines de A à B (A ≤ B, au plus 32 graines)", 0), 0u)
            << line << " -> " << r.message;
        EXPECT_EQ(to_json(*session.trace()), before) << line;
        EXPECT_EQ(session.last_sweep(), nullptr) << line;
    }
    // 32 seeds are allowed; the sweep is kept and the model stays.
    const CommandResult ok = test::registry().execute(session, "/graines 1..32 1");
    EXPECT_TRUE(ok.ok) << ok.message;
    ASSERT_NE(session.last_sweep(), nullptr);
    EXPECT_EQ(session.last_sweep()->a.size(), 32u);
    EXPECT_EQ(to_json(*session.trace()), before);
    EXPECT_EQ(session.trained_steps(), 0);
}

TEST(Sweep, TheReplyHasALinePerSeedAndTheVerdict) {
    Session a(test::vocabulary());
    CommandRegistry registry;
    auto state = std::make_shared<SideBState>(a);
    for (Command& c : comparison_commands(state, registry)) registry.add(std::move(c));
    set_sweep_side_b(registry, [state]() -> const Session* {
        state->sync();
        return state->b();
    });
    for (const auto& r : run_script(registry, a, "/couches 1; /comparer on; /b /residuel off; /graines 7..8 5")) ASSERT_TRUE(r.ok) << r.message;
    const std::string reply = registry.execute(a, "/graines 7..8 5").message;
    EXPECT_EQ(reply.rfind("balayage : 2 graines (7 à 8), 5 pas chacune, A et B ; moyenne des 5 derniers pas\ngraine 7 : A ", 0), 0u) << reply;
    EXPECT_NE(reply.find("\ngraine 8 : A "), std::string::npos) << reply;
    EXPECT_NE(reply.find(" · écart "), std::string::npos) << reply;
    EXPECT_NE(reply.find(" sur 2"), std::string::npos) << reply;  // seeds 7 and 8 split: both counts (SweepVerdict.ATie…)
    EXPECT_NE(reply.find(" ; écart médian "), std::string::npos) << reply;
    ASSERT_EQ(a.last_sweep()->b.size(), 2u);
    EXPECT_EQ(a.last_sweep()->b[1].losses, test::losses(test::session("/couches 1; /residuel off; /graine 8; /entrainer 5")));
}

}  // namespace
}  // namespace tb
