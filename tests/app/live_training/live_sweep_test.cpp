// /graines in the window (live_training/live_sweep.h): it returns at once and runs in the
// background; its rows are each seed's /graine s; /entrainer N in a fresh session; the progress
// rises to seeds × sides × N; /entrainer stop, or a command that changes the model, cancels it and
// leaves everything as it was (the model, its training, the previous sweep); a training and a sweep
// refuse each other; the end of a script waits for it.
#include <nlohmann/json.hpp>

#include <chrono>
#include <thread>

#include "../features_fixture.h"
#include "commands/sweep.h"
#include "commands/training_commands.h"
#include "model/trace_json.h"

namespace tb {
namespace {

// Until the sweep has done `steps` steps (it runs thousands a second), or it is over.
void wait_for_sweep_steps(const LiveSweep& sweep, int steps) {
    for (int i = 0; i < 20000; ++i) {
        const std::optional<SweepProgress> p = sweep.progress();
        if (!p || p->done >= steps) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

TEST(LiveSweep, ProgressNamesTheSeedUnderWayAndThePercent) {
    // Seeds 1..12, 300 steps, side A: 3 600 steps; 1 250 done = 4 whole seeds and 50 steps of the
    // 5th; 1 250 / 3 600 = 34,7 %.
    const SweepProgress p{1, 12, 300, false, 1250, 3600};
    EXPECT_EQ(p.seed_number(), 5);
    EXPECT_EQ(progress_text(p).fr, "graine 5/12 · 34\u202F%");
    EXPECT_EQ(progress_text(p).en, "seed 5/12 · 34%");
    // A and B: 600 steps a seed; 3 600 of 7 200 done: the 7th seed's first step is next.
    EXPECT_EQ((SweepProgress{1, 12, 300, true, 3600, 7200}).seed_number(), 7);
    EXPECT_EQ((SweepProgress{1, 12, 300, true, 7200, 7200}).seed_number(), 12);
}

TEST(LiveSweep, ItRunsInTheBackgroundAndGivesTheSingleRuns) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 1").ok);
    const nlohmann::json shown = to_json(*w.session.trace());
    const CommandResult started = w.run("/graines 3..5 300");
    ASSERT_TRUE(started.ok) << started.message;
    EXPECT_EQ(started.message.rfind("balayage des graines 3 à 5 lancé (300 pas chacune, côté A)", 0), 0u) << started.message;
    EXPECT_EQ(w.features.inspector().panel(), Panel::Sweep);  // its progress is drawn there
    EXPECT_EQ(w.session.last_sweep(), nullptr);               // nothing kept before the end
    int seen = -1;
    for (std::optional<SweepProgress> p; (p = w.features.sweep().progress()) && p->done < p->total;) {
        EXPECT_EQ(p->total, 3 * 300);
        EXPECT_GE(p->done, seen);  // it only rises
        seen = p->done;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(w.features.sweep().progress()->done, 900);
    w.features.wait_for_training();
    EXPECT_FALSE(w.features.sweep().running());
    ASSERT_NE(w.session.last_sweep(), nullptr);
    const Sweep& sweep = *w.session.last_sweep();
    ASSERT_EQ(sweep.a.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string seed = std::to_string(3 + i);
        EXPECT_EQ(sweep.a[i].losses, test::losses(test::session("/couches 1; /graine " + seed + "; /entrainer 300"))) << seed;
    }
    // The console logs what the headless /graines answers.
    Session headless = test::session("/couches 1");
    EXPECT_EQ(w.features.log().back().text, test::registry().execute(headless, "/graines 3..5 300").message);
    EXPECT_EQ(to_json(*w.session.trace()), shown);
    EXPECT_EQ(w.session.trained_steps(), 0);
}

TEST(LiveSweep, StopCancelsItAndNothingChanges) {
    test::WindowFeatures w;
    for (const char* line : {"/couches 1", "/entrainer 3"}) ASSERT_TRUE(w.run(line).ok) << line;
    w.features.wait_for_training();
    ASSERT_TRUE(w.run("/graines 1..2 4").ok);
    w.features.wait_for_training();
    const std::shared_ptr<const Sweep> previous = w.session.last_sweep();
    ASSERT_NE(previous, nullptr);
    const nlohmann::json trace = to_json(*w.session.trace());
    const std::string log = *training_log(w.session);

    ASSERT_TRUE(w.run("/graines 1..4 10000").ok);
    wait_for_sweep_steps(w.features.sweep(), 5);
    ASSERT_TRUE(w.features.sweep().running());
    const CommandResult stopped = w.run("/entrainer stop");
    EXPECT_TRUE(stopped.ok);
    EXPECT_EQ(stopped.message, "balayage des graines annulé ; rien n'a changé");
    EXPECT_FALSE(w.features.sweep().running());
    EXPECT_EQ(w.session.last_sweep(), previous);  // the same sweep, not a partial one
    EXPECT_EQ(to_json(*w.session.trace()), trace);
    EXPECT_EQ(*training_log(w.session), log);
    EXPECT_EQ(w.session.trained_steps(), 3);
    const std::size_t lines = w.features.log().size();
    w.features.update(0.0);  // the frame loop logs nothing more
    EXPECT_EQ(w.features.log().size(), lines);
    EXPECT_EQ(w.run("/entrainer stop").message, "aucun entraînement en cours");
}

TEST(LiveSweep, AModelChangeCancelsItATrainingAndASweepRefuseEachOther) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 1").ok);
    ASSERT_TRUE(w.run("/graines 1..4 10000").ok);
    wait_for_sweep_steps(w.features.sweep(), 2);
    const CommandResult training = w.run("/entrainer 5");
    EXPECT_FALSE(training.ok);
    EXPECT_EQ(training.message.rfind("un balayage des graines est en cours (graine ", 0), 0u) << training.message;
    EXPECT_FALSE(w.run("/graines 1..2 5").ok);
    EXPECT_TRUE(w.run("/panneau graines").ok);  // a view command: the sweep goes on
    EXPECT_TRUE(w.features.sweep().running());
    const CommandResult changed = w.run("/couches 2");
    ASSERT_TRUE(changed.ok);
    EXPECT_EQ(changed.message.rfind("balayage des graines annulé ; rien n'a changé\n", 0), 0u) << changed.message;
    EXPECT_FALSE(w.features.sweep().running());
    EXPECT_EQ(w.session.last_sweep(), nullptr);
    EXPECT_EQ(w.session.settings().layers, 2);

    ASSERT_TRUE(w.run("/entrainer 10000").ok);
    const CommandResult sweep = w.run("/graines 1..2 5");
    EXPECT_FALSE(sweep.ok);
    EXPECT_EQ(sweep.message, "un entraînement est en cours : attendez sa fin, ou /entrainer stop l'arrête, puis /graines");
    EXPECT_TRUE(w.features.training().running());  // untouched
    EXPECT_FALSE(w.features.sweep().running());
    w.run("/entrainer stop");
}

// A/B, a step at a time as the web page runs it, then exported as a script would: the end of the
// script's /graines waits, and the CSV is the headless one.
TEST(LiveSweep, InSlicesWithSideBThenExportedAsAScriptWould) {
    test::WindowFeatures w;
    w.features.sweep().run_in_slices(true);
    for (const char* line : {"/couches 1", "/comparer on", "/b /residuel off"}) ASSERT_TRUE(w.run(line).ok) << line;
    const CommandResult started = w.run("/graines 6..7 20");
    ASSERT_TRUE(started.ok) << started.message;
    EXPECT_NE(started.message.find("(20 pas chacune, A et B)"), std::string::npos) << started.message;
    w.features.wait_for_training();  // as the window's --run does before its next line
    const std::string path = test::scratch("live_sweep", "graines.csv").string();
    ASSERT_TRUE(w.run("/exporter graines " + path).ok);
    const Sweep& sweep = *w.session.last_sweep();
    ASSERT_EQ(sweep.b.size(), 2u);
    Sweep single;  // the rows of single runs in fresh sessions
    single.first_seed = 6;
    single.steps = 20;
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string seed = std::to_string(6 + i);
        single.a.push_back({test::losses(test::session("/couches 1; /graine " + seed + "; /entrainer 20")), false});
        single.b.push_back({test::losses(test::session("/couches 1; /residuel off; /graine " + seed + "; /entrainer 20")), false});
        EXPECT_EQ(sweep.a[i].losses, single.a[i].losses) << seed;
        EXPECT_EQ(sweep.b[i].losses, single.b[i].losses) << seed;
    }
    EXPECT_EQ(test::read_file(path), sweep_csv(single));
}

}  // namespace
}  // namespace tb
