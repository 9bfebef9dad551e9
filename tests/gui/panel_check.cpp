// panel_check PNG COMMANDS: the inspector panels (/panneau). Rebuilds the state the window had
// (the channel's and the window's commands, /panneau and /theme too, as the window runs them),
// the same layout functions, and checks colours where each panel draws what the model computed:
// every heatmap cell's colour from its attention weight on the scale 0 … the largest, a number in
// each, the causal triangle masked, the words in their identity colours, each FFN neuron
// pink or grey from its activation, the scale bars split at the shares count_parameters gives.
#include <algorithm>
#include <cmath>
#include <utility>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "inspector/inspector.h"
#include "model/predictions.h"
#include "scene/attention_grid.h"
#include "scene/colour.h"
#include "scene/palette.h"
#include "scene/theme.h"
#include "picture_check.h"
#include "features/window_features.h"
#include "scene/screen.h"
#include "commands/session.h"
#include "course/superposition.h"

namespace {

using namespace tb;
using namespace tb::test;

// ImGui's frame height at scale 1: the 19 px font plus twice the 3 px frame padding.
float kFrame = 25.f, kLine = 19.f;  // ImGui's frame height and text line at the picture's size (main)

// The pixel a cell's colour is read at: its top-left part, clear of the number at its centre and
// of the masked cells' hatch lines.
struct Point {
    float x, y;
};
Point fill_point(const Rect& c) { return {c.x + c.w * 0.15f + 1, c.y + c.h * 0.15f + 1}; }

double brightness(palette::Colour8 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

void check_attention(const Image& img, const Trace& t, const Rect& body, bool light) {
    const Level& level = t.levels[1];  // block 1, the panel's default
    const int n = t.token_count(), heads = static_cast<int>(level.attention_weights.size());
    const HeatmapLayout grid = heatmap_layout(body, n, heads, kFrame * inspector_metrics::kHeatmapHeader,
                                              kFrame * inspector_metrics::kHeatmapLabel, kFrame * inspector_metrics::kHeatmapFooter);
    check(grid.cell >= (n <= 5 ? 30 : 14), "heatmap cells large enough (" + std::to_string(grid.cell) + " px)");
    const bool causal = t.settings.mask == Mask::Causal;
    auto visible = [&](int i, int j) { return !causal || j <= i; };
    double top = 0;  // the colour scale's end: the largest weight shown
    for (const Matrix& a : level.attention_weights)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (visible(i, j)) top = std::max(top, a(i, j));
    // The scale's two ends (its colours are the panel's choice); between them, weight / top.
    const WeightScale scale = weight_scale(light);
    const palette::Colour8 low{int(std::lround(scale.low.r * 255)), int(std::lround(scale.low.g * 255)), int(std::lround(scale.low.b * 255))};
    const palette::Colour8 high{int(std::lround(scale.high.r * 255)), int(std::lround(scale.high.g * 255)), int(std::lround(scale.high.b * 255))};
    const palette::Colour8 panel = light ? kLightTheme.background : palette::kBackground;
    int masked_empty = 0, masked = 0, right_colour = 0, cells = 0, ordered = 0, pairs = 0, inked = 0;
    std::vector<std::pair<double, double>> seen;  // (weight, brightness)
    for (int k = 0; k < heads; ++k)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const Rect c = grid.cell_rect(k, i, j);
                const Point at = fill_point(c);
                const palette::Colour8 pixel = img.at(at.x, at.y);
                if (!visible(i, j)) {
                    ++masked;
                    masked_empty += near(pixel, panel, 6) && near(img.at(c.cx(), c.cy()), panel, 6);
                    continue;
                }
                const double w = level.attention_weights[static_cast<std::size_t>(k)](i, j), u = w / top;
                auto mix = [u](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * u)); };
                const palette::Colour8 expected{mix(low.r, high.r), mix(low.g, high.g), mix(low.b, high.b)};
                ++cells;
                const bool ok = near(pixel, expected, 8);
                right_colour += ok;
                if (!ok) std::printf("     head %d cell (%d,%d) w=%.3f: %s, expected %s\n", k + 1, i, j, w, str(pixel).c_str(), str(expected).c_str());
                seen.emplace_back(w, brightness(pixel));
                // The number: ink (black or white) in the cell's middle band.
                int ink = 0;
                for (float x = c.x + 2; x < c.right() - 2; ++x) {
                    const palette::Colour8 p = img.at(x, c.cy());
                    ink += near(p, {0, 0, 0}, 60) || near(p, {255, 255, 255}, 60);
                }
                inked += ink >= 2;
            }
    // The colours' order is the weights' order (lighter is heavier on the dark theme, darker on the light).
    for (const auto& a : seen)
        for (const auto& b : seen)
            if (a.first > b.first + 0.02) ++pairs, ordered += light ? a.second < b.second : a.second > b.second;
    check(cells > 0 && right_colour == cells, "every heatmap cell's colour is its weight on the scale 0 … " + std::to_string(top) + " (" +
                                                  std::to_string(right_colour) + "/" + std::to_string(cells) + ")");
    check(ordered == pairs, "a heavier weight is a stronger colour (" + std::to_string(ordered) + "/" + std::to_string(pairs) + " pairs)");
    // (Below 30 px a cell is too small for « 0,20 » at a readable size: colours only, then.)
    if (grid.cell >= 30) check(inked == cells, "a number written in every cell (" + std::to_string(inked) + "/" + std::to_string(cells) + ")");
    if (causal) check(masked > 0 && masked_empty == masked, "causal: upper triangle masked, not filled (" + std::to_string(masked_empty) + "/" + std::to_string(masked) + ")");
    else check(masked == 0, "no mask: every cell filled");
    // The colour scale under the grids: low at its left end, high at its right end.
    const Rect& g0 = grid.grids[0];
    const float strip_y = g0.bottom() + kFrame * (0.35f + 0.225f);
    const float strip_x1 = std::min(grid.grids.back().right(), g0.x + std::max(g0.w, kFrame * 8));
    check(near(img.at(g0.x + 3, strip_y), low, 12) && near(img.at(strip_x1 - 3, strip_y), high, 12),
          "the colour scale runs from 0 " + str(img.at(g0.x + 3, strip_y)) + " to the top " + str(img.at(strip_x1 - 3, strip_y)));
    // Each word in its identity colour at the left of its row, in the label column.
    int words = 0;
    for (int i = 0; i < n; ++i) {
        const Rgb id = identity_colour(t.typed_place(i));
        const float k = light ? 0.7f : 1.f;
        const palette::Colour8 c{int(id.r * k * 255 + 0.5f), int(id.g * k * 255 + 0.5f), int(id.b * k * 255 + 0.5f)};
        const Rect row = grid.cell_rect(0, i, 0);
        // The words are right-aligned against the grid: the column's right part, where even « le » is.
        const double f = fraction(img, {g0.x - kFrame * 0.9f, row.y + 2, kFrame * 0.9f - 2, row.h - 4}, c, 20);
        if (f <= 0.01) std::printf("     word %d: %.4f of %s\n", i, f, str(c).c_str());
        words += f > 0.01;
    }
    check(words == n, "each query word in its identity colour (" + std::to_string(words) + "/" + std::to_string(n) + ")");
    // The chosen head (1 by default) framed in yellow, the other not.
    const palette::Colour8 yellow = light ? kLightTheme.residual : palette::kResidual;
    check(near(img.at(g0.cx(), g0.y - 2), yellow, 30), "head 1 framed in yellow (as the cross-section's lines)");
    if (heads > 1) check(!near(img.at(grid.grids[1].cx(), grid.grids[1].y - 2), yellow, 30), "head 2 not framed");
}

