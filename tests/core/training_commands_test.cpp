// The training commands (channel.md §7): /entrainer, /lot, /taux, /echauffement, /corpus refuse every bad
// argument in French and change nothing; the trained-state rules (what keeps and what drops the
// trained weights); a second /entrainer continues the run; the log holds the run.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "model/trace_json.h"
#include "commands/training_commands.h"
#include "../support.h"

namespace tb {
namespace {

using nlohmann::json;

TEST(TrainingCommands, BadArgumentsAreRefusedInFrenchAndChangeNothing) {
    Session session = test::session("/couches 1; /entrainer 2");
    CommandRegistry registry;
    const json before = to_json(*session.trace());
    const auto log_before = training_log(session);
    for (const char* line : {"/entrainer 0", "/entrainer -5", "/entrainer 1e9", "/entrainer abc", "/entrainer", "/entrainer 10001",
                             "/entrainer 3 4", "/taux 2", "/taux 0", "/taux abc", "/taux 0,000001", "/lot 0", "/lot 65", "/lot 1,5",
                             "/echauffement -1", "/echauffement 1001", "/echauffement 2,5", "/echauffement", "/echauffement dix",
                             "/corpus ouvrir /nonexistent/corpus.txt", "/corpus autre", "/corpus ouvrir"}) {
        const CommandResult r = registry.execute(session, line);
        EXPECT_FALSE(r.ok) << line;
        const std::string name = std::string(line).substr(0, std::string(line).find(' '));
        EXPECT_EQ(r.message.compare(0, name.size() + 1, name + " "), 0) << line << " -> " << r.message;  // names the command
        EXPECT_EQ(to_json(*session.trace()), before) << line << " changed the model";
        EXPECT_EQ(training_log(session), log_before) << line << " changed the run";
    }
    EXPECT_EQ(registry.execute(session, "/entrainer 0").message,
              "/entrainer attend un entier de 1 à 10\u202F000 (le nombre de pas) ou stop (reçu « 0 »)");
}

TEST(TrainingCommands, StopWithNothingRunningSaysSo) {
    Session session = test::session();
    const CommandResult r = test::registry().execute(session, "/entrainer stop");
    EXPECT_TRUE(r.ok);
    EXPECT_EQ(r.message, "aucun entraînement en cours");
}

TEST(TrainingCommands, PrintsStepLinesForProgramsAndCountsTheSteps) {
    Session session = test::session("/couches 1");
    const CommandResult r = test::registry().execute(session, "/entrainer 40");
    ASSERT_TRUE(r.ok) << r.message;
    // every max(1, 40/20) = 2 steps: 20 lines "step N loss X", digits and a point
    int lines = 0;
    for (std::size_t at = r.message.find("step "); at != std::string::npos; at = r.message.find("step ", at + 1)) ++lines;
    EXPECT_EQ(lines, 20);
    EXPECT_NE(r.message.find("step 40 loss "), std::string::npos);
    EXPECT_EQ(session.trained_steps(), 40);
    EXPECT_EQ(to_json(*session.trace())["trained_steps"], 40);
    EXPECT_EQ(to_json(*test::session().trace())["trained_steps"], 0);
}

// The summary names the two lines a loss is read against: chance, ln V, and the words' frequencies
// alone (the grammar's masked words: 2.754 by hand in Python, Training.FrequencyOnlyLoss…).
TEST(TrainingCommands, TheSummaryGivesChanceAndTheWordFrequenciesAlone) {
    Session session = test::session("/couches 1; /corpus grammaire");
    const CommandResult r = test::registry().execute(session, "/entrainer 2");
    ASSERT_TRUE(r.ok) << r.message;
    char chance[16];
    std::snprintf(chance, sizeof chance, "%.2f", std::log(static_cast<double>(test::vocabulary()->size())));
    chance[1] = ',';  // the French decimal comma
    EXPECT_NE(r.message.find(std::string("(hasard : ln V = ") + chance + " ; fréquences seules : 2,75)"), std::string::npos)
        << r.message;
}

// « pas encore sous les fréquences seules » exactly when the mean of the run's last 30 losses is
// not below them (2.7539874 for the grammar's masked words, by hand in Python): two steps from
// random weights are far above; 300 steps at L 2, d 16 go well below (issue 15's table: 1.4 – 2.2).
TEST(TrainingCommands, TheSummarySaysWhenTheLossIsNotYetBelowTheWordFrequencies) {
    for (const auto& [script, steps] : {std::pair{"/couches 2; /dimension 16; /ffn 64; /corpus grammaire", 2},
                                        std::pair{"/couches 2; /dimension 16; /ffn 64; /corpus grammaire", 300}}) {
        Session session = test::session(script);
        const CommandResult r = test::registry().execute(session, "/entrainer " + std::to_string(steps));
        ASSERT_TRUE(r.ok) << r.message;
        const std::vector<StepRecord>& run = session.training()->steps;
        const std::size_t last = std::min<std::size_t>(30, run.size());
        double recent = 0.0;
        for (std::size_t i = run.size() - last; i < run.size(); ++i) recent += run[i].loss / static_cast<double>(last);
        const bool said = r.message.find("pas encore sous les fréquences seules") != std::string::npos;
        EXPECT_EQ(said, recent >= 2.7539874459) << steps << " steps, " << recent << ": " << r.message;
        EXPECT_EQ(said, steps == 2) << r.message;  // the point of the two runs: one each way
    }
}

Matrix embedding(const Session& s) { return s.trace()->weights->token_embedding; }

TEST(TrainingCommands, TrainingChangesTheWeightsOnlyAndTheRulesSayWhatKeepsThem) {
    // Kept: the sentence, the step, /melanger, /lot, /taux and /echauffement.
    for (const char* keeps : {"/phrase la souris mange le fromage", "/etape 0", "/melanger", "/lot 4", "/taux 0,01", "/echauffement 20"}) {
        Session session = test::session("/couches 1; /entrainer 3");
        const Matrix trained = embedding(session);
        const CommandResult r = test::registry().execute(session, keeps);
        ASSERT_TRUE(r.ok) << keeps << " -> " << r.message;
        EXPECT_EQ(session.trained_steps(), 3) << keeps;
        EXPECT_EQ(embedding(session), trained) << keeps;
        EXPECT_EQ(r.message.find("abandonnés"), std::string::npos) << keeps;
    }
    // Dropped, and said: every other model setting, /graine (even the same seed), /propager, /reinit.
    const Matrix random = embedding(test::session("/couches 1"));
    for (const char* drops : {"/couches 2", "/norme post", "/residuel off", "/position appris", "/activation relu", "/masque causal",
                              "/graine 2017", "/propager", "/reinit", "/tetes 1", "/normalisation rmsnorm", "/ffn 16"}) {
        Session session = test::session("/couches 1; /entrainer 3");
        const CommandResult r = test::registry().execute(session, drops);
        ASSERT_TRUE(r.ok) << drops << " -> " << r.message;
        EXPECT_EQ(session.trained_steps(), 0) << drops;
        EXPECT_NE(r.message.find("poids entraînés abandonnés"), std::string::npos) << drops << " -> " << r.message;
        if (std::string(drops) == "/graine 2017") {
            EXPECT_EQ(embedding(session), random) << drops;
        }
    }
}

TEST(TrainingCommands, ASecondEntrainerContinuesTheRun) {
    Session whole = test::session("/couches 2; /entrainer 10");
    Session split = test::session("/couches 2; /entrainer 4; /phrase le chien mange; /entrainer 6");
    EXPECT_EQ(embedding(whole), embedding(split));
    EXPECT_EQ(split.trained_steps(), 10);
    const json log = json::parse(*training_log(split));
    ASSERT_EQ(log["steps"].size(), 10u);
    EXPECT_EQ(log["steps"][9]["step"], 10);
    EXPECT_EQ(log["objective"], "mot-masque");
    EXPECT_EQ(log["mask_id"], test::vocabulary()->mask_id());
    EXPECT_EQ(log, json::parse(*training_log(whole)));
    // /taux ends the run (the weights stay): the next log starts from the trained weights.
    ASSERT_TRUE(test::registry().execute(split, "/taux 0,001").ok);
    EXPECT_FALSE(training_log(split).has_value());
    ASSERT_TRUE(test::registry().execute(split, "/entrainer 2").ok);
    const json next = json::parse(*training_log(split));
    EXPECT_EQ(next["steps"].size(), 2u);
    EXPECT_EQ(next["optimizer"]["lr"], 0.001);
    EXPECT_EQ(next["initial_weights"], log["final_weights"]);
    EXPECT_EQ(split.trained_steps(), 12);
}

TEST(TrainingCommands, NextWordWithTheCausalMask) {
    Session session = test::session("/couches 1; /masque causal; /corpus grammaire; /entrainer 2");
    const json log = json::parse(*training_log(session));
    EXPECT_EQ(log["objective"], "mot-suivant");
    EXPECT_TRUE(log["mask_id"].is_null());
    for (const auto& e : log["steps"][0]["batch"]) {
        ASSERT_EQ(e["targets"].size() + 1, e["ids"].size());
        for (const auto& t : e["targets"]) EXPECT_EQ(t[1], e["ids"][t[0].get<int>() + 1]);
    }
}

// A non-finite loss leaves the state as it was (the model at the last finite step).
TEST(TrainingCommands, ANonFiniteLossUpdatesNothing) {
    const Settings s = test::settings("/couches 1");
    const std::vector<std::vector<int>> sentences = {{3, 4, 5}};
    const TrainingSetup setup{s, &sentences, test::vocabulary()->mask_id(), adam_options(s)};
    Weights w = *test::session("/couches 1").trace()->weights;
    w.token_embedding.row(4).setConstant(1e308);  // its logits overflow
    TrainingState state = start_training(w);
    auto work = make_workspace();
    Weights g;
    const StepRecord r = train_step(setup, state, *work, g);
    EXPECT_FALSE(r.finite);
    EXPECT_EQ(state.steps, 0);
    EXPECT_EQ(state.weights.blocks[0].attention.wq, w.blocks[0].attention.wq);
}

// The same through the command: with no norm, SwiGLU and a learning rate of 1, the first update
// sends the next loss to infinity. /entrainer stops there and says so, and the model, the step
// count and the log agree: one step, its weights finite, the log's final weights the model's.
TEST(TrainingCommands, ANonFiniteLossStopsTheRunWithAConsistentModel) {
    Session session = test::session("/couches 6; /dimension 16; /ffn 64; /norme aucune; /activation swiglu; /taux 1");
    const CommandResult r = test::registry().execute(session, "/entrainer 200");
    EXPECT_NE(r.message.find("entraînement arrêté au pas 2 : perte ou gradient non fini"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("le modèle reste au pas 1"), std::string::npos) << r.message;
    EXPECT_EQ(session.trained_steps(), 1);
    const json log = json::parse(*training_log(session));
    ASSERT_EQ(log["steps"].size(), 1u);
    EXPECT_TRUE(std::isfinite(log["steps"][0]["loss"].get<double>()));
    const Weights& w = *session.trace()->weights;
    EXPECT_TRUE(w.token_embedding.allFinite());
    for (const auto& b : w.blocks) EXPECT_TRUE(b.attention.wq.allFinite() && b.ffn.w1.allFinite());
    EXPECT_EQ(log["final_weights"], weights_json(w, session.settings(), session.trace()->position));
    // and training again from there refuses no less clearly, changing nothing
    const json before = log;
    test::registry().execute(session, "/entrainer 5");
    EXPECT_EQ(session.trained_steps(), 1);
    EXPECT_EQ(json::parse(*training_log(session))["final_weights"], before["final_weights"]);
}

}  // namespace
}  // namespace tb
