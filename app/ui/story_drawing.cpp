// The residual story drawn from the animation's records (scene/story.h): the copies' lanes, the
// attention arrows with their weights, the FFN's lit strips, the arrows of ⊕, the phase caption.
#include "ui/story_drawing.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/numbers.h"
#include "scene/palette.h"
#include "scene/story.h"
#include "text/text.h"
#include "text/wrap.h"
#include "ui/rgb.h"

namespace tb {
namespace {

constexpr ImU32 kHalo = IM_COL32(12, 14, 22, 200);
constexpr ImU32 kLinkHalo = IM_COL32(12, 14, 22, 170);  // under the attention arrows

ImVec2 im(Point p) { return {p.x, p.y}; }

// A filled arrowhead at `tip`, pointing away from `from`.
void arrowhead(ImDrawList* dl, ImVec2 from, ImVec2 tip, float size, ImU32 colour) {
    const float dx = tip.x - from.x, dy = tip.y - from.y, len = std::hypot(dx, dy);
    if (len < 1e-3f) return;
    const float ux = dx / len, uy = dy / len;
    const ImVec2 back(tip.x - ux * size, tip.y - uy * size);
    dl->AddTriangleFilled(tip, ImVec2(back.x - uy * size * 0.55f, back.y + ux * size * 0.55f),
                          ImVec2(back.x + uy * size * 0.55f, back.y - ux * size * 0.55f), colour);
}

// A number on a dark pill, centred at `at`, unless it would cover one already written (`taken`);
// false when left out.
bool weight_label(ImDrawList* dl, const Fonts& fonts, float px, ImVec2 at, const std::string& s, ImU32 colour,
                  std::vector<Rect>& taken) {
    const ImVec2 e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, s.c_str());
    const ImVec2 p0(at.x - e.x * 0.5f, at.y - e.y * 0.5f);
    const Rect mine{p0.x - 3, p0.y, e.x + 6, e.y};
    for (const Rect& r : taken)
        if (mine.x < r.right() && r.x < mine.right() && mine.y < r.bottom() && r.y < mine.bottom()) return false;
    taken.push_back(mine);
    dl->AddRectFilled(ImVec2(p0.x - 3, p0.y), ImVec2(p0.x + e.x + 3, p0.y + e.y), IM_COL32(12, 14, 22, 215), 4.f);
    dl->AddText(fonts.body, px, p0, colour, s.c_str());
    return true;
}

constexpr ImU32 kPenalty = IM_COL32(255, 150, 130, 255);  // ALiBi's penalty, beside the weight it lowered

// A query's weight on itself: a loop over its bead.
void self_link(ImDrawList* dl, const LinkRecord& l, float radius, float thick, ImU32 colour) {
    const ImVec2 c(l.from.x, l.from.y);
    dl->AddBezierCubic(ImVec2(c.x - radius * 0.6f, c.y - radius * 0.8f), ImVec2(c.x - radius * 1.4f, c.y - radius * 2.4f),
                       ImVec2(c.x + radius * 1.4f, c.y - radius * 2.4f), ImVec2(c.x + radius * 0.6f, c.y - radius * 0.8f),
                       colour, thick);
}

}  // namespace

void draw_opened_box(ImDrawList* dl, const FrameRecords& frame, const Layout& layout) {
    const Box* box = layout.box_for_level(frame.active_level);
    if (!box || frame.inside.empty() || frame.inside.y >= box->rect.y - 1) return;
    const palette::Colour8 c = box_colour(box->kind);
    const Rect& r = frame.inside;
    const float rounding = std::min(8.f, layout.max_radius * 0.6f);
    dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), box->rect.y + rounding), IM_COL32(c.r, c.g, c.b, 255), rounding,
                      ImDrawFlags_RoundCornersTop);
    dl->AddRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), IM_COL32(255, 255, 255, 230), rounding, 0, 3.f);
}

void draw_lanes(ImDrawList* dl, const FrameRecords& frame, float thick) {
    std::vector<ImVec2> pts;
    for (const auto& lane : frame.lanes) {
        pts.clear();
        for (const Point& p : lane.points) pts.push_back(im(p));
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), rgb(lane.colour, 0.6f), 0, thick);
    }
}

