// The logit lens (/panneau lentille): every level read as if the model stopped there, through the
// output's own path (the final norm in pre, then the tied embedding and a softmax over the V words).
// A grid, levels bottom (entrée) to top (sortie) as in the cross-section, one column per token: the
// most probable word and its probability, a green bar of that probability under it. A word that
// reads back as the token itself is grey, another word white: the class sees at which level a word
// other than the input appears. The row where the beads stand is framed in yellow.
//
// Why a grid in a panel rather than a word beside each bead: the lens is a question about all the
// levels at once (at which level is the word found?), which a grid answers in one look; beside the
// beads only the current level would show, and at 1024×768 eight words plus their percentages would
// cover the beads' own tags and the attention arcs.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "text/text.h"
#include "ui/inspector_panels.h"
#include "ui/layout_report.h"
#include "ui/sides.h"

namespace tb {

namespace {

// One side's grid in `rect` below `m.header` px: the tokens above their columns, the level names on
// the left (with the side's name, when there are two, in the corner above them), a cell per token
// and level: the most probable word, its percentage when there is room, a green bar.
// The panel's sizes at the body text's scale, read before the grid's smaller text is set: the grid's
// layout (lens_layout with these metrics) and when a cell has room for two lines do not follow it.
struct GridMetrics {
    float frame, line, header, margin;
};

void lens_grid(const Rect& rect, const GridMetrics& m, const Trace& trace, const std::vector<std::vector<Prediction>>& lens,
               int level, const char* side, ImU32 side_ink, Language language) {
    const int n = trace.token_count(), levels = static_cast<int>(lens.size()), layers = trace.settings.layers;
    const float pad = ImGui::GetStyle().WindowPadding.x;
    const LensLayout grid = lens_layout(rect, levels, n, m.header, m.frame * inspector_metrics::lens_label(layers), m.margin);
    const bool short_names = layers > 3;  // « a4 », « f4 » beside fourteen short rows
    if (grid.cell_w < 8 || grid.cell_h < 6) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float small = ImGui::GetTextLineHeight();
    const bool two_lines = grid.cell_h >= m.line * 1.9f;  // the percentage under the word, when there is room
    // Centred in a cell; a word too long for it loses its last letters to « … ».
    auto centred = [&](float cx, float y, ImU32 colour, std::string s, float max_w) {
        if (ImGui::CalcTextSize(s.c_str()).x > max_w) {
            while (!s.empty() && ImGui::CalcTextSize((s + "…").c_str()).x > max_w) {
                while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();  // a whole UTF-8 letter
                if (!s.empty()) s.pop_back();
            }
            s += "…";
        }
        const float w = ImGui::CalcTextSize(s.c_str()).x;
        dl->AddText(ImVec2(cx - w * 0.5f, y), colour, s.c_str());
    };
    const ImU32 label_ink = IM_COL32(200, 205, 220, 255);
    for (int i = 0; i < n; ++i) {  // the tokens above their columns
        const Rect c = grid.cell_rect(levels - 1, i);
        centred(c.x + c.w * 0.5f, c.y - small - 2, label_ink, trace.tokens[static_cast<std::size_t>(i)].word, c.w - 2);
    }
    if (*side) {
        dl->AddText(ImVec2(rect.x + pad, grid.grid.y - small - 2), side_ink, side);
        report_mark(std::string("lens_") + side, grid.grid.x, grid.grid.y, grid.grid.right(), grid.grid.bottom(), {});
    }
    const ImU32 green = to_u32(palette::kOutput);
    for (int k = 0; k < levels; ++k) {
        const Rect row = grid.cell_rect(k, 0);
        const std::string name = level_label(language, k, layers, short_names ? LabelLength::Short : LabelLength::Medium);
        dl->AddText(ImVec2(rect.x + pad, row.y + (row.h - small) * 0.5f), label_ink, name.c_str());
        for (int i = 0; i < n; ++i) {
            const Prediction& p = lens[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)];
            const Rect c = grid.cell_rect(k, i), bar = grid.bar_rect(k, i, p.probability);
            const float cx = c.x + c.w * 0.5f;
            dl->AddRectFilled(ImVec2(c.x + 1, c.y + 1), ImVec2(c.right() - 1, c.bottom() - 1), IM_COL32(40, 44, 58, 255));
            dl->AddRectFilled(ImVec2(bar.x, bar.y), ImVec2(bar.right(), bar.bottom()), green);
            const bool same = p.id == trace.tokens[static_cast<std::size_t>(i)].id;
            const ImU32 ink = same ? IM_COL32(140, 146, 164, 255) : IM_COL32(255, 255, 255, 255);
            // Whole percents fit a narrow cell; the tooltip has the decimal.
            const std::string percent = p.probability < 0.005 ? "< 1 %" : format_fixed(100 * p.probability, 0, language) + " %";
            if (c.h < small + 2) {
                // Too short a row for a word (many levels in little height): the bar only, the word in the tooltip.
            } else if (two_lines) {
                const float top = c.y + (c.h - 4 - small * 2) * 0.5f;
                centred(cx, top, ink, p.word, c.w - 4);
                centred(cx, top + small, IM_COL32(150, 210, 160, 255), percent, c.w - 4);
            } else {
                centred(cx, c.y + (c.h - 4 - small) * 0.5f, ink, p.word, c.w - 4);
            }
            if (ImGui::IsMouseHoveringRect(ImVec2(c.x, c.y), ImVec2(c.right(), c.bottom())))
                ImGui::SetTooltip(tr(language, "%s, « %s » : « %s » à %s", "%s, “%s”: “%s” at %s"),
                                  level_label(language, k, layers).c_str(), trace.tokens[static_cast<std::size_t>(i)].word.c_str(),
                                  p.word.c_str(), format_percent(p.probability, language).c_str());
        }
        if (k == level)
            dl->AddRect(ImVec2(row.x - 1, row.y), ImVec2(grid.grid.right() + 1, row.bottom()), to_u32(palette::kResidual), 0, 0, 2.f);
    }
}

}  // namespace