void check_neurons(const Image& img, const Trace& t, const Rect& body) {
    const Level& level = t.levels[2];  // block 1, token 0: the panel's defaults
    const int w = static_cast<int>(level.hidden.cols());
    const StripLayout strip = neuron_strip_layout(body, w, kFrame * inspector_metrics::kStripHeader, kLine);
    int right = 0, active = 0;
    for (int k = 0; k < w; ++k) {
        const Rect c = strip.cell_rect(k);
        const palette::Colour8 p = img.at(c.cx(), c.cy());
        const bool pink = p.r > p.g + 40 && p.r > p.b;
        const bool grey = near(p, {58, 62, 78}, 8);
        const bool on = level.hidden(0, k) > 0;
        active += on;
        right += on ? pink : grey;
        if (on ? !pink : !grey) std::printf("     neuron %d h=%.3f: %s\n", k + 1, level.hidden(0, k), str(p).c_str());
    }
    check(right == w, "each of the w = " + std::to_string(w) + " neurons pink when active, grey when not (" + std::to_string(right) +
                          " right, " + std::to_string(active) + " active)");
}

void check_scale(const Image& img, const Rect& body) {
    for (int row : {1, 5}) {  // GPT-2 small and GPT-3
        const ScaleRow r = scale_row(*preset(row == 1 ? "gpt2-small" : "gpt3"));
        const Rect bar = scale_bar_rect(body, row, kFrame);
        const double bounds[] = {0, r.embeddings_share, r.embeddings_share + r.attention_share,
                                 r.embeddings_share + r.attention_share + r.ffn_share};
        const palette::Colour8 colours[] = {palette::kInput, palette::kAttention, palette::kFfn};
        for (int k = 0; k < 3; ++k) {
            if (bounds[k + 1] - bounds[k] < 0.02) continue;  // too thin to sample
            const float x = bar.x + bar.w * static_cast<float>((bounds[k] + bounds[k + 1]) * 0.5);
            check(near(img.at(x, bar.cy()), colours[k], 20), r.architecture.name + " part " + std::to_string(k) + " at its share: " +
                                                                 str(img.at(x, bar.cy())));
        }
    }
}

