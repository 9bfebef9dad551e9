// Scale (seeds 000 F, 001, 002, 004): the one parameter formula (count_parameters) applied to this
// toy model, GPT-2 small to XL, GPT-3 and the Llama presets, one line each: the name, a bar split
// into embeddings, attention, FFN, norms and (untied) output head, the total. A click on a bar
// details that model's figures below (scale_details): the seeds' figures computed from the counts,
// never typed in.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {

namespace {

ImVec4 colour_of(palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); }

// The legend on two lines, short enough for a 1024-pixel window's column, and the formula's marker.
void scale_legend(Language language) {
    ImGui::TextColored(colour_of(palette::kInput), "%s", tr(language, "■ embeddings", "■ embeddings"));
    ImGui::SameLine();
    ImGui::TextColored(colour_of(palette::kAttention), "%s", tr(language, "■ attention", "■ attention"));
    ImGui::SameLine();
    ImGui::TextColored(colour_of(palette::kFfn), "%s", tr(language, "■ FFN (MLP)", "■ FFN (MLP)"));
    ImGui::TextColored(colour_of(palette::kBand), "%s", tr(language, "■ normes", "■ norms"));
    ImGui::SameLine();
    ImGui::TextColored(colour_of(palette::kOutput), "%s", tr(language, "■ tête non liée", "■ untied head"));
    help_marker(tr(language, "Par bloc : attention 4(d² + d), FFN 2·d·w + w + d, normes 4d ; plus les embeddings V·d et les positions "
                   "n·d. Llama : RMSNorm (d par norme), SwiGLU (3·d·w), K et V en h_kv têtes (GQA), sans biais, tête de sortie "
                   "non liée (V·d de plus), pas de table de positions (RoPE). La même formule que /parametres, seules les "
                   "tailles changent. Cliquez une barre pour ses chiffres.",
                   "Per block: attention 4(d² + d), FFN 2·d·w + w + d, norms 4d; plus embeddings V·d and positions n·d. "
                   "Llama: RMSNorm (d a norm), SwiGLU (3·d·w), K and V in h_kv heads (GQA), no biases, an untied output "
                   "head (V·d more), no position table (RoPE). The same formula as /parametres, only the sizes change. "
                   "Click a bar for its figures."));
}

// Row r: its name, its bar split by share, its total; a click sends /panneau modele.
void scale_bar(const Rect& bar, float left, const ScaleRow& row, int r, bool chosen, const CommandSink& send, Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float frame = ImGui::GetFrameHeight(), line = ImGui::GetTextLineHeight();
    const Architecture& a = row.architecture;
    const ImU32 text = chosen ? to_u32(palette::kResidual) : IM_COL32(220, 224, 236, 255);
    const float y = bar.cy() - line * 0.5f;
    const std::string name = r == 0 ? std::string(tr(language, "ce modèle", "this model")) : a.name;
    dl->AddText(ImVec2(left + frame * 0.4f, y), text, name.c_str());
    dl->AddText(ImVec2(bar.right() + frame * 0.3f, y), text, short_count(row.parameters.total, language).c_str());
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
        if (p.share > 0) tip += std::string(p.name) + " " + format_percent(p.share, language) + "\n";
        x += w;
    }
    if (chosen) dl->AddRect(ImVec2(bar.x - 2, bar.y - 2), ImVec2(bar.right() + 2, bar.bottom() + 2), to_u32(palette::kResidual), 0, 0, 2.f);
    ImGui::SetCursorScreenPos(ImVec2(bar.x, bar.y));
    ImGui::InvisibleButton(("##barre" + std::to_string(r)).c_str(), ImVec2(std::max(1.f, bar.w), std::max(1.f, bar.h)));
    if (ImGui::IsItemClicked() && !chosen)
        send(std::string("/panneau modele ") + (r == 0 ? kThisModelWord : scale_preset_names()[static_cast<std::size_t>(r - 1)]));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr(language, "%s : d %s · L %s · w %s\n%sFFN = %s × attention par bloc",
                             "%s: d %s · L %s · w %s\n%sFFN = %s × attention per block"),
                          name.c_str(), format_count(a.dimension, language).c_str(), format_count(a.layers, language).c_str(),
                          format_count(a.ffn, language).c_str(), tip.c_str(), format_fixed(row.ffn_over_attention, 2, language).c_str());
}

// The chosen model's figures below the bars (from `below`), each computed from the counts.
void scale_figures_text(const Rect& rect, const std::vector<ScaleRow>& rows, int chosen, float below, Language language) {
    const float frame = ImGui::GetFrameHeight();
    ImGui::SetCursorScreenPos(ImVec2(rect.x + ImGui::GetStyle().WindowPadding.x, below + frame * 0.3f));
    const Architecture& a = rows[static_cast<std::size_t>(chosen)].architecture;
    const std::vector<std::string> lines = scale_details(rows, chosen, language);
    std::string heading;
    if (chosen == 1)  // seed 001's sentence
        heading = std::string("GPT-2 small = ") + tr(language, "cette coupe × ", "this section × ") + format_count(a.layers, language) +
                  tr(language, " en d = ", " at d = ") + format_count(a.dimension, language);
    else
        heading = (chosen == 0 ? std::string(tr(language, "ce modèle", "this model")) : a.name) + tr(language, " : d ", ": d ") +
                  format_count(a.dimension, language) + " · L " + format_count(a.layers, language) + " · w " + format_count(a.ffn, language);
    // The heading only where the figures leave room for it (a 768-line projector may not).
    const float wrap = ImGui::GetContentRegionAvail().x, spacing = ImGui::GetStyle().ItemSpacing.y;
    float needed = 0;
    for (const std::string& text : lines) needed += ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y + spacing;
    const bool room = ImGui::GetCursorScreenPos().y + needed + ImGui::CalcTextSize(heading.c_str(), nullptr, false, wrap).y <
                      rect.bottom() - ImGui::GetStyle().WindowPadding.y;
    ImGui::PushTextWrapPos(0);
    if (room) ImGui::TextColored(colour_of(palette::kResidual), "%s", heading.c_str());
    for (const std::string& text : lines) text_whole(text);  // « 7,087,872 » never split at a comma
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_scale_panel(const Rect& rect, const Trace& trace, const InspectorState& state, const CommandSink& send, Language language) {
    if (!begin_panel("##panneau_echelle", rect, ImGuiWindowFlags_NoScrollbar)) return;
    draw_scale_family_row(Panel::Scale, send, language);
    const std::vector<ScaleRow> rows = scale_rows(trace);
    const int chosen = std::clamp(state.scale_model, 0, static_cast<int>(rows.size()) - 1);
    scale_legend(language);
    const float frame = ImGui::GetFrameHeight();
    float below = 0;  // the last bar's bottom
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const Rect bar = scale_bar_rect(rect, r, frame);
        if (bar.bottom() > rect.bottom()) break;
        scale_bar(bar, rect.x, rows[static_cast<std::size_t>(r)], r, r == chosen, send, language);
        below = bar.bottom();
    }
    if (below > 0 && below + frame < rect.bottom()) scale_figures_text(rect, rows, chosen, below, language);
    ImGui::End();
}

}  // namespace tb
