// The residual copies (scene/story.h): each token's lane round the left of the box to its ⊕, and
// the schedule that moves every copy along its own lane without passing another.
#include <algorithm>
#include <cmath>

#include "scene/story_parts.h"

namespace tb {
namespace {

const Arc* arc_of(const Crossing& c) {
    for (const auto& arc : c.layout.arcs)
        if (arc.level == c.k) return &arc;
    return nullptr;
}

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

// The copy of token i on its lane (or waiting at its ⊕), and the lane while a copy uses it.
void copy_on_lane(const Crossing& c, const LaneRecord& lane, const CopySchedule& s, float add_t, int i, FrameRecords& out) {
    if (c.phase <= s.leaves(i) || add_t >= 1.f) return;
    out.lanes.push_back(lane);
    BeadRecord copy = bead_of(c.trace, c.layout, i, c.k - 1, 0, row(c.below.vectors, i));
    if (add_t >= kSumDrawn) return;  // the copy is in the sum
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
    copy.alpha = 0.85f * (1 - 0.6f * smooth(progress(add_t, 0.f, kXGrown)));  // it turns into its arrow, x
    copy.role = BeadRole::Copy;
    out.beads.push_back(copy);
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

void residual_copies(const Crossing& c, const std::vector<Addition>& adds, float add_t, FrameRecords& out) {
    const Arc* arc = arc_of(c);
    if (!arc || !has_step(c.stages, Step::Add)) return;
    std::vector<LaneRecord> lanes;
    for (int i = 0; i < c.n; ++i) lanes.push_back(lane_of(c, *arc, adds[static_cast<std::size_t>(i)], i));
    const CopySchedule schedule = copy_schedule(c, lanes);
    for (int i = 0; i < c.n; ++i) copy_on_lane(c, lanes[static_cast<std::size_t>(i)], schedule, add_t, i, out);
}

}  // namespace tb
