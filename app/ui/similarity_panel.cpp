// The similarity grid: token x token cosine similarity at the level where the beads stand, words
// down the left and along the top in their identity colours, each cell coloured on one two-sided
// scale (blue -1, white 0, red +1) with its value written in it; the exact value on hover.
// ImGui draw lists only; what it shows comes from scene/similarity.h.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include "scene/colour.h"
#include "scene/similarity.h"
#include "text/text.h"
#include "ui/layout_report.h"
#include "ui/panels.h"
#include "ui/rgb.h"

namespace tb {
namespace {

float text_width(const std::string& s, float size) {
    return ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, s.c_str()).x;
}

// `word` cut, whole UTF-8 characters, with "…", until it is at most `width` px wide at `size`.
std::string fit(const std::string& word, float width, float size) {
    if (text_width(word, size) <= width) return word;
    std::string s = word;
    while (!s.empty()) {
        std::size_t cut = s.size() - 1;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
        s.resize(cut);
        if (text_width(s + "…", size) <= width) return s + "…";
    }
    return "";
}

// A word in its token's identity colour; on the light theme the same hues, darker (as the
// profile's word legend).
ImU32 word_colour(int identity) {
    const Rgb c = identity_colour(identity);
    const float k = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f ? 0.7f : 1.f;
    return rgb({c.r * k, c.g * k, c.b * k});
}

// The title, smaller when the panel is narrow, and what a cell means on hover.
void title(const Rect& rect, float line, const std::string& text, Language language) {
    using namespace similarity_metrics;
    const float room = rect.w - 2 * line * kPad - ImGui::CalcTextSize("(?)").x - line * 0.5f;
    const float scale = std::clamp(room / std::max(1.f, ImGui::CalcTextSize(text.c_str()).x), 0.7f, 1.f);
    ImGui::SetCursorScreenPos(ImVec2(rect.x + line * kPad, rect.y + line * 0.25f));
    const float panel = tool_text_scale();  // the panel's own (help.h)
    ImGui::SetWindowFontScale(panel * scale);
    ImGui::TextUnformatted(text.c_str());
    ImGui::SetWindowFontScale(panel);
    help_marker(tr(language,
                   "Case (ligne i, colonne j) : cos(xᵢ, xⱼ) = xᵢ·xⱼ / (‖xᵢ‖ ‖xⱼ‖), les vecteurs du niveau où sont les billes "
                   "(pendant qu'elles traversent une sous-couche : le niveau qu'elles quittent). Rouge : même direction (1) ; "
                   "blanc : orthogonaux (0) ; bleu : opposés (−1). La diagonale vaut 1. Deux lignes identiques : deux vecteurs "
                   "de même direction (/position aucun : les deux « le »). Un vecteur nul n'a pas de direction : 0.",
                   "Cell (row i, column j): cos(xᵢ, xⱼ) = xᵢ·xⱼ / (‖xᵢ‖ ‖xⱼ‖), the vectors of the level where the beads are "
                   "(while they cross a sublayer: the level they leave). Red: same direction (1); white: orthogonal (0); "
                   "blue: opposite (−1). The diagonal is 1. Two identical rows: two vectors with the same direction "
                   "(/position aucun: the two “le”). A zero vector has no direction: 0."));
}

// Row words right-aligned left of the cells; column words above, staggered on two lines.
void words(ImDrawList* dl, const SimilarityGrid& g, const SimilarityLayout& l, float line, float right) {
    const int n = static_cast<int>(g.words.size());
    for (int i = 0; i < n; ++i) {
        const ImU32 colour = word_colour(g.identity[static_cast<std::size_t>(i)]);
        const Rect row = l.cell_rect(i, 0);
        // A row's word no taller than its row (rows shorter than the text: a large /vue texte), down to the floor.
        const float px = std::min(line, std::max(kMinTextPx, l.cell_h));
        const std::string left = fit(g.words[static_cast<std::size_t>(i)], l.label - line * 0.3f, px);
        dl->AddText(ImGui::GetFont(), px, ImVec2(row.x - text_width(left, px) - line * 0.3f, row.cy() - px * 0.5f), colour, left.c_str());
        const Rect col = l.cell_rect(0, i);
        // Two cells wide at most, centred over its column, and never past the panel's edge.
        const std::string top = fit(g.words[static_cast<std::size_t>(i)], std::min(l.cell_w * 2.f - line * 0.3f, 2.f * (right - col.cx())), line);
        const float y = l.cells.y - line * (i % 2 ? 1.05f : 2.1f);
        const float x = std::max(l.cells.x - l.label, std::min(col.cx() - text_width(top, line) * 0.5f, right - text_width(top, line)));
        dl->AddText(ImVec2(x, y), colour, top.c_str());
    }
}

// The cells in their colours and, when they can be read, their values (one size for the grid,
// the widest value fitted to a cell).
void cells(ImDrawList* dl, const SimilarityGrid& g, const SimilarityLayout& l, float line, Language language) {
    const int n = static_cast<int>(g.words.size());
    float widest = 0;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) widest = std::max(widest, text_width(similarity_value(g.cosines(i, j), language), line));
    // Margins of 0.3 line: two neighbours' values stay apart by more than a space and a half (the
    // screen-text reader reads a narrower gap as a typed space); the screenshot check samples the
    // fill 3 px in from the top corner, clear of the centred text.
    const float margin = std::max(3.f, line * 0.3f);
    // On the light theme the pale middle of the scale is close to the background: a thin edge.
    const bool light = ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.5f;
    const ImU32 edge = ImGui::GetColorU32(ImGuiCol_Text, 0.25f);
    // The numbers at the class's text size (/vue texte) where the cells hold it; the words and the
    // title at the window's (a tool panel: the grid keeps its cells).
    const float numbers = line / std::max(0.1f, tool_text_scale());
    const float size = std::min({numbers, line * (l.cell_w - 2 * margin) / std::max(1.f, widest), l.cell_h - 2.f});
    const bool values = size >= kMinTextPx - 0.01f;  // smaller would not be read: the colours alone, the values on hover
    report_mark("similarity_cells", l.cells.x, l.cells.y, l.cells.right(), l.cells.bottom(), {values ? size : 0.f});
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const Rect c = l.cell_rect(i, j);
            const double v = g.cosines(i, j);
            dl->AddRectFilled(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1), to_u32(similarity_colour(v)));
            if (light) dl->AddRect(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1), edge);
            if (!values) continue;
            const std::string text = similarity_value(v, language);
            dl->AddText(ImGui::GetFont(), size, ImVec2(c.cx() - text_width(text, size) * 0.5f, c.cy() - size * 0.5f),
                        to_u32(similarity_ink(v)), text.c_str());
        }
}

