// The SVG writer's numbers, colours and escaping, and its text layer: the box and band labels,
// the words on their tags, the A/B labels, placed and sized as ui/cross_section.cpp draws them.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "scene/badge_strip.h"
#include "scene/colour.h"
#include "scene/palette.h"
#include "scene/svg.h"
#include "scene/svg_parts.h"
#include "text/text.h"

namespace tb {

std::string svg_escape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                // XML 1.0 has no place for control characters other than tab and line ends.
                if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += c;
        }
    }
    return out;
}

std::string svg_hex(const palette::Colour8& c) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", std::clamp(c.r, 0, 255), std::clamp(c.g, 0, 255),
                  std::clamp(c.b, 0, 255));
    return buffer;
}

std::string svg_hex(const Rgb& c) {
    auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.f, 1.f) * 255.f)); };
    return svg_hex(palette::Colour8{byte(c.r), byte(c.g), byte(c.b)});
}

std::string svg_number(double value, int decimals) {
    if (!std::isfinite(value)) value = 0;
    char buffer[400];
    std::snprintf(buffer, sizeof buffer, "%.*f", std::clamp(decimals, 0, 60), value);
    std::string s = buffer;
    for (char& c : s) c = c == ',' ? '.' : c;  // a C locale other than "C" would write a comma
    if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1);  // no "-0.000"
    return s;
}

std::string svg_precise(double value) {
    if (!std::isfinite(value) || value == 0) return svg_number(0, 3);
    const int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
    return svg_number(value, std::clamp(9 - exponent, 3, 60));
}

namespace svg_detail {
namespace {

// DejaVu Sans' advances, in em, of a..z; upper case, digits and the rest by kind.
constexpr float kLower[26] = {0.613f, 0.635f, 0.550f, 0.635f, 0.615f, 0.352f, 0.635f, 0.634f, 0.278f,
                              0.278f, 0.579f, 0.278f, 0.974f, 0.634f, 0.612f, 0.635f, 0.635f, 0.411f,
                              0.521f, 0.392f, 0.634f, 0.592f, 0.818f, 0.592f, 0.592f, 0.525f};

float advance(unsigned char c) {
    if (c >= 'a' && c <= 'z') return kLower[c - 'a'];
    if (c >= 'A' && c <= 'Z') return 0.70f;
    if (c >= '0' && c <= '9') return 0.636f;
    if (c == ' ') return 0.318f;
    if (c == '\'' || c == '.' || c == ',') return 0.3f;
    return 0.62f;  // an accented letter, a sign
}

}  // namespace

float text_width(const std::string& text, float px) {
    float em = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) em += advance(static_cast<unsigned char>(c));  // one a code point
    return em * px * kEmPerPixel;
}

std::string text_line(const std::string& text, float x, float top, float px, const std::string& fill,
                      const char* anchor) {
    Tag t("text");
    t.num("x", x).num("y", top + px * kBaseline).attr("font-family", "DejaVu Sans").num("font-size", px * kEmPerPixel);
    if (std::string(anchor) != "start") t.attr("text-anchor", anchor);
    return t.attr("fill", fill).attr("stroke", "none").open() + svg_escape(text) + "</text>\n";
}

