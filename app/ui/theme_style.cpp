// The ImGui colours of each theme. Only colours: the sizes were scaled once at start-up.
#include <imgui.h>

#include "ui/help.h"
#include "ui/sides.h"
#include "ui/teaching_panels.h"

namespace tb {
namespace {
Theme applied = Theme::Dark;  // the panels' side colours follow it
}  // namespace

palette::Colour8 side_colour_now(ComparedSide side) { return side_colour(side, applied); }
ImU32 side_u32(ComparedSide side, int alpha) { return to_u32(side_colour_now(side), alpha); }

void apply_theme_style(Theme theme) {
    applied = theme;
    ImGuiStyle& style = ImGui::GetStyle();
    const ThemeColours& c = theme_colours(theme);
    auto v4 = [](palette::Colour8 k, float a = 1.f) { return ImVec4(k.r / 255.f, k.g / 255.f, k.b / 255.f, a); };
    if (theme == Theme::Light) {
        ImGui::StyleColorsLight(&style);
        // High contrast for a washed-out projector: black text, strong frames and buttons.
        style.Colors[ImGuiCol_Text] = v4(c.text);
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.25f, 0.25f, 0.30f, 1.f);
        style.Colors[ImGuiCol_Border] = ImVec4(0.f, 0.f, 0.f, 0.45f);
        style.Colors[ImGuiCol_FrameBg] = ImVec4(0.86f, 0.88f, 0.93f, 1.f);
        style.Colors[ImGuiCol_Button] = ImVec4(0.78f, 0.84f, 0.96f, 1.f);
        style.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.62f, 0.74f, 0.98f, 1.f);
    } else {
        ImGui::StyleColorsDark(&style);
    }
    style.Colors[ImGuiCol_WindowBg] = v4(c.background);
    style.Colors[ImGuiCol_ChildBg] = theme == Theme::Light ? v4(c.section) : ImVec4(0.07f, 0.08f, 0.11f, 1.f);
}

}  // namespace tb
