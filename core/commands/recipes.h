#pragma once
// Seed 002's table "Architecture originale et implémentations modernes courantes" as three whole
// blocks (shared/spec/channel.md section 7): /recette 2017 (the original: post-LayerNorm,
// sinusoidal positions, ReLU), gpt2 (pre-LayerNorm, learned positions, GELU, causal) and llama
// (pre-RMSNorm, RoPE, SwiGLU, GQA, causal). A recipe sets the block's wiring and keeps the size
// (L, d, w), the sentence and the seed.
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "model/settings.h"

namespace tb {

enum class Recipe { Original2017, Gpt2, Llama };

// The words /recette takes, in order: "2017", "gpt2", "llama".
const std::vector<std::string>& recipe_words();
const char* to_string(Recipe r);  // its word

// `s` with the recipe's block: norm, norm type, position, activation, heads, K/V heads, mask,
// residual on; every other field kept (the heads follow d: llama has h 4 / h_kv 2 at d 8, h 8 /
// h_kv 2 at d 16).
Settings with_recipe(Recipe r, const Settings& s);
// The recipe whose block `s` has (with_recipe would change nothing), if any: the window's badge
// « recette : llama ».
std::optional<Recipe> recipe_of(const Settings& s);
// The block a recipe sets, as the reply writes it: "pré-RMSNorm, RoPE, SwiGLU, GQA h = 4 / h_kv = 2,
// masque causal".
Text recipe_summary(Recipe r, const Settings& s);

// /recette <2017|gpt2|llama>: one command over several settings, checked by the settings table
// (Session::apply); its reply names the recipe's block and the settings it changed.
Command recipe_command();

}  // namespace tb