namespace {

// Text that fits `width`, centred on `cy`: the size shrinks rather than overflow (fitted_text).
std::string fitted(const std::string& s, float x, float cy, float px, float width) {
    const float extent = text_width(s, px);
    if (extent > width && extent > 0) px *= std::max(0.f, width) / extent;
    return px > 0 ? text_line(s, x, cy - px * 0.5f, px, svg_hex(palette::kLabel)) : std::string();
}

void write_labels(std::string& out, const Layout& layout, Language language, const DecodeRecords& decode) {
    for (const Box& box : layout.boxes) {
        const Rect& r = box.rect;
        if (r.empty()) continue;
        // A generation told: the caches take the attention boxes' right part, the bars the output's.
        if (decode.active && (box.kind == BoxKind::Attention || (box.kind == BoxKind::Output && !decode.bars.bars.empty())))
            continue;
        const BoxText label = fit_box_label(layout, box, language, text_width);
        if (label.px <= 0) continue;
        const std::string fill = svg_hex(palette::kLabel);
        if (label.second.empty()) {
            out += text_line(label.first, layout.label_x, r.cy() - label.px * 0.5f, label.px, fill);
        } else {
            out += text_line(label.first, layout.label_x, r.cy() - label.px, label.px, fill);
            out += text_line(label.second, layout.label_x, r.cy(), label.px, fill);
        }
    }
    for (const Band& band : layout.bands) {
        const Rect& r = band.rect;
        if (r.h >= kBandLabelPx) {
            out += fitted(band_label(layout, band, language), layout.label_x, r.cy(), std::max(kMinTextPx, r.h * 0.95f),
                          r.right() - layout.label_x - 6);
            continue;
        }
        // Too thin for its label: « LN » or « RMS » on a grey tag at its right end (draw_bands).
        const std::string text = band_tag_text(layout);
        const float px = layout.tag_px;
        const Rect t = band_tag(band, text_width(text, px), px);
        out += Tag("rect").num("x", t.x).num("y", t.y).num("width", t.w).num("height", t.h).num("rx", 3)
                   .attr("fill", svg_hex(palette::kBand)).attr("stroke", "none").empty();
        out += text_line(text, t.x + px * 0.3f, t.cy() - px * 0.5f, px, svg_hex(palette::kLabel));
    }
}

// The words under the beads of the row at `y`, each on a tag of its token's identity colour; a
// long word shrinks rather than overlap its neighbours (draw_words).
void write_words(std::string& out, const Layout& layout, const Trace& trace, float y, int shown) {
    const int n = trace.token_count();
    const float word_px = layout.word_px;
    const float cell = (layout.stream_x1 - layout.stream_x0) / static_cast<float>(std::max(1, n));
    const int rows = std::max(1, layout.word_rows);  // word i on row i mod rows (draw_words)
    const float room = cell * (static_cast<float>(rows) - 0.08f) - word_px * 0.5f;
    for (int i = 0; i < (shown < 0 ? n : std::min(n, shown)); ++i) {
        const std::string& w = trace.tokens[static_cast<std::size_t>(i)].word;
        float px = word_px;
        float width = text_width(w, px);
        if (width > room && width > 0) px *= std::max(0.f, room) / width, width = text_width(w, px);
        const Rgb c = identity_colour(trace.typed_place(i));
        const float row = static_cast<float>(i % rows) * word_px * 1.25f;
        const float x = std::min(layout.token_x(i, n), layout.label_x - 6 - word_px * 0.22f - width * 0.5f), top = y + row + (word_px - px) * 0.5f, pad = word_px * 0.22f;
        const Rect tag{x - width * 0.5f - pad, top - pad * 0.3f, width + 2 * pad, px + pad * 0.6f};
        out += Tag("rect").num("x", tag.x).num("y", tag.y).num("width", tag.w).num("height", tag.h)
                   .num("rx", pad * 1.5f).attr("fill", svg_hex(c)).attr("stroke", "none").empty();
        const bool dark_text = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b > 0.33f;
        out += text_line(w, x, top, px, dark_text ? svg_hex(palette::kLabel) : "#ffffff", "middle");
    }
}

// A/B: the stack's label in its strip above it, large when it fits, and on B the line between.
void write_side_label(std::string& out, const SvgSide& s, const ThemeColours& theme) {
    const Rect& r = s.label_rect;
    if (!r.empty())
        out += Tag("rect").num("x", r.x).num("y", r.y).num("width", r.w).num("height", r.h)
                   .attr("fill", svg_hex(theme.background)).attr("stroke", "none").empty();
    if (s.side == 'b')
        out += Tag("path").attr("d", "M" + svg_number(s.layout.area.x + 1) + "," + svg_number(r.y) + " V" +
                                         svg_number(s.layout.area.bottom()))
                   .attr("fill", "none").attr("stroke", svg_hex(theme.text)).num("stroke-width", 2).num("opacity", 0.35).empty();
    if (s.label.empty() || r.empty()) return;
    // As the window's (draw_comparison_labels): the names on one line, else the values alone,
    // shrinking no further than kMinTextPx, else those on two lines at that size.
    const float pad = std::min(8.f, r.h * 0.2f), room = r.w - 2 * pad;
    const float largest = std::max(kMinTextPx, std::min(r.h - 2 * pad, 27.5f));
    const std::string fill = svg_hex(s.label_colour);
    const std::string& values = s.label_short.empty() ? s.label : s.label_short;
    for (const std::string* text : {&s.label, &values}) {
        const float width = text_width(*text, largest);
        const float px = width > room ? largest * room / width : largest;
        if (px >= kMinTextPx) {
            out += text_line(*text, r.x + pad, r.cy() - px * 0.5f, px, fill);
            return;
        }
    }
    const std::string dot = " · ";
    const std::size_t cut = values.rfind(dot, values.size() / 2 + 2);
    if (cut == std::string::npos) {  // one word too wide for the half: it shrinks rather than overflow
        const float px = kMinTextPx * room / std::max(1.f, text_width(values, kMinTextPx));
        out += text_line(values, r.x + pad, r.cy() - px * 0.5f, px, fill);
        return;
    }
    out += text_line(values.substr(0, cut), r.x + pad, r.cy() - kMinTextPx, kMinTextPx, fill);
    out += text_line(values.substr(cut + dot.size()), r.x + pad, r.cy(), kMinTextPx, fill);
}

}  // namespace

