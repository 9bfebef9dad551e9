// A generation told, in the SVG (scene/svg.h): the K/V caches beside the attention boxes with the
// newest query's strip, the word bars at the output and the counters, as the window draws them
// (ui/decode_drawing.cpp).
#include <algorithm>

#include "base/numbers.h"
#include "scene/palette.h"
#include "scene/svg_parts.h"

namespace tb::svg_detail {
namespace {

std::string cell(const Rect& r, const palette::Colour8& fill, const char* kind, int head) {
    return Tag("rect").attr("data-part", "kv-cell").attr("data-kind", kind).attr("data-head", head)
        .num("x", r.x).num("y", r.y).num("width", r.w).num("height", r.h).attr("fill", svg_hex(fill)).attr("stroke", "none").empty();
}

void write_cache(std::string& out, const KvCacheRecord& c, char side, const ThemeColours& theme) {
    Tag g("g");
    g.side(side).attr("data-part", "kv-cache").attr("data-level", c.level).attr("data-layer", c.layer);
    g.attr("data-rows", c.rows).attr("data-kv-heads", c.kv_heads).attr("data-cache", c.cache_on ? "on" : "off");
    out += g.open() + "\n";
    const float peak = c.strip.empty() ? 1.f : std::max(1e-6f, *std::max_element(c.strip.begin(), c.strip.end()));
    for (int p = 0; p < static_cast<int>(c.columns.size()); ++p) {
        const Rect& col = c.columns[static_cast<std::size_t>(p)];
        if (p >= c.rows) {
            out += Tag("rect").attr("data-part", "kv-empty").attr("data-position", p).num("x", col.x).num("y", col.y)
                       .num("width", col.w).num("height", col.h).attr("fill", "none").attr("stroke", svg_hex(theme.text))
                       .num("opacity", 0.25).empty();
            continue;
        }
        Tag row("g");
        row.attr("data-part", "kv-row").attr("data-position", p);
        if (p == c.fresh) row.attr("data-fresh", "1");
        out += row.open() + "\n";
        for (int h = 0; h < c.kv_heads; ++h) {
            out += cell({col.x, c.keys_y + h * c.cell_h, col.w, c.cell_h - 1}, palette::kKeyCell, "k", h);
            out += cell({col.x, c.values_y + h * c.cell_h, col.w, c.cell_h - 1}, palette::kValueCell, "v", h);
        }
        if (p < static_cast<int>(c.strip.size())) {
            const float w = c.strip[static_cast<std::size_t>(p)];
            out += Tag("rect").attr("data-part", "query-weight").attr("data-weight", svg_precise(w)).num("x", col.x)
                       .num("y", c.strip_y).num("width", col.w).num("height", c.cell_h).attr("fill", svg_hex(palette::kResidual))
                       .num("opacity", 0.15 + 0.85 * w / peak).empty();
        }
        if (p == c.fresh)
            out += Tag("rect").num("x", col.x - 1).num("y", col.y - 1).num("width", col.w + 2).num("height", col.h + 2)
                       .attr("fill", "none").attr("stroke", "#ffffff").num("stroke-width", 2).empty();
        out += "</g>\n";
    }
    out += "</g>\n";
}

void write_bars(std::string& out, const WordBarsRecord& b, char side, const ThemeColours& theme, Language language) {
    if (b.bars.empty()) return;
    Tag g("g");
    out += g.side(side).attr("data-part", "word-bars").attr("data-word", b.word).num("opacity", b.alpha).open() + "\n";
    out += Tag("rect").num("x", b.area.x - 4).num("y", b.area.y - 2).num("width", b.area.w + 6).num("height", b.area.h + 4)
               .num("rx", 6).attr("fill", svg_hex(theme.section)).attr("stroke", "none").empty();
    float word_w = 0;
    for (const WordBar& bar : b.bars) word_w = std::max(word_w, text_width(bar.word, b.px));
    const float mark = b.px * 0.7f, x_word = b.area.x + mark + 4, x_bar = x_word + word_w + 6;
    for (std::size_t i = 0; i < b.bars.size(); ++i) {
        const WordBar& bar = b.bars[i];
        const float y = b.area.y + static_cast<float>(i) * b.row_h;
        const std::string percent = format_percent(bar.probability, language);
        const float room = std::max(2.f, b.area.right() - text_width(percent, b.px) - 6 - x_bar);
        const float len = std::max(2.f, room * static_cast<float>(std::clamp(bar.probability, 0.0, 1.0)));
        Tag row("g");
        row.attr("data-part", "word-bar").attr("data-text", bar.word).attr("data-probability", svg_precise(bar.probability));
        row.attr("data-logit", svg_precise(bar.logit));
        if (bar.chosen) row.attr("data-chosen", "1");
        out += row.open() + "\n";
        out += text_line(bar.word, x_word, y + (b.row_h - b.px) * 0.5f, b.px, svg_hex(theme.text));
        out += Tag("rect").num("x", x_bar).num("y", y + b.row_h * 0.2f).num("width", len).num("height", b.row_h * 0.6f).num("rx", 3)
                   .attr("fill", svg_hex(palette::kOutput)).attr("stroke", bar.chosen ? "#ffffff" : "none").empty();
        out += text_line(percent, x_bar + len + 4, y + (b.row_h - b.px) * 0.5f, b.px, svg_hex(theme.text));
        out += "</g>\n";
    }
    out += "</g>\n";
}

}  // namespace

void write_decode(std::string& out, const SvgSide& s, const ThemeColours& theme, Language language) {
    if (!s.decode.active) return;
    for (const KvCacheRecord& c : s.decode.caches) write_cache(out, c, s.side, theme);
    write_bars(out, s.decode.bars, s.side, theme, language);
    const Rect& line = s.layout.caption;
    if (!s.decode.caption.empty() && !line.empty()) {
        const float px = std::clamp(line.h * 0.8f, kMinTextPx, 22.f);
        std::string text = text_line(s.decode.caption, line.cx(), line.cy() - px * 0.5f, px, svg_hex(theme.text), "middle");
        text.insert(text.find("<text") + 5, " data-part=\"decode-caption\"");
        out += text;
    }
}

}  // namespace tb::svg_detail
