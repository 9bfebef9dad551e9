// A generation told in the cross-section (scene/decode.h): the K/V caches beside the attention
// boxes, the newest query's strip over them, and the step's word bars at the output.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "base/numbers.h"
#include "scene/palette.h"
#include "ui/panels.h"
#include "ui/rgb.h"

namespace tb {
namespace {

void draw_cache(ImDrawList* dl, const KvCacheRecord& c, const ThemeColours& theme) {
    const float round = std::min(3.f, c.cell_h * 0.3f);
    const float peak = c.strip.empty() ? 1.f : std::max(1e-6f, *std::max_element(c.strip.begin(), c.strip.end()));
    for (int p = 0; p < static_cast<int>(c.columns.size()); ++p) {
        const Rect& col = c.columns[static_cast<std::size_t>(p)];
        if (p >= c.rows) {  // room for a later token: an empty outline
            dl->AddRect(ImVec2(col.x, col.y), ImVec2(col.right(), col.bottom()), to_u32(theme.text, 60), round);
            continue;
        }
        for (int h = 0; h < c.kv_heads; ++h) {
            const float yk = c.keys_y + h * c.cell_h, yv = c.values_y + h * c.cell_h;
            dl->AddRectFilled(ImVec2(col.x, yk), ImVec2(col.right(), yk + c.cell_h - 1), to_u32(palette::kKeyCell), round);
            dl->AddRectFilled(ImVec2(col.x, yv), ImVec2(col.right(), yv + c.cell_h - 1), to_u32(palette::kValueCell), round);
        }
        if (p == c.fresh) dl->AddRect(ImVec2(col.x - 1, col.y - 1), ImVec2(col.right() + 1, col.bottom() + 1), IM_COL32(255, 255, 255, 255), round, 0, 2.f);
        if (p < static_cast<int>(c.strip.size())) {  // the newest query's weight on this position
            const float a = 0.15f + 0.85f * c.strip[static_cast<std::size_t>(p)] / peak;
            dl->AddRectFilled(ImVec2(col.x, c.strip_y), ImVec2(col.right(), c.strip_y + c.cell_h), to_u32(palette::kResidual, static_cast<int>(255 * a)), round);
        }
    }
}

void draw_bars(ImDrawList* dl, const WordBarsRecord& b, const Fonts& fonts, Language language, const ThemeColours& theme) {
    if (b.bars.empty() || b.area.empty()) return;
    const int alpha = static_cast<int>(255 * std::clamp(b.alpha, 0.f, 1.f));
    dl->AddRectFilled(ImVec2(b.area.x - 4, b.area.y - 2), ImVec2(b.area.right() + 2, b.area.bottom() + 2), to_u32(theme.section, alpha * 230 / 255), 6.f);
    float word_w = 0;
    for (const WordBar& bar : b.bars) word_w = std::max(word_w, fonts.body->CalcTextSizeA(b.px, FLT_MAX, 0, bar.word.c_str()).x);
    const float mark = b.px * 0.7f, x_word = b.area.x + mark + 4, x_bar = x_word + word_w + 6;
    for (std::size_t i = 0; i < b.bars.size(); ++i) {
        const WordBar& bar = b.bars[i];
        const float y = b.area.y + static_cast<float>(i) * b.row_h;
        const std::string percent = format_percent(bar.probability, language);
        const float pw = fonts.body->CalcTextSizeA(b.px, FLT_MAX, 0, percent.c_str()).x;
        const float room = std::max(2.f, b.area.right() - pw - 6 - x_bar);
        const float len = std::max(2.f, room * static_cast<float>(std::clamp(bar.probability, 0.0, 1.0)));
        const ImU32 text = to_u32(theme.text, alpha);
        if (bar.chosen) {  // the chosen word: a triangle pointing at it, its bar outlined
            const float cy = y + b.row_h * 0.5f;
            dl->AddTriangleFilled(ImVec2(b.area.x, cy - mark * 0.5f), ImVec2(b.area.x, cy + mark * 0.5f), ImVec2(b.area.x + mark, cy),
                                  IM_COL32(255, 255, 255, alpha));
        }
        dl->AddText(fonts.body, b.px, ImVec2(x_word, y + (b.row_h - b.px) * 0.5f), text, bar.word.c_str());
        dl->AddRectFilled(ImVec2(x_bar, y + b.row_h * 0.2f), ImVec2(x_bar + len, y + b.row_h * 0.8f), to_u32(palette::kOutput, alpha), 3.f);
        if (bar.chosen) dl->AddRect(ImVec2(x_bar - 1, y + b.row_h * 0.2f - 1), ImVec2(x_bar + len + 1, y + b.row_h * 0.8f + 1), IM_COL32(255, 255, 255, alpha), 3.f, 0, 2.f);
        dl->AddText(fonts.body, b.px, ImVec2(x_bar + len + 4, y + (b.row_h - b.px) * 0.5f), text, percent.c_str());
    }
}

}  // namespace

void draw_decode(ImDrawList* dl, const DecodeRecords& decode, const Fonts& fonts, Language language, const ThemeColours& theme) {
    if (!decode.active) return;
    for (const KvCacheRecord& c : decode.caches) draw_cache(dl, c, theme);
    draw_bars(dl, decode.bars, fonts, language, theme);
}

}  // namespace tb
