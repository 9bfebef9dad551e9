// The top bar: what the class reads first (the parameter counter), the three main buttons and,
// where there is room, the export buttons.
#include <imgui.h>

#include "text/text.h"
#include "ui/export_bar.h"
#include "ui/panels.h"

namespace tb {
namespace {

float button_width(const char* label) { return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x; }

// What is drawn after the counter: the seed, the three buttons and at least the export menu.
float after_counter(const char* seed, const Strings& t, const char* export_menu) {
    const float gap = ImGui::GetFontSize(), spacing = ImGui::GetStyle().ItemSpacing.x;
    return 1.5f * gap + ImGui::CalcTextSize(seed).x + 1.5f * gap + button_width(t.propagate) + spacing +
           button_width(t.reset) + spacing + button_width(t.parameters) + gap + button_width(export_menu);
}

}  // namespace

// The title goes first when the bar is narrow (1024 x 768): the window's title bar says it too.
void draw_top_bar(const Rect& rect, const Trace& trace, const Fonts& fonts, const CommandSink& send,
                  Language language) {
    if (!begin_tool_panel("##top", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Strings& t = text_in(language);
    char counter[160];
    std::snprintf(counter, sizeof counter, t.parameters_counter, format_count(trace.parameters.blocks, language).c_str(),
                  format_count(trace.parameters.total, language).c_str());
    char seed[64];
    std::snprintf(seed, sizeof seed, t.seed, std::to_string(trace.settings.seed).c_str());
    const float rest = after_counter(seed, t, tr(language, "Exporter…", "Export…"));
    ImGui::PushFont(fonts.large);
    const float title = ImGui::CalcTextSize("transformer-bloc").x + ImGui::GetFontSize(), shown = ImGui::CalcTextSize(counter).x;
    if (2 * ImGui::GetStyle().WindowPadding.x + title + shown + rest <= rect.w) {
        ImGui::TextUnformatted("transformer-bloc");
        ImGui::SameLine(0, ImGui::GetFontSize());
    }
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;  // /theme clair: gold would fade
    ImGui::TextColored(light ? ImVec4(0.55f, 0.33f, 0.f, 1) : ImVec4(1.0f, 0.86f, 0.35f, 1), "%s", counter);
    ImGui::PopFont();
    ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
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
