// The top bar: what the class reads first (the parameter counter), the three main buttons and,
// where there is room, the export buttons.
#include <imgui.h>

#include "text/text.h"
#include "ui/export_bar.h"
#include "ui/panels.h"

namespace tb {

void draw_top_bar(const Rect& rect, const Trace& trace, const Fonts& fonts, const CommandSink& send,
                  Language language) {
    if (!begin_panel("##top", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Strings& t = text_in(language);
    ImGui::PushFont(fonts.large);
    ImGui::TextUnformatted("transformer-bloc");
    ImGui::SameLine(0, ImGui::GetFontSize());
    char counter[160];
    std::snprintf(counter, sizeof counter, t.parameters_counter, format_count(trace.parameters.blocks, language).c_str(),
                  format_count(trace.parameters.total, language).c_str());
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;  // /theme clair: gold would fade
    ImGui::TextColored(light ? ImVec4(0.55f, 0.33f, 0.f, 1) : ImVec4(1.0f, 0.86f, 0.35f, 1), "%s", counter);
    ImGui::PopFont();
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    char seed[64];
    std::snprintf(seed, sizeof seed, t.seed, std::to_string(trace.settings.seed).c_str());
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", seed);
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
    if (ImGui::Button(t.propagate)) send("/propager");
    ImGui::SameLine();
    if (ImGui::Button(t.reset)) send("/reinit");
    ImGui::SameLine();
    if (ImGui::Button(t.parameters)) send("/parametres");
    // The counter grows with the model: the export buttons take what room is left after it.
    draw_export_buttons(rect, ImGui::GetItemRectMax().x, trace.settings, send, language);
    ImGui::End();
}

}  // namespace tb
