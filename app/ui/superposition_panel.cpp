// Superposition (seed 004): in d dimensions at most d directions are exactly perpendicular; among
// random directions, the share of pairs « presque perpendiculaires » (85° to 95° apart) at the toy's
// two widths and at GPT-2's and GPT-3's, as bars, beside the exact probability. The fractions were
// counted by core/superposition.h when the panel opened (Inspector::update), never while drawing.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {

void draw_superposition_panel(const Rect& rect, const Trace& trace, const SuperpositionData* data, Language language) {
    if (!begin_panel("##panneau_superposition", rect, ImGuiWindowFlags_NoScrollbar)) return;
    if (!data) {
        ImGui::End();
        return;
    }
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const int toy = trace.settings.dimension;
    const SuperpositionRow& first = data->rows.front();
    ImGui::PushTextWrapPos(0);
    ImGui::Text(tr(language, "En d dimensions, au plus d directions exactement perpendiculaires. %s vecteurs au hasard "
                             "(graine %s), %s paires : quelle part est presque perpendiculaire (85° à 95°) ?",
                   "In d dimensions, at most d exactly perpendicular directions. %s random vectors (seed %s), "
                   "%s pairs: what share is nearly perpendicular (85° to 95°)?"),
                n(first.vectors).c_str(), std::to_string(data->seed).c_str(), n(first.pairs).c_str());
    ImGui::PopTextWrapPos();
    help_marker(tr(language, "Angle dans 85°–95° ⇔ |cos θ| ≤ cos 85° = sin 5° ≈ 0,087. Pour deux directions au hasard en d "
                   "dimensions, cos θ a la densité ∝ (1 − t²)^((d−3)/2) : de plus en plus serrée autour de 0 quand d grandit.",
                   "Angle within 85°–95° ⇔ |cos θ| ≤ cos 85° = sin 5° ≈ 0.087. For two random directions in d dimensions, "
                   "cos θ has the density ∝ (1 − t²)^((d−3)/2): tighter and tighter around 0 as d grows."));

    // Each dimension: its name and its fraction on one line, the bar across the panel below.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    for (const SuperpositionRow& row : data->rows) {
        const bool mine = row.dimension == toy;
        const char* who = row.dimension == 768 ? " (GPT-2)" : row.dimension == 12288 ? " (GPT-3)"
                          : mine ? tr(language, " (ce modèle)", " (this model)") : "";
        const ImVec4 colour = mine ? ImGui::ColorConvertU32ToFloat4(to_u32(palette::kResidual)) : ImGui::GetStyle().Colors[ImGuiCol_Text];
        ImGui::TextColored(colour, tr(language, "d = %s%s : %s", "d = %s%s: %s"), n(row.dimension).c_str(), who, format_percent(row.fraction, language).c_str());
        ImGui::SameLine();
        ImGui::TextDisabled(tr(language, "(théorie %s)", "(exact %s)"), format_percent(row.exact, language).c_str());
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float width = ImGui::GetContentRegionAvail().x, y0 = at.y, y1 = at.y + line * 0.7f;
        dl->AddRectFilled(ImVec2(at.x, y0), ImVec2(at.x + width, y1), IM_COL32(58, 62, 78, 255));
        dl->AddRectFilled(ImVec2(at.x, y0), ImVec2(at.x + width * static_cast<float>(row.fraction), y1), to_u32(palette::kAttention));
        // The exact probability as a white tick across the bar.
        const float xe = at.x + width * static_cast<float>(row.exact);
        dl->AddLine(ImVec2(xe, y0 - 2), ImVec2(xe, y1 + 2), IM_COL32(255, 255, 255, 255), 2.f);
        ImGui::Dummy(ImVec2(width, line * 0.85f));
    }
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    const SuperpositionRow* mine = nullptr;
    for (const auto& r : data->rows)
        if (r.dimension == toy) mine = &r;
    if (mine)
        ImGui::Text(tr(language, "Dans le d = %s du modèle jouet, seule %s des paires est presque perpendiculaire : bien plus de "
                                 "%s directions presque perpendiculaires n'y tiennent pas.",
                       "In the toy's own d = %s, only %s of the pairs are nearly perpendicular: far more than %s nearly "
                       "perpendicular directions do not fit."),
                    n(toy).c_str(), format_percent(mine->fraction, language).c_str(), n(toy).c_str());
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(to_u32(palette::kResidual)), "%s",
                       tr(language, "« Presque perpendiculaires » ne devient la règle qu'en grande dimension : c'est pourquoi les grands "
                                    "modèles peuvent stocker plus de concepts que de dimensions (superposition).",
                          "« Nearly perpendicular » becomes the rule only in high dimension: that is why large models can store "
                          "more concepts than dimensions (superposition)."));
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
