#include "ui/help.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdarg>
#include <cstdio>

#include "text/wrap.h"

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
        text_whole(text, 0, ImGui::GetFontSize() * 28.0f - ImGui::GetCursorPosX());
        ImGui::EndTooltip();
    }
}

ImU32 to_u32(palette::Colour8 c, int alpha) { return IM_COL32(c.r, c.g, c.b, alpha); }

void text_whole(const std::string& text, ImU32 colour, float width) {
    if (width <= 0) width = ImGui::GetContentRegionAvail().x;
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const std::string lines = wrap_at_spaces(text, std::max(1.f, width), [font, size](std::string_view s) {
        return font->CalcTextSizeA(size, FLT_MAX, 0, s.data(), s.data() + s.size()).x;  // unrounded: widths add up
    });
    ImGui::PushTextWrapPos(-1.f);  // broken already: ImGui's wrapping would split after , and .
    if (colour) ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextUnformatted(lines.c_str(), lines.c_str() + lines.size());
    if (colour) ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
}

std::string formatted(const char* format, ...) {
    va_list args, again;
    va_start(args, format);
    va_copy(again, args);
    const int n = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string out(static_cast<std::size_t>(std::max(0, n)), '\0');
    if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, again);
    va_end(again);
    return out;
}

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
