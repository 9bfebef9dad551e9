// panel_check PNG COMMANDS: the inspector panels (/panneau). Rebuilds the state the window had
// (the channel's commands through the core registry, /panneau through the App's own command),
// the same layout functions, and checks colours where each panel draws what the model computed:
// every heatmap cell's blue from its attention weight, the causal triangle empty, each FFN neuron
// pink or grey from its activation, the scale bars split at the shares count_parameters gives.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "inspector/inspector.h"
#include "scene/palette.h"
#include "picture_check.h"
#include "scene/screen.h"
#include "session.h"

namespace {

using namespace tb;
using namespace tb::test;

// ImGui's frame height at scale 1: the 19 px font plus twice the 3 px frame padding.
constexpr float kFrame = 25.f, kLine = 19.f;

void check_attention(const Image& img, const Trace& t, const Rect& body) {
    const Level& level = t.levels[1];  // block 1, the panel's default
    const int n = t.token_count(), heads = static_cast<int>(level.attention_weights.size());
    const HeatmapLayout grid = heatmap_layout(body, n, heads, kFrame * inspector_metrics::kHeatmapHeader,
                                              kFrame * inspector_metrics::kHeatmapLabel);
    check(grid.cell >= 10, "heatmap cells readable (" + std::to_string(grid.cell) + " px)");
    const bool causal = t.settings.mask == Mask::Causal;
    int empty_upper = 0, upper = 0, right_colour = 0, cells = 0;
    for (int k = 0; k < heads; ++k)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const Rect c = grid.cell_rect(k, i, j);
                const palette::Colour8 pixel = img.at(c.cx(), c.cy());
                const double w = level.attention_weights[static_cast<std::size_t>(k)](i, j);
                if (j > i) {
                    ++upper;
                    empty_upper += near(pixel, palette::kBackground, 6);
                }
                if (w <= 0) continue;
                const double s = std::sqrt(w);
                auto mix = [s](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * s)); };
                const palette::Colour8 expected{mix(palette::kBackground.r, palette::kAttention.r),
                                                mix(palette::kBackground.g, palette::kAttention.g),
                                                mix(palette::kBackground.b, palette::kAttention.b)};
                ++cells;
                const bool ok = near(pixel, expected, 8);
                right_colour += ok;
                if (!ok) std::printf("     head %d cell (%d,%d) w=%.3f: %s, expected %s\n", k + 1, i, j, w, str(pixel).c_str(), str(expected).c_str());
            }
    check(cells > 0 && right_colour == cells, "every heatmap cell's blue is its attention weight (" + std::to_string(right_colour) + "/" +
                                                  std::to_string(cells) + ")");
    if (causal) check(empty_upper == upper, "causal: upper triangle empty (" + std::to_string(empty_upper) + "/" + std::to_string(upper) + ")");
    else check(empty_upper == 0, "no mask: no empty cell above the diagonal (" + std::to_string(empty_upper) + " empty)");
    // The chosen head (1 by default) framed in yellow, the other not.
    const Rect g0 = grid.grids[0];
    check(near(img.at(g0.cx(), g0.y - 2), palette::kResidual, 30), "head 1 framed in yellow (as the cross-section's lines)");
    if (heads > 1) check(!near(img.at(grid.grids[1].cx(), grid.grids[1].y - 2), palette::kResidual, 30), "head 2 not framed");
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

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 2, "panel_check PNG COMMANDS");

    Session session = start_session();
    CommandRegistry registry;
    Panel panel = Panel::None;
    registry.add(make_panel_command(panel));
    if (!run_commands(registry, session, argv[2])) return 2;
    const Trace& trace = *session.trace();
    const ScreenLayout screen = screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), 1.f);
    const InspectorLayout layout = inspector_layout(screen, panel != Panel::None, kFrame);
    check(fraction(img, layout.tabs, palette::kResidual, 12) > 0.01 || panel == Panel::None, "the open panel's tab in yellow");
    const Rect& body = layout.body;
    const palette::Colour8 off{232, 92, 80};
    switch (panel) {
        case Panel::Attention: check_attention(img, trace, body); break;
        case Panel::Neurons: check_neurons(img, trace, body); break;
        case Panel::Scale: check_scale(img, body); break;
        case Panel::Gradients:
            check(fraction(img, body, palette::kResidual, 12) > 0.003, "gradients with the residual drawn (yellow)");
            check(fraction(img, body, off, 12) > 0.003, "gradients without the residual drawn (red)");
            break;
        case Panel::Output: check(fraction(img, body, palette::kOutput, 12) > 0.001, "probability bars (green)"); break;
        case Panel::Norm: check(fraction(img, body, {255, 255, 255}, 40) > 0.005, "the steps written in the panel"); break;
        case Panel::None: break;
    }
    return verdict();
}
