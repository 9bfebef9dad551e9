// Scale (seeds 000 F, 001, 004): the one parameter formula (count_parameters) applied to this toy
// model, GPT-2 small to XL and GPT-3, each as a bar split into embeddings, attention, FFN and
// norms, with the shares the seeds quote computed from the counts, never typed in.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

// 124,4 M · 175,2 Md (French) · 175.2 B (English): one decimal past a million.
std::string short_count(std::int64_t v, Language language) {
    if (v >= 1000000000) return format_fixed(static_cast<double>(v) / 1e9, 1, language) + tr(language, " Md", " B");
    if (v >= 1000000) return format_fixed(static_cast<double>(v) / 1e6, 1, language) + " M";
    return format_count(v, language);
}

}  // namespace

void draw_scale_panel(const Rect& rect, const Trace& trace, Language language) {
    if (!begin_panel("##panneau_echelle", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const std::vector<ScaleRow> rows = scale_rows(trace);
    const ScaleRow* small = rows.size() > 1 ? &rows[1] : nullptr;
    const ScaleRow* gpt3 = rows.size() > 5 ? &rows[5] : nullptr;
    if (small)
        ImGui::Text(tr(language, "GPT-2 small = cette coupe, répétée %s fois en d = %s.", "GPT-2 small = this section, repeated %s times at d = %s."),
                    format_count(small->architecture.layers, language).c_str(), format_count(small->architecture.dimension, language).c_str());
    help_marker(tr(language, "Par bloc : attention 4(d² + d), FFN 2·d·w + w + d, normes 4d ; plus les embeddings V·d et les positions "
                   "n·d. La même formule que /parametres, seules les tailles changent.",
                   "Per block: attention 4(d² + d), FFN 2·d·w + w + d, norms 4d; plus embeddings V·d and positions n·d. "
                   "The same formula as /parametres, only the sizes change."));
    const auto col = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextColored(col(palette::kInput), "%s", tr(language, "■ embeddings", "■ embeddings"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kAttention), "%s", tr(language, "■ attention", "■ attention"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kFfn), "%s", tr(language, "■ FFN (MLP)", "■ FFN (MLP)"));
    ImGui::SameLine();
    ImGui::TextColored(col(palette::kBand), "%s", tr(language, "■ normes", "■ norms"));

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
        const double norms = std::max(0.0, 1.0 - row.embeddings_share - row.attention_share - row.ffn_share);
        const struct { double share; palette::Colour8 colour; const char* name; } parts[] = {
            {row.embeddings_share, palette::kInput, "embeddings"}, {row.attention_share, palette::kAttention, "attention"},
            {row.ffn_share, palette::kFfn, "FFN"}, {norms, palette::kBand, tr(language, "normes", "norms")}};
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
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(tr(language, "%s\n%sFFN = %s × attention par bloc", "%s\n%sFFN = %s × attention per block"), a.name.c_str(),
                              tip.c_str(), format_fixed(row.ffn_over_attention, 2, language).c_str());
        }
    }
    // The figures the seeds quote, each computed from the counts above.
    const float after = scale_bar_rect(rect, static_cast<int>(rows.size()), frame).y - frame * 0.9f;
    if (small && gpt3 && after + frame * 2 < rect.bottom()) {
        ImGui::SetCursorScreenPos(ImVec2(rect.x + ImGui::GetStyle().WindowPadding.x, after));
        ImGui::PushTextWrapPos(0);
        ImGui::Text(tr(language, "GPT-2 small : embeddings %s de %s (≈ un tiers) ; FFN = %s × l'attention de chaque bloc.",
                       "GPT-2 small: embeddings %s of %s (about a third); FFN = %s × the attention of each block."),
                    format_percent(small->embeddings_share, language).c_str(), format_count(small->parameters.total, language).c_str(),
                    format_fixed(small->ffn_over_attention, 1, language).c_str());
        ImGui::Text(tr(language, "GPT-3 : W↑ = %s × %s = %s par bloc ; les MLP font %s de %s.",
                       "GPT-3: W↑ = %s × %s = %s per block; the MLPs are %s of %s."),
                    format_count(gpt3->architecture.ffn, language).c_str(), format_count(gpt3->architecture.dimension, language).c_str(),
                    short_count(gpt3->w_up_per_block, language).c_str(), format_percent(gpt3->ffn_share, language).c_str(), short_count(gpt3->parameters.total, language).c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

}  // namespace tb
