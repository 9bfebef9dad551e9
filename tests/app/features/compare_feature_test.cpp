// The comparison feature without a window: /comparer opens side B as a copy of A, /b changes a
// setting on B only, B follows A in everything it does not override, /reinit and /comparer off
// close it, and a saved session reopens it.
#include <gtest/gtest.h>

#include <set>

#include "../features_fixture.h"
#include "commands/sweep.h"

namespace tb {
namespace {

using test::WindowFeatures;

TEST(ComparisonFeature, BChangesOnlyWhatItIsTold) {
    WindowFeatures w;
    const Comparison& c = w.features.comparison();
    const auto early = w.run("/b /residuel off");
    EXPECT_FALSE(early.ok);
    EXPECT_EQ(early.message, "/b : ouvrez d'abord la comparaison (/comparer on)");
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(c.is_open());
    EXPECT_TRUE(same_model(c.b()->settings(), w.session.settings()));
    w.features.playback().finish();
    const auto r = w.run("/b /residuel off");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.message.rfind("côté B : ", 0), 0u);
    EXPECT_FALSE(c.b()->settings().residual);
    EXPECT_TRUE(w.session.settings().residual);
    EXPECT_TRUE(c.overrides().has("residual"));
    EXPECT_EQ(w.features.playback().playhead(), 0);  // both stacks rise again
    EXPECT_TRUE(w.features.playback().playing());
    ASSERT_TRUE(w.run("/couches 3").ok);  // not overridden: B follows A
    EXPECT_EQ(c.b()->settings().layers, 3);
    EXPECT_FALSE(c.b()->settings().residual);
    ASSERT_TRUE(w.run("/phrase le chien dort").ok);
    EXPECT_EQ(c.b()->settings().sentence, "le chien dort");
}

// /echauffement is a recipe setting like /lot and /taux: B trains on A's recipe, so B follows A's
// warm-up and /b refuses it (channel.md §7).
TEST(ComparisonFeature, BFollowsAsWarmup) {
    WindowFeatures w;
    const Comparison& c = w.features.comparison();
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/b /residuel off").ok);
    ASSERT_TRUE(w.run("/echauffement 40").ok);
    EXPECT_EQ(c.b()->settings().warmup_steps, 40);
    EXPECT_FALSE(c.b()->settings().residual);
    EXPECT_FALSE(w.run("/b /echauffement 5").ok);
    EXPECT_EQ(c.b()->settings().warmup_steps, 40);
    EXPECT_FALSE(c.overrides().has("warmup_steps"));
}

// /tetes h h_kv, one command over two settings, on side B: seed 002's 8 query heads over 2 K/V
// heads beside A's MHA, and a refusal that leaves B as it was.
// A at d = 16 beside B's 8 heads; A goes to d = 8, where 8 heads would give d_h = 1: B follows
// A's heads rather than stay on a block that no longer exists.
TEST(ComparisonFeature, BFollowsAWhereItsOwnValueNoLongerFits) {
    WindowFeatures w;
    const Comparison& c = w.features.comparison();
    ASSERT_TRUE(w.run("/dimension 16").ok);
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/b /tetes 8 2").ok);
    ASSERT_TRUE(w.run("/b /residuel off").ok);
    ASSERT_TRUE(w.run("/dimension 8").ok);
    EXPECT_EQ(c.b()->settings().dimension, 8);
    EXPECT_EQ(c.b()->settings().heads, 2);
    EXPECT_EQ(c.b()->trace()->settings.heads, 2);  // B replayed at d = 8
    EXPECT_FALSE(c.overrides().has("heads"));
    EXPECT_TRUE(c.overrides().has("residual"));  // what still fits stays B's
    EXPECT_FALSE(c.b()->settings().residual);
}

TEST(ComparisonFeature, BTakesTheHeadsCommand) {
    WindowFeatures w;
    const Comparison& c = w.features.comparison();
    ASSERT_TRUE(w.run("/dimension 16").ok);
    ASSERT_TRUE(w.run("/comparer on").ok);
    const auto r = w.run("/b /tetes 8 2");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NE(r.message.find("GQA"), std::string::npos) << r.message;
    EXPECT_EQ(c.b()->settings().heads, 8);
    EXPECT_EQ(c.b()->settings().kv_heads, 2);
    EXPECT_EQ(w.session.settings().heads, 2);
    EXPECT_EQ(w.session.settings().kv_heads, 2);
    EXPECT_TRUE(c.overrides().has("heads"));
    EXPECT_FALSE(c.overrides().has("kv_heads"));  // 2 on both sides: B follows A there
    EXPECT_EQ(c.b()->trace()->weights->blocks[0].attention.wk.rows(), 4);
    const auto bad = w.run("/b /tetes 8 3");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message.rfind("côté B : /tetes attend h_kv", 0), 0u) << bad.message;
    EXPECT_EQ(c.b()->settings().kv_heads, 2);
}