void draw_copies(ImDrawList* dl, const FrameRecords& frame) {
    for (const auto& b : frame.beads) {
        if (b.role != BeadRole::Copy || b.radius < 0.5f) continue;
        const ImVec2 c(b.x, b.y);
        dl->AddCircleFilled(c, b.radius + 2.f, (kHalo & ~IM_COL32_A_MASK) | (static_cast<ImU32>(220 * b.alpha) << IM_COL32_A_SHIFT));
        dl->AddCircleFilled(c, b.radius, rgb(b.outline, b.alpha));
        dl->AddCircle(c, b.radius, IM_COL32(255, 255, 255, static_cast<int>(230 * b.alpha)), 0, 1.5f);
    }
}

void draw_links(ImDrawList* dl, const FrameRecords& frame, const Layout& layout, const Fonts& fonts, float label_px,
                Language language) {
    if (frame.links.empty()) return;
    dl->PushClipRect(ImVec2(frame.inside.x, frame.inside.y), ImVec2(frame.inside.right(), frame.inside.bottom()), true);
    // At least 4 px on a dark halo, so that every query's colour stands out on the box from the
    // back of the room; the weight still reads in the thickness and the opacity.
    for (const auto& l : frame.links) {
        const float w = std::clamp(l.weight, 0.f, 1.f), thick = 4.f + 5.f * w, head = 8.f + 1.5f * thick;
        const ImU32 colour = rgb(l.colour, 0.7f + 0.3f * w), halo = kLinkHalo;
        if (l.from_token == l.to_token) {
            self_link(dl, l, layout.beads.reference_radius, thick + 3.f, halo);
            self_link(dl, l, layout.beads.reference_radius, thick, colour);
            continue;
        }
        dl->AddBezierCubic(im(l.from), im(l.c1), im(l.c2), im(l.to), halo, thick + 3.f);
        arrowhead(dl, im(l.c2), im(l.to), head + 3.f, halo);
        dl->AddBezierCubic(im(l.from), im(l.c1), im(l.c2), im(l.to), colour, thick);
        arrowhead(dl, im(l.c2), im(l.to), head, colour);
    }
    // The numbers above their lines, none over another nor over a RoPE dial (lifted above it, else left out).
    std::vector<Rect> taken;
    for (const DialRecord& d : frame.dials) {
        const float reach = d.radius * 1.25f;
        taken.push_back({d.centre.x - reach, d.centre.y - reach, 2 * reach, 2 * reach});
    }
    const float label_h = label_px * 1.2f;
    for (const auto& l : frame.links) {
        if (!l.labelled) continue;
        Point at = l.from_token == l.to_token ? Point{l.from.x, l.from.y - layout.beads.reference_radius * 1.9f}
                                              : bezier(l.from, l.c1, l.c2, l.to, 0.5f);
        for (const DialRecord& d : frame.dials)
            if (std::abs(at.x - d.centre.x) < d.radius * 1.25f + label_px) at.y = std::min(at.y, d.centre.y - d.radius * 1.25f - label_h * 0.5f - 1);
        at.y = std::max(at.y, frame.inside.y + label_px * 0.6f + 2);  // whole, inside the box
        const std::string weight = format_fixed(l.weight, 2, language);
        if (!weight_label(dl, fonts, label_px, im(at), weight, rgb(l.colour), taken)) continue;
        // ALiBi: what the distance took from this score, right of the weight, where it fits.
        const std::string penalty = penalty_text(frame, l, language);
        if (penalty.empty()) continue;
        const float half = fonts.body->CalcTextSizeA(label_px, FLT_MAX, 0, weight.c_str()).x * 0.5f;
        const float wide = fonts.body->CalcTextSizeA(label_px, FLT_MAX, 0, penalty.c_str()).x;
        const float right = at.x + half + 8 + wide * 0.5f, left = at.x - half - 8 - wide * 0.5f;  // else left of it
        const bool fits_right = right + wide * 0.5f + 3 <= frame.inside.right();
        weight_label(dl, fonts, label_px, ImVec2(fits_right ? right : left, at.y), penalty, kPenalty, taken);
    }
    dl->PopClipRect();
}

namespace {

// Text wrapped to `r`'s width (at spaces only: a number stays whole) from its top (or
// bottom-aligned), on a dark card; returns its height.
float note_card(ImDrawList* dl, const Fonts& fonts, float px, const Rect& r, const std::string& note, bool bottom,
                ImU32 colour = IM_COL32(255, 255, 255, 255)) {
    if (note.empty() || r.w < px * 3) return 0;
    const std::string text = wrap_at_spaces(note, r.w - 8, [&](std::string_view s) {
        return fonts.body->CalcTextSizeA(px, FLT_MAX, 0, s.data(), s.data() + s.size()).x;
    });
    const ImVec2 e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, text.c_str());
    const float y = bottom ? r.bottom() - e.y - 4 : r.y;
    dl->AddRectFilled(ImVec2(r.x, y - 2), ImVec2(r.x + e.x + 8, y + e.y + 2), kHalo, 4.f);
    dl->AddText(fonts.body, px, ImVec2(r.x + 4, y), colour, text.c_str());
    return e.y + 6;
}

