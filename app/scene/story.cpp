#include "scene/story.h"

#include <algorithm>
#include <cmath>

#include "forward.h"
#include "numbers.h"
#include "scene/modern_block.h"
#include "text/text.h"

namespace tb {
namespace {

float smooth(float t) {
    t = std::clamp(t, 0.f, 1.f);
    return t * t * (3 - 2 * t);
}
float progress(float phase, float begin, float end) { return std::clamp((phase - begin) / std::max(1e-6f, end - begin), 0.f, 1.f); }

const Arc* arc_of(const Crossing& c) {
    for (const auto& arc : c.layout.arcs)
        if (arc.level == c.k) return &arc;
    return nullptr;
}

Vector row(const Matrix& m, int i) { return m.row(i).transpose(); }

// Of the slot: the innermost lane under the row, the outermost kLaneSpread lower (above the ⊕ below).
constexpr float kLaneBelow = 0.04f, kLaneSpread = 0.07f;

float lane_length(const LaneRecord& lane) {
    float total = 0;
    for (std::size_t p = 1; p < lane.points.size(); ++p)
        total += std::hypot(lane.points[p].x - lane.points[p - 1].x, lane.points[p].y - lane.points[p - 1].y);
    return total;
}

// How far above ⊕ the lanes' top legs may run: under the post-norm band, else 0.15 of the slot.
float top_leg_room(const Crossing& c, const Slot& slot, float h) {
    for (const Band& band : c.layout.bands)
        if (band.level == c.k && std::abs(band.rect.cy() - slot.post_band_y) < 0.5f && has_step(c.stages, Step::PostNormalize))
            return std::max(1.f, slot.merge_y - band.rect.bottom() - 2.f);
    return 0.15f * h;
}

// How far under the row the lanes may run: kLaneBelow + kLaneSpread of the slot, clear of the ⊕ below.
float lanes_under(const Crossing& c, const Slot& slot, float h) {
    float room = (kLaneBelow + kLaneSpread) * h;
    for (const Merge& m : c.layout.merges)
        if (m.level == c.k - 1) room = std::min(room, m.at.y - m.radius - 1 - slot.start_y);
    return std::max(1.f, room);
}

// The first instant the beads rising out of the row clear the lanes under it (their lowest edge
// above the copies' highest), linear between the stages' places as the beads move.
float row_clear(const Crossing& c, float dot) {
    const Slot& slot = c.layout.slots[static_cast<std::size_t>(c.k)];
    float widest = 0;
    for (Field field : {Field::Input, Field::NormalizedInput}) {
        const Matrix& m = field_of(c.level, c.below, field);
        for (int i = 0; i < c.n && i < m.rows(); ++i) widest = std::max(widest, c.layout.beads.radius(m.row(i).norm()));
    }
    const float h = slot.start_y - slot.end_y;
    const float clear_y = slot.start_y + lanes_under(c, slot, h) * kLaneBelow / (kLaneBelow + kLaneSpread) - dot - 1 - widest;  // the beads' centre
    float from_phase = 0, from_y = slot.start_y;
    for (const Stage& stage : c.stages) {
        const float to_y = slot.y(stage.place);
        if (to_y <= clear_y)
            return from_phase + (stage.end - from_phase) * std::clamp((from_y - clear_y) / std::max(1e-6f, from_y - to_y), 0.f, 1.f);
        from_phase = stage.end;
        from_y = to_y;
    }
    return kCopyLeaves;
}

// The copies leave one after another, the farthest from the arc first (on the outermost lane),
// each once the one before is two of its widths past its column, and all ride at one speed, so
// that none passes another: they climb the arc while the box works, each waiting on its left part
// (the farthest highest), then cross over the closed box to their ⊕, again the farthest first,
// before F comes out. The first leaves as the rising beads clear the lanes under the row.
struct CopySchedule {
    int n = 0;
    float first = 0, stagger = 0, rejoin = 0, rejoin_stagger = 0, arrive = 0;
    float climb = 1, cross = 1;  // pixels a unit of phase: to the wait, then to ⊕
    float radius = 0;            // the copies' size on their lanes: as far apart as they wait
    std::vector<float> length, waits;  // each lane's, in pixels: whole, and up to where its copy waits
    float leaves(int i) const { return first + stagger * static_cast<float>(n - 1 - i); }
    // Where copy i is along its lane (0 at its bead, 1 at its ⊕) at `phase`.
    float along(int i, float phase) const {
        const std::size_t k = static_cast<std::size_t>(i);
        const float crossing = std::max(0.f, phase - rejoin - rejoin_stagger * static_cast<float>(n - 1 - i));
        const float travelled = phase < rejoin ? std::min(waits[k], (phase - leaves(i)) * climb)
                                               : std::min(length[k], waits[k] + crossing * cross);
        return std::clamp(travelled / std::max(1e-3f, length[k]), 0.f, 1.f);
    }
};
CopySchedule copy_schedule(const Crossing& c, const std::vector<LaneRecord>& lanes) {
    CopySchedule s;
    s.n = static_cast<int>(lanes.size());
    // They cross over the closed box while F waits in it (the first row of Output).
    const Window output = window_of(c.stages, Step::Output);
    const Stage* first_row = stage_at(c.stages, output.begin + 1e-4f);
    s.rejoin = output.begin;
    s.arrive = first_row ? first_row->end : output.end;
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(std::max(1, s.n));
    std::vector<Point> waiting;
    float apart = 1e9f;
    for (int i = 0; i < s.n; ++i) {
        const LaneRecord& lane = lanes[static_cast<std::size_t>(i)];
        const float far = s.n > 1 ? static_cast<float>(i) / static_cast<float>(s.n - 1) : 1.f;
        const float share = lane.bend_begin + (lane.bend_end - lane.bend_begin) * (0.15f + 0.8f * far);  // left of the box
        s.length.push_back(lane_length(lane));
        s.waits.push_back(share * s.length.back());
        waiting.push_back(lane.at(share));
        if (i > 0) apart = std::min(apart, std::hypot(waiting[i].x - waiting[i - 1].x, waiting[i].y - waiting[i - 1].y));
    }
    s.radius = std::clamp(apart * 0.5f - 1.f, 2.f, std::max(2.f, 0.4f * c.layout.beads.reference_radius));
    // Round a bend the inner lane is the shorter, and the copy behind gains on the one ahead: two widths.
    const float behind = 2 * (2 * s.radius + 2), gap = cell + behind;
    const auto speed = [&](float from, float by, float step, const std::vector<float>& still) {
        float v = 1;
        for (int i = 0; i < s.n; ++i)
            v = std::max(v, (static_cast<float>(s.n - 1 - i) * step + still[static_cast<std::size_t>(i)]) / std::max(1e-3f, by - from));
        return v;
    };
    s.first = kCopyLeaves;
    for (int pass = 0; pass < 2; ++pass) {  // the first leaves a column's ride before the row is clear
        s.climb = speed(s.first, s.rejoin - 0.04f, gap, s.waits);
        s.first = std::clamp(row_clear(c, s.radius) - cell / s.climb, kCopyLeaves, 0.3f);
    }
    s.stagger = gap / s.climb;
    std::vector<float> rest;
    for (int i = 0; i < s.n; ++i) rest.push_back(s.length[static_cast<std::size_t>(i)] - s.waits[static_cast<std::size_t>(i)]);
    s.cross = speed(s.rejoin, s.arrive, behind, rest);
    s.rejoin_stagger = behind / s.cross;
    return s;
}

void append_cubic(std::vector<Point>& pts, Point p0, Point p1, Point p2, Point p3) {
    for (int s = pts.empty() ? 0 : 1; s <= 16; ++s) pts.push_back(bezier(p0, p1, p2, p3, static_cast<float>(s) / 16.f));
}

// Token i's lane: from its bead's column under the box, round the left inside the yellow arc,
// and over the box to its ⊕ (o). The farthest token takes the outermost lane, so lanes nest.
LaneRecord lane_of(const Crossing& c, const Arc& arc, const Addition& a, int i) {
    const Slot& slot = c.layout.slots[static_cast<std::size_t>(c.k)];
    const float h = slot.start_y - slot.end_y;
    const float f = c.n > 1 ? static_cast<float>(i) / static_cast<float>(c.n - 1) : 0.f;
    const float edge = arc.p0.x - 4;  // the boxes' left edge
    const float outer = 0.25f * arc.p0.x + 0.75f * arc.p1.x + 3, inner = edge - 8;
    const float bend_x = (inner - (inner - outer) * f - 0.25f * edge) / 0.75f;  // the lane's leftmost at inner..outer
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(std::max(1, c.n));
    const Point s{c.layout.token_x(i, c.n), slot.start_y};
    // The top legs stay under the post-norm band (the copy joins before the norm), else under
    // the row above: the lanes keep to their sublayer.
    const float over = top_leg_room(c, slot, h);
    const float under = lanes_under(c, slot, h);
    const Point low{edge, s.y + under * (kLaneBelow + kLaneSpread * f) / (kLaneBelow + kLaneSpread)},
        high{edge, slot.merge_y - over * (0.3f + 0.7f * f)};
    LaneRecord lane;
    append_cubic(lane.points, s, {s.x - cell * 0.3f, low.y}, {edge + 12, low.y}, low);
    const std::size_t bend_from = lane.points.size() - 1;
    append_cubic(lane.points, low, {bend_x, low.y}, {bend_x, high.y}, high);
    const std::size_t bend_to = lane.points.size() - 1;
    append_cubic(lane.points, high, {edge + 12, high.y}, {a.o.x - cell * 0.3f, high.y}, a.o);
    std::vector<float> run{0.f};
    for (std::size_t p = 1; p < lane.points.size(); ++p)
        run.push_back(run.back() + std::hypot(lane.points[p].x - lane.points[p - 1].x, lane.points[p].y - lane.points[p - 1].y));
    lane.bend_begin = run[bend_from] / std::max(1e-3f, run.back());
    lane.bend_end = run[bend_to] / std::max(1e-3f, run.back());
    lane.colour = identity_colour(c.trace.typed_place(i));
    lane.token = i;
    return lane;
}

ArrowRecord arrow(ArrowRecord::Kind kind, Point from, Point to, double norm, const Addition& a, Rgb colour, int i) {
    ArrowRecord r;
    r.kind = kind;
    r.from = from;
    r.to = to;
    r.norm = norm;
    r.px_per_norm = a.px_per_norm;
    r.colour = colour;
    r.token = i;
    return r;
}

// The copy of token i on its lane (or waiting at its ⊕), and the lane while a copy uses it.
void copy_on_lane(const Crossing& c, const LaneRecord& lane, const CopySchedule& s, float add_t, int i, FrameRecords& out) {
    if (c.phase <= s.leaves(i) || add_t >= 1.f) return;
    out.lanes.push_back(lane);
    BeadRecord copy = bead_of(c.trace, c.layout, i, c.k - 1, 0, row(c.below.vectors, i));
    if (add_t >= 0.55f) return;  // the sum is drawn: the copy is in it
    const Point p = lane.at(s.along(i, c.phase));
    copy.x = p.x;
    copy.y = p.y;
    // As wide as its lane, so that it never covers another bead or copy: its size is read from the
    // row it left and from the x arrow at ⊕.
    const float full = copy.radius;
    copy.radius = std::min(full, s.radius);
    // At its ⊕ it sinks into the row as F comes out of the box beside it: x grows from there.
    const Window add = window_of(c.stages, Step::Add);
    copy.radius *= 1 - 0.85f * smooth(progress(c.phase, s.arrive, s.arrive + 0.25f * (add.begin - s.arrive)));
    copy.reference_radius *= copy.radius / std::max(1e-3f, full);  // its √d ring shrinks with it
    copy.clamped = 0;
    copy.alpha = 0.85f * (1 - 0.6f * smooth(add_t / 0.3f));  // it turns into its arrow, x
    copy.role = BeadRole::Copy;
    out.beads.push_back(copy);
}

// The arrows of token i: F comes out of the box with the bead; at ⊕, x grows, then the sum.
void arrows_of(const Crossing& c, const Addition& a, float out_t, float add_t, int i, FrameRecords& out) {
    const palette::Colour8 box = box_colour(c.level.kind == LevelKind::Attention ? BoxKind::Attention : BoxKind::Ffn);
    const Rgb f_colour = lerp(Rgb{box.r / 255.f, box.g / 255.f, box.b / 255.f}, Rgb{1, 1, 1}, 0.5f);  // lighter than its box
    const Rgb x_colour = identity_colour(c.trace.typed_place(i));
    const bool residual = has_step(c.stages, Step::Add);
    const float fade = 1 - smooth((add_t - 0.8f) / 0.2f);
    ArrowRecord f = arrow(ArrowRecord::Kind::Output, a.p, a.q, a.f_norm, a, f_colour, i);
    f.alpha = smooth((out_t - 0.45f) / 0.3f) * fade;  // as the bead leaves the box
    if (f.alpha > 0) out.arrows.push_back(f);
    if (!residual || add_t <= 0) return;
    ArrowRecord x = arrow(ArrowRecord::Kind::Stream, a.o, a.p, a.x_norm, a, x_colour, i);
    x.grown = smooth(add_t / 0.3f);
    x.alpha = fade;
    out.arrows.push_back(x);
    if (add_t <= 0.3f) return;
    ArrowRecord sum = arrow(ArrowRecord::Kind::Sum, a.o, a.q, a.sum_norm, a, Rgb{1, 1, 1}, i);
    sum.grown = smooth((add_t - 0.3f) / 0.25f);
    sum.alpha = fade;
    out.arrows.push_back(sum);
}

// The link from query i's bead to key j's, above the beads in the opened box: rightward links
// arc high, leftward ones low, each from and to its own point of the beads' rims, so that the
// two directions of a pair are two curves.
LinkRecord link_of(const Crossing& c, const Rect& inside, float y, int i, int j, float weight) {
    LinkRecord link;
    const float xi = c.layout.token_x(i, c.n), xj = c.layout.token_x(j, c.n), dx = xj - xi;
    const float r = c.layout.beads.reference_radius;
    const bool rightward = dx > 0;
    // Farther pairs arc higher, the farthest to the top of the opened box.
    const float room = std::max(4.f, y - r - inside.y - 4.f);
    const float widest = std::max(1.f, c.layout.token_x(c.n - 1, c.n) - c.layout.token_x(0, c.n));
    const float lift = room * (0.3f + 0.7f * std::abs(dx) / widest) * (rightward ? 1.f : 0.5f);
    auto rim = [&](float x, float degrees) {
        const float a = degrees * 3.14159265f / 180.f;
        return Point{x + r * std::cos(a), y - r * std::sin(a)};
    };
    link.from = rightward ? rim(xi, 50) : rim(xi, 130);
    link.to = rightward ? rim(xj, 115) : rim(xj, 65);
    const float top = std::min(link.from.y, link.to.y) - lift * 4.f / 3.f;
    link.c1 = {link.from.x + dx * 0.15f, top};
    link.c2 = {link.to.x - dx * 0.15f, top};
    link.weight = weight;
    link.colour = identity_colour(c.trace.typed_place(i));
    link.from_token = i;
    link.to_token = j;
    return link;
}

// Every query's weights at once during a pass (each query's strongest written); one query at a
// time when stepping (all its weights written, its own included).
void attention_links(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    if (c.level.attention_weights.empty()) return;
    const int head = std::clamp(options.head, 0, static_cast<int>(c.level.attention_weights.size()) - 1);
    const Matrix& w = c.level.attention_weights[static_cast<std::size_t>(head)];
    const Rect& box = out.inside;
    const Settings& s = c.trace.settings;
    const double slope = s.position == Position::Alibi ? alibi_slope(head, s.heads) : 0.0;
    int first = 0, last = c.n - 1;
    if (options.one_query) {
        const Window inner = window_of(c.stages, Step::Inner);
        const float t = progress(c.phase, inner.begin, inner.end);
        out.query = first = last = std::clamp(static_cast<int>(t * static_cast<float>(c.n)), 0, c.n - 1);
    }
    // Under the causal mask a query reads no later word: no arrow (nor weight 0,00) goes there.
    const auto masked = [&](int i, int j) { return s.mask == Mask::Causal && j > i; };
    for (int i = first; i <= last && i < w.rows(); ++i) {
        int strongest = -1;
        for (int j = 0; j < c.n && j < w.cols(); ++j)
            if (j != i && !masked(i, j) && (strongest < 0 || w(i, j) > w(i, strongest))) strongest = j;
        for (int j = 0; j < c.n && j < w.cols(); ++j) {
            if ((j == i && !options.one_query) || masked(i, j)) continue;
            LinkRecord link = link_of(c, box, y, i, j, static_cast<float>(w(i, j)));
            link.labelled = options.one_query || j == strongest;
            link.penalty = slope * std::abs(i - j);
            out.links.push_back(link);
        }
    }
}

// The opened box's right part, right of the beads' links, from its top to its bottom (over its
// label, which the timeline also shows), clear of the norm bands' tags that reach into it from
// above or below unless `over_tags`: the GQA chips, a gated FFN's rows' names.
Rect side_of(const Crossing& c, const Rect& inside, bool over_tags = false) {
    const float pad = 4.f;
    const float x = std::max(c.layout.label_x, c.layout.stream_x1) + pad;
    float top = inside.y + pad, bottom = inside.bottom() - pad;
    for (const Band& band : c.layout.bands) {
        if (over_tags || band.rect.h >= kBandLabelPx) continue;  // a band labelled along its length has no tag
        const Rect tag = band_tag(band, 0.f, c.layout.tag_px);  // its height does not depend on its text
        if (tag.cy() <= inside.y) top = std::max(top, tag.bottom() + 2);
        if (tag.cy() >= inside.bottom()) bottom = std::min(bottom, tag.y - 2);
    }
    return {x, top, std::max(0.f, inside.right() - x - pad), std::max(0.f, bottom - top)};
}

// GQA / MQA: the chips in the lower part of the side, query heads on top, K/V heads below.
HeadSharingRecord head_sharing(const Settings& s, const Rect& side, int shown) {
    HeadSharingRecord out;
    const int h = s.heads, kv = s.kv_heads;
    if (kv >= h || kv < 1 || side.w <= 0 || side.h <= 0) return out;
    const float gap = 3.f;
    // Two rows of chips a chip apart under a line of caption; where that leaves a chip too small
    // for its head's number, the chips keep that size and the caption goes (the formula and the
    // caption line name GQA), the rows closer.
    const float wide = (side.w - gap * static_cast<float>(h - 1)) / static_cast<float>(h);
    float chip = std::min({wide, (side.h - kMinTextPx * 1.3f) / 3.2f, 24.f}), apart = 2.f;
    if (chip < kNumberedChip && std::min(wide, side.h / 2.6f) >= kNumberedChip) chip = kNumberedChip, apart = 1.6f;
    if (chip < 4.f) return out;
    const float row_w = chip * static_cast<float>(h) + gap * static_cast<float>(h - 1);
    const float x0 = side.x + (side.w - row_w) * 0.5f;
    const float kv_y = side.bottom() - chip, q_y = kv_y - chip * apart;
    out.per_kv = h / kv;
    out.shown = std::clamp(shown, 0, h - 1);
    out.kv_of = kv_head_map(h, kv);
    for (int i = 0; i < h; ++i) out.queries.push_back({x0 + static_cast<float>(i) * (chip + gap), q_y, chip, chip});
    // Each K/V chip under the middle of its group of query heads.
    for (int j = 0; j < kv; ++j) {
        const Rect& first = out.queries[static_cast<std::size_t>(j * out.per_kv)];
        const Rect& last = out.queries[static_cast<std::size_t>((j + 1) * out.per_kv - 1)];
        const float mid = (first.x + last.right()) * 0.5f;
        out.kv.push_back({mid - chip * 0.5f, kv_y, chip, chip});
    }
    return out;
}

// RoPE: a dial on each token's bead, its hand at the first pair's angle θ = p (p from 0).
void rope_dials(const Crossing& c, float y, FrameRecords& out) {
    const Settings& s = c.trace.settings;
    const int head_size = s.dimension / std::max(1, s.heads);
    for (int i = 0; i < c.n; ++i) {
        DialRecord d;
        d.token = i;
        d.position = i;
        d.centre = {c.layout.token_x(i, c.n), y};
        // As large as the beads' spacing allows, so that the hand reads from the back of the room,
        // leaving a line of weights above it in the opened box.
        const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(std::max(1, c.n));
        const float under_weights = (y - out.inside.y - kWeightLinePx) / 1.25f;
        d.radius = std::max(std::min(c.layout.beads.reference_radius, 8.f), std::min({c.layout.beads.reference_radius * 1.5f, cell * 0.42f, under_weights}));
        d.angle = static_cast<float>(rope_angle(i, 0, head_size));
        out.dials.push_back(d);
    }
}

// How the position enters the scores (RoPE, ALiBi), the GQA chips, RoPE's dials.
void modern_attention(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    const Settings& s = c.trace.settings;
    out.side = side_of(c, out.inside);
    if (s.position == Position::Rope) out.note = ScoreNote::Rope;
    if (s.position == Position::Alibi) {
        out.note = ScoreNote::Alibi;
        out.alibi_slope = alibi_slope(std::clamp(options.head, 0, s.heads - 1), s.heads);
    }
    out.sharing = head_sharing(s, out.side, options.head);
    if (out.sharing.queries.empty() && s.kv_heads < s.heads) {  // too short clear of the tags (A/B at 1024 x 768)
        out.side = side_of(c, out.inside, true);
        out.sharing = head_sharing(s, out.side, options.head);
    }
    if (s.position == Position::Rope) rope_dials(c, y, out);
}

// One strip a token of matrix m (n × w), scaled by its largest |value|, its bottom at `bottom`.
void strips_of(const Crossing& c, const Matrix& m, HiddenPath path, float bottom, float height, FrameRecords& out) {
    const double peak = std::max(1e-9, m.cwiseAbs().maxCoeff());
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(c.n);
    for (int i = 0; i < c.n && i < m.rows(); ++i) {
        HiddenRecord h;
        h.path = path;
        h.rect = {c.layout.token_x(i, c.n) - cell * 0.45f, bottom - height, cell * 0.9f, height};
        for (int j = 0; j < m.cols(); ++j) h.values.push_back(static_cast<float>(m(i, j) / peak));
        out.hidden.push_back(std::move(h));
    }
}

// The FFN: each token's w hidden activations as a strip of cells along the top of the box; a
// gated FFN's gate and value below it, on rows of their own.
void hidden_strips(const Crossing& c, float y, FrameRecords& out) {
    if (!c.level.hidden.size()) return;
    const float r = c.layout.beads.reference_radius;
    const float room = y - r - 4 - out.inside.y;
    const bool gated = c.level.gate.size() && c.level.up.size() && c.level.gate.rows() == c.level.hidden.rows() &&
                       c.level.up.rows() == c.level.hidden.rows();
    if (!gated) {
        strips_of(c, c.level.hidden, HiddenPath::Hidden, y - r - 4, std::clamp(room * 0.45f, 4.f, 26.f), out);
        return;
    }
    // Three rows with a gap of half a row between them (for ⊙ and =).
    const float height = std::clamp(room * 0.24f, 4.f, 22.f), step = height * 1.5f;
    strips_of(c, c.level.gate, HiddenPath::Gate, y - r - 4, height, out);
    strips_of(c, c.level.up, HiddenPath::Up, y - r - 4 - step, height, out);
    strips_of(c, c.level.hidden, HiddenPath::Hidden, y - r - 4 - 2 * step, height, out);
}

constexpr float kOpening = 0.015f;  // of the sublayer, for the box to open or close

// While its inside shows, the box opens upward over the free rows of its slot (⊕ and the post
// band wait until the beads leave), so that the weights and the strips have room above the beads.
Rect opened_box(const Crossing& c, const Box& box, const Window& inside) {
    const Slot& slot = c.layout.slots[static_cast<std::size_t>(c.k)];
    const float top = slot.end_y - 0.1f * (slot.start_y - slot.end_y);
    const float open = smooth(progress(c.phase, inside.begin, inside.begin + kOpening)) *
                       (1 - smooth(progress(c.phase, inside.end - kOpening, inside.end)));
    Rect r = box.rect;
    const float grow = std::max(0.f, r.y - top) * open;
    r.y -= grow;
    r.h += grow;
    return r;
}

}  // namespace

Point LaneRecord::at(float share) const {
    if (points.empty()) return {};
    float total = 0;
    for (std::size_t p = 1; p < points.size(); ++p) total += std::hypot(points[p].x - points[p - 1].x, points[p].y - points[p - 1].y);
    float left = std::clamp(share, 0.f, 1.f) * total;
    for (std::size_t p = 1; p < points.size(); ++p) {
        const float seg = std::hypot(points[p].x - points[p - 1].x, points[p].y - points[p - 1].y);
        if (left <= seg && seg > 0) {
            const float t = left / seg;
            return {points[p - 1].x + (points[p].x - points[p - 1].x) * t, points[p - 1].y + (points[p].y - points[p - 1].y) * t};
        }
        left -= seg;
    }
    return points.back();
}

BeadRecord bead_of(const Trace& trace, const Layout& layout, int i, int level, float y, const Vector& v) {
    BeadRecord b;
    b.x = layout.token_x(i, trace.token_count());
    b.y = y;
    b.norm = v.norm();
    b.radius = layout.beads.radius(b.norm);
    b.reference_radius = layout.beads.reference_radius;
    b.clamped = layout.beads.clamped(b.norm);
    b.cue = direction_cue(v);
    b.fill = bead_fill(b.cue);
    b.outline = identity_colour(trace.typed_place(i));
    b.token = i;
    b.level = level;
    b.label = trace.tokens[static_cast<std::size_t>(i)].word;
    return b;
}

std::vector<Addition> additions(const Crossing& c) {
    std::vector<Addition> out(static_cast<std::size_t>(c.n));
    const Matrix& f = field_of(c.level, c.below, Field::SublayerOutput);
    const Slot& slot = c.layout.slots[static_cast<std::size_t>(c.k)];
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(std::max(1, c.n));
    double longest = 0, widest = 0;
    for (int i = 0; i < c.n; ++i) {
        longest = std::max(longest, c.below.vectors.row(i).norm() + f.row(i).norm());
        widest = std::max(widest, f.row(i).norm());
    }
    // One scale for the sublayer: the longest x then F fits 0.7 of a slot above ⊕, F the column.
    const bool residual = has_step(c.stages, Step::Add);
    const double room = 0.7 * (slot.start_y - slot.end_y);
    const float k = static_cast<float>(std::min(room / std::max(1e-9, longest), 0.9 * cell / std::max(1e-9, widest)));
    for (int i = 0; i < c.n; ++i) {
        const Vector x = row(c.below.vectors, i), fi = row(f, i);
        Addition& a = out[static_cast<std::size_t>(i)];
        a.x_norm = x.norm();
        a.f_norm = fi.norm();
        a.sum_norm = (x + fi).norm();
        a.px_per_norm = k;
        const double cosine = a.x_norm > 0 && a.f_norm > 0 ? std::clamp(x.dot(fi) / (a.x_norm * a.f_norm), -1.0, 1.0) : 1.0;
        const double angle = residual ? std::acos(cosine) : 0.0;  // without x, F alone, upward
        // x points up the stream; F turns right of it by the angle; q is where the bead is.
        const float xs = residual ? k * static_cast<float>(a.x_norm) : 0.f;
        const float fx = k * static_cast<float>(a.f_norm * std::sin(angle)), fy = -k * static_cast<float>(a.f_norm * std::cos(angle));
        // The diagram centred on the column, x's tail on the ⊕ row; a sum pointing down (F against
        // x and longer) is lifted so that the bead still merges on or above that row.
        const float lift = std::max(0.f, fy - xs);
        a.o = {c.layout.token_x(i, c.n) - fx * 0.5f, slot.merge_y - lift};
        a.p = {a.o.x, a.o.y - xs};
        a.q = {a.p.x + fx, a.p.y + fy};
    }
    return out;
}

void residual_story(const Crossing& c, const std::vector<Addition>& adds, FrameRecords& out) {
    const Window output = window_of(c.stages, Step::Output);
    const bool residual = has_step(c.stages, Step::Add);
    const Window add = window_of(c.stages, residual ? Step::Add : Step::Hold);
    if (output.end <= 0 || static_cast<int>(adds.size()) != c.n) return;  // the output level: no sublayer
    const float out_t = progress(c.phase, output.begin, output.end), add_t = progress(c.phase, add.begin, add.end);
    const Arc* arc = arc_of(c);
    std::vector<LaneRecord> lanes;
    for (int i = 0; residual && arc && i < c.n; ++i) lanes.push_back(lane_of(c, *arc, adds[static_cast<std::size_t>(i)], i));
    const CopySchedule schedule = copy_schedule(c, lanes);
    for (int i = 0; i < c.n; ++i) {
        const Addition& a = adds[static_cast<std::size_t>(i)];
        if (!lanes.empty()) copy_on_lane(c, lanes[static_cast<std::size_t>(i)], schedule, c.phase >= add.begin ? add_t : 0.f, i, out);
        if (c.phase > output.begin && add_t < 1.f) arrows_of(c, a, out_t, c.phase >= add.begin ? add_t : 0.f, i, out);
    }
}

void inside_story(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    const Window inside = inside_window(c.stages);
    const Box* box = c.layout.box_for_level(c.k);
    if (!box || c.phase < inside.begin || c.phase > inside.end) return;
    out.inside = opened_box(c, *box, inside);
    if (c.phase < inside.begin + kOpening || c.phase > inside.end - kOpening) return;  // opening, closing
    if (c.level.kind == LevelKind::Attention) {
        attention_links(c, y, options, out);
        modern_attention(c, y, options, out);
    }
    if (c.level.kind == LevelKind::Ffn) {
        out.side = side_of(c, out.inside);
        hidden_strips(c, y, out);
    }
}

StoryPhase story_phase(const Crossing& c) {
    const Stage* stage = stage_at(c.stages, c.phase);
    if (!stage) return StoryPhase::None;
    const bool top = c.level.kind == LevelKind::Output;
    switch (stage->step) {
        case Step::Rise:
            if (has_step(c.stages, Step::Add) && c.phase <= kCopyLeaves + 0.06f) return StoryPhase::Split;
            return top ? StoryPhase::Top : StoryPhase::Rise;
        case Step::Normalize: return top ? StoryPhase::FinalNorm : StoryPhase::Normalize;
        case Step::Enter: return StoryPhase::Enter;
        case Step::Inner: return c.level.kind == LevelKind::Attention ? StoryPhase::Attention : StoryPhase::Ffn;
        case Step::Output: return StoryPhase::Output;
        case Step::Add: return StoryPhase::Add;
        case Step::Hold: return StoryPhase::Hold;
        case Step::PostNormalize: return StoryPhase::PostNormalize;
        case Step::Leave: return top ? StoryPhase::Top : StoryPhase::Leave;
    }
    return StoryPhase::None;
}

namespace {

// ALiBi's slope as a class writes it: 1/16 where it is a power of two's inverse (h = 1, 2, 4, 8).
std::string slope_text(double m, Language language) {
    const double k = std::round(-std::log2(m));
    if (m > 0 && k >= 0 && std::abs(m - std::exp2(-k)) < 1e-12) return k == 0 ? "1" : "1/" + std::to_string(1 << static_cast<int>(k));
    return format_fixed(m, 4, language);
}

}  // namespace

std::string score_note(const FrameRecords& frame, Language language, bool brief) {
    switch (frame.note) {
        case ScoreNote::None: return {};
        case ScoreNote::Rope:
            if (brief) return tr(language, "RoPE : la position n'entre que par la distance i − j", "RoPE: position enters only through i − j");
            return tr(language, "RoPE : Q et K tournés de θ = p (l'aiguille) — la position n'entre dans le score que par la distance i − j",
                      "RoPE: Q and K turned by θ = p (the hand) — position enters the score only through the distance i − j");
        case ScoreNote::Alibi:
            if (brief) return std::string(tr(language, "ALiBi : score − m·|i − j|, m = ", "ALiBi: score − m·|i − j|, m = ")) +
                              slope_text(frame.alibi_slope, language);
            return std::string(tr(language, "ALiBi : score − m·|i − j|, m = ", "ALiBi: score − m·|i − j|, m = ")) +
                   slope_text(frame.alibi_slope, language) +
                   tr(language, " — plus loin, moins d'attention", " — farther, less attention");
    }
    return {};
}

std::string penalty_text(const FrameRecords& frame, const LinkRecord& link, Language language) {
    const int distance = std::abs(link.from_token - link.to_token);
    if (frame.note != ScoreNote::Alibi || distance == 0) return {};
    const std::string m = slope_text(frame.alibi_slope, language);
    const std::size_t slash = m.find('/');
    if (m == "1") return "−" + std::to_string(distance);
    if (slash == 1 && m[0] == '1') return "−" + std::to_string(distance) + m.substr(slash);  // −3/16: the distance over 1/m
    return "−" + format_fixed(link.penalty, 3, language);
}

std::string sharing_caption(const HeadSharingRecord& sharing, Language language, bool brief) {
    if (sharing.queries.empty()) return {};
    const std::string h = std::to_string(sharing.queries.size());
    if (brief)
        return std::string(sharing.kv.size() == 1 ? "MQA" : "GQA") + tr(language, " : ", ": ") + std::to_string(sharing.per_kv) +
               tr(language, " Q par K/V", " Q per K/V");
    if (sharing.kv.size() == 1)
        return tr(language, "MQA : une tête K/V pour les ", "MQA: one K/V head for the ") + h + tr(language, " têtes Q", " Q heads");
    return tr(language, "GQA : ", "GQA: ") + std::to_string(sharing.per_kv) + tr(language, " têtes Q par tête K/V", " Q heads per K/V head");
}

float add_morph(float t) { return progress(t, 0.55f, 1.f); }

}  // namespace tb
