// The window's live training (app/training): /entrainer on a worker thread gives exactly the run the
// headless /entrainer gives (the same log: batches, losses, weights), whatever the timing; the curve
// the panel draws is that log's losses; a run stopped and resumed equals one uninterrupted run; a
// command that changes the model stops the training first; the view commands do not.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <thread>

#include "../features_fixture.h"
#include "commands/training_commands.h"

namespace tb {
namespace {

using nlohmann::json;

// The log of the same commands run headless: /entrainer runs to its end before it answers.
json headless_log(const std::string& script) {
    Session session = test::session(script);
    return json::parse(*training_log(session));
}

// Waits until the worker has published `steps` losses (it runs thousands of steps a second).
void wait_for_steps(const LiveTraining& training, std::size_t steps) {
    for (int i = 0; i < 20000 && training.snapshot()->losses.size() < steps; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(LiveTraining, TheWindowsRunIsTheHeadlessRunAndTheCurveIsItsLog) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 2").ok);
    const CommandResult started = w.run("/entrainer 40");
    ASSERT_TRUE(started.ok) << started.message;
    EXPECT_EQ(started.message.rfind("entraînement lancé : 40 pas", 0), 0u) << started.message;
    w.features.wait_for_training();
    EXPECT_FALSE(w.features.training().running());
    EXPECT_EQ(w.session.trained_steps(), 40);
    EXPECT_EQ(w.features.log().back().text.rfind("entraînement : 40 pas (mot-masque", 0), 0u) << w.features.log().back().text;

    const json log = json::parse(*training_log(w.session));
    EXPECT_EQ(log, headless_log("/couches 2; /entrainer 40"));  // batches, losses, initial and final weights
    const auto snapshot = w.features.training().snapshot();
    EXPECT_FALSE(snapshot->running);
    ASSERT_EQ(snapshot->losses.size(), log["steps"].size());
    for (std::size_t i = 0; i < snapshot->losses.size(); ++i)
        EXPECT_EQ(snapshot->losses[i], log["steps"][i]["loss"].get<double>()) << "step " << i + 1;
    // Held-out every 10 steps from the start, the chance line ln V.
    ASSERT_EQ(snapshot->held_out.size(), 5u);
    for (std::size_t k = 0; k < 5; ++k) EXPECT_EQ(snapshot->held_out[k].first, static_cast<int>(10 * k));
    EXPECT_DOUBLE_EQ(snapshot->chance, std::log(static_cast<double>(w.session.vocabulary().size())));
    // The beads replay on the trained weights: the session's trace says so.
    EXPECT_EQ(w.session.trace()->trained_steps, 40);
    // The gradients panel's figures along the training: the log's sublayer_gradients (steps 1, 10, 20,
    // 30, 40), which the replay recomputes.
    std::vector<std::pair<int, std::vector<double>>> logged;
    for (const auto& step : log["steps"])
        if (step.contains("sublayer_gradients")) logged.emplace_back(step["step"].get<int>(), step["sublayer_gradients"].get<std::vector<double>>());
    ASSERT_EQ(logged.size(), 5u);
    ASSERT_EQ(snapshot->gradients.size(), logged.size());
    for (std::size_t k = 0; k < logged.size(); ++k) {
        EXPECT_EQ(snapshot->gradients[k].step, logged[k].first);
        EXPECT_EQ(snapshot->gradients[k].means, logged[k].second) << "step " << logged[k].first;
    }
    EXPECT_TRUE(snapshot->residual);
}

TEST(LiveTraining, StoppedAndResumedEqualsOneUninterruptedRun) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 1").ok);
    ASSERT_TRUE(w.run("/entrainer 600").ok);
    wait_for_steps(w.features.training(), 5);
    const CommandResult stopped = w.run("/entrainer stop");
    ASSERT_TRUE(stopped.ok);
    EXPECT_EQ(stopped.message.rfind("entraînement arrêté ; entraînement : ", 0), 0u) << stopped.message;
    const int done = w.session.trained_steps();
    EXPECT_GE(done, 5);
    EXPECT_EQ(w.features.training().snapshot()->losses.size(), static_cast<std::size_t>(done));
    if (done < 600) {
        ASSERT_TRUE(w.run("/entrainer " + std::to_string(600 - done)).ok);
        w.features.wait_for_training();
    }
    EXPECT_EQ(w.session.trained_steps(), 600);
    EXPECT_EQ(json::parse(*training_log(w.session)), headless_log("/couches 1; /entrainer 600"));
    EXPECT_EQ(w.features.training().snapshot()->losses.size(), 600u);
}

TEST(LiveTraining, ACommandThatChangesTheModelStopsTheTrainingFirst) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/entrainer 10000").ok);
    wait_for_steps(w.features.training(), 2);
    // The view commands and a second /entrainer leave it running.
    EXPECT_TRUE(w.run("/panneau entrainement").ok);
    EXPECT_TRUE(w.run("/vue vitesse 2").ok);
    EXPECT_TRUE(w.features.training().running());
    // /temperature and /cache set the next /generer's choice, not the model: the run goes on.
    EXPECT_TRUE(w.run("/temperature 0,8").ok);
    EXPECT_TRUE(w.run("/cache off").ok);
    EXPECT_TRUE(w.features.training().running());
    EXPECT_EQ(w.session.generation().temperature, 0.8);
    EXPECT_FALSE(w.session.generation().cache);
    const CommandResult again = w.run("/entrainer 5");
    EXPECT_FALSE(again.ok);
    EXPECT_EQ(again.message, "un entraînement est déjà en cours (jusqu'au pas 10000) : /entrainer stop l'arrête");
    // /couches changes the model: the training stops at a step boundary, then the seed's weights return.
    const CommandResult changed = w.run("/couches 3");
    ASSERT_TRUE(changed.ok);
    EXPECT_FALSE(w.features.training().running());
    EXPECT_EQ(changed.message.rfind("entraînement : ", 0), 0u) << changed.message;
    EXPECT_NE(changed.message.find('\n'), std::string::npos);
    EXPECT_EQ(w.session.trained_steps(), 0);
    EXPECT_EQ(w.session.settings().layers, 3);
    // Nothing runs: stop says so.
    EXPECT_EQ(w.run("/entrainer stop").message, "aucun entraînement en cours");
}

// The A/B: both sides train on the same sentences in the same order, each its own model;
// each curve is the headless run of its side's settings.
TEST(LiveTraining, ABTrainsBothSidesAsTwoSeparateHeadlessRuns) {
    test::WindowFeatures w;
    for (const char* line : {"/comparer on", "/b /residuel off", "/couches 6", "/dimension 16", "/ffn 64"}) ASSERT_TRUE(w.run(line).ok) << line;
    ASSERT_TRUE(w.run("/entrainer 30").ok);
    w.features.wait_for_training();
    const Session& b = *w.features.comparison().b();
    EXPECT_EQ(w.session.trained_steps(), 30);
    EXPECT_EQ(b.trained_steps(), 30);
    const std::string& summary = w.features.log().back().text;
    EXPECT_EQ(summary.rfind("A : entraînement : 30 pas", 0), 0u) << summary;
    EXPECT_NE(summary.find("\nB : entraînement : 30 pas"), std::string::npos) << summary;

    const json log_a = json::parse(*training_log(w.session)), log_b = json::parse(*training_log(b));
    EXPECT_EQ(log_a, headless_log("/couches 6; /dimension 16; /ffn 64; /entrainer 30"));
    EXPECT_EQ(log_b, headless_log("/couches 6; /dimension 16; /ffn 64; /residuel off; /entrainer 30"));
    for (std::size_t i = 0; i < 30; ++i) EXPECT_EQ(log_a["steps"][i]["batch"], log_b["steps"][i]["batch"]) << "step " << i + 1;
    const auto snapshot = w.features.training().snapshot();
    ASSERT_TRUE(snapshot->b.has_value());
    ASSERT_EQ(snapshot->b->losses.size(), 30u);
    for (std::size_t i = 0; i < 30; ++i) {
        EXPECT_EQ(snapshot->losses[i], log_a["steps"][i]["loss"].get<double>());
        EXPECT_EQ(snapshot->b->losses[i], log_b["steps"][i]["loss"].get<double>());
    }
    EXPECT_EQ(snapshot->b->held_out.size(), 4u);  // 0, 10, 20, 30
    // /comparer off stops nothing (nothing runs) and the curve of A stays, B's goes.
    ASSERT_TRUE(w.run("/comparer off").ok);
    w.features.update(0);
    EXPECT_FALSE(w.features.training().snapshot()->b.has_value());
    EXPECT_EQ(w.features.training().snapshot()->losses.size(), 30u);
}

TEST(LiveTraining, BadArgumentsGetTheHeadlessMessageAndStartNothing) {
    test::WindowFeatures w;
    const CommandResult r = w.run("/entrainer 0");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message, "/entrainer attend un entier de 1 à 10\u202F000 (le nombre de pas) ou stop (reçu « 0 »)");
    EXPECT_FALSE(w.features.training().running());
    EXPECT_EQ(w.session.trained_steps(), 0);
}

TEST(LiveTraining, TheHeldOutBatchHasEveryTargetOnce) {
    // Hand count: "le chat dort" (3 words) and "la souris mange le fromage" (5 words).
    const std::vector<std::vector<int>> sentences = {{1, 2, 3}, {4, 5, 6, 1, 7}};
    Settings s;
    s.mask = Mask::None;  // mot-masque: each position masked in turn
    const Batch masked = evaluation_batch(sentences, s, 99);
    ASSERT_EQ(masked.size(), 8u);
    EXPECT_EQ(masked[1].ids, (std::vector<int>{1, 99, 3}));
    EXPECT_EQ(masked[1].targets, (std::vector<std::pair<int, int>>{{1, 2}}));
    s.mask = Mask::Causal;  // mot-suivant: every next word
    const Batch next = evaluation_batch(sentences, s, 99);
    ASSERT_EQ(next.size(), 2u);
    EXPECT_EQ(next[1].ids, sentences[1]);
    EXPECT_EQ(next[1].targets, (std::vector<std::pair<int, int>>{{0, 5}, {1, 6}, {2, 1}, {3, 7}}));
}

}  // namespace
}  // namespace tb
