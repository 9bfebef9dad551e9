#pragma once
// The similarity grid: token x token cosine similarity of the vectors at one level, words on both
// axes. It shows as numbers what the mean-cosine chart sums up: with /position aucun the two « le »
// are the same vector (their cell is 1,00), with /residuel off the vectors collapse (every cell
// near 1). Pure: shared by the window (ui/similarity_panel.cpp), the tests and the screenshot
// checker (tests/gui/similarity_check.cpp). No ImGui here.
#include <string>
#include <vector>

#include "base/language.h"
#include "scene/palette.h"
#include "scene/screen.h"
#include "model/trace.h"

namespace tb {

struct SimilarityGrid {
    int level = 0;                   // the trace level whose vectors are compared
    std::vector<std::string> words;  // row i and column i: token i as shown
    std::vector<int> identity;       // its place as typed (identity_colour)
    Matrix cosines;                  // n x n, symmetric, in [-1, 1]
};

// cos(i, j) = x_i·x_j / (‖x_i‖ ‖x_j‖) over the rows of levels[level].vectors (level clamped to
// 0..2L+1). A zero vector has no direction: its cosines, with itself too, are defined as 0 (as
// mean_pairwise_cosine counts them), so its row and column read 0,00 and its diagonal cell too.
// Every other diagonal cell is 1.
SimilarityGrid similarity_grid(const Trace& trace, int level);

// The level the grid shows for the window's playhead: the level where the beads stand.
// - at rest on level k (playhead == k): level k;
// - while they cross level k (k-1 < playhead < k): level k-1, the vectors they carry in, until
//   they arrive; the grid changes at the moment the beads land, as a teacher pointing at a bead
//   expects (a grid of level k while the bead still shows level k-1 would contradict it). The
//   mean-cosine chart's value reads the same level.
// Clamped to 0..2L+1; a non-finite playhead gives 0.
int similarity_level(const Trace& trace, double playhead);

// The title: « similarité cosinus — niveau ffn 2 », "cosine similarity — level ffn 2".
std::string similarity_title(const Trace& trace, int level, Language language);

// A cell's value, two decimals, a decimal comma in French: "1,00", "-0,12"; never "-0,00".
std::string similarity_value(double cosine, Language language);

// The cell's colour: one two-sided scale, the same on both themes (the cells are opaque, so the
// panel's background does not change them): blue at -1, near white at 0, red at +1 (ColorBrewer
// RdBu, seven stops, linear between them; told apart with the common colour-vision deficiencies).
// Clamped outside [-1, 1].
palette::Colour8 similarity_colour(double cosine);
// The value's ink on that cell, black or white, whichever contrasts more (WCAG, at least 4.5:1).
palette::Colour8 similarity_ink(double cosine);

// Where the grid sits in its panel, in units of the text line height `line` (so that it follows
// Ctrl +/- and presenter mode): a title line, the column words on two staggered lines, the row
// words in a column on the left, then n x n cells. A row is as tall as the height allows (at most
// 4 lines, never taller than wide); a column as wide as the width allows, up to twice its height
// (the numbers need width more than height); width left over widens the words' column (up to 6
// lines), then centres the grid.
struct SimilarityLayout {
    Rect cells;        // the n x n cells (empty when a cell would be under 6 px)
    float cell_w = 0, cell_h = 0;
    float label = 0;   // the row words' column, just left of `cells`
    Rect cell_rect(int row, int column) const;
};
namespace similarity_metrics {
constexpr float kPad = 0.5f;      // left and right margins
constexpr float kTitle = 1.5f;    // the title line, with the margin above it
constexpr float kColumns = 2.15f; // the column words, staggered on two lines
constexpr float kBottom = 0.35f;  // below the cells
constexpr float kLabel = 3.8f;    // the row words' column at least ("regarde" at full size)
constexpr float kMaxLabel = 6.f;
constexpr float kMaxCell = 4.f;
constexpr float kMaxAspect = 2.f;  // a cell at most twice as wide as tall
}  // namespace similarity_metrics
SimilarityLayout similarity_layout(const Rect& panel, int tokens, float line);

}  // namespace tb