// The four bars: the attention colour fills each up to its fraction (about 18 %, 26 %, 98 %, 100 %),
// so a narrow fill at d = 8 and a full bar at d = 12 288, on the dark stripe of the rest.
void check_superposition(const Image& img, const Trace& t, const Rect& body) {
    const std::vector<SuperpositionRow> rows = superposition_rows(t.settings.seed);
    // Along each row of the body, the share of the attention colour over the bar's extent.
    int rows_seen = 0;
    std::vector<double> fills;
    for (float y = body.y; y < body.bottom(); y += 1) {
        int attention = 0, dark = 0;
        for (float x = body.x; x < body.right(); x += 1) {
            const palette::Colour8 p = img.at(x, y);
            attention += near(p, palette::kAttention, 12);
            dark += near(p, {58, 62, 78}, 6);
        }
        if (attention + dark > body.w * 0.3f) {
            fills.push_back(static_cast<double>(attention) / (attention + dark));
            y += kLine;  // one sample a bar
            ++rows_seen;
        }
    }
    check(rows_seen == 4, "four bars drawn (" + std::to_string(rows_seen) + ")");
    for (std::size_t k = 0; k < fills.size() && k < rows.size(); ++k)
        check(std::abs(fills[k] - rows[k].fraction) < 0.03, "bar d = " + std::to_string(rows[k].dimension) + " filled at its fraction " +
                                                               std::to_string(rows[k].fraction) + " (" + std::to_string(fills[k]) + ")");
}

// How many pixels of `r` match `c`, every pixel (for thin text, which fraction's 2 px sampling misses).
int pixels(const Image& img, const Rect& r, palette::Colour8 c, int tolerance) {
    int hit = 0;
    for (float y = r.y; y < r.bottom(); y += 1)
        for (float x = r.x; x < r.right(); x += 1) hit += near(img.at(x, y), c, tolerance);
    return hit;
}