// Hover: the two words and the value to four decimals.
void hover(const SimilarityGrid& g, const SimilarityLayout& l, Language language) {
    ImGui::SetCursorScreenPos(ImVec2(l.cells.x, l.cells.y));
    ImGui::InvisibleButton("##cases", ImVec2(std::max(1.f, l.cells.w), std::max(1.f, l.cells.h)));
    if (!ImGui::IsItemHovered()) return;
    const int n = static_cast<int>(g.words.size());
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int j = std::clamp(static_cast<int>((m.x - l.cells.x) / l.cell_w), 0, n - 1);
    const int i = std::clamp(static_cast<int>((m.y - l.cells.y) / l.cell_h), 0, n - 1);
    ImGui::SetTooltip("cos(« %s », « %s ») = %s", g.words[static_cast<std::size_t>(i)].c_str(),
                      g.words[static_cast<std::size_t>(j)].c_str(), format_fixed(g.cosines(i, j), 4, language).c_str());
}

}  // namespace

void draw_similarity(const Rect& rect, const Trace& trace, double playhead, Language language, const char* suffix) {
    if (!begin_tool_panel("##similarite", rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) return;
    const SimilarityGrid grid = similarity_grid(trace, similarity_level(trace, playhead));
    const float line = ImGui::GetTextLineHeight();
    title(rect, line, similarity_title(trace, grid.level, language) + suffix, language);
    const SimilarityLayout layout = similarity_layout(rect, static_cast<int>(grid.words.size()), line);
    if (!layout.cells.empty()) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        words(dl, grid, layout, line, rect.right() - line * similarity_metrics::kPad);
        cells(dl, grid, layout, line, language);
        hover(grid, layout, language);
    }
    ImGui::End();
}

}  // namespace tb
