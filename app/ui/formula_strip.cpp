// The formula strip above the cross-section: the block as wired now (x ← x + Attn(LN(x)) ;
// x ← x + W₂ GELU(W₁ LN(x)) and seed 002's variants), the term the beads are crossing lit in the
// sublayer they cross (the norm in the band, the sublayer in the box, + at ⊕), so the class reads
// the maths it watches.
#include <imgui.h>

#include <algorithm>

#include "text/text.h"
#include "ui/teaching_panels.h"

namespace tb {
namespace {

constexpr float kSubscript = 0.62f;  // of the formula's size

float piece_width(ImFont* font, float size, const FormulaPiece& p) {
    return font->CalcTextSizeA(p.subscript ? size * kSubscript : size, FLT_MAX, 0, p.text.c_str()).x;
}

}  // namespace

void draw_formula(const Rect& rect, const std::vector<FormulaPiece>& pieces, Term active, Part part,
                  const std::string& note, const Fonts& fonts, const ThemeColours& theme) {
    ImGui::PushStyleColor(ImGuiCol_WindowBg, to_u32(theme.section));
    const bool open = begin_panel("##formule", rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    if (!open) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImFont* font = fonts.large ? fonts.large : ImGui::GetFont();
    float size = std::max(8.f, rect.h * 0.66f);
    const float pad = size * 0.35f;
    // The whole block on the strip: the size shrinks to its width (never under kMinTextPx).
    float wide = 0;
    for (const auto& piece : pieces) wide += piece_width(font, size, piece);
    if (wide > rect.w - 2 * pad && wide > 0) size = std::max(kMinTextPx, size * (rect.w - 2 * pad) / wide);
    float x = rect.x + pad;
    const float y = rect.cy() - size * 0.5f;
    for (const auto& piece : pieces) {
        const float px = piece.subscript ? size * kSubscript : size;
        const float width = piece_width(font, size, piece);
        const bool lit = active != Term::None && piece.term == active && piece.part == part && part != Part::Both;
        if (lit) {
            dl->AddRectFilled(ImVec2(x - 2, rect.y + rect.h * 0.08f), ImVec2(x + width + 2, rect.bottom() - rect.h * 0.08f),
                              to_u32(theme.highlight), size * 0.2f);
        }
        const float top = piece.subscript ? y + size * (1.f - kSubscript) + size * 0.12f : y;
        dl->AddText(font, px, ImVec2(x, top), lit ? IM_COL32(0, 0, 0, 255) : to_u32(theme.text), piece.text.c_str());
        x += width;
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
