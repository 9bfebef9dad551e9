// The formula strip above the cross-section: x ← x + F(LN(x)) as wired now, the term the beads
// are crossing lit (LN in the band, F in the box, + at ⊕), so the class reads the maths it watches.
#include <imgui.h>

#include <algorithm>

#include "text/text.h"
#include "ui/teaching_panels.h"

namespace tb {

void draw_formula(const Rect& rect, const std::vector<FormulaPiece>& pieces, Term active, const std::string& note,
                  const Fonts& fonts, const ThemeColours& theme) {
    ImGui::PushStyleColor(ImGuiCol_WindowBg, to_u32(theme.section));
    const bool open = begin_panel("##formule", rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    if (!open) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImFont* font = fonts.large ? fonts.large : ImGui::GetFont();
    const float size = std::max(8.f, rect.h * 0.66f);
    const float pad = size * 0.35f;
    float x = rect.x + pad;
    const float y = rect.cy() - size * 0.5f;
    for (const auto& piece : pieces) {
        const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, piece.text.c_str());
        const bool lit = active != Term::None && piece.term == active;
        if (lit) {
            dl->AddRectFilled(ImVec2(x - 2, rect.y + rect.h * 0.08f), ImVec2(x + extent.x + 2, rect.bottom() - rect.h * 0.08f),
                              to_u32(theme.highlight), size * 0.2f);
        }
        dl->AddText(font, size, ImVec2(x, y), lit ? IM_COL32(0, 0, 0, 255) : to_u32(theme.text), piece.text.c_str());
        x += extent.x;
    }
    // The note, right-aligned and smaller (never under kMinTextPx); it shrinks to fit after the
    // formula, or is left out.
    float note_size = std::max(kMinTextPx, size * 0.5f);
    ImVec2 e = font->CalcTextSizeA(note_size, FLT_MAX, 0, note.c_str());
    const float room = rect.right() - x - 2 * pad;
    if (e.x > room && e.x > 0) {
        note_size *= room / e.x;
        e = font->CalcTextSizeA(note_size, FLT_MAX, 0, note.c_str());
    }
    const float nx = rect.right() - pad - e.x;
    if (!note.empty() && note_size >= kMinTextPx - 0.01f)
        dl->AddText(font, note_size, ImVec2(nx, rect.cy() - note_size * 0.5f), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                    note.c_str());
    ImGui::End();
}

}  // namespace tb