void draw_lens_panel(const Rect& rect, const Trace& trace, const LensData* data, int level, const CommandSink* send, Language language) {
    if (!data || data->trace.get() != &trace) return;  // the Inspector computes it when the trace changes
    if (!begin_panel("##panneau_lentille", rect, ImGuiWindowFlags_NoScrollbar)) return;
    if (send) draw_output_family_row(Panel::Lens, *send, language);
    const bool final_norm = trace.settings.norm == Norm::Pre;
    ImGui::TextUnformatted(final_norm ? tr(language, "Lu comme la sortie : LN, E·h", "Read as the output: LN, E·h")
                                      : tr(language, "Lu comme la sortie : E·h", "Read as the output: E·h"));
    help_marker(tr(language,
                   "La lentille des logits : on lit chaque niveau comme si le modèle s'arrêtait là. Ses vecteurs passent "
                   "par le même chemin que la sortie — la norme finale avec ses poids en pré-norme, rien sinon — puis par "
                   "les embeddings de tokens (tête liée : z = E·h) et un softmax sur les V mots. Chaque case : le mot le "
                   "plus probable et sa probabilité. En gris, le mot lui-même ; en blanc, un autre mot. La ligne encadrée "
                   "est le niveau où sont les billes. Poids aléatoires, non entraînés : ce n'est pas encore une prédiction.",
                   "The logit lens: each level read as if the model stopped there. Its vectors go through the output's "
                   "own path — the final norm with its weights in pre-norm, nothing otherwise — then the token "
                   "embeddings (tied head: z = E·h) and a softmax over the V words. Each cell: the most probable word "
                   "and its probability. Grey, the word itself; white, another word. The framed row is the level where "
                   "the beads stand. Random, untrained weights: not a prediction yet."));
    ImGui::TextDisabled("%s", tr(language, "en gris : le mot lui-même", "grey: the word itself"));

    const float frame = ImGui::GetFrameHeight();
    const GridMetrics m{frame, ImGui::GetTextLineHeight(), frame * inspector_metrics::lens_header(send != nullptr),
                        frame * inspector_metrics::kLensMargin};
    // A little smaller than the body text, never under the window's smallest (16 px).
    ImGui::SetWindowFontScale(std::clamp(kMinTextPx / ImGui::GetFontSize(), 0.85f, 1.f));
    if (!data->trace_b) {
        lens_grid(rect, m, trace, data->lens, level, "", 0, language);
    } else {  // A/B: side by side, each grid named in its side's colour in its corner
        const Rect a{rect.x, rect.y, std::floor(rect.w * 0.5f), rect.h}, b{a.right(), rect.y, rect.w - a.w, rect.h};
        lens_grid(a, m, trace, data->lens, level, "A", side_u32(ComparedSide::A), language);
        lens_grid(b, m, *data->trace_b, data->lens_b, level, "B", side_u32(ComparedSide::B), language);
    }
    ImGui::SetWindowFontScale(1.f);
    ImGui::End();
}

}  // namespace tb
