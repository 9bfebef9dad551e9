// /recette <2017|gpt2|llama> (issue 14, seed 002's table "Architecture originale et implémentations
// modernes courantes"): each recipe sets exactly the block of shared/spec/channel.md section 7 and
// keeps L, d, w, the sentence and the seed; its reply names the block and what changed; recipe_of
// reads the recipe back. The expected blocks below are the spec's table, written out by hand.
#include "commands/recipes.h"
#include "model/settings_table.h"
#include "../support.h"

namespace tb {
namespace {

struct Block {
    Norm norm;
    NormType norm_type;
    Position position;
    Activation activation;
    int heads, kv_heads;
    Mask mask;
};

// channel.md §7: 2017 = post, layernorm, sinus, relu, h = h_kv = 2, mask aucun; gpt2 = pre,
// layernorm, appris, gelu, h = h_kv = 2, causal; llama = pre, rmsnorm, rope, swiglu, h 4 h_kv 2 at
// d 8 / h 8 h_kv 2 at d 16, causal.
Block spec_block(const std::string& recipe, int d) {
    if (recipe == "2017") return {Norm::Post, NormType::LayerNorm, Position::Sinus, Activation::Relu, 2, 2, Mask::None};
    if (recipe == "gpt2") return {Norm::Pre, NormType::LayerNorm, Position::Learned, Activation::Gelu, 2, 2, Mask::Causal};
    return {Norm::Pre, NormType::RmsNorm, Position::Rope, Activation::Swiglu, d == 8 ? 4 : 8, 2, Mask::Causal};
}

void expect_block(const Settings& s, const Block& b, const std::string& why) {
    EXPECT_EQ(s.norm, b.norm) << why;
    EXPECT_EQ(s.norm_type, b.norm_type) << why;
    EXPECT_EQ(s.position, b.position) << why;
    EXPECT_EQ(s.activation, b.activation) << why;
    EXPECT_EQ(s.heads, b.heads) << why;
    EXPECT_EQ(s.kv_heads, b.kv_heads) << why;
    EXPECT_EQ(s.mask, b.mask) << why;
    EXPECT_TRUE(s.residual) << why;
}

TEST(Recipe, EachSetsTheTablesBlockAndKeepsTheRest) {
    const std::vector<std::string> starts = {
        "", "/dimension 16", "/couches 4; /ffn 12; /graine 77; /phrase la souris mange le fromage; /residuel off",
        "/dimension 16; /norme aucune; /activation geglu; /position aucun; /masque causal; /normalisation rmsnorm; /couches 1",
        "/recette llama", "/dimension 16; /recette llama", "/recette 2017; /etape 3"};
    for (const auto& start : starts)
        for (const std::string recipe : {"2017", "gpt2", "llama"}) {
            Session s = test::session(start);
            const Settings before = s.settings();
            const auto r = test::registry().execute(s, "/recette " + recipe);
            ASSERT_TRUE(r.ok) << start << " → " << recipe << ": " << r.message;
            const Settings& after = s.settings();
            const std::string why = start + " → /recette " + recipe;
            expect_block(after, spec_block(recipe, before.dimension), why);
            EXPECT_EQ(after.layers, before.layers) << why;
            EXPECT_EQ(after.dimension, before.dimension) << why;
            EXPECT_EQ(after.ffn, before.ffn) << why;
            EXPECT_EQ(after.sentence, before.sentence) << why;
            EXPECT_EQ(after.seed, before.seed) << why;
            EXPECT_EQ(after.step, before.step) << why;
            // Nothing else than the table's fields and the residual moved.
            for (const auto& e : settings_table())
                if (!e.same(before, after)) {
                    const std::vector<std::string> block = {"norm", "norm_type", "position", "activation", "heads",
                                                            "kv_heads", "mask", "residual"};
                    EXPECT_NE(std::find(block.begin(), block.end(), e.key), block.end()) << why << ": " << e.key;
                }
            // with_recipe is what the command applies, and recipe_of reads it back.
            EXPECT_TRUE(same_model(with_recipe(recipe == "2017" ? Recipe::Original2017 : recipe == "gpt2" ? Recipe::Gpt2 : Recipe::Llama, before), after)) << why;
            ASSERT_TRUE(recipe_of(after).has_value()) << why;
            EXPECT_EQ(to_string(*recipe_of(after)), recipe) << why;
        }
}

TEST(Recipe, RecipeOfNamesOnlyAWholeRecipe) {
    EXPECT_FALSE(recipe_of(Settings{}).has_value());  // the channel's start-up block: pre-LN, sinus, GELU, no mask
    EXPECT_FALSE(recipe_of(test::settings("/recette llama; /activation geglu")).has_value());
    EXPECT_FALSE(recipe_of(test::settings("/recette gpt2; /residuel off")).has_value());
    EXPECT_FALSE(recipe_of(test::settings("/recette 2017; /masque causal")).has_value());
    // Llama's heads follow d: h 4 at d 8 is no longer Llama at d 16.
    Settings wide = test::settings("/recette llama");
    wide.dimension = 16;
    EXPECT_FALSE(recipe_of(wide).has_value());
    wide.heads = 8;
    ASSERT_TRUE(recipe_of(wide).has_value());
    EXPECT_EQ(*recipe_of(wide), Recipe::Llama);
    // The size, sentence, seed and step do not matter.
    ASSERT_TRUE(recipe_of(test::settings("/recette gpt2; /couches 5; /ffn 64; /graine 3; /etape 2")).has_value());
    EXPECT_EQ(*recipe_of(test::settings("/recette gpt2; /couches 5; /ffn 64; /graine 3; /etape 2")), Recipe::Gpt2);
}

TEST(Recipe, RepliesSayTheBlockAndWhatChanged) {
    Session s = test::session();
    auto r = test::registry().execute(s, "/recette llama");
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.message, "recette llama : pré-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2, masque causal ; changé : "
                         "position sinus → rope, masque aucun → causal, activation gelu → swiglu, type de norme "
                         "layernorm → rmsnorm, têtes 2 → 4");
    r = test::registry().execute(s, "/recette llama");
    ASSERT_TRUE(r.ok);
    EXPECT_EQ(r.message, "recette llama : pré-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2, masque causal ; déjà en place, "
                         "rien ne change");
    r = test::registry().execute(s, "/recette 2017");
    EXPECT_EQ(r.message, "recette 2017 : post-LayerNorm, positions sinusoïdales, ReLU, MHA h = 2, sans masque ; changé : "
                         "position rope → sinus, norme pre → post, masque causal → aucun, activation swiglu → relu, type "
                         "de norme rmsnorm → layernorm, têtes 4 → 2");
    Session wide = test::session("/dimension 16; /residuel off");
    r = test::registry().execute(wide, "/recette gpt2");
    EXPECT_EQ(r.message, "recette gpt2 : pré-LayerNorm, positions apprises, GELU, MHA h = 2, masque causal ; changé : "
                         "position sinus → appris, résiduel off → on, masque aucun → causal");
    r = test::registry().execute(wide, "/recette llama");
    EXPECT_EQ(r.message, "recette llama : pré-RMSNorm, RoPE, SwiGLU, GQA h = 8 / h_kv = 2, masque causal ; changé : "
                         "position appris → rope, activation gelu → swiglu, type de norme layernorm → rmsnorm, têtes 2 → 8");

