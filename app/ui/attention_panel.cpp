// The attention panel: one n x n heatmap per head for the chosen block, query words down the
// left, key words along the top (full words, in their identity colours), each cell's weight
// written in it, a colour scale 0 … the largest weight, and a caption computed live that says how
// far from uniform the weights are. The head whose lines the cross-section draws is framed in
// yellow; clicking another heatmap chooses it. With /masque causal the upper triangle (a word
// looking at later words) is hatched: masked, not 0.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "base/numbers.h"
#include "scene/attention_grid.h"
#include "scene/theme.h"
#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/rgb.h"

namespace tb {

namespace {

bool light_theme() { return ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f; }

// A word in its token's identity colour (darker on the light theme, where pale tones fade).
ImU32 word_ink(const Trace& trace, int token) {
    const Rgb c = identity_colour(trace.typed_place(token));
    const float k = light_theme() ? 0.7f : 1.f;
    return rgb({c.r * k, c.g * k, c.b * k});
}

ImVec2 text_size(float size, const std::string& text) {
    return ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0, text.c_str());
}

// The block chooser and what a cell means.
void attention_header(const Trace& trace, int block, const CommandSink& send, Language language) {
    ImGui::TextUnformatted(tr(language, "bloc", "block"));
    for (int b = 1; b <= trace.settings.layers; ++b) {
        ImGui::SameLine();
        if (ImGui::RadioButton(std::to_string(b).c_str(), block == b) && block != b) send("/panneau bloc " + std::to_string(b));
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%s", trace.settings.mask == Mask::Causal ? tr(language, "· masque causal", "· causal mask")
                                                                    : tr(language, "· sans masque", "· no mask"));
    help_marker(
        tr(language,
           "Ligne i, colonne j : combien le mot i (la requête) lit le mot j (la clé), softmax(QKᵀ/√d_h). "
           "Chaque ligne somme à 1 ; une part égale serait 1/n, n les mots que la ligne voit. "
           "Avec /masque causal, un mot ne voit pas les mots suivants : le triangle du haut est masqué (hachuré). "
           "« Presque uniforme » : chaque poids entre la moitié et une fois et demie de 1/n.",
           "Row i, column j: how much word i (the query) reads word j (the key), softmax(QKᵀ/√d_h). "
           "Each row sums to 1; an even share would be 1/n, n the words the row sees. "
           "With /masque causal a word cannot see later words: the upper triangle is masked (hatched). "
           "“Almost uniform”: every weight between half and one and a half times 1/n."));
    const char* meaning = tr(language, "ligne = qui regarde · colonne = qui est regardé", "row = who looks · column = who is looked at");
    if (ImGui::CalcTextSize(meaning).x > ImGui::GetContentRegionAvail().x)  // a narrow window: the short form
        meaning = tr(language, "ligne → colonne : qui regarde qui", "row → column: who looks at whom");
    ImGui::TextDisabled("%s", meaning);
}

// The words round one grid: keys above (staggered, shrunk if needed, never cut); queries at the
// left of the first grid (right-aligned, shrunk to the label column), the others share its rows.
void grid_words(ImDrawList* dl, const Trace& trace, const HeatmapLayout& grid, int head, float label) {
    const Rect& g = grid.grids[static_cast<std::size_t>(head)];
    const int n = trace.token_count();
    const float font = ImGui::GetFontSize(), pad = ImGui::GetFrameHeight() * 0.2f;
    std::vector<float> widths;
    for (const auto& t : trace.tokens) widths.push_back(text_size(font, t.word).x);
    const ColumnWords top = column_words(widths, grid.cell);
    for (int i = 0; i < n; ++i) {
        const std::string& word = trace.tokens[static_cast<std::size_t>(i)].word;
        const float col_size = font * top.scale;
        const ImVec2 cs = text_size(col_size, word);
        const Rect col = grid.cell_rect(head, 0, i);
        const float line = static_cast<float>(i % top.rows + 1);
        dl->AddText(ImGui::GetFont(), col_size, ImVec2(col.cx() - cs.x * 0.5f, g.y - 2 - cs.y * line), word_ink(trace, i), word.c_str());
        if (head > 0) continue;  // the rows are shared: their words once, at the left
        const float row_size = font * fit_scale(widths[static_cast<std::size_t>(i)], label - 2 * pad);
        const Rect row = grid.cell_rect(head, i, 0);
        const ImVec2 rs = text_size(row_size, word);
        dl->AddText(ImGui::GetFont(), row_size, ImVec2(g.x - rs.x - pad, row.cy() - rs.y * 0.5f), word_ink(trace, i), word.c_str());
    }
}

// One grid's cells: the weight's colour and value, or the hatch of a masked cell.
void grid_cells(ImDrawList* dl, const Matrix& a, const HeatmapLayout& grid, int head, Mask mask, double top, Language language) {
    const bool light = light_theme();
    const int n = static_cast<int>(a.rows());
    const ImU32 hatch = ImGui::GetColorU32(ImGuiCol_Text, 0.35f);
    const float font = ImGui::GetFontSize();
    // The numbers at 0,6 of the font at least (about 11 px): smaller they would not read, and the
    // cells are left to their colours (the tooltip gives the value).
    const float number_width = text_size(font, format_fixed(0.88, 2, language)).x;
    const bool numbers = grid.cell - 4 >= number_width * 0.6f;
    const float number_size = font * fit_scale(number_width, grid.cell - 4, 0.6f);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const Rect c = grid.cell_rect(head, i, j);
            if (!attention_visible(i, j, mask)) {  // masked: the panel shows through, hatched
                dl->AddLine(ImVec2(c.x + 1, c.y + c.h * 0.5f), ImVec2(c.x + c.w * 0.5f, c.y + 1), hatch);
                dl->AddLine(ImVec2(c.x + c.w * 0.5f, c.bottom() - 1), ImVec2(c.right() - 1, c.y + c.h * 0.5f), hatch);
                continue;
            }
            const Rgb fill = weight_colour(a(i, j), top, light);
            dl->AddRectFilled(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1), rgb(fill));
            if (!numbers) continue;
            const std::string value = format_fixed(a(i, j), 2, language);
            const ImVec2 e = text_size(number_size, value);
            dl->AddText(ImGui::GetFont(), number_size, ImVec2(c.cx() - e.x * 0.5f, c.cy() - e.y * 0.5f), rgb(readable_ink(fill)),
                        value.c_str());
        }
}