const char* path_label(HiddenPath path, const Settings& s, Language language) {
    switch (path) {
        case HiddenPath::Gate:
            return s.activation == Activation::Geglu ? tr(language, "porte GELU(W₁x)", "gate GELU(W₁x)")
                                                     : tr(language, "porte SiLU(W₁x)", "gate SiLU(W₁x)");
        case HiddenPath::Up: return tr(language, "⊙ valeur W₃x", "⊙ value W₃x");
        case HiddenPath::Hidden: return tr(language, "= cachée", "= hidden");
    }
    return "";
}

}  // namespace

void draw_hidden(ImDrawList* dl, const FrameRecords& frame, const Settings& settings, const Fonts& fonts, float label_px,
                 Language language) {
    bool gated = false;
    for (const auto& h : frame.hidden) {
        gated = gated || h.path != HiddenPath::Hidden;
        const float cell = h.rect.w / static_cast<float>(std::max<std::size_t>(1, h.values.size()));
        dl->AddRectFilled(ImVec2(h.rect.x - 1, h.rect.y - 1), ImVec2(h.rect.right() + 1, h.rect.bottom() + 1),
                          IM_COL32(40, 8, 34, 235), 2.f);
        for (std::size_t j = 0; j < h.values.size(); ++j) {
            const float v = h.values[j], x = h.rect.x + cell * static_cast<float>(j);
            // Lit: warm yellow as the activation rises; a negative one stays a faint blue.
            const ImU32 c = v >= 0 ? IM_COL32(255, 232, 120, static_cast<int>(40 + 215 * v))
                                   : IM_COL32(120, 150, 255, static_cast<int>(40 + 120 * -v));
            dl->AddRectFilled(ImVec2(x + 0.5f, h.rect.y), ImVec2(x + std::max(1.f, cell - 0.5f), h.rect.bottom()), c);
        }
    }
    if (!gated) return;
    const RowNames names = row_names(frame, settings, fonts, label_px, language);
    for (const RowName& name : names.rows) {
        const HiddenRecord& row = *name.row;
        const float y = name.cy - names.px * 0.5f, x = frame.side.x + 10;
        const ImVec2 size = fonts.body->CalcTextSizeA(names.px, FLT_MAX, 0, name.label);
        if (std::abs(name.cy - row.rect.cy()) > 1.f) {  // off its row: a leader to the row's end
            float end = 0;
            for (const auto& h : frame.hidden)
                if (h.path == row.path) end = std::max(end, h.rect.right());
            dl->AddLine(ImVec2(end + 1, row.rect.cy()), ImVec2(x, name.cy), IM_COL32(255, 255, 255, 220), 2.f);
        }
        dl->AddRectFilled(ImVec2(x, y - 1), ImVec2(x + size.x + 8, y + size.y + 1), kHalo, 4.f);
        dl->AddText(fonts.body, names.px, ImVec2(x + 4, y), IM_COL32(255, 255, 255, 255), name.label);
    }
}

RowNames row_names(const FrameRecords& frame, const Settings& settings, const Fonts& fonts, float label_px, Language language) {
    RowNames out;
    if (frame.side.empty()) return out;
    // Each row named once, in the box's free side: level with its row where the rows are far enough
    // apart, else at a readable pitch around the rows' middle (a leader line to the row).
    std::vector<RowName> rows;
    for (HiddenPath path : {HiddenPath::Up, HiddenPath::Hidden, HiddenPath::Gate}) {
        const auto row = std::find_if(frame.hidden.begin(), frame.hidden.end(), [&](const HiddenRecord& h) { return h.path == path; });
        if (row != frame.hidden.end()) rows.push_back({&*row, path_label(path, settings, language), 0});
    }
    const bool gated = std::any_of(rows.begin(), rows.end(), [](const RowName& r) { return r.row->path != HiddenPath::Hidden; });
    if (!gated) return out;
    std::sort(rows.begin(), rows.end(), [](const RowName& a, const RowName& b) { return a.row->rect.y < b.row->rect.y; });
    // The story's size where the side has room (the names need not be level with their rows).
    const float count = static_cast<float>(rows.size());
    float px = std::min(label_px, (frame.side.h - 4.f * (count - 1)) / count);
    for (const RowName& r : rows) {  // every label fits the side's width at one size
        const float wide = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, r.label).x;
        if (wide > frame.side.w - 14 && wide > 0) px *= (frame.side.w - 14) / wide;
    }
    if (px < kMinTextPx - 0.01f) return out;  // no room to name them readably: the caption line names the paths
    const float row_pitch = rows.size() > 1 ? rows[1].row->rect.cy() - rows[0].row->rect.cy() : 0.f;
    const float pitch = std::max(row_pitch, px + 4.f);
    const float middle = (rows.front().row->rect.cy() + rows.back().row->rect.cy()) * 0.5f;
    float first = middle - pitch * (count - 1) * 0.5f;  // kept inside the box
    first = std::min(first, frame.side.bottom() - px * 0.5f - pitch * (count - 1));
    first = std::max(first, frame.side.y + px * 0.5f);
    if (first + pitch * (count - 1) + px * 0.5f > frame.side.bottom() + 0.5f) return out;
    for (std::size_t k = 0; k < rows.size(); ++k) rows[k].cy = first + pitch * static_cast<float>(k);
    out.px = px;
    out.rows = std::move(rows);
    return out;
}

