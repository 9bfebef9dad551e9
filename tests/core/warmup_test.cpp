// /echauffement N (channel.md §7, cli.md "The training log"): step k of a run uses Adam's rate
// lr · min(1, k / N), N = 0 none. The rates are checked against that formula written here, step by
// step; N = 0 must be the run without the setting, bit for bit; the run's log, the saved recipe and
// the reply say it. The replay of a warm-up log by numpy is tests/reference's (training/*warmup*).
#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "commands/training_commands.h"
#include "files/session_file.h"
#include "../support.h"

namespace tb {
namespace {

using nlohmann::json;

// The formula of the spec, written again here: lr · min(1, k / N), N = 0: lr.
double spec_rate(double lr, int n, int k) { return n == 0 ? lr : lr * std::min(1.0, static_cast<double>(k) / n); }

TEST(Warmup, RatesStepByStepAreTheFormula) {
    AdamOptions adam;
    adam.lr = 0.01, adam.warmup_steps = 4;
    // By hand: 0.01 · 1/4, 2/4, 3/4, then 0.01 from step 4 on.
    const double by_hand[] = {0.0025, 0.005, 0.0075, 0.01, 0.01, 0.01, 0.01};
    for (int k = 1; k <= 7; ++k) {
        EXPECT_NEAR(warmup_rate(adam, k), by_hand[k - 1], 1e-18) << "step " << k;
        EXPECT_NEAR(warmup_rate(adam, k), spec_rate(0.01, 4, k), 1e-18) << "step " << k;
    }
    for (int n : {0, 1, 3, 50, 1000})
        for (int k : {1, 2, 10, 49, 50, 51, 999, 1000, 5000}) {
            adam.warmup_steps = n;
            EXPECT_NEAR(warmup_rate(adam, k), spec_rate(0.01, n, k), 1e-18) << "N " << n << " step " << k;
        }
    // Once the warm-up is over, and without one, the rate is lr itself (not lr · 1.0 rounded).
    adam.warmup_steps = 0;
    EXPECT_EQ(warmup_rate(adam, 1), 0.01);
    adam.warmup_steps = 4;
    EXPECT_EQ(warmup_rate(adam, 4), 0.01);
    EXPECT_EQ(adam_options(test::settings("/echauffement 30; /taux 0,02")).warmup_steps, 30);
}

// With a constant gradient g, Adam's bias-corrected moments are m̂ = g and √v̂ = |g| at every step,
// so step k moves the element by lr_k · |g| / (|g| + 1e-8): the warm-up's rates, one by one.
TEST(Warmup, EachAdamStepMovesByItsRate) {
    const Settings s = test::settings("/couches 1");
    const Session session = test::session("/couches 1");  // held: the weights live in its trace
    const Weights& w = *session.trace()->weights;
    TrainingState state = start_training(w);
    Weights g = w;
    for (const TensorRef& t : trained_tensors(g, s)) std::fill(t.data, t.data + t.size, 0.0);
    g.blocks[0].attention.bq(1) = 0.5;
    AdamOptions adam;
    adam.lr = 0.01, adam.warmup_steps = 4;
    const double moves[] = {0.0025, 0.005, 0.0075, 0.01, 0.01, 0.01};
    for (int k = 1; k <= 6; ++k) {
        const double before = state.weights.blocks[0].attention.bq(1);
        adam_step(state, g, s, adam);
        const double moved = before - state.weights.blocks[0].attention.bq(1);
        EXPECT_NEAR(moved, moves[k - 1] * 0.5 / (0.5 + 1e-8), 1e-15) << "step " << k;
    }
}

std::vector<double> losses(const Session& session) {
    std::vector<double> out;
    const json log = json::parse(*training_log(session));
    for (const json& step : log["steps"]) out.push_back(step["loss"].get<double>());
    return out;
}

// N = 0 is the run without the setting; N = 1 too (min(1, k/1) = 1 from step 1): the same losses
// and weights, bit for bit. A longer warm-up changes the run from step 2 (step 1's loss is read
// before any update).
TEST(Warmup, ZeroIsTheRunWithoutItBitForBit) {
    const std::string model = "/couches 2; /norme post; /corpus grammaire; ";
    const Session plain = test::session(model + "/entrainer 40");
    const Session zero = test::session("/echauffement 7; /echauffement 0; " + model + "/entrainer 40");
    const Session one = test::session(model + "/echauffement 1; /entrainer 40");
    const Session ten = test::session(model + "/echauffement 10; /entrainer 40");
    // The run driven here without the settings table's field: AdamOptions{} (no warm-up), lr 0.003.
    Session driven = test::session(model + "/entrainer 1");
    {
        TrainingRun& run = driven.training_run();
        run.setup.adam = AdamOptions{};
        for (int k = 2; k <= 40; ++k) run.steps.push_back(train_step(run.setup, run.state, *run.work, run.gradients));
        driven.adopt_training();
    }
    const auto base = losses(plain);
    ASSERT_EQ(base.size(), 40u);
    for (const Session* s : {&zero, &one, static_cast<const Session*>(&driven)}) {
        const auto l = losses(*s);
        ASSERT_EQ(l.size(), base.size());
        for (std::size_t i = 0; i < l.size(); ++i) EXPECT_EQ(l[i], base[i]) << "step " << i + 1;  // ==, not near
        EXPECT_EQ(s->trace()->weights->token_embedding, plain.trace()->weights->token_embedding);
    }
    const auto warmed = losses(ten);
    EXPECT_EQ(warmed[0], base[0]);
    EXPECT_NE(warmed[1], base[1]);
}

TEST(Warmup, TheLogTheReplyAndTheRunSayIt) {
    Session session = test::session("/couches 1; /echauffement 20; /entrainer 3");
    EXPECT_EQ(json::parse(*training_log(session))["optimizer"]["warmup_steps"], 20);
    EXPECT_EQ(json::parse(*training_log(test::session("/couches 1; /entrainer 2")))["optimizer"]["warmup_steps"], 0);
    const CommandResult set = test::registry().execute(session, "/echauffement 8");
    ASSERT_TRUE(set.ok);
    const std::string said = "échauffement : 8 pas, le pas k utilise taux × min(1, k/8)\n";  // then the measured figures
    EXPECT_EQ(set.message.substr(0, said.size()), said);
    EXPECT_EQ(test::registry().execute(session, "/echauffement 0").message,
              "échauffement : aucun, le taux d'apprentissage dès le premier pas");
    // A recipe setting like /taux: the weights stay (3 steps), the run ends, the next one warms up
    // from its own step 1.
    EXPECT_EQ(session.trained_steps(), 3);
    EXPECT_EQ(session.training(), nullptr);
    ASSERT_TRUE(test::registry().execute(session, "/echauffement 5").ok);
    const CommandResult trained = test::registry().execute(session, "/entrainer 2");
    ASSERT_TRUE(trained.ok);
    EXPECT_NE(trained.message.find(", échauffement 5 pas)"), std::string::npos) << trained.message;
    const json log = json::parse(*training_log(session));
    EXPECT_EQ(log["optimizer"]["warmup_steps"], 5);
    EXPECT_EQ(log["steps"][0]["step"], 1);
    ASSERT_EQ(session.training_recipe().size(), 2u);
    EXPECT_EQ(session.training_recipe()[0].warmup_steps, 20);
    EXPECT_EQ(session.training_recipe()[1].warmup_steps, 5);
}

// A run of a file written before /echauffement has no warmup_steps: it had none (0). A file with a
// warm-up keeps it and trains again to the same weights when it holds the recipe alone.
TEST(Warmup, SessionRecipesKeepIt) {
    const Session source = test::session();
    json file = json::parse(session_to_text({source.settings(), json::object()}));
    file["settings"].erase("warmup_steps");
    file["training"] = json::array({{{"corpus", "interne"}, {"corpus_identity", 1}, {"batch_size", 16}, {"learning_rate", 0.003}, {"steps", 10}}});
    SessionFile out;
    ASSERT_FALSE(parse_session(file.dump(), source.vocabulary(), out).has_value());
    ASSERT_EQ(out.training.size(), 1u);
    EXPECT_EQ(out.training[0].warmup_steps, 0);
    EXPECT_EQ(out.settings.warmup_steps, 0);

    CommandRegistry registry;
    add_session_commands(registry);
    Session a = test::session("/couches 1; /echauffement 6; /entrainer 4; /echauffement 2; /entrainer 3; /echauffement 9");
    const auto path = test::scratch("tb_warmup", "warm.json");
    ASSERT_TRUE(registry.execute(a, "/session enregistrer " + path.string()).ok);
    json saved = json::parse(test::read_file(path));
    EXPECT_EQ(saved["training"][0]["warmup_steps"], 6);
    EXPECT_EQ(saved["training"][1]["warmup_steps"], 2);
    EXPECT_EQ(saved["settings"]["warmup_steps"], 9);
    saved.erase("weights");  // the recipe alone: trained again, step for step, with its warm-ups
    std::ofstream(path) << saved.dump();
    Session b = test::session();
    const CommandResult opened = registry.execute(b, "/session ouvrir " + path.string());
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(b.settings().warmup_steps, 9);
    EXPECT_EQ(b.trace()->weights->token_embedding, a.trace()->weights->token_embedding);
    ASSERT_EQ(b.training_recipe().size(), 2u);
    EXPECT_EQ(b.training_recipe()[1].warmup_steps, 2);
}

}  // namespace
}  // namespace tb
