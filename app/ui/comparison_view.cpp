// The A/B comparison's frame around the two stacks: the line between them and the labels above
// each (« A », « B — résiduel off »), large when they fit the half, else wrapped.
#include <imgui.h>

#include "ui/panels.h"

namespace tb {

void draw_comparison_labels(const ComparisonLayout& split, const std::string& label_a, const std::string& label_b,
                            const Fonts& fonts, palette::Colour8 colour) {
    if (begin_panel("##coupe_b", split.b)) {  // appended to B's window: the line between the stacks
        const ImU32 line = ImGui::GetColorU32(ImGuiCol_Text, 0.35f);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->PushClipRect(ImVec2(split.b.x, split.b.y), ImVec2(split.b.right(), split.b.bottom()), false);  // past the padding
        dl->AddLine(ImVec2(split.b.x + 1, split.b.y), ImVec2(split.b.x + 1, split.b.bottom()), line, 2.f);
        dl->PopClipRect();
        ImGui::End();
    }
    const struct {
        const Rect& rect;
        const char* id;
        const std::string& text;
    } labels[] = {{split.label_a, "##etiquette_a", label_a}, {split.label_b, "##etiquette_b", label_b}};
    for (const auto& l : labels) {
        if (!begin_panel(l.id, l.rect, ImGuiWindowFlags_NoScrollbar)) continue;
        // Large when it fits the half, else the body font, wrapped: the whole difference stays readable.
        ImGui::PushFont(fonts.large);
        const bool fits = ImGui::CalcTextSize(l.text.c_str()).x <= l.rect.w - ImGui::GetStyle().WindowPadding.x * 2;
        if (!fits) {
            ImGui::PopFont();
            ImGui::PushFont(fonts.body);
        }
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(colour.r / 255.f, colour.g / 255.f, colour.b / 255.f, 1), "%s", l.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopFont();
        ImGui::End();
    }
}

}  // namespace tb