void draw_modern_attention(ImDrawList* dl, const FrameRecords& frame, const Fonts& fonts, float label_px,
                           Language language) {
    const ImU32 white = IM_COL32(255, 255, 255, 255);
    // RoPE: each bead's dial, the hand turned from the right by θ (counter-clockwise, as in maths),
    // white and yellow on dark halos so that it reads over any bead from the back of the room.
    for (const DialRecord& d : frame.dials) {
        const ImVec2 c(d.centre.x, d.centre.y);
        const float thick = std::max(3.f, d.radius * 0.16f);
        dl->AddCircle(c, d.radius, kHalo, 0, 5.f);
        dl->AddCircle(c, d.radius, IM_COL32(255, 255, 255, 235), 0, 2.5f);
        const ImVec2 zero(c.x + d.radius * 1.2f, c.y);  // θ = 0
        dl->AddLine(c, zero, kHalo, 5.f);
        dl->AddLine(c, zero, IM_COL32(255, 255, 255, 235), 2.5f);
        const float turned = std::fmod(d.angle, 6.2831853f);
        if (turned > 0.01f) {
            dl->PathArcTo(c, d.radius * 0.6f, 0.f, -turned, 24);
            dl->PathStroke(kHalo, 0, thick + 3.f);
            dl->PathArcTo(c, d.radius * 0.6f, 0.f, -turned, 24);
            dl->PathStroke(IM_COL32(255, 232, 120, 255), 0, thick * 0.8f);
        }
        const ImVec2 tip(c.x + d.radius * std::cos(d.angle), c.y - d.radius * std::sin(d.angle));
        dl->AddLine(c, tip, kHalo, thick + 4.f);
        dl->AddLine(c, tip, IM_COL32(255, 232, 120, 255), thick);
        dl->AddCircleFilled(tip, thick * 1.4f, kHalo);
        dl->AddCircleFilled(tip, thick * 1.1f, IM_COL32(255, 232, 120, 255));
    }
    if (frame.side.empty()) return;
    const float px = std::max(kMinTextPx, label_px * 0.9f);
    const Rect& free = frame.side;
    // GQA / MQA: query-head chips over K/V-head chips, a line from each query head to the K/V head it reads.
    const HeadSharingRecord& g = frame.sharing;
    if (g.queries.empty()) return;
    for (std::size_t i = 0; i < g.queries.size(); ++i) {
        const Rect& q = g.queries[i];
        const Rect& kv = g.kv[static_cast<std::size_t>(g.kv_of[i])];
        dl->AddLine(ImVec2(q.x + q.w * 0.5f, q.bottom()), ImVec2(kv.x + kv.w * 0.5f, kv.y), IM_COL32(255, 255, 255, 200), 2.f);
    }
    ImFont* font = fonts.body;
    const auto chip = [&](const Rect& r, ImU32 fill, const std::string& text, bool shown) {
        dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), fill, 3.f);
        if (shown) dl->AddRect(ImVec2(r.x - 2, r.y - 2), ImVec2(r.right() + 2, r.bottom() + 2), white, 3.f, 0, 2.f);
        const float tpx = std::max(kMinTextPx, r.h * 0.7f);  // the head's number where it fits a readable size
        const ImVec2 e = font->CalcTextSizeA(tpx, FLT_MAX, 0, text.c_str());
        if (e.x <= r.w + 2 && tpx <= r.h * 0.9f) dl->AddText(font, tpx, ImVec2(r.x + (r.w - e.x) * 0.5f, r.y + (r.h - e.y) * 0.5f), IM_COL32(10, 12, 20, 255), text.c_str());
    };
    for (std::size_t i = 0; i < g.queries.size(); ++i)
        chip(g.queries[i], IM_COL32(150, 200, 255, 255), std::to_string(i), static_cast<int>(i) == g.shown);
    for (std::size_t j = 0; j < g.kv.size(); ++j) chip(g.kv[j], IM_COL32(255, 200, 120, 255), std::to_string(j), false);
    // Their caption above the query chips, on a card over the box.
    // Their caption above the query chips on one line: shrunk to the room, the brief one where
    // the whole does not fit at the smallest text.
    const Rect above{free.x, free.y, free.w, std::max(0.f, g.queries.front().y - free.y - 2)};
    std::string caption = sharing_caption(g, language);
    const auto fitting = [&](const std::string& text) {
        const float wide = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x;
        return std::min({px, above.h, wide > 0 ? px * (free.w - 8) / wide : px});
    };
    float cpx = fitting(caption);
    if (cpx < kMinTextPx) caption = sharing_caption(g, language, true), cpx = fitting(caption);
    if (cpx >= kMinTextPx - 0.01f) note_card(dl, fonts, cpx, above, caption, true, IM_COL32(255, 232, 120, 255));
}