TEST(ComparisonFeature, BRefusesWhatIsShared) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/comparer on").ok);
    const auto r = w.run("/b /phrase le chat");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message,
              "/b attend une commande de réglage : /couches, /position, /residuel, /norme, /ffn, /dimension, /masque, "
              "/activation, /normalisation, /recette ou /tetes (reçu « /phrase le chat ») ; la phrase, la graine et l'étape sont communes aux deux côtés");
    const auto bad = w.run("/b /couches 9");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message, "côté B : /couches attend un entier de 1 à 6 (reçu « 9 »)");
    EXPECT_FALSE(w.features.comparison().overrides().any());
}

// Seed 002's A/B: GPT-2's block on A, Llama's on B, same sentence and seed; /recette is one command
// over several settings, and B overrides exactly those it changed.
TEST(ComparisonFeature, RecipeOnSideB) {
    WindowFeatures w;
    const Comparison& c = w.features.comparison();
    ASSERT_TRUE(w.run("/recette gpt2").ok);
    ASSERT_TRUE(w.run("/comparer on").ok);
    const Settings a = w.session.settings();
    const auto r = w.run("/b /recette llama");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(r.message, "côté B : recette llama : pré-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2, masque causal ; "
                         "changé : position appris → rope, activation gelu → swiglu, type de norme layernorm → rmsnorm, "
                         "têtes 2 → 4");
    const Settings& b = c.b()->settings();
    EXPECT_EQ(b.norm, Norm::Pre);
    EXPECT_EQ(b.norm_type, NormType::RmsNorm);
    EXPECT_EQ(b.position, Position::Rope);
    EXPECT_EQ(b.activation, Activation::Swiglu);
    EXPECT_EQ(b.heads, 4);
    EXPECT_EQ(b.kv_heads, 2);
    EXPECT_EQ(b.mask, Mask::Causal);
    EXPECT_EQ(b.sentence, a.sentence);
    EXPECT_EQ(b.seed, a.seed);
    EXPECT_TRUE(same_model(w.session.settings(), a));  // A untouched
    EXPECT_EQ(c.overrides().keys(), (std::set<std::string>{"position", "activation", "norm_type", "heads"}));
    // B keeps its block when A changes a setting it does not override.
    ASSERT_TRUE(w.run("/couches 3").ok);
    EXPECT_EQ(c.b()->settings().layers, 3);
    EXPECT_EQ(c.b()->settings().activation, Activation::Swiglu);
    EXPECT_EQ(c.b()->settings().heads, 4);
    // Refused on B: nothing marked.
    const auto bad = w.run("/b /recette bert");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message, "côté B : /recette attend 2017, gpt2 ou llama (reçu « bert »)");
}

TEST(ComparisonFeature, ClosedByOffAndByReinit) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/comparer off").ok);
    EXPECT_FALSE(w.features.comparison().is_open());
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run(" /reinit").ok);
    EXPECT_FALSE(w.features.comparison().is_open());
    EXPECT_EQ(w.run("/comparer peut-etre").message, "/comparer attend on ou off (reçu « peut-etre »)");
}

TEST(ComparisonFeature, PlayheadOfBFollowsTheSteps) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/b /couches 4").ok);  // A: 5 levels, B: 9
    EXPECT_DOUBLE_EQ(w.features.comparison().playhead_b(5), 9);
    EXPECT_DOUBLE_EQ(w.features.comparison().playhead_b(2.5), 4.5);
}

TEST(ComparisonFeature, ASavedSessionReopensIt) {
    const std::string file = test::temp_file("comparison.json");
    {
        WindowFeatures w;
        ASSERT_TRUE(w.run("/comparer on").ok);
        ASSERT_TRUE(w.run("/b /norme post").ok);
        ASSERT_TRUE(w.run("/session enregistrer " + file).ok);
    }
    WindowFeatures w;
    ASSERT_TRUE(w.run("/session ouvrir " + file).ok);
    const Comparison& c = w.features.comparison();
    ASSERT_TRUE(c.is_open());
    EXPECT_EQ(c.b()->settings().norm, Norm::Post);
    EXPECT_EQ(w.session.settings().norm, Norm::Pre);
    EXPECT_TRUE(c.overrides().has("norm"));
}

// /graines in the window (issue 37): side B's runs are the comparison's, the shown models stay.
TEST(ComparisonFeature, TheSweepRunsBothSidesAndLeavesTheModelsShown) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 1").ok);
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/b /residuel off").ok);
    const auto a_before = w.session.trace();
    const auto b_before = w.features.comparison().b()->trace();
    const auto r = w.run("/graines 3..4 6");
    ASSERT_TRUE(r.ok) << r.message;
    w.features.wait_for_training();  // it runs in the background
    ASSERT_NE(w.session.last_sweep(), nullptr);
    ASSERT_EQ(w.session.last_sweep()->b.size(), 2u);
    EXPECT_EQ(w.session.trace(), a_before);
    EXPECT_EQ(w.features.comparison().b()->trace(), b_before);
    // Seed 4's B: a fresh run of B's settings (another session, the plain registry).
    const Session fresh = test::session("/couches 1; /residuel off; /graine 4; /entrainer 6");
    std::vector<double> expected;
    for (const StepRecord& s : fresh.training()->steps) expected.push_back(s.loss);
    EXPECT_EQ(w.session.last_sweep()->b[1].losses, expected);
}

}  // namespace
}  // namespace tb
