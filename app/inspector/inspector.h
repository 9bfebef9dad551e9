#pragma once
// "Inside the sublayers": the data of the inspector panels (/panneau), as pure functions of the
// trace, so that tests and the screenshot checker compute what the window draws. No ImGui here.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.h"
#include "parameters.h"
#include "scene/screen.h"
#include "trace.h"

namespace tb {

enum class Panel { None, Attention, Neurons, Norm, Gradients, Scale, Output };

// The /panneau words, in tab order (aucun last): "attention", "neurones", "norme", "gradients",
// "echelle", "sortie", "aucun".
const std::vector<std::string>& panel_words();
const char* panel_word(Panel panel);
// Case- and accent-insensitive ("Échelle" -> Scale); nothing for an unknown word.
std::optional<Panel> parse_panel(std::string_view word);

// The /panneau command: opens `target` (a panel of the App's), or explains what it expected.
Command make_panel_command(Panel& target);

// Where the inspector goes: a row of tabs over the right column's lower part (below the norm
// profile, which stays visible, as does the cross-section); the body replaces the cosine plot, the
// legend and the similarity grid while a panel is open (they give way, as the grid's numbers
// would not be readable beside a panel), and takes a quarter of the profile's height. `frame` is
// ImGui's frame height (tabs are one button high).
struct InspectorLayout {
    Rect profile; // the norm profile: shorter while a panel is open, never hidden
    Rect tabs;    // the row of buttons, always shown
    Rect body;    // the open panel (empty when none)
    Rect cosine;  // the cosine plot, the legend and the similarity grid when no panel is open (else empty)
    Rect legend;
    Rect similarity;
};
InspectorLayout inspector_layout(const ScreenLayout& screen, bool open, float frame);

// A vector typed by a teacher: 2 to 16 finite numbers separated by spaces or ';' ("2 4 4 4 5 5 7 9",
// "1,5; -2" with a decimal comma). On bad input, a French message (English twin) and no vector.
struct VectorParse {
    std::optional<Vector> vector;
    std::string error;  // French
    std::string error_en;
};
VectorParse parse_vector(std::string_view text);

// The attention panel: one n x n heatmap per head, side by side under a header of `header` px,
// the query words once on the left (`label` px), key words above each grid (`label` px), `footer`
// px kept below (the colour
// scale and the caption; 0,6 label when not given).
struct HeatmapLayout {
    std::vector<Rect> grids;  // one per head: the n x n cells
    float cell = 0;
    Rect cell_rect(int head, int query, int key) const;  // row = query i, column = key j
};
HeatmapLayout heatmap_layout(const Rect& body, int tokens, int heads, float header, float label, float footer = -1);

// The FFN strip: w cells in one row (up to 32 a row, so 64 makes two rows) under `header` px.
struct StripLayout {
    Rect area;
    int per_row = 0;
    float cell_w = 0, cell_h = 0;
    Rect cell_rect(int neuron) const;
};
StripLayout neuron_strip_layout(const Rect& body, int width, float header, float line);

// A neuron read as seed 004 reads it: W↑'s row i (its "question" over the d features) and W↓'s
// column i (the "direction" it adds to the stream when active).
struct NeuronReading {
    Vector question;   // [d]: W1.row(i)
    double bias;       // b1(i)
    Vector direction;  // [d]: W2.col(i)
    double activation; // the hidden value for the chosen token
};
NeuronReading read_neuron(const Trace& trace, int block, int token, int neuron);

// Mean |dL/dW| of each sublayer (levels 1..2L) with the residual on and off, same weights, same
// sentence, same loss target: the other wiring is recomputed from the trace's shared weights.
struct GradientComparison {
    std::vector<double> residual_on, residual_off;  // [2L]: index k-1 is level k
    double loss_on = 0, loss_off = 0;
};
GradientComparison gradient_comparison(const Trace& trace);

// The parameter formula applied from the toy to GPT-3, with the shares the seeds quote.
struct ScaleRow {
    Architecture architecture;
    ParameterBreakdown parameters;
    double embeddings_share;      // (token embeddings + positions) / total
    double attention_share;       // L × attention per block / total
    double ffn_share;             // L × FFN per block / total (the MLPs)
    double ffn_over_attention;    // FFN per block / attention per block
    std::int64_t w_up_per_block;  // w × d: W↑'s weights in one block
};
ScaleRow scale_row(const Architecture& architecture);
// The toy model of `trace`, then gpt2-small, gpt2-medium, gpt2-large, gpt2-xl, gpt3.
std::vector<ScaleRow> scale_rows(const Trace& trace);

// Layout constants shared with the screenshot checker (tests/gui/panel_check.cpp), in units of
// ImGui's frame height (font + padding) so that they follow Ctrl +/-.
namespace inspector_metrics {
constexpr float kHeatmapHeader = 2.5f;  // the block selector and the caption above the heatmaps
constexpr float kHeatmapLabel = 3.2f;   // the words' column
constexpr float kHeatmapFooter = 3.0f;  // the colour scale, its labels and the caption below the heatmaps
constexpr float kStripHeader = 5.0f;    // the block, token and caption lines above the strip
constexpr float kScaleHeader = 3.0f;    // the sentences above the scale bars
constexpr float kScaleRow = 1.9f;       // one model: a line of text and its bar
}  // namespace inspector_metrics


// The scale panel's bars: one per row of scale_rows(), below the header.
Rect scale_bar_rect(const Rect& body, int row, float frame);

// The level whose vectors the playhead is in: floor, clamped to 0..2L+1.
int playhead_level(const Trace& trace, double playhead);

}  // namespace tb
