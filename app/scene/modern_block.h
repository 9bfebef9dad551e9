#pragma once
// Seed 002's modern block as the picture and the controls show it, pure functions of the
// settings: the recipe buttons, the (h, h_kv) choices allowed, RoPE's turn of a token's first
// pair. Which recipe the settings are, g(i) and ALiBi's slope are core's (recipes.h, forward.h).
#include <string>
#include <vector>

#include "commands/recipes.h"
#include "model/settings.h"

namespace tb {

// The recipes of seed 002's table (core/commands/recipes.h) in the order of their buttons, and their labels.
const std::vector<Recipe>& recipe_buttons();
const char* recipe_label(Recipe r);  // "2017", "GPT-2", "Llama"

// The (h, h_kv) a class may choose at dimension d: d_h = d/h an even whole number, h_kv dividing
// h; by h, then h_kv from h (MHA) down to 1 (MQA).
struct HeadChoice {
    int heads, kv_heads;
};
std::vector<HeadChoice> head_choices(int dimension);
// attention_kind (« MHA », « GQA », « MQA »): model/settings.h.

// RoPE: the angle in radians by which pair (2k, 2k+1) of a head of size d_h turns at position p,
// θ = p · 10000^(−2k/d_h) (cli.md's rope_base); the first pair (k = 0) turns by p radians.
double rope_angle(int position, int pair, int head_size);

}  // namespace tb
