#pragma once
// The attention panel's pure part: what the heatmaps say (how far from uniform, the caption that
// says it with the live figure), the cells' colours and the ink that reads on them, and how the
// words fit round the grid. No ImGui: the panel (app/ui/attention_panel.cpp), the tests and the
// screenshot checker (tests/gui/panel_check.cpp) call these.
#include <string>
#include <vector>

#include "language.h"
#include "scene/colour.h"
#include "settings.h"
#include "vocabulary.h"
#include "weights.h"

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
std::string attention_caption(const AttentionReading& reading, const std::vector<Token>& tokens, Language language);

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
