// The attention panel: one n x n heatmap per head for the chosen block, query words down the
// left, key words along the top, the weight on hover. The head whose lines the cross-section draws
// is framed in yellow; clicking another heatmap chooses it. With /masque causal the upper
// triangle (a word looking at later words) is left empty.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {

namespace {

// The block chooser and what a cell means.
void attention_header(const Trace& trace, InspectorState& state, Language language) {
    ImGui::TextUnformatted(tr(language, "bloc", "block"));
    for (int b = 1; b <= trace.settings.layers; ++b) {
        ImGui::SameLine();
        ImGui::RadioButton(std::to_string(b).c_str(), &state.block, b);
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%s", trace.settings.mask == Mask::Causal ? tr(language, "· masque causal", "· causal mask")
                                                                    : tr(language, "· sans masque", "· no mask"));
    help_marker(
        tr(language,
           "Ligne i, colonne j : combien le mot i (la requête) lit le mot j (la clé), softmax(QKᵀ/√d_h). "
           "Chaque ligne somme à 1. Avec /masque causal, un mot ne voit pas les mots suivants : "
           "le triangle du haut est vide.",
           "Row i, column j: how much word i (the query) reads word j (the key), softmax(QKᵀ/√d_h). "
           "Each row sums to 1. With /masque causal a word cannot see later words: the upper triangle is empty."));
    ImGui::TextDisabled("%s", tr(language, "ligne = qui regarde · colonne = qui est regardé",
                                 "row = who looks · column = who is looked at"));
}

}  // namespace

void draw_attention_panel(const Rect& rect, const Trace& trace, InspectorState& state, int head, const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_attention", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const int layers = trace.settings.layers, n = trace.token_count();
    state.block = std::clamp(state.block, 1, layers);
    attention_header(trace, state, language);

    const Level& level = trace.levels[static_cast<std::size_t>(2 * state.block - 1)];
    const int heads = static_cast<int>(level.attention_weights.size());
    head = std::clamp(head, 0, std::max(0, heads - 1));
    const float frame = ImGui::GetFrameHeight();
    const HeatmapLayout grid = heatmap_layout(rect, n, heads, frame * inspector_metrics::kHeatmapHeader,
                                              frame * inspector_metrics::kHeatmapLabel);
    if (grid.cell < 4) {
        ImGui::End();
        return;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text_colour = IM_COL32(210, 214, 226, 255);
    const palette::Colour8 bg = palette::kBackground, blue = palette::kAttention;
    for (int k = 0; k < heads; ++k) {
        const Rect& g = grid.grids[static_cast<std::size_t>(k)];
        const Matrix& a = level.attention_weights[static_cast<std::size_t>(k)];
        const bool chosen = k == head;
        const std::string title = tr(language, "tête ", "head ") + std::to_string(k + 1) + (chosen ? tr(language, " · dans la coupe", " · in the section") : "");
        dl->AddText(ImVec2(g.x - grid.cell * 0.2f, g.y - frame * inspector_metrics::kHeatmapLabel + frame * 0.15f),
                    chosen ? to_u32(palette::kResidual) : text_colour, title.c_str());
        for (int i = 0; i < n; ++i) {
            const std::string& word = trace.tokens[static_cast<std::size_t>(i)].word;
            // Query words on the left (right-aligned), key words on top (shortened to the cell).
            const ImVec2 size = ImGui::CalcTextSize(word.c_str());
            const Rect row = grid.cell_rect(k, i, 0);
            dl->AddText(ImVec2(g.x - size.x - frame * 0.2f, row.cy() - size.y * 0.5f), text_colour, word.c_str());
            const Rect col = grid.cell_rect(k, 0, i);
            std::string top = word;
            while (top.size() > 1 && ImGui::CalcTextSize(top.c_str()).x > grid.cell * 1.9f) top.pop_back();
            const ImVec2 ts = ImGui::CalcTextSize(top.c_str());
            // Staggered on two lines so that neighbouring words do not overlap.
            dl->AddText(ImVec2(col.cx() - ts.x * 0.5f, g.y - ts.y * (i % 2 ? 1.05f : 2.1f)), text_colour, top.c_str());
            for (int j = 0; j < n; ++j) {
                const Rect c = grid.cell_rect(k, i, j);
                const double w = a(i, j);
                if (w > 0) {
                    // sqrt: a uniform 1/n still reads as a clear blue; 0 stays the background.
                    const float t = static_cast<float>(std::sqrt(std::clamp(w, 0.0, 1.0)));
                    auto mix = [t](int from, int to) { return static_cast<int>(std::lround(from + (to - from) * t)); };
                    dl->AddRectFilled(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1),
                                      IM_COL32(mix(bg.r, blue.r), mix(bg.g, blue.g), mix(bg.b, blue.b), 255));
                }
            }
        }
        dl->AddRect(ImVec2(g.x - 2, g.y - 2), ImVec2(g.right() + 2, g.bottom() + 2),
                    chosen ? to_u32(palette::kResidual) : IM_COL32(90, 96, 120, 255), 0, 0, chosen ? 3.f : 1.f);
        // Hover: the exact weight; click: this head is the one the cross-section draws.
        ImGui::SetCursorScreenPos(ImVec2(g.x, g.y));
        ImGui::InvisibleButton(("##tete" + std::to_string(k)).c_str(), ImVec2(std::max(1.f, g.w), std::max(1.f, g.h)));
        if (ImGui::IsItemClicked() && k != head) send("/vue tete " + std::to_string(k + 1));
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(static_cast<int>((m.x - g.x) / grid.cell), 0, n - 1);
            const int i = std::clamp(static_cast<int>((m.y - g.y) / grid.cell), 0, n - 1);
            ImGui::SetTooltip(tr(language, "tête %d : « %s » regarde « %s » avec un poids %.3f", "head %d: « %s » looks at « %s » with weight %.3f"),
                              k + 1, trace.tokens[static_cast<std::size_t>(i)].word.c_str(),
                              trace.tokens[static_cast<std::size_t>(j)].word.c_str(), a(i, j));
        }
    }
    ImGui::End();
}

}  // namespace tb