// `text` from `at`, wrapped at plain spaces only (ImGui's own wrap also breaks after a comma, which
// would cut « 0,41 » in two; the caption's no-break spaces hold « word » and « : » together).
// Returns the y below its last line.
float wrap_at_spaces(ImDrawList* dl, ImVec2 at, float width, ImU32 colour, const std::string& text) {
    const float line = ImGui::GetTextLineHeight();
    std::string current;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t space = std::min(text.find(' ', start), text.size());
        const std::string word = text.substr(start, space - start);
        const std::string longer = current.empty() ? word : current + " " + word;
        if (!current.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
            dl->AddText(at, colour, current.c_str());
            at.y += line;
            current = word;
        } else {
            current = longer;
        }
        start = space + 1;
    }
    if (!current.empty()) dl->AddText(at, colour, current.c_str()), at.y += line;
    return at.y;
}

// Below the grids: the colour scale 0 … top (1/n marked without a mask), the hatch's meaning, the
// live caption, and which head looks where.
void scale_and_caption(ImDrawList* dl, const Trace& trace, const Level& level, const HeatmapLayout& grid, const AttentionReading& reading,
                       const Rect& body, Language language) {
    const bool light = light_theme();
    const float frame = ImGui::GetFrameHeight(), line = ImGui::GetTextLineHeight();
    const Rect& first = grid.grids.front();
    const float x0 = first.x, x1 = std::min(grid.grids.back().right(), first.x + std::max(first.w, frame * 8));
    const float y0 = first.bottom() + frame * 0.35f, y1 = y0 + frame * 0.45f;
    const WeightScale s = weight_scale(light);
    dl->AddRectFilledMultiColor(ImVec2(x0, y0), ImVec2(x1, y1), rgb(s.low), rgb(s.high), rgb(s.high), rgb(s.low));
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    dl->AddRect(ImVec2(x0, y0), ImVec2(x1, y1), ImGui::GetColorU32(ImGuiCol_Text, 0.4f));
    const std::string high = format_fixed(reading.top, 2, language);
    dl->AddText(ImVec2(x0, y1 + 1), ink, "0");
    dl->AddText(ImVec2(x1 - ImGui::CalcTextSize(high.c_str()).x, y1 + 1), ink, high.c_str());
    const int n = trace.token_count();
    if (trace.settings.mask != Mask::Causal && reading.top > 0) {  // the even share on the scale
        const float x = x0 + (x1 - x0) * static_cast<float>(std::min(1.0, (1.0 / n) / reading.top));
        const std::string even = "1/n = " + format_fixed(1.0 / n, 2, language);
        dl->AddLine(ImVec2(x, y0 - 3), ImVec2(x, y1 + 3), ink, 2.f);
        const float w = ImGui::CalcTextSize(even.c_str()).x;
        dl->AddText(ImVec2(std::clamp(x - w * 0.5f, x0 + line, x1 - w - line * 2), y1 + 1), ink, even.c_str());
    } else {
        const char* masked = tr(language, "hachuré : masqué", "hatched: masked");
        dl->AddText(ImVec2(x1 + line, y0 - line * 0.25f), ink, masked);
    }
    const float below = wrap_at_spaces(dl, ImVec2(body.x + frame * 0.3f, y1 + line + 3), body.w - frame * 0.6f, ink,
                                       attention_caption(reading, trace.tokens, language, trace.trained_steps));
    // Which head looks where, said only when clear (head_patterns): yellow, the lesson of a trained model.
    const std::vector<HeadPattern> patterns = head_patterns(level.attention_weights, trace.settings.mask, trace.tokens, trace.vocabulary_size - 1);
    wrap_at_spaces(dl, ImVec2(body.x + frame * 0.3f, below), body.w - frame * 0.6f,
                   to_u32(light ? kLightTheme.residual : palette::kResidual), head_patterns_caption(patterns, trace.tokens, language));
}

