// Superposition (seed 004): in d dimensions at most d directions are exactly perpendicular; among
// random directions, the share of pairs « presque perpendiculaires » (85° to 95° apart) at the toy's
// two widths and at GPT-2's and GPT-3's, as bars, with the exact probability as a white tick. The
// fractions were counted by core/course/superposition.h when the panel opened (Inspector::update), never
// while drawing.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {

void draw_superposition_panel(const Rect& rect, const Trace& trace, const SuperpositionData* data, const CommandSink& send,
                              Language language) {
    if (!begin_panel("##panneau_superposition", rect, ImGuiWindowFlags_NoScrollbar)) return;
    draw_scale_family_row(Panel::Superposition, send, language);
    if (!data) {
        ImGui::End();
        return;
    }
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const int toy = trace.settings.dimension;
    const SuperpositionRow& first = data->rows.front();
    const ImVec4 yellow = ImGui::ColorConvertU32ToFloat4(to_u32(palette::kResidual));
    ImGui::PushTextWrapPos(0);
    text_whole(formatted(tr(language, "En d dimensions, au plus d directions exactement perpendiculaires. Parmi %s paires de "
                                      "vecteurs au hasard, la part presque perpendiculaire (85° à 95°) :",
                            "In d dimensions, at most d exactly perpendicular directions. Among %s pairs of random vectors, "
                            "the share nearly perpendicular (85° to 95°):"),
                         n(first.pairs).c_str()));
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr(language, "%s vecteurs unitaires tirés de la graine %s. Angle dans 85°–95° ⇔ |cos θ| ≤ sin 5° ≈ 0,087. "
                                       "Trait blanc : la théorie, cos θ ayant la densité ∝ (1 − t²)^((d−3)/2).",
                             "%s unit vectors drawn from seed %s. Angle within 85°–95° ⇔ |cos θ| ≤ sin 5° ≈ 0.087. "
                             "White tick: the exact value, cos θ having the density ∝ (1 − t²)^((d−3)/2)."),
                          n(first.vectors).c_str(), std::to_string(data->seed).c_str());

    // One line a dimension: « d = 8 », the bar, the fraction; the toy's own d in yellow.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float label_w = ImGui::CalcTextSize("d = 12 288 ").x, value_w = ImGui::CalcTextSize(" 100,0 %").x;
    for (const SuperpositionRow& row : data->rows) {
        const bool mine = row.dimension == toy;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float width = std::max(line, ImGui::GetContentRegionAvail().x - label_w - value_w);
        const ImU32 ink = mine ? to_u32(palette::kResidual) : ImGui::GetColorU32(ImGuiCol_Text);
        dl->AddText(at, ink, ("d = " + n(row.dimension)).c_str());
        const float x0 = at.x + label_w, y0 = at.y + line * 0.2f, y1 = at.y + line * 0.85f;
        dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + width, y1), IM_COL32(58, 62, 78, 255));
        dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + width * static_cast<float>(row.fraction), y1), to_u32(palette::kAttention));
        const float xe = x0 + width * static_cast<float>(row.exact);  // the exact probability
        dl->AddLine(ImVec2(xe, y0 - 2), ImVec2(xe, y1 + 2), IM_COL32(255, 255, 255, 255), 2.f);
        dl->AddText(ImVec2(x0 + width + line * 0.3f, at.y), ink, format_percent(row.fraction, language).c_str());
        ImGui::Dummy(ImVec2(label_w + width + value_w, line));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(tr(language, "d = %s : %s paires sur %s, théorie %s", "d = %s: %s pairs of %s, exact %s"), n(row.dimension).c_str(),
                              n(row.near_perpendicular).c_str(), n(row.pairs).c_str(), format_percent(row.exact, language).c_str());
    }
    ImGui::PushTextWrapPos(0);
    text_whole(n(768) + tr(language, " : GPT-2 · ", ": GPT-2 · ") + n(12288) + tr(language, " : GPT-3 · trait blanc : théorie", ": GPT-3 · white tick: exact"),
               ImGui::GetColorU32(ImGuiCol_TextDisabled));
    const SuperpositionRow* mine = nullptr;
    for (const auto& r : data->rows)
        if (r.dimension == toy) mine = &r;
    if (mine)
        text_whole(formatted(tr(language, "En d = %s (ce modèle), %s seulement : bien plus de %s directions presque "
                                          "perpendiculaires n'y tiennent pas.",
                                "At d = %s (this model), only %s: far more than %s nearly perpendicular directions do not fit."),
                             n(toy).c_str(), format_percent(mine->fraction, language).c_str(), n(toy).c_str()),
                   ImGui::ColorConvertFloat4ToU32(yellow));
    ImGui::TextUnformatted(tr(language, "« Presque perpendiculaires » ne devient la règle qu'en grande dimension : les grands "
                                        "modèles y stockent plus de concepts que de dimensions (superposition).",
                              "“Nearly perpendicular” becomes the rule only in high dimension: large models store there "
                              "more concepts than dimensions (superposition)."));
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
