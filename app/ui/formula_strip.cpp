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

// A subscript is smaller, but never under the smallest text.
float piece_px(float size, const FormulaPiece& p) { return p.subscript ? std::max(kMinTextPx, size * kSubscript) : size; }

float piece_width(ImFont* font, float size, const FormulaPiece& p) {
    return font->CalcTextSizeA(piece_px(size, p), FLT_MAX, 0, p.text.c_str()).x;
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
    // One line at up to two thirds of the strip, shrunk to its width; where that is under 45 % of
    // the strip, two lines (attention, then the FFN) if they are larger.
    const float pad = std::max(8.f, rect.h * 0.66f) * 0.35f;
    const auto widths = [&](float size) {
        float all = 0, line = 0, longest = 0;
        for (const auto& piece : pieces) {
            const bool cut = piece.part == Part::Both && piece.term == Term::None;
            if (cut) longest = std::max(longest, line), line = 0;
            else line += piece_width(font, size, piece);
            all += piece_width(font, size, piece);
        }
        return ImVec2(all, std::max(longest, line));
    };
    const float room = rect.w - 2 * pad;
    const auto fit = [&](float size, float wide) { return wide > room && wide > 0 ? size * room / wide : size; };
    const float one = fit(std::max(8.f, rect.h * 0.66f), widths(std::max(8.f, rect.h * 0.66f)).x);
    const float two_max = rect.h * 0.46f;
    const float two = fit(two_max, widths(two_max).y);
    const bool two_lines = one < rect.h * 0.45f && two > one && two >= kMinTextPx - 0.01f;
    const float size = two_lines ? two : std::max(kMinTextPx, one);
    float x = rect.x + pad;
    float y = two_lines ? rect.y + rect.h * 0.5f - size * 1.02f : rect.cy() - size * 0.5f;
    float line_top = two_lines ? rect.y + 1 : rect.y + rect.h * 0.08f;
    float line_bottom = two_lines ? rect.cy() : rect.bottom() - rect.h * 0.08f;
    for (const auto& piece : pieces) {
        if (two_lines && piece.part == Part::Both && piece.term == Term::None) {  // " ; ": the next line
            x = rect.x + pad;
            y += size * 1.04f;
            line_top = rect.cy();
            line_bottom = rect.bottom() - 1;
            continue;
        }
        const float px = piece_px(size, piece);
        const float width = piece_width(font, size, piece);
        const bool lit = active != Term::None && piece.term == active && piece.part == part && part != Part::Both;
        if (lit) dl->AddRectFilled(ImVec2(x - 2, line_top), ImVec2(x + width + 2, line_bottom), to_u32(theme.highlight), size * 0.2f);
        const float top = piece.subscript ? y + (size - px) + size * 0.12f : y;
        dl->AddText(font, px, ImVec2(x, top), lit ? IM_COL32(0, 0, 0, 255) : to_u32(theme.text), piece.text.c_str());
        x += width;
    }
    if (two_lines) x = rect.right();  // no room for the note beside two lines
    // The note, right-aligned and smaller (never under kMinTextPx); it shrinks to fit after the
    // formula, or is left out.
    float note_size = std::max(kMinTextPx, size * 0.5f);
    ImVec2 e = font->CalcTextSizeA(note_size, FLT_MAX, 0, note.c_str());
    const float note_room = rect.right() - x - 2 * pad;
    if (e.x > note_room && e.x > 0) {
        note_size *= note_room / e.x;
        e = font->CalcTextSizeA(note_size, FLT_MAX, 0, note.c_str());
    }
    const float nx = rect.right() - pad - e.x;
    if (!note.empty() && note_size >= kMinTextPx - 0.01f)
        dl->AddText(font, note_size, ImVec2(nx, rect.cy() - note_size * 0.5f), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                    note.c_str());
    ImGui::End();
}

}  // namespace tb