// The head's title over its grid and its frame (yellow for the head in the cross-section).
void grid_frame(ImDrawList* dl, const HeatmapLayout& grid, int k, bool chosen, float label, Language language) {
    const Rect& g = grid.grids[static_cast<std::size_t>(k)];
    const float frame = ImGui::GetFrameHeight();
    const ImU32 yellow = to_u32(light_theme() ? kLightTheme.residual : palette::kResidual);
    std::string title = tr(language, "tête ", "head ") + std::to_string(k + 1);
    const std::string longer = title + tr(language, " · dans la coupe", " · in the section");
    if (chosen && ImGui::CalcTextSize(longer.c_str()).x < g.w + label * 0.45f) title = longer;  // clear of the next title
    dl->AddText(ImVec2(g.x - grid.cell * 0.2f, g.y - label + frame * 0.05f), chosen ? yellow : ImGui::GetColorU32(ImGuiCol_Text), title.c_str());
    dl->AddRect(ImVec2(g.x - 2, g.y - 2), ImVec2(g.right() + 2, g.bottom() + 2), chosen ? yellow : ImGui::GetColorU32(ImGuiCol_Text, 0.4f), 0, 0,
                chosen ? 3.f : 1.f);
}

}  // namespace

void draw_attention_panel(const Rect& rect, const Trace& trace, const InspectorState& state, int head, const CommandSink& send,
                          Language language) {
    if (!begin_panel("##panneau_attention", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const int layers = trace.settings.layers, n = trace.token_count();
    const int block = std::clamp(state.block, 1, layers);  // the model may have fewer blocks than when chosen
    attention_header(trace, block, send, language);

    const Level& level = trace.levels[static_cast<std::size_t>(2 * block - 1)];
    const int heads = static_cast<int>(level.attention_weights.size());
    head = std::clamp(head, 0, std::max(0, heads - 1));
    const float frame = ImGui::GetFrameHeight(), label = frame * inspector_metrics::kHeatmapLabel;
    const HeatmapLayout grid = heatmap_layout(rect, n, heads, frame * inspector_metrics::kHeatmapHeader, label,
                                              frame * inspector_metrics::kHeatmapFooter);
    if (grid.cell < 4 || heads < 1) {
        ImGui::End();
        return;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Mask mask = trace.settings.mask;
    const AttentionReading reading = read_attention(level.attention_weights, mask);
    for (int k = 0; k < heads; ++k) {
        const Rect& g = grid.grids[static_cast<std::size_t>(k)];
        const Matrix& a = level.attention_weights[static_cast<std::size_t>(k)];
        grid_cells(dl, a, grid, k, mask, reading.top, language);
        grid_words(dl, trace, grid, k, label);
        grid_frame(dl, grid, k, k == head, label, language);
        // Hover: the exact weight; click: this head is the one the cross-section draws.
        ImGui::SetCursorScreenPos(ImVec2(g.x, g.y));
        ImGui::InvisibleButton(("##tete" + std::to_string(k)).c_str(), ImVec2(std::max(1.f, g.w), std::max(1.f, g.h)));
        if (ImGui::IsItemClicked() && k != head) send("/vue tete " + std::to_string(k + 1));
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(static_cast<int>((m.x - g.x) / grid.cell), 0, n - 1);
            const int i = std::clamp(static_cast<int>((m.y - g.y) / grid.cell), 0, n - 1);
            const std::string& qi = trace.tokens[static_cast<std::size_t>(i)].word, &kj = trace.tokens[static_cast<std::size_t>(j)].word;
            const std::string tip = !attention_visible(i, j, mask)
                                        ? tr(language, "masqué : « ", "masked: “") + qi + tr(language, " » ne voit pas « ", "” cannot see “") + kj + tr(language, " »", "”")
                                        : tr(language, "tête ", "head ") + std::to_string(k + 1) + tr(language, " : « ", ": “") + qi + tr(language, " » regarde « ", "” looks at “") +
                                              kj + tr(language, " » avec un poids ", "” with weight ") + format_fixed(a(i, j), 3, language);
            ImGui::SetTooltip("%s", tip.c_str());
        }
    }
    scale_and_caption(dl, trace, level, grid, reading, rect, language);
    ImGui::End();
}

}  // namespace tb
