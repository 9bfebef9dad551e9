#include "scene/story.h"

#include <algorithm>
#include <cmath>

#include "scene/story_parts.h"

namespace tb {
namespace {

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

// The arrows of token i: F comes out of the box with the bead; at ⊕, x grows, then the sum.
void arrows_of(const Crossing& c, const Addition& a, float out_t, float add_t, int i, FrameRecords& out) {
    const palette::Colour8 box = box_colour(c.level.kind == LevelKind::Attention ? BoxKind::Attention : BoxKind::Ffn);
    const Rgb f_colour = lerp(Rgb{box.r / 255.f, box.g / 255.f, box.b / 255.f}, Rgb{1, 1, 1}, 0.5f);  // lighter than its box
    const Rgb x_colour = identity_colour(c.trace.typed_place(i));
    const bool residual = has_step(c.stages, Step::Add);
    const float fade = 1 - smooth(progress(add_t, kArrowsFade, 1.f));
    ArrowRecord f = arrow(ArrowRecord::Kind::Output, a.p, a.q, a.f_norm, a, f_colour, i);
    f.alpha = smooth((out_t - 0.45f) / 0.3f) * fade;  // as the bead leaves the box
    if (f.alpha > 0) out.arrows.push_back(f);
    if (!residual || add_t <= 0) return;
    ArrowRecord x = arrow(ArrowRecord::Kind::Stream, a.o, a.p, a.x_norm, a, x_colour, i);
    x.grown = smooth(progress(add_t, 0.f, kXGrown));
    x.alpha = fade;
    out.arrows.push_back(x);
    if (add_t <= kXGrown) return;
    ArrowRecord sum = arrow(ArrowRecord::Kind::Sum, a.o, a.q, a.sum_norm, a, Rgb{1, 1, 1}, i);
    sum.grown = smooth(progress(add_t, kXGrown, kSumDrawn));
    sum.alpha = fade;
    out.arrows.push_back(sum);
}

}  // namespace

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
    const Window add = window_of(c.stages, has_step(c.stages, Step::Add) ? Step::Add : Step::Hold);
    if (output.end <= 0 || static_cast<int>(adds.size()) != c.n) return;  // the output level: no sublayer
    const float out_t = progress(c.phase, output.begin, output.end), add_t = progress(c.phase, add.begin, add.end);
    const float shown_add = c.phase >= add.begin ? add_t : 0.f;
    residual_copies(c, adds, shown_add, out);
    for (int i = 0; i < c.n; ++i) {
        const Addition& a = adds[static_cast<std::size_t>(i)];
        if (c.phase > output.begin && add_t < 1.f) arrows_of(c, a, out_t, shown_add, i, out);
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

float add_morph(float t) { return progress(t, kSumDrawn, 1.f); }

}  // namespace tb