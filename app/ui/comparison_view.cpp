// The A/B comparison's frame around the two stacks: the line between them and the labels above
// each (« A », « B — résiduel off »), large when they fit the half, else wrapped, else shortened.
#include <imgui.h>

#include <cfloat>

#include "ui/panels.h"

namespace tb {

void draw_comparison_labels(const ComparisonLayout& split, const ComparisonLabels& labels_ab, const Fonts& fonts,
                            Theme theme) {
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
        const std::string &text, &short_text;
        palette::Colour8 colour;  // the side's, as in every panel that draws both
    } labels[] = {{split.label_a, "##etiquette_a", labels_ab.a, labels_ab.a_short, side_colour(ComparedSide::A, theme)},
                  {split.label_b, "##etiquette_b", labels_ab.b, labels_ab.b_short, side_colour(ComparedSide::B, theme)}};
    for (const auto& l : labels) {
        // A thin top and bottom margin: two lines of the body font fit the label's height.
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ImGui::GetStyle().WindowPadding.x, 2.f));
        const bool open = begin_panel(l.id, l.rect, ImGuiWindowFlags_NoScrollbar);
        ImGui::PopStyleVar();
        if (!open) continue;
        // The first that fits the half: large on one line, else the body font wrapped, with the
        // settings' names, then with their values alone, then those smaller, down to the smallest
        // text of the window (kMinTextPx): the whole difference stays on screen.
        const ImVec2 padding = ImGui::GetStyle().WindowPadding;
        const float width = l.rect.w - padding.x * 2, height = l.rect.h - padding.y * 2;
        ImGui::SetWindowFontScale(1.f);  // a window keeps its scale from the frame before
        const auto fits = [&](ImFont* font, float scale, const std::string& text, bool wrapped) {
            ImGui::PushFont(font);
            const float px = ImGui::GetFontSize() * scale;  // the atlas's size times the window's stretch
            ImGui::PopFont();
            const ImVec2 size = font->CalcTextSizeA(px, FLT_MAX, wrapped ? width : 0.f, text.c_str());
            return size.x <= width && size.y <= height;
        };
        ImFont* font = fonts.body;
        const std::string* text = &l.short_text;
        float scale = 1.f;
        if (fits(fonts.large, 1.f, l.text, false)) font = fonts.large, text = &l.text;
        else if (fits(fonts.body, 1.f, l.text, true)) text = &l.text;
        else if (fits(fonts.large, 1.f, l.short_text, false)) font = fonts.large;
        else
            while (ImGui::GetFontSize() * (scale - 0.05f) >= kMinTextPx && !fits(fonts.body, scale, l.short_text, true)) scale -= 0.05f;
        ImGui::PushFont(font);
        ImGui::SetWindowFontScale(scale);
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(l.colour.r / 255.f, l.colour.g / 255.f, l.colour.b / 255.f, 1), "%s", text->c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopFont();
        ImGui::End();
    }
}

}  // namespace tb
