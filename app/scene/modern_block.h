#pragma once
// Seed 002's modern block as the picture and the controls show it, pure functions of the
// settings: which recipe of the table the settings are, the (h, h_kv) choices allowed, which
// query heads share a K/V head (GQA), RoPE's turn of a token's first pair, ALiBi's slope.
#include <string>
#include <vector>

#include "settings.h"

namespace tb {

// Seed 002's table, as channel.md section 7's /recette sets it.
enum class Recipe { None, Original2017, Gpt2, Llama };
struct RecipeInfo {
    Recipe recipe;
    const char* word;   // as /recette takes it: "2017", "gpt2", "llama"
    const char* label;  // the button's: "2017", "GPT-2", "Llama"
};
const std::vector<RecipeInfo>& recipes();
// The recipe whose every setting the block has now (L, d, w, the sentence and the seed are
// not part of a recipe); None when it is a mix.
Recipe matching_recipe(const Settings& settings);

// The (h, h_kv) a class may choose at dimension d: d_h = d/h an even whole number, h_kv dividing
// h; by h, then h_kv from h (MHA) down to 1 (MQA).
struct HeadChoice {
    int heads, kv_heads;
};
std::vector<HeadChoice> head_choices(int dimension);
// « MHA », « GQA », « MQA » (one head is MHA: its own K/V).
const char* attention_kind(int heads, int kv_heads);

// Seed 002's g(i) = ⌊i / (h / h_kv)⌋: the K/V head query head i reads (cli.md's kv_heads).
int kv_head_of(int query_head, int heads, int kv_heads);

// RoPE: the angle in radians by which pair (2k, 2k+1) of a head of size d_h turns at position p,
// θ = p · 10000^(−2k/d_h) (cli.md's rope_base); the first pair (k = 0) turns by p radians.
double rope_angle(int position, int pair, int head_size);
// ALiBi: head j's slope m = 2^(−8 (j + 1) / h); the score of query i on key j loses m·|i − j|.
double alibi_slope(int head, int heads);

}  // namespace tb
