#pragma once
// The attention panel's pure part: what the heatmaps say (how far from uniform, the caption that
// says it with the live figure), the cells' colours and the ink that reads on them, and how the
// words fit round the grid. No ImGui: the panel (app/ui/attention_panel.cpp), the tests and the
// screenshot checker (tests/gui/panel_check.cpp) call these.
#include <string>
#include <vector>

#include "base/language.h"
#include "scene/colour.h"
#include "model/settings.h"
#include "model/vocabulary.h"
#include "model/weights.h"

namespace tb {

// Whether query i sees key j: always without a mask, j ≤ i with the causal one.
bool attention_visible(int query, int key, Mask mask);
// The keys query i sees: n without a mask, i + 1 with the causal one.
int visible_keys(int query, int tokens, Mask mask);

// Attention is "nearly uniform" when every visible weight a_ij lies within half of its row's even
// share 1/n_i of that share: 0,5/n_i < a_ij < 1,5/n_i, no word read more than one and a half times,
// or less than half, what an even split would give it. Scale-free, so it means the same for 5
// words and for 12, and with the causal mask's shorter rows.
constexpr double kNearUniform = 0.5;

// What the heatmaps of one block show, over all their heads and visible cells.
struct AttentionReading {
    double gap = 0;       // max |a_ij − 1/n_i|: the caption's figure
    double relative = 0;  // max |a_ij − 1/n_i| · n_i: the gap in shares of the even share
    bool near_uniform = true;  // relative < kNearUniform
    double top = 0;       // the largest visible weight: the colour scale's end
    // The cell read most above its even share (rows with one visible key left out; -1 when none).
    int head = -1, query = -1, key = -1;
    double weight = 0, even = 0;
};
AttentionReading read_attention(const std::vector<Matrix>& heads, Mask mask);

// The live caption, in `language` (the weights are random: nothing in the program trains them):
// nearly uniform: « poids non entraînés : attention presque uniforme (écart max à 1/n : 0,06) »;
// else the most read cell: « poids non entraînés, attention pourtant marquée (écart max à 1/n :
// 0,41) : « regarde » lit surtout « chat », 0,61 contre 1/n = 0,20 (tête 1) ». (Over 40 seeds the
// start-up model's attention is marked, not uniform, in every block: the caption says so.)
// After training (`trained_steps` > 0) it begins « après 300 pas d'entraînement » instead.
std::string attention_caption(const AttentionReading& reading, const std::vector<Token>& tokens, Language language,
                              int trained_steps = 0);

// Which head looks where (issue 16), said only when it is clear. For each head, the mean weight over
// the sentence's queries of each pattern — the previous word (a_i,i−1), itself (a_ii), the next word
// (a_i,i+1, not under the causal mask), the first word (a_i0, i ≥ 1), [masque] (a_im, i ≠ m) — each
// over the queries where it exists and, under the causal mask, that see more than one word. A pattern
// is clear when its mean is at least kClearPattern and at least twice what even attention over each
// query's visible words would give it; the head's pattern is its clear one with the largest mean.
// Apart: the [masque] query's strongest key, when its weight is clear by the same two rules.
constexpr double kClearPattern = 0.5;
enum class Look { None, Previous, Self, Next, First, Mask };
struct HeadPattern {
    Look look = Look::None;  // None: no clear pattern
    double weight = 0;       // its mean weight (or, None, the strongest pattern's)
    Look strongest = Look::None;
    int mask_key = -1;       // the [masque] query's clear key, else -1
    double mask_weight = 0;
};
std::vector<HeadPattern> head_patterns(const std::vector<Matrix>& heads, Mask mask, const std::vector<Token>& tokens, int mask_id);
// One line: « tête 1 : le mot précédent (0,62 en moyenne) · tête 2 : pas de motif net ; [masque] → « chat » (0,71) ».
std::string head_patterns_caption(const std::vector<HeadPattern>& patterns, const std::vector<Token>& tokens, Language language);

// The colour scale: 0 at `low`, the scale's top at `high` (a straight line in sRGB between them),
// on the dark or the light theme.
struct WeightScale {
    Rgb low, high;
};
WeightScale weight_scale(bool light);
Rgb weight_colour(double weight, double top, bool light);  // weight / top clamped to [0, 1]

// WCAG's relative luminance of an sRGB colour, and the ink (black or white) whose contrast ratio
// with `fill` is the larger.
double relative_luminance(Rgb colour);
double contrast_ratio(Rgb a, Rgb b);
Rgb readable_ink(Rgb fill);

// How the key words stand above the columns: on `rows` staggered lines (word j on line j % rows),
// at `scale` times the font, so that no word is cut and no two overlap (each word is centred on
// its column and may spread over `rows` cells). `widths` are the words' widths at full size.
struct ColumnWords {
    int rows = 1;
    float scale = 1;
};
ColumnWords column_words(const std::vector<float>& widths, float cell, int most_rows = 3, float smallest = 0.55f);

// The font scale that fits a text of `width` in `room` (1 when it fits; never under `smallest`).
float fit_scale(float width, float room, float smallest = 0.55f);

}  // namespace tb
