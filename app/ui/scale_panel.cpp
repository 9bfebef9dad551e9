// Scale (seeds 000 F, 001, 002, 004): the one parameter formula (count_parameters) applied to this
// toy model, GPT-2 small to XL, GPT-3 and the Llama presets, each as a bar split into embeddings,
// attention, FFN, norms and (untied) output head; a click on a bar details that model's figures
// (scale_details), the seeds' figures computed from the counts, never typed in.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
void draw_scale_panel(const Rect& rect, const Trace& trace, InspectorState& state, Language language) {
    if (!begin_panel("##panneau_echelle", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const std::vector<ScaleRow> rows = scale_rows(trace);
    const ScaleRow* small = rows.size() > 1 ? &rows[1] : nullptr;
    if (small)
        ImGui::Text(tr(language, "GPT-2 small = cette coupe, répétée %s fois en d = %s.", "GPT-2 small = this section, repeated %s times at d = %s."),
                    format_count(small->architecture.layers, language).c_str(), format_count(small->architecture.dimension, language).c_str());
    help_marker(tr(language, "Par bloc : attention 4(d² + d), FFN 2·d·w + w + d, normes 4d ; plus les embeddings V·d et les positions "
                   "n·d. Llama : RMSNorm (d par norme), SwiGLU (3·d·w), K et V en h_kv têtes (GQA), sans biais, tête de sortie "
                   "non liée (V·d de plus), pas de table de positions (RoPE). La même formule que /parametres, seules les "
                   "tailles changent.",
                   "Per block: attention 4(d² + d), FFN 2·d·w + w + d, norms 4d; plus embeddings V·d and positions n·d. "
                   "Llama: RMSNorm (d a norm), SwiGLU (3·d·w), K and V in h_kv heads (GQA), no biases, an untied output "
                   "head (V·d more), no position table (RoPE). The same formula as /parametres, only the sizes change."));
    const auto col = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextColored(col(palette::kInput), "%s", tr(language, "■ embeddings", "■ embeddings"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kAttention), "%s", tr(language, "■ attention", "■ attention"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kFfn), "%s", tr(language, "■ FFN (MLP)", "■ FFN (MLP)"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kBand), "%s", tr(language, "■ normes", "■ norms"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kOutput), "%s", tr(language, "■ tête", "■ head"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr(language, "La tête de sortie non liée (Llama) : V·d de plus.", "The untied output head (Llama): V·d more."));
    state.scale_model = std::clamp(state.scale_model, 0, static_cast<int>(rows.size()) - 1);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float frame = ImGui::GetFrameHeight();
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const ScaleRow& row = rows[static_cast<std::size_t>(r)];
        const Architecture& a = row.architecture;
        const Rect bar = scale_bar_rect(rect, r, frame);
        if (bar.bottom() > rect.bottom()) break;
        const std::string label = (r == 0 ? std::string(tr(language, "ce modèle", "this model")) : a.name) + "   d " +
                                  format_count(a.dimension, language) + " · L " + format_count(a.layers, language) + " · w " +
                                  format_count(a.ffn, language) + "  →  " + short_count(row.parameters.total, language);
        dl->AddText(ImVec2(bar.x, bar.y - ImGui::GetTextLineHeight() - 1), IM_COL32(220, 224, 236, 255), label.c_str());
        const double norms = std::max(0.0, 1.0 - row.embeddings_share - row.attention_share - row.ffn_share - row.head_share);
        const struct { double share; palette::Colour8 colour; const char* name; } parts[] = {
            {row.embeddings_share, palette::kInput, "embeddings"}, {row.attention_share, palette::kAttention, "attention"},
            {row.ffn_share, palette::kFfn, "FFN"}, {norms, palette::kBand, tr(language, "normes", "norms")},
            {row.head_share, palette::kOutput, tr(language, "tête de sortie", "output head")}};
        float x = bar.x;
        std::string tip;
        for (const auto& p : parts) {
            const float w = bar.w * static_cast<float>(p.share);
            dl->AddRectFilled(ImVec2(x, bar.y), ImVec2(x + w, bar.bottom()), to_u32(p.colour));
            tip += std::string(p.name) + " " + format_percent(p.share, language) + "\n";
            x += w;
        }
        ImGui::SetCursorScreenPos(ImVec2(bar.x, bar.y));
        ImGui::InvisibleButton(("##barre" + std::to_string(r)).c_str(), ImVec2(std::max(1.f, bar.w), std::max(1.f, bar.h)));
        if (ImGui::IsItemClicked()) state.scale_model = r;
        if (r == state.scale_model)
            dl->AddRect(ImVec2(bar.x - 2, bar.y - 2), ImVec2(bar.right() + 2, bar.bottom() + 2), to_u32(palette::kResidual), 0, 0, 2.f);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(tr(language, "%s\n%sFFN = %s × attention par bloc", "%s\n%sFFN = %s × attention per block"), a.name.c_str(),
                              tip.c_str(), format_fixed(row.ffn_over_attention, 2, language).c_str());
        }
    }
    // The chosen model's figures (a click on a bar chooses), each computed from the counts above.
    const float after = scale_bar_rect(rect, static_cast<int>(rows.size()), frame).y - frame * 0.9f;
    if (after + frame < rect.bottom()) {
        ImGui::SetCursorScreenPos(ImVec2(rect.x + ImGui::GetStyle().WindowPadding.x, after));
        const ScaleRow& chosen = rows[static_cast<std::size_t>(state.scale_model)];
        ImGui::TextColored(col(palette::kResidual), "%s%s", state.scale_model == 0 ? tr(language, "ce modèle", "this model") : chosen.architecture.name.c_str(),
                           tr(language, " (cliquez une barre pour un autre)", " (click a bar for another)"));
        ImGui::PushTextWrapPos(0);
        for (const std::string& line : scale_details(rows, state.scale_model, language)) ImGui::TextUnformatted(line.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

}  // namespace tb