namespace {

// The first word's x and F named beside their arrows (its construction stands for all of them):
// x left of its middle; F beside it, clear of the bead at its tip.
void arrow_names(ImDrawList* dl, const FrameRecords& frame, const Fonts& fonts, float px) {
    for (const auto& a : frame.arrows)
        if (a.token == 0 && a.kind == ArrowRecord::Kind::Sum && a.grown > 0.2f) return;  // the sum takes the stage
    for (const auto& a : frame.arrows) {
        if (a.token != 0 || a.kind == ArrowRecord::Kind::Sum || a.alpha < 0.5f || a.grown < 0.9f) continue;
        const float dx = a.to.x - a.from.x, dy = a.to.y - a.from.y, len = std::hypot(dx, dy);
        if (len < px * 0.8f) continue;  // too short to name
        const bool x_arrow = a.kind == ArrowRecord::Kind::Stream;
        const char* name = x_arrow ? "x" : "F";
        const ImVec2 e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, name);
        // F: beside its first third, on the side away from the bead's rise (below a rightward F).
        float nx = -dy / len, ny = dx / len;
        if (ny < 0) nx = -nx, ny = -ny;
        const float off = std::max(e.x, e.y) * 0.6f + 4;
        const ImVec2 centre = x_arrow ? ImVec2((a.from.x + a.to.x) * 0.5f - e.x * 0.5f - px * 0.6f, (a.from.y + a.to.y) * 0.5f)
                                      : ImVec2(a.from.x + dx * 0.3f + nx * off, a.from.y + dy * 0.3f + ny * off);
        const ImVec2 p0(centre.x - e.x * 0.5f, centre.y - e.y * 0.5f);
        dl->AddRectFilled(ImVec2(p0.x - 3, p0.y), ImVec2(p0.x + e.x + 3, p0.y + e.y), kHalo, 4.f);
        dl->AddText(fonts.body, px, p0, rgb(a.colour, 1.f), name);
    }
}

}  // namespace

void draw_arrows(ImDrawList* dl, const FrameRecords& frame, float thick, const Fonts& fonts, float px) {
    for (const auto& a : frame.arrows) {
        if (a.grown <= 0 || a.alpha <= 0) continue;
        const ImVec2 from = im(a.from);
        const ImVec2 to(a.from.x + (a.to.x - a.from.x) * a.grown, a.from.y + (a.to.y - a.from.y) * a.grown);
        const float t = a.kind == ArrowRecord::Kind::Sum ? thick * 1.4f : thick;
        const float head = std::min(t * 3.f, std::hypot(to.x - from.x, to.y - from.y) * 0.5f);
        const ImU32 halo = (kHalo & ~IM_COL32_A_MASK) | (static_cast<ImU32>(200 * a.alpha) << IM_COL32_A_SHIFT);
        dl->AddLine(from, to, halo, t + 3.f);
        arrowhead(dl, from, to, head + 2.f, halo);
        dl->AddLine(from, to, rgb(a.colour, a.alpha), t);
        arrowhead(dl, from, to, head, rgb(a.colour, a.alpha));
    }
    arrow_names(dl, frame, fonts, px);
}

}  // namespace tb