// The lens: each cell's green bar as long as its probability (recomputed here by logit_lens on the
// rebuilt session), and the row where the beads stand (the output, at rest) framed in yellow.
void check_lens(const Image& img, const Trace& t, const Vocabulary& vocabulary, const Rect& body) {
    const auto lens = logit_lens(t, vocabulary);
    const int levels = static_cast<int>(lens.size()), n = t.token_count();
    const LensLayout grid = lens_layout(body, levels, n, kFrame * inspector_metrics::lens_header(true), kFrame * inspector_metrics::lens_label(t.settings.layers),
                                        kFrame * inspector_metrics::kLensMargin);
    check(grid.cell_w >= 30 && grid.cell_h >= 12, "lens cells large enough (" + std::to_string(grid.cell_w) + " × " +
                                                      std::to_string(grid.cell_h) + " px)");
    int bars_right = 0;
    std::string wrong;
    for (int k = 0; k < levels; ++k)
        for (int i = 0; i < n; ++i) {
            const Rect bar = grid.bar_rect(k, i, lens[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)].probability);
            const Rect cell = grid.cell_rect(k, i);
            // The bar's length as drawn: the longest run of green from its start, over the rows it may cover.
            float green = 0;
            for (float y = bar.y - 1; y <= bar.y + 2; y += 1) {
                float run = 0;
                for (float x = bar.x - 1; x < cell.right() - 1; x += 1) {
                    if (!near(img.at(x, y), palette::kOutput, 30)) {
                        if (run > 0 || x > bar.x + 1) break;
                        continue;
                    }
                    run += 1;
                }
                green = std::max(green, run);
            }
            if (std::abs(green - bar.w) <= 2.f) ++bars_right;
            else if (wrong.empty()) wrong = " (level " + std::to_string(k) + " token " + std::to_string(i) + ": " + std::to_string(green) +
                                            " px, expected " + std::to_string(bar.w) + " at " + std::to_string(bar.x) + ", " +
                                            std::to_string(bar.y) + ")";
        }
    check(bars_right == levels * n, "every lens bar as long as its probability: " + std::to_string(bars_right) + " of " +
                                        std::to_string(levels * n) + wrong);
    const Rect top = grid.cell_rect(levels - 1, 0);
    double framed = 0;  // the frame's top edge: the best of the rows around the row's top
    for (float dy = -2; dy <= 2; dy += 1)
        framed = std::max(framed, fraction(img, {grid.grid.x + 2, top.y + dy, grid.grid.w - 4, 0}, palette::kResidual, 40));
    check(framed > 0.6, "the output's row (where the beads stand) framed in yellow (" + std::to_string(framed) + ")");
    const Rect below = grid.cell_rect(levels - 2, 0);
    check(fraction(img, {grid.grid.x + 4, below.y + 3, grid.grid.w - 8, 1}, palette::kResidual, 40) < 0.05, "the row below it not framed");
}

// The gradients along a training run in A/B: one colour per side (side_colour, scene/theme.h: A
// orange, B sky blue, as in the loss panel), the wiring said in the captions, so the lines drawn
// across the sublayers in the plot, the body's lower part under the captions, are A's and B's
// colours, and none is the « sans résiduel » red any more.
void check_gradients_ab(const Image& img, const Rect& body, palette::Colour8 off) {
    const Rect plot{body.x, body.y + body.h * 0.6f, body.w, body.h * 0.4f};
    // How far across the plot a colour reaches: a line spans the sublayers, a stray pixel does not.
    auto extent = [&](palette::Colour8 c) {
        float first = plot.right(), last = plot.x;
        for (float y = plot.y; y < plot.bottom(); y += 1)
            for (float x = plot.x; x < plot.right(); x += 1)
                if (near(img.at(x, y), c, 12)) first = std::min(first, x), last = std::max(last, x);
        return std::max(0.f, last - first) / plot.w;
    };
    const double a = extent(side_colour(ComparedSide::A, Theme::Dark)), b = extent(side_colour(ComparedSide::B, Theme::Dark));
    check(a > 0.5, "A's gradients (with the residual) drawn across the sublayers in A's orange (" + std::to_string(a) + " of the width)");
    check(b > 0.5, "B's gradients (without the residual) drawn across the sublayers in B's sky blue (" + std::to_string(b) + " of the width)");
    check(pixels(img, plot, off, 12) == 0, "no line in the wiring's red: in A/B each side in its own colour");
}

