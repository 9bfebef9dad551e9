#pragma once
// "Inside the sublayers": the data of the inspector panels (/panneau), as pure functions of the
// trace, so that tests and the screenshot checker compute what the window draws. No ImGui here.
// One file per panel: layout.cpp (where the inspector goes), attention.cpp, neurons.cpp, norm.cpp,
// gradients.cpp, scale.cpp, lens.cpp, memory.cpp; their mathematics is core's (the gradient
// comparison: course/gradient_comparison.h; the counts: model/parameters.h, model/memory.h).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.h"
#include "course/gradient_comparison.h"
#include "inspector/choices.h"
#include "model/memory.h"
#include "model/parameters.h"
#include "scene/screen.h"
#include "model/trace.h"

namespace tb {

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
// A rect whose negative sizes are 0 (a window too small for a panel).
Rect sized_rect(float x, float y, float w, float h);

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

// The lens grid (/panneau lentille): below `header` px (the title, the caption and the tokens'
// words), right of the level names (`label` px), down to the body's bottom less `margin` px: level 0
// in the bottom row and 2L+1 at the top, as in the cross-section; token i in column i.
struct LensLayout {
    Rect grid;
    int levels = 0, tokens = 0;
    float cell_w = 0, cell_h = 0;
    Rect cell_rect(int level, int token) const;
    // The probability's green bar along the cell's bottom: 2 px high, (cell_w - 6) × p long from 3 px in.
    Rect bar_rect(int level, int token, double probability) const;
};
LensLayout lens_layout(const Rect& body, int levels, int tokens, float header, float label, float margin);

// A neuron read as seed 004 reads it: W↑'s row i (its "question" over the d features) and W↓'s
// column i (the "direction" it adds to the stream when active).
struct NeuronReading {
    Vector question;   // [d]: W1.row(i)
    double bias;       // b1(i)
    Vector direction;  // [d]: W2.col(i)
    double activation; // the hidden value for the chosen token
};
NeuronReading read_neuron(const Trace& trace, int block, int token, int neuron);

// What the gradients panel says about its figures, and nothing more: at the first sublayer
// (attention 1), the gradient without the residual against with it. `factor` is the larger over
// the smaller (>= 1), written with two significant digits below 10 and as an integer above;
// `without_is` is +1 when it is larger without the residual, -1 smaller, 0 when the factor reads
// « 1,0 » (about the same). The caption: « Ici, sans résiduel, le gradient de la 1re sous-couche
// (attention 1) est 2,7 fois plus petit qu'avec. »
struct GradientVerdict {
    double factor = 1;
    std::string factor_text;  // as the caption writes it: "2,7", "60"
    int without_is = 0;
    std::string caption;
};
GradientVerdict gradient_verdict(const GradientComparison& g, Language language);

// The gradients panel along the training (a run exists): by sublayer, the mean |dL/dW| of the
// training loss's gradient (core's StepRecord::sublayer_gradients) at the latest recorded step,
// with the first record (step 1, the weights before any update) beside it. What it says of one
// side, and nothing more: the 1st sublayer against the last (FFN L), at the latest record and at
// the first, each ratio as gradient_verdict writes its factor. `side`: "" alone, "A" or "B" in A/B.
// « A, avec résiduel, pas 300 : le gradient de la 1re sous-couche est 2,4 fois plus grand qu'à la
// dernière (FFN 6) ; au pas 1, 2,8 fois plus grand. »
struct DepthRatio {
    double factor = 1;        // larger over smaller, >= 1
    std::string factor_text;  // "2,4", "1 500"
    int first_is = 0;         // +1 the 1st sublayer's is larger, -1 smaller, 0 about the same (« 1,0 »)
    bool valid = false;       // both positive and finite
};
DepthRatio depth_ratio(const std::vector<double>& means, Language language);
std::string training_gradient_caption(const std::vector<GradientRecord>& records, bool residual, const std::string& side,
                                      Language language);

// The parameter formula applied from the toy to GPT-3, with the shares the seeds quote.
struct ScaleRow {
    Architecture architecture;
    ParameterBreakdown parameters;
    double embeddings_share;      // (token embeddings + positions) / total
    double attention_share;       // L × attention per block / total
    double ffn_share;             // L × FFN per block / total (the MLPs)
    double ffn_over_attention;    // FFN per block / attention per block
    std::int64_t w_up_per_block;  // w × d: W↑'s weights in one block
    double head_share = 0;        // untied output head V·d / total (0 when tied)
};
ScaleRow scale_row(const Architecture& architecture);
// The toy model of `trace`, then the presets beside it: gpt2-small, gpt2-medium, gpt2-large,
// gpt2-xl, gpt3, llama2-7b, llama3-8b (scale_preset_names(), in that order).
std::vector<ScaleRow> scale_rows(const Trace& trace);
const std::vector<std::string>& scale_preset_names();

// The figures the seeds quote about the scale panel's models, each computed from count_parameters
// (seed 000 F, seed 001, seed 004), never typed in.
struct ScaleFigures {
    // GPT-2 small: d_h = d / h = 768 / 12 = 64, and the same count with any number of heads.
    std::int64_t gpt2_head_dimension, gpt2_total, gpt2_total_one_head;
    // The rule of thumb 12d² (4d² attention + 8d² FFN at w = 4d) beside the exact block (biases, norms).
    std::int64_t gpt2_rule_of_thumb, gpt2_per_block;
    std::int64_t gpt2_embeddings;  // tokens V·d + positions n_ctx·d (39,4 M)
    // GPT-3: W↑ = w × d; one MLP block (W↑, W↓ and their biases); all 96 blocks' MLPs.
    std::int64_t gpt3_w_up, gpt3_mlp_per_block, gpt3_mlp_total, gpt3_total;
    // « × 4 » for d 8 → 16 at the toy's w and heads: attention per block 4(d² + d) and its d² term 4d².
    std::int64_t toy_attention_d8, toy_attention_d16, toy_square_d8, toy_square_d16;
};
ScaleFigures scale_figures();
// 124,4 M · 1,56 Md · 8,03 Md (French) · 8.03 B (English): three significant digits at least (two
// decimals under 10, one from 10 on).
std::string short_count(std::int64_t value, Language language);
// The lines the scale panel writes under the bars for row `row` of scale_rows() (0: this model):
// d_h = d / h, the rule of thumb 12d² beside the exact block, the seeds' figures of GPT-2 small and
// GPT-3, the modern presets' terms (no biases, the untied output head), « × 4 » for d 8 → 16.
std::vector<std::string> scale_details(const std::vector<ScaleRow>& rows, int row, Language language);

// The shapes and memory panel (seed 002 "Exemple de dimensions et de mémoire"): the attention's
// tensors for this model (batch 1, the sentence's n tokens, live d, h, h_kv) and for seed 002's
// example, one layer's scores at 8 heads × 4 096 tokens, the KV cache of a chosen preset.
struct MemoryPanelData {
    std::int64_t tokens, dimension, heads, kv_heads, head_dimension;  // this model's n, d, h, h_kv, d_h
    AttentionShapes toy;      // Q [1, h, n, d_h], K and V [1, h_kv, n, d_h], scores [1, h, n, n], output [1, n, d]
    AttentionShapes example;  // seed 002: batch 2, n 128, d 512, h 8
    MemoryFigures scores;     // seed 002: one layer's scores, 8 heads, 4 096 tokens, batch 1
    MemoryFigures cache;      // the chosen preset at the chosen context and batch
};
MemoryPanelData memory_panel_data(const Settings& settings, int tokens, const MemoryChoice& choice);
// A context or a batch typed in the memory panel: `value` is kept when within 1 … `max`; else a
// French message (English twin) and `target` unchanged. `what` is « contexte » or « lot ».
CountEdit set_memory_count(std::int64_t& target, long long value, std::int64_t max, const char* what, const char* what_en);

// Layout constants shared with the screenshot checker (tests/gui/panel_check.cpp), in units of
// ImGui's frame height (font + padding) so that they follow Ctrl +/-.
namespace inspector_metrics {
constexpr float kHeatmapHeader = 2.5f;  // the block selector and the caption above the heatmaps
constexpr float kHeatmapLabel = 3.2f;   // the words' column
constexpr float kHeatmapFooter = 4.4f;  // the colour scale, its labels, the caption and the heads' patterns below the heatmaps
constexpr float kStripHeader = 5.0f;    // the block, token and caption lines above the strip
constexpr float kScaleHeader = 3.5f;    // the views' row and the legend's two lines above the scale bars
constexpr float kScaleRow = 0.95f;      // one model: its name, its bar and its total on one line
constexpr float kLensHeader = 3.4f;     // the lens's title, its caption and the tokens' words above the grid…
constexpr float kLensViews = 1.25f;    // … and the row of the output tab's views, in the window (not in presenter mode)
inline float lens_header(bool views) { return kLensHeader + (views ? kLensViews : 0.f); }
constexpr float kLensLabel = 2.9f;      // the level names left of the lens grid (the window's padding included)…
constexpr float kLensLabelShort = 1.7f; // … and their short form (« a4 », « E ») above three layers
inline float lens_label(int layers) { return layers > 3 ? kLensLabelShort : kLensLabel; }
constexpr float kLensMargin = 0.35f;    // right of and below the lens grid
}  // namespace inspector_metrics


// The scale panel's bars: one per row of scale_rows(), below the header, between the name (the
// column's left 37 %) and the total (its right 22 %).
Rect scale_bar_rect(const Rect& body, int row, float frame);

// The level whose vectors the playhead is in: floor, clamped to 0..2L+1.
int playhead_level(const Trace& trace, double playhead);

}  // namespace tb