    CommandRegistry english;
    Session e = test::session();
    ASSERT_TRUE(english.execute(e, "/langue en").ok);
    r = english.execute(e, "/recette llama");
    EXPECT_EQ(r.message, "recipe llama: pre-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2, causal mask; changed: "
                         "positional encoding sinus → rope, mask aucun → causal, activation gelu → swiglu, norm type "
                         "layernorm → rmsnorm, heads 2 → 4");
    r = english.execute(e, "/recette llama");
    EXPECT_EQ(r.message, "recipe llama: pre-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2, causal mask; already in place, "
                         "nothing changes");
}

TEST(Recipe, BadInputIsRefusedAndChangesNothing) {
    Session s = test::session("/couches 3");
    const Settings before = s.settings();
    const auto replays = s.replay_count();
    for (const char* line : {"/recette", "/recette bert", "/recette llama gpt2", "/recette 2018"}) {
        const auto r = test::registry().execute(s, line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_EQ(r.message.rfind("/recette attend 2017, gpt2 ou llama (", 0), 0u) << r.message;
        EXPECT_TRUE(same_model(s.settings(), before)) << line;
    }
    EXPECT_EQ(s.replay_count(), replays);
    EXPECT_EQ(test::registry().execute(s, "/recette bert").message, "/recette attend 2017, gpt2 ou llama (reçu « bert »)");
    // Typed as the other commands: capitals and the slash optional.
    EXPECT_TRUE(test::registry().execute(s, "Recette LLAMA").ok);
    EXPECT_EQ(s.settings().activation, Activation::Swiglu);
}

TEST(Recipe, AideAndCompletion) {
    const std::string help = test::registry().help_text();
    EXPECT_NE(help.find("/recette <2017|gpt2|llama> — "), std::string::npos) << help;
    EXPECT_EQ(test::registry().complete("/rec"), (std::vector<std::string>{"/recette "}));
    EXPECT_EQ(test::registry().complete("/recette "), (std::vector<std::string>{"/recette 2017", "/recette gpt2", "/recette llama"}));
    EXPECT_EQ(test::registry().complete("/recette l"), (std::vector<std::string>{"/recette llama"}));
}

}  // namespace
}  // namespace tb