// The loss panel's word-frequencies reference: a pale yellow dotted line across the plot, and its
// label in the legend under the axis (no label over the curves): a yellow swatch, then the text.
void check_frequencies(const Image& img, const Rect& body) {
    const palette::Colour8 yellow{225, 200, 95};
    // The line: the body's row with the most yellow (anti-aliased on a fractional row: tolerance 40),
    // a dotted line (3 px on, 4 off) over most of the body's width.
    float line_y = body.y;
    int most = 0;
    std::vector<int> per_row;
    for (float y = body.y; y < body.bottom(); y += 1) {
        const int n = pixels(img, {body.x, y, body.w, 1}, yellow, 40);
        per_row.push_back(n);
        if (n > most) most = n, line_y = y;
    }
    check(most >= body.w * 0.25f, "the word frequencies' line across the plot (pale yellow, dotted): " + std::to_string(most) + " px");
    // The swatch: a short yellow run below the line by more than a text line (under the axis), with
    // the label written just right of it (light text on the dark panel).
    bool labelled = false;
    for (float y = line_y + kLine; y < body.bottom() && !labelled; y += 1) {
        const int n = per_row[static_cast<std::size_t>(y - body.y)];
        if (n < 3 || n > kLine * 2) continue;
        float right = body.x;
        for (float x = body.x; x < body.right(); x += 1)
            if (near(img.at(x, y), yellow, 40)) right = x;
        const Rect label{right + 2, y - kLine * 0.6f, std::min(kLine * 8, body.right() - right - 2), kLine * 1.2f};
        labelled = label.w > kLine * 4 && pixels(img, label, {255, 255, 255}, 60) >= 30;
    }
    check(labelled, "its label in the legend under the axis: a pale yellow swatch, the text written beside it");
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 2, "panel_check PNG COMMANDS");

    Session session = start_session();
    CommandRegistry registry;
    Features window(session, registry);  // the window's own commands too (/panneau, /theme, ...)
    window.install();
    for (const auto& line : split_script(argv[2]))
        if (!window.run(line).ok) return std::fprintf(stderr, "command refused: %s\n", line.c_str()), 2;
        else window.wait_for_training();  // as the window's --run does
    const Panel panel = window.inspector().panel();
    const bool light = window.teaching().theme() == Theme::Light;
    const Trace& trace = *session.trace();
    kLine = window_text_px(img);  // the text grows with the window (scene/screen.h)
    kFrame = kLine + 6;
    const ScreenLayout screen = screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), window_scale(img));
    const InspectorLayout layout = inspector_layout(screen, panel != Panel::None, kFrame);
    check(fraction(img, layout.tabs, palette::kResidual, 12) > 0.01 || panel == Panel::None, "the open panel's tab in yellow");
    const Rect& body = layout.body;
    const palette::Colour8 off{232, 92, 80};
    switch (panel) {
        case Panel::Attention: check_attention(img, trace, body, light); break;
        case Panel::Neurons: check_neurons(img, trace, body); break;
        case Panel::Scale: check_scale(img, body); break;
        case Panel::Gradients:
            if (window.comparison().is_open() && session.trained_steps() > 0) {
                check_gradients_ab(img, body, off);
                break;
            }
            check(fraction(img, body, palette::kResidual, 12) > 0.003, "gradients with the residual drawn (yellow)");
            check(fraction(img, body, off, 12) > 0.003, "gradients without the residual drawn (red)");
            break;
        case Panel::Output: check(fraction(img, body, palette::kOutput, 12) > 0.001, "probability bars (green)"); break;
        case Panel::Norm: check(fraction(img, body, {255, 255, 255}, 40) > 0.005, "the steps written in the panel"); break;
        case Panel::Memory: check(fraction(img, body, {255, 255, 255}, 40) > 0.005, "the shapes and figures written in the panel"); break;
        case Panel::Superposition: check_superposition(img, trace, body); break;
        case Panel::Lens: check_lens(img, trace, session.vocabulary(), body); break;
        case Panel::Raschka:
            // Two words each, in thin text: counted pixel by pixel.
            check(pixels(img, body, palette::kResidual, 40) >= 12, "« avec » columns labelled (yellow)");
            check(pixels(img, body, off, 40) >= 12, "« sans » columns labelled (red)");
            check(fraction(img, body, {255, 255, 255}, 40) > 0.01, "the figures written in the table");
            break;
        case Panel::Training:
            check(fraction(img, body, palette::kAttention, 12) > 0.002, "the batch loss curve (blue)");
            check(pixels(img, body, {240, 150, 60}, 30) >= 40, "the held-out losses (orange dots)");
            check_frequencies(img, body);
            check(session.trained_steps() > 0, "a trained model to draw the curve of");
            break;
        case Panel::Generation: check(fraction(img, body, {255, 255, 255}, 40) > 0.005, "the logits and the counters written"); break;
        case Panel::Sweep: check(fraction(img, body, {255, 255, 255}, 40) > 0.005, "the verdict and the rows written"); break;
        case Panel::None: break;
    }
    return verdict();
}
