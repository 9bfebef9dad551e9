#include "ui/help.h"

#include <imgui.h>

namespace tb {
namespace {

bool g_markers_shown = true;  // one ImGui context, drawn on one thread
float g_tool_text_scale = 1.f;

}  // namespace

void show_help_markers(bool shown) { g_markers_shown = shown; }

void help_marker(const char* text) {
    if (!g_markers_shown) return;
    // Beside the last item, or at the start of the next line where the panel is too narrow.
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("(?)").x <= right) ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

ImU32 to_u32(palette::Colour8 c, int alpha) { return IM_COL32(c.r, c.g, c.b, alpha); }

}  // namespace tb

#include "scene/screen.h"

namespace tb {

bool begin_panel(const char* id, const Rect& rect, int extra_flags) {
    if (rect.empty()) return false;
    ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
    ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | extra_flags;
    if (!ImGui::Begin(id, nullptr, flags)) {
        ImGui::End();
        return false;
    }
    return true;
}

void set_tool_text_scale(float scale) { g_tool_text_scale = scale; }
float tool_text_scale() { return g_tool_text_scale; }

bool begin_tool_panel(const char* id, const Rect& rect, int extra_flags) {
    if (!begin_panel(id, rect, extra_flags)) return false;
    ImGui::SetWindowFontScale(g_tool_text_scale);
    return true;
}

}  // namespace tb