void write_text(std::string& out, const SvgSide& s, const ThemeColours& theme, Language language) {
    const Layout& layout = s.layout;
    write_labels(out, layout, language, s.decode);
    if (!layout.level_y.empty() && s.trace) {
        const int shown = s.frame.shown_tokens;
        write_words(out, layout, *s.trace, layout.level_y.front() + layout.word_offset, shown);
        const int top = static_cast<int>(layout.level_y.size()) - 1;
        if (layout.top_words && s.frame.active_level == top && s.frame.phase <= 0)
            write_words(out, layout, *s.trace, layout.level_y.back() + layout.word_offset, shown);
    }
    write_side_label(out, s, theme);
}

namespace {

const char* figure_key(Figure f) {
    switch (f) {
        case Figure::Blocks: return "blocks";
        case Figure::Total: return "total";
        case Figure::Attention: return "attention";
        case Figure::Ffn: return "ffn";
        case Figure::MeanCosine: return "cosine";
        case Figure::MeanNorm: return "norm";
    }
    return "total";
}

// The figure's numbers for a reader: counts as integers, the measures with 10 digits.
std::string figure_number(Figure f, double v) {
    return f == Figure::MeanCosine || f == Figure::MeanNorm ? svg_precise(v) : std::to_string(std::llround(v));
}

}  // namespace

void write_badges(std::string& out, const SvgPicture& p) {
    const BadgeStrip strip = badge_strip(p.badges_rect, p.badges, p.scale, p.language, text_width);
    if (strip.pills.empty()) return;
    const char side = p.sides.size() > 1 ? 'a' : 0;  // in A/B the badges are side A's
    out += "<g class=\"badges\">\n";
    for (const Pill& pill : strip.pills) {
        const Badge& b = p.badges[pill.badge];
        const Rect& r = pill.rect;
        out += Tag("rect").num("x", r.x).num("y", r.y).num("width", r.w).num("height", r.h).num("rx", r.h * 0.5f)
                   .attr("fill", svg_hex(kBadgeFill)).attr("stroke", svg_hex(kBadgeGold))
                   .num("stroke-width", std::max(1.5f, strip.text_px * 0.12f)).empty();
        Tag t("text");
        t.side(side).attr("data-figure", figure_key(b.figure)).attr("data-before", figure_number(b.figure, b.before));
        t.attr("data-after", figure_number(b.figure, b.after));
        if (b.level_after >= 0) t.attr("data-level", b.level_after).attr("data-level-before", b.level_before);
        const float px = strip.text_px;
        t.num("x", pill.text_x).num("y", pill.text_top + px * kBaseline).attr("font-family", "DejaVu Sans");
        out += t.num("font-size", px * kEmPerPixel).attr("fill", svg_hex(kBadgeText)).attr("stroke", "none").open();
        if (pill.text.factor.empty()) {
            out += svg_escape(pill.text.head) + "</text>\n";
            continue;
        }
        out += svg_escape(pill.text.head + pill.text.open) +
               Tag("tspan").attr("fill", svg_hex(kBadgeGold)).attr("font-weight", "bold").open() + svg_escape(pill.text.factor) +
               "</tspan>" + svg_escape(pill.text.close) + "</text>\n";
    }
    out += "</g>\n";
}

}  // namespace svg_detail
}  // namespace tb
