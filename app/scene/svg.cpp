// The cross-section as SVG: the root, the structure (boxes, bands, arcs) and the beads, in the
// order the window paints them; the text layer is scene/svg_text.cpp.
#include "scene/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "scene/badge_strip.h"
#include "scene/colour.h"
#include "scene/palette.h"
#include "scene/svg_parts.h"
#include "scene/twin_link.h"

namespace tb {
namespace svg_detail {

Tag::Tag(const char* name) : text_(std::string("<") + name) {}

Tag& Tag::attr(const char* key, const std::string& value) {
    text_ += ' ';
    text_ += key;
    text_ += "=\"" + svg_escape(value) + '"';
    return *this;
}

Tag& Tag::side(char side) { return side ? attr("data-side", std::string(1, side)) : *this; }

}  // namespace svg_detail

namespace {

using svg_detail::Tag;
constexpr double kPi = 3.14159265358979323846;

const char* box_part(BoxKind kind) {
    switch (kind) {
        case BoxKind::Input: return "input";
        case BoxKind::Attention: return "attention";
        case BoxKind::Ffn: return "ffn";
        case BoxKind::Output: return "output";
    }
    return "input";
}

Tag& geometry(Tag& t, const Rect& r) { return t.num("x", r.x).num("y", r.y).num("width", r.w).num("height", r.h); }

// The boxes, as the window fills them (rounded like the beads' largest allows).
void write_boxes(std::string& out, const SvgSide& s) {
    const float rounding = std::min(8.f, s.layout.max_radius * 0.6f);
    for (const Box& box : s.layout.boxes) {
        if (box.rect.empty()) continue;
        Tag t("rect");
        t.side(s.side).attr("data-part", box_part(box.kind)).attr("data-level", box.level);
        geometry(t, box.rect).num("rx", rounding).attr("fill", svg_hex(box_colour(box.kind))).attr("stroke", "none");
        out += t.empty();
    }
}

// Where a band sits: below its box it normalizes the sublayer's input (pre), above it the sum
// (post); the final LayerNorm of pre-norm is below the output box.
const char* placement(const Layout& layout, const Band& band, const Settings& settings) {
    if (band.level >= settings.top_level()) return "pre";
    const std::vector<Stage>& stages = sublayer_stages(settings);
    const bool pre = has_step(stages, Step::Normalize), post = has_step(stages, Step::PostNormalize);
    if (pre != post) return pre ? "pre" : "post";
    const Box* box = layout.box_for_level(band.level);
    return box && band.rect.cy() < box->rect.cy() ? "post" : "pre";
}

// The grey normalization bands. Settings has no norm type yet: every norm is a LayerNorm.
void write_bands(std::string& out, const SvgSide& s) {
    for (const Band& band : s.layout.bands) {
        Tag t("rect");
        t.side(s.side).attr("data-part", "norm").attr("data-level", band.level);
        t.attr("data-placement", placement(s.layout, band, s.trace->settings)).attr("data-norm-type", "layernorm");
        geometry(t, band.rect).num("rx", 2).attr("fill", svg_hex(palette::kBand)).attr("stroke", "none");
        out += t.empty();
    }
}

std::string point(Point p) { return svg_number(p.x) + ',' + svg_number(p.y); }

// The yellow residual arcs (one cubic Bézier a sublayer) and the ⊕ where each merges.
void write_residual(std::string& out, const SvgSide& s, const ThemeColours& theme) {
    const float thick = std::clamp(s.layout.max_radius * 0.28f, 2.f, 4.f);
    const std::string colour = svg_hex(theme.residual);
    for (const Arc& arc : s.layout.arcs) {
        Tag t("path");
        t.side(s.side).attr("data-part", "residual").attr("data-level", arc.level);
        t.attr("d", "M" + point(arc.p0) + " C" + point(arc.p1) + " " + point(arc.p2) + " " + point(arc.p3));
        out += t.attr("fill", "none").attr("stroke", colour).num("stroke-width", thick).empty();
    }
    for (const Merge& m : s.layout.merges) {
        const float arm = m.radius * 0.6f;
        out += Tag("circle").num("cx", m.at.x).num("cy", m.at.y).num("r", m.radius).attr("fill", svg_hex(theme.section))
                   .attr("stroke", colour).num("stroke-width", thick * 0.8f).empty();
        const std::string cross = "M" + point({m.at.x - arm, m.at.y}) + " H" + svg_number(m.at.x + arm) + " M" +
                                  point({m.at.x, m.at.y - arm}) + " V" + svg_number(m.at.y + arm);
        out += Tag("path").attr("d", cross).attr("fill", "none").attr("stroke", colour)
                   .num("stroke-width", thick * 0.7f).empty();
    }
}

Tag& faint(Tag& t, float opacity) { return opacity < 1.f ? t.num("opacity", opacity) : t; }

// Faint strokes (fill="none") go in a group that carries the opacity: some renderers (ImageMagick's
// own) fill an unfilled circle that has an opacity of its own.
std::string faint_group(const std::string& inside, float opacity) {
    if (!(opacity < 1.f)) return inside;
    Tag g("g");
    return g.num("opacity", opacity).open() + "\n" + inside + "</g>\n";
}

// Sector j of d, from twelve o'clock clockwise (y down), as bead.frag cuts the disc.
std::string sector(float cx, float cy, float radius, int j, int d) {
    const double a0 = 2 * kPi * j / d, a1 = 2 * kPi * (j + 1) / d;
    const Point p0{cx + radius * static_cast<float>(std::sin(a0)), cy - radius * static_cast<float>(std::cos(a0))};
    const Point p1{cx + radius * static_cast<float>(std::sin(a1)), cy - radius * static_cast<float>(std::cos(a1))};
    const std::string r = svg_number(radius);
    return "M" + point({cx, cy}) + " L" + point(p0) + " A" + r + "," + r + " 0 " + (a1 - a0 > kPi ? "1" : "0") + " 1 " +
           point(p1) + " Z";
}

// The disc (fill, identity outline), its d direction sectors inside the outline, its clamp mark.
void write_disc(std::string& out, const BeadRecord& b, int d, char side) {
    const float outline = std::clamp(b.radius * 0.2f, 1.5f, 3.f);
    Tag c("circle");
    c.side(side).attr("data-role", b.role == BeadRole::Trail ? "trail" : "bead").attr("data-token", b.token);
    c.attr("data-level", b.level).attr("data-norm", svg_precise(b.norm));
    if (b.clamped) c.attr("data-clamped", b.clamped < 0 ? "low" : "high");
    c.num("cx", b.x).num("cy", b.y).num("r", b.radius, 4).attr("fill", svg_hex(b.fill));
    out += faint(c.attr("stroke", svg_hex(b.outline)).num("stroke-width", outline), b.alpha).empty();
    const float inner = std::max(0.f, b.radius - outline * 0.5f);
    for (int j = 0; j < d; ++j) {
        const float cell = j < b.cue.size ? b.cue.cell[static_cast<std::size_t>(j)] : 0.f;
        Tag t("path");
        t.side(side).attr("data-part", "direction").attr("data-token", b.token).attr("data-level", b.level);
        t.attr("data-component", j).attr("d", sector(b.x, b.y, inner, j, d)).attr("fill", svg_hex(cue_colour(cell)));
        out += faint(t.attr("stroke", "none"), b.alpha).empty();
    }
    if (b.clamped == 0) return;
    Tag mark("circle");  // above the scale a white ring outside, below it a ring round the dot
    mark.num("cx", b.x).num("cy", b.y).num("r", b.clamped > 0 ? b.radius + outline + 3 : b.radius + 4).attr("fill", "none");
    mark.attr("stroke", b.clamped > 0 ? "#ffffff" : svg_hex(b.outline)).num("stroke-width", b.clamped > 0 ? 2 : 1.5);
    out += faint_group(mark.empty(), b.alpha);
}

// The dashed √d ring over the bead: dark under light dashes (16 of each), so it reads anywhere.
void write_ring(std::string& out, const BeadRecord& b, char side) {
    const float r = b.reference_radius;
    if (!(r > 0)) return;
    Tag dark("circle");
    dark.num("cx", b.x).num("cy", b.y).num("r", r, 4).attr("fill", "none").attr("stroke", "#141414").num("stroke-width", 1.6);
    Tag t("circle");
    t.side(side).attr("data-part", "reference").attr("data-token", b.token).attr("data-level", b.level);
    t.num("cx", b.x).num("cy", b.y).num("r", r, 4).attr("fill", "none").attr("stroke", "#f5f5f5").num("stroke-width", 1.6);
    const std::string dash = svg_number(2 * kPi * r / 32, 4);
    out += faint_group(dark.empty() + t.attr("stroke-dasharray", dash + " " + dash).empty(), 0.9f * b.alpha);
}

// Pre-norm: the normalized input in each box passed, one circle (not a bead: no data-role, no
// data-norm, cli.md), at its norm's radius.
void write_box_input(std::string& out, const BeadRecord& b, char side) {
    Tag c("circle");
    c.side(side).attr("data-part", "normalized-input").attr("data-token", b.token).attr("data-level", b.level);
    c.num("cx", b.x).num("cy", b.y).num("r", b.radius, 4).attr("fill", svg_hex(b.fill)).attr("stroke", svg_hex(b.outline));
    out += faint(c.num("stroke-width", 2), b.alpha).empty();
}

// The boxes' inputs first, then the trails, then the beads, as the window draws them; residual copies travel the arc and
// never rest, so a picture at rest has none.
void write_beads(std::string& out, const SvgSide& s) {
    const int d = s.trace->settings.dimension;
    for (BeadRole role : {BeadRole::Input, BeadRole::Trail, BeadRole::Bead})
        for (const BeadRecord& b : s.frame.beads) {
            if (b.role != role) continue;
            if (role == BeadRole::Input) {
                write_box_input(out, b, s.side);
                continue;
            }
            write_disc(out, b, d, s.side);
            write_ring(out, b, s.side);
        }
}

// The arch between the two beads of the same word and its cosine on a pill, as the window draws
// them (ui/cross_section.cpp): <g data-part="twin-link" data-level data-tokens="i j" data-cosine>.
void write_twin_links(std::string& out, const SvgSide& s, const SvgPicture& p) {
    const float px = std::max(kMinTextPx, kBaseTextPx * p.scale);
    if (!s.frame.twin_links) return;
    for (const TwinLink& l : twin_links(*s.trace, s.layout, s.frame, px, p.language, svg_detail::text_width)) {
        Tag g("g");
        g.side(s.side).attr("data-part", "twin-link").attr("data-level", l.level);
        g.attr("data-tokens", std::to_string(l.first) + " " + std::to_string(l.second)).attr("data-cosine", svg_precise(l.cosine));
        out += g.open() + "\n";
        const std::string d = "M" + point(l.from) + " C" + point(l.c1) + " " + point(l.c2) + " " + point(l.to);
        out += Tag("path").attr("d", d).attr("fill", "none").attr("stroke", "#0c0e16").num("stroke-width", l.thick + 3).empty();
        out += Tag("path").attr("d", d).attr("fill", "none").attr("stroke", "#ffffff").num("stroke-width", l.thick).empty();
        Tag pill("rect");
        geometry(pill, l.label).num("rx", l.label.h * 0.5f).attr("fill", "#0c0e16").attr("stroke", "#ffffff").num("stroke-width", 2);
        out += pill.empty();
        out += svg_detail::text_line(l.text, l.label.cx(), l.label.cy() - l.px * 0.5f, l.px, "#ffffff", "middle");
        out += "</g>\n";
    }
}

std::string dimension(float v) {
    return std::abs(v - std::round(v)) < 1e-4f ? std::to_string(static_cast<long>(std::lround(v))) : svg_number(v);
}

Tag& scale_of(Tag& t, const BeadScale& beads) {
    return t.attr("data-area-per-norm", svg_precise(beads.area_per_norm))
        .attr("data-norm-min", svg_precise(beads.norm_min))
        .attr("data-norm-max", svg_precise(beads.norm_max));
}

void write_side(std::string& out, const SvgSide& s, const SvgPicture& p) {
    const bool group = s.side != 0;
    if (group) {
        Tag g("g");
        out += scale_of(g.side(s.side), s.layout.beads).open() + "\n";
    }
    Tag ground("rect");
    out += geometry(ground, s.layout.area).attr("fill", svg_hex(p.theme.section)).attr("stroke", "none").empty();
    write_boxes(out, s);
    write_bands(out, s);
    write_residual(out, s, p.theme);
    write_beads(out, s);
    write_twin_links(out, s, p);
    svg_detail::write_decode(out, s, p.theme, p.language);
    svg_detail::write_text(out, s, p.theme, p.language);
    if (group) out += "</g>\n";
}

}  // namespace

SvgSide svg_side_at_rest(std::shared_ptr<const Trace> trace, const Rect& section, const AnimationOptions& options,
                         char side, float text_scale) {
    SvgSide s;
    s.side = side;
    s.layout = make_layout(trace->settings, section, text_scale);
    AnimationOptions at_rest = options;  // the end of the animation: a /melanger slide has arrived
    at_rest.moved_from.clear();
    s.frame = animate(*trace, s.layout, trace->settings.step, at_rest);
    s.trace = std::move(trace);
    return s;
}

void tell_generation(SvgSide& side, const Generation& g, double beat, const std::vector<std::string>& words,
                     Language language, const AnimationOptions& options) {
    if (!side.trace || !shows_generation(g, *side.trace) || side.trace->settings.step != decode_top(g)) return;
    const DecodeInstant at = decode_instant(g, beat);
    side.frame = animate(*side.trace, side.layout, at.playhead, options);
    side.decode = decode_frame(side.frame, *side.trace, side.layout, g, at, options, words, language);
}

SvgPicture headless_svg_picture(std::shared_ptr<const Trace> trace, float width, float height, Language language,
                                const Trace* previous) {
    SvgPicture p;
    p.width = width;
    p.height = height;
    p.language = language;
    const float scale = interface_scale(width, height, 1.f, 1.f);  // the window's text at that size (scene/screen.h)
    const ScreenLayout screen = screen_layout(width, height, scale, false);
    p.scale = scale;
    p.badges = shown_badges(previous, *trace, trace->settings.step);  // at rest, as --screenshot
    p.badges_rect = screen.badges;
    p.sides.push_back(svg_side_at_rest(std::move(trace), screen.section, {}, 0, scale));
    return p;
}

std::string cross_section_svg(const SvgPicture& p) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    Tag root("svg");
    root.attr("xmlns", "http://www.w3.org/2000/svg");
    root.attr("viewBox", "0 0 " + dimension(p.width) + " " + dimension(p.height));
    root.attr("width", dimension(p.width)).attr("height", dimension(p.height));
    if (!p.sides.empty()) scale_of(root, p.sides.front().layout.beads);
    out += root.open() + "\n";
    out += "<title>transformer-bloc</title>\n";
    for (const SvgSide& s : p.sides)
        if (s.trace) write_side(out, s, p);
    svg_detail::write_badges(out, p);
    return out + "</svg>\n";
}

}  // namespace tb
