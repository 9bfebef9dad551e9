// The formula strip above the cross-section: the block as wired now (x ← x + Attn(LN(x)) ;
// x ← x + W₂ GELU(W₁ LN(x)) and seed 002's variants), the term the beads are crossing lit in the
// sublayer they cross (the norm in the band, the sublayer in the box, + at ⊕), so the class reads
// the maths it watches. In A/B, A's block and B's block one under the other, each labelled.
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

// " ; " between the attention and the FFN: where a row is cut in two lines.
bool is_cut(const FormulaPiece& p) { return p.part == Part::Both && p.term == Term::None; }
bool has_cut(const FormulaRow& row) { return std::any_of(row.pieces.begin(), row.pieces.end(), is_cut); }

std::string row_label(const FormulaRow& row) { return row.label.empty() ? std::string() : row.label + "  "; }

// The widest line of `row` at `size`, on one line or cut in two (the label before the first,
// the second indented as much).
float row_width(ImFont* font, float size, const FormulaRow& row, bool two) {
    const float label = font->CalcTextSizeA(size, FLT_MAX, 0, row_label(row).c_str()).x;
    float line = label, longest = 0;
    for (const auto& piece : row.pieces) {
        if (two && is_cut(piece)) longest = std::max(longest, line), line = label;
        else line += piece_width(font, size, piece);
    }
    return std::max(longest, line);
}

// How the rows are laid out: each on one line or two, at one size for all.
struct Arrangement {
    std::vector<bool> two;  // per row
    int lines = 0;
    float size = 0;
};

// The largest size at which every line fits `room` wide and all `lines` fit the strip's height
// (one line at up to two thirds of it, as before A/B).
Arrangement sized(ImFont* font, const std::vector<FormulaRow>& rows, std::vector<bool> two, float room, float height) {
    Arrangement a;
    a.two = std::move(two);
    for (bool t : a.two) a.lines += t ? 2 : 1;
    float size = a.lines == 1 ? std::max(8.f, height * 0.66f) : height * 0.92f / static_cast<float>(a.lines);
    for (int pass = 0; pass < 2; ++pass) {  // twice: the subscripts do not shrink below the floor
        float wide = 0;
        for (std::size_t r = 0; r < rows.size(); ++r) wide = std::max(wide, row_width(font, size, rows[r], a.two[r]));
        if (wide > room && wide > 0) size *= room / wide;
    }
    a.size = size;
    return a;
}

// Of every way to cut the rows, the one with the largest text; fewer lines where as large.
Arrangement arrange(ImFont* font, const std::vector<FormulaRow>& rows, float room, float height) {
    Arrangement best;
    const std::size_t n = rows.size();
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
        std::vector<bool> two(n);
        bool possible = true;
        for (std::size_t r = 0; r < n; ++r) {
            two[r] = mask & (1u << r);
            possible = possible && (!two[r] || has_cut(rows[r]));
        }
        if (!possible) continue;
        const Arrangement a = sized(font, rows, two, room, height);
        if (best.lines == 0 || a.size > best.size + 0.01f || (a.size >= best.size - 0.01f && a.lines < best.lines)) best = a;
    }
    return best;
}

}  // namespace

void draw_formula(const Rect& rect, const std::vector<FormulaRow>& rows, const std::string& note, const Fonts& fonts,
                  const ThemeColours& theme, Theme sides) {
    ImGui::PushStyleColor(ImGuiCol_WindowBg, to_u32(theme.section));
    const bool open = begin_panel("##formule", rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    if (!open) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImFont* font = fonts.large ? fonts.large : ImGui::GetFont();
    const float pad = std::max(8.f, std::min(rect.h, 64.f) * 0.66f) * 0.35f;
    const Arrangement a = arrange(font, rows, rect.w - 2 * pad, rect.h);
    const float size = std::max(kMinTextPx, a.size);
    const float line_h = size * 1.04f;
    // The lines centred in the strip; each lit term's highlight spans its line.
    float y = rect.cy() - line_h * static_cast<float>(a.lines) * 0.5f + (line_h - size) * 0.5f;
    float x = rect.right();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const FormulaRow& row = rows[r];
        const std::string label = row_label(row);
        const float indent = font->CalcTextSizeA(size, FLT_MAX, 0, label.c_str()).x;
        x = rect.x + pad;
        const palette::Colour8 label_colour = side_colour(r == 0 ? ComparedSide::A : ComparedSide::B, sides);  // A's row first
        if (!label.empty()) dl->AddText(font, size, ImVec2(x, y), to_u32(label_colour), label.c_str());
        x += indent;
        for (const auto& piece : row.pieces) {
            if (a.two[r] && is_cut(piece)) {  // " ; ": the next line
                x = rect.x + pad + indent;
                y += line_h;
                continue;
            }
            const float px = piece_px(size, piece);
            const float width = piece_width(font, size, piece);
            const bool lit = row.active != Term::None && piece.term == row.active && piece.part == row.part && row.part != Part::Both;
            const float top_pad = a.lines == 1 ? rect.h * 0.08f : (line_h - size) * 0.5f + 1;
            if (lit)
                dl->AddRectFilled(ImVec2(x - 2, a.lines == 1 ? rect.y + top_pad : y - top_pad),
                                  ImVec2(x + width + 2, a.lines == 1 ? rect.bottom() - top_pad : y + size + top_pad),
                                  to_u32(theme.highlight), size * 0.2f);
            const float top = piece.subscript ? y + (size - px) + size * 0.12f : y;
            dl->AddText(font, px, ImVec2(x, top), lit ? IM_COL32(0, 0, 0, 255) : to_u32(theme.text), piece.text.c_str());
            x += width;
        }
        y += line_h;
    }
    if (a.lines > 1) x = rect.right();  // no room for the note beside several lines
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
