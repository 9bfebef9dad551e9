// similarity_check PNG COMMANDS [ACTIONS]: the similarity grid. Rebuilds the state the window had
// (channel commands through the core registry; /presentateur, /theme and /lecon through the
// window's own teaching feature), the same layout functions (the normal layout with the inspector
// closed, or presenter mode), and checks where they put the grid: every cell filled in the colour
// of its cosine at the level where the beads stand (at rest, or a pinned "playhead X" among the
// actions), the diagonal and every pair of the same word without positions in the colour of 1,
// each cell's value written in its ink, each row's word in its token's identity colour.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "commands/commands.h"
#include "inspector/inspector.h"
#include "picture_check.h"
#include "teaching_state.h"
#include "scene/colour.h"
#include "scene/screen.h"
#include "scene/similarity.h"
#include "commands/session.h"
#include "teaching/teaching.h"

namespace {

using namespace tb;
using namespace tb::test;

// The fill of cell (i, j), sampled in its top-left corner, clear of the value written in its middle.
palette::Colour8 fill_of(const Image& img, const SimilarityLayout& l, int i, int j) {
    const Rect c = l.cell_rect(i, j);
    return img.at(c.x + 3.5f, c.y + 3.5f);
}

void check_cells(const Image& img, const SimilarityGrid& g, const SimilarityLayout& l, bool no_positions) {
    const int n = static_cast<int>(g.words.size());
    int right = 0, inked = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double v = g.cosines(i, j);
            const palette::Colour8 pixel = fill_of(img, l, i, j), expected = similarity_colour(v);
            const bool ok = near(pixel, expected, 6);
            right += ok;
            if (!ok) std::printf("     cell (%d,%d) cos %.3f: %s, expected %s\n", i, j, v, str(pixel).c_str(), str(expected).c_str());
            const Rect c = l.cell_rect(i, j);
            inked += fraction(img, {c.x + c.w * 0.2f, c.y + c.h * 0.25f, c.w * 0.6f, c.h * 0.5f}, similarity_ink(v), 60) > 0.01;
        }
    check(right == n * n, "every cell in the colour of its cosine (" + std::to_string(right) + "/" + std::to_string(n * n) + ")");
    check(inked == n * n, "every cell's value written in its ink (" + std::to_string(inked) + "/" + std::to_string(n * n) + ")");
    int diagonal = 0;
    for (int i = 0; i < n; ++i) diagonal += near(fill_of(img, l, i, i), similarity_colour(1), 6);
    check(diagonal == n, "the diagonal in the colour of 1 " + str(similarity_colour(1)) + " (" + std::to_string(diagonal) + "/" + std::to_string(n) + ")");
    if (!no_positions) return;
    int pairs = 0, one = 0;  // without positions a word typed twice is one vector: its cell is 1
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (i != j && g.words[static_cast<std::size_t>(i)] == g.words[static_cast<std::size_t>(j)]) {
                ++pairs;
                one += std::abs(g.cosines(i, j) - 1) < 1e-9 && near(fill_of(img, l, i, j), similarity_colour(1), 6);
            }
    check(pairs > 0 && one == pairs, "without positions, the same word twice: its cell is 1 and red (" + std::to_string(one) + "/" +
                                         std::to_string(pairs) + ")");
}

// Each row's word, left of the cells, in its identity colour (darker on the light theme).
void check_words(const Image& img, const SimilarityGrid& g, const SimilarityLayout& l, bool light) {
    const int n = static_cast<int>(g.words.size());
    int coloured = 0;
    for (int i = 0; i < n; ++i) {
        const Rgb c = identity_colour(g.identity[static_cast<std::size_t>(i)]);
        const float k = light ? 0.7f : 1.f;
        auto byte = [k](float v) { return static_cast<int>(std::lround(v * k * 255.f)); };
        const palette::Colour8 expected{byte(c.r), byte(c.g), byte(c.b)};
        const Rect row = l.cell_rect(i, 0);
        const double f = fraction(img, {row.x - l.label, row.y, l.label, row.h}, expected, 30);
        coloured += f > 0.005;
        if (f <= 0.005) std::printf("     row %d « %s »: no pixel near %s\n", i, g.words[static_cast<std::size_t>(i)].c_str(), str(expected).c_str());
    }
    check(coloured == n, "each row's word in its identity colour (" + std::to_string(coloured) + "/" + std::to_string(n) + ")");
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 2, "similarity_check PNG COMMANDS [ACTIONS]");
    TeachingState state;
    Session& session = state.session;
    const Teaching& view = state.view;
    if (!run_commands(state.registry, session, argv[2])) return 2;
    const Trace& trace = *session.trace();
    const double playhead = pinned_playhead(argc, argv).value_or(trace.settings.step);  // at rest, unless pinned

    const float w = static_cast<float>(img.w), h = static_cast<float>(img.h);
    const bool lesson = view.lesson().is_open();
    const float line = window_text_px(img, view.text_factor());  // the window's size and presenter mode set the type
    const float scale = window_scale(img, view.text_factor());
    const Rect rect = view.presenter() ? presenter_layout(w, h, scale, lesson).similarity
                                       : inspector_layout(screen_layout(w, h, scale, lesson), false, line + 6).similarity;
    const SimilarityGrid grid = similarity_grid(trace, similarity_level(trace, playhead));
    const SimilarityLayout layout = similarity_layout(rect, trace.token_count(), line);
    std::printf("     grid of level %d, %d tokens, cells %gx%g px at (%g, %g)\n", grid.level, trace.token_count(), layout.cell_w,
                layout.cell_h, layout.cells.x, layout.cells.y);
    check(!layout.cells.empty() && layout.cell_h >= 20, "the grid has readable cells");
    if (layout.cells.empty()) return verdict();
    check_cells(img, grid, layout, trace.settings.position == Position::None);
    check_words(img, grid, layout, view.theme() == Theme::Light);
    return verdict();
}
