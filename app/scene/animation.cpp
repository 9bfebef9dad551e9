#include "scene/animation.h"

#include "scene/story.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {

// Where the bead is at an instant of the stages: its height, and the trace field it shows.
struct Key {
    float phase;
    float y;
    Field shows;
    Step step;  // the stage that ends here
    bool at_merge;  // at ⊕: the bead stands at the tip of its sum (Addition::q)
};

// The keyframes of a level: where it starts, then where each stage leaves the bead.
std::vector<Key> keys_of(const std::vector<Stage>& stages, const Slot& slot) {
    std::vector<Key> keys{{0.f, slot.y(Place::Start), Field::Input, Step::Rise, false}};
    for (const Stage& stage : stages)
        keys.push_back({stage.end, slot.y(stage.place), stage.shows, stage.step, stage.place == Place::Merge});
    return keys;
}

float smooth(float t) { return t * t * (3 - 2 * t); }

constexpr float kTrailAlpha = 0.7f;   // faint, yet its sectors and size still read

// The faint beads left at every level below `below_level`: the climb so far, in one picture.
void trails(const Trace& trace, const Layout& layout, int below_level, std::vector<BeadRecord>& beads) {
    for (int k = 0; k < below_level; ++k)
        for (int i = 0; i < trace.token_count(); ++i) {
            BeadRecord t = bead_of(trace, layout, i, k, layout.level_y[static_cast<std::size_t>(k)],
                                   trace.levels[static_cast<std::size_t>(k)].vectors.row(i).transpose());
            t.role = BeadRole::Trail;
            t.alpha = kTrailAlpha;
            beads.push_back(t);
        }
}

// Pre-norm: each box passed (sublayers 1 .. last_level) keeps the normalized input it received,
// at its own norm (about √d, times the gain), while the stream beads beside it keep growing. They
// are drawn under the rows; in every box or none: where the rows below and above leave at least
// the inner half of each visible (not at L 6 on a projector, where a box is 14 px).
void box_inputs(const Trace& trace, const Layout& layout, int last_level, std::vector<BeadRecord>& beads) {
    const int top = static_cast<int>(trace.levels.size()) - 1;
    const auto radius = [&](int level, int i) {
        return layout.beads.radius(trace.levels[static_cast<std::size_t>(level)].vectors.row(i).norm());
    };
    std::vector<BeadRecord> inputs;
    for (int k = 1; k < top; ++k) {
        const Matrix& m = trace.levels[static_cast<std::size_t>(k)].normalized_input;
        if (m.rows() != trace.token_count()) return;  // post-norm, no norm: the box gets x itself
        const Slot& slot = layout.slots[static_cast<std::size_t>(k)];
        for (int i = 0; i < trace.token_count(); ++i) {
            BeadRecord b = bead_of(trace, layout, i, k, slot.box_y, m.row(i).transpose());
            const float half = 0.5f * b.radius;
            if (slot.start_y - slot.box_y < half + radius(k - 1, i) || slot.box_y - slot.end_y < half + radius(k, i)) return;
            b.role = BeadRole::Input;
            b.alpha = kTrailAlpha;
            if (k <= last_level) inputs.push_back(b);
        }
    }
    beads.insert(beads.end(), inputs.begin(), inputs.end());
}

// The tokens' beads between two keyframes: place, norm (so area) and direction interpolated.
// At ⊕ the bead stands at the tip of its sum, and keeps F while the arrows are drawn, then
// becomes x + F (add_morph).
void token_beads(const Crossing& c, const Key& a, const Key& b, const std::vector<Addition>& adds,
                 std::vector<BeadRecord>& beads) {
    const float moved = std::clamp((c.phase - a.phase) / std::max(1e-6f, b.phase - a.phase), 0.f, 1.f);
    const float t = b.step == Step::Add && a.step != Step::Add ? add_morph(moved) : moved;
    const Matrix& ma = field_of(c.level, c.below, a.shows);
    const Matrix& mb = field_of(c.level, c.below, b.shows);
    for (int i = 0; i < c.n; ++i) {
        const Vector va = ma.row(i).transpose(), vb = mb.row(i).transpose();
        const float column = c.layout.token_x(i, c.n);
        const bool merges = static_cast<int>(adds.size()) == c.n;
        const Point from = a.at_merge && merges ? adds[static_cast<std::size_t>(i)].q : Point{column, a.y};
        const Point to = b.at_merge && merges ? adds[static_cast<std::size_t>(i)].q : Point{column, b.y};
        BeadRecord r = bead_of(c.trace, c.layout, i, c.k, from.y + (to.y - from.y) * moved, vb);
        r.x = from.x + (to.x - from.x) * moved;
        if (t < 1.f) {
            const BeadRecord ra = bead_of(c.trace, c.layout, i, c.k, r.y, va);
            r.norm = ra.norm + (r.norm - ra.norm) * t;
            r.radius = c.layout.beads.radius(r.norm);
            r.clamped = c.layout.beads.clamped(r.norm);
            for (int j = 0; j < r.cue.size && j < ra.cue.size; ++j) {
                float& cell = r.cue.cell[static_cast<std::size_t>(j)];
                cell = ra.cue.cell[static_cast<std::size_t>(j)] + (cell - ra.cue.cell[static_cast<std::size_t>(j)]) * t;
            }
            r.fill = bead_fill(r.cue);
        }
        // At ⊕ the bead dims while the arrows are drawn over it, so that they read.
        if (b.step == Step::Add && a.step != Step::Add) r.alpha = 1 - 0.7f * smooth(std::min(1.f, moved / 0.15f)) * (1 - smooth(std::clamp((moved - 0.5f) / 0.15f, 0.f, 1.f)));
        beads.push_back(r);
    }
}

// /melanger: the beads and trails slide from their former columns (the copies follow the arc).
void slide(const Trace& trace, const Layout& layout, const AnimationOptions& options, std::vector<BeadRecord>& beads) {
    const int n = trace.token_count();
    if (static_cast<int>(options.moved_from.size()) != n || options.moved >= 1.f) return;
    const float t = smooth(std::clamp(options.moved, 0.f, 1.f));
    for (auto& b : beads) {
        if (b.role == BeadRole::Copy) continue;
        const float from = layout.token_x(options.moved_from[static_cast<std::size_t>(b.token)], n);
        b.x = from + (b.x - from) * t;
    }
}

}  // namespace

std::vector<int> moved_from(const Trace& before, const Trace& now) {
    const int n = now.token_count();
    if (before.token_count() != n) return {};
    std::vector<int> from(static_cast<std::size_t>(n), -1);
    for (int k = 0; k < n; ++k)
        for (int p = 0; p < n; ++p)
            if (before.typed_place(p) == now.typed_place(k) && before.tokens[static_cast<std::size_t>(p)].word == now.tokens[static_cast<std::size_t>(k)].word)
                from[static_cast<std::size_t>(k)] = p;
    for (int f : from)
        if (f < 0) return {};
    return from;
}

double playhead_at(double elapsed, double seconds_per_level, int stop_level) {
    if (!(seconds_per_level > 0)) return stop_level;
    return std::clamp(elapsed / seconds_per_level, 0.0, static_cast<double>(std::max(0, stop_level)));
}

FrameRecords animate_at_time(const Trace& trace, const Layout& layout, double seconds, const AnimationOptions& options) {
    return animate(trace, layout, playhead_at(seconds, options.seconds_per_level, trace.settings.step), options);
}

FrameRecords animate(const Trace& trace, const Layout& layout, double playhead, const AnimationOptions& options) {
    FrameRecords out;
    const int n = trace.token_count();
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (n == 0 || top < 0 || layout.level_y.size() != trace.levels.size()) return out;
    playhead = std::clamp(playhead, 0.0, static_cast<double>(top));
    const int done = static_cast<int>(std::floor(playhead));
    const float phase = done >= top ? 0.f : static_cast<float>(playhead - done);
    const std::size_t rest = static_cast<std::size_t>(done);

    if (phase <= 0.f) {  // resting at level `done`, the levels passed left as trails
        out.active_level = done;
        box_inputs(trace, layout, done, out.beads);
        trails(trace, layout, done, out.beads);
        for (int i = 0; i < n; ++i)
            out.beads.push_back(bead_of(trace, layout, i, done, layout.level_y[rest], trace.levels[rest].vectors.row(i).transpose()));
        slide(trace, layout, options, out.beads);
        return out;
    }

    const int k = done + 1;
    out.active_level = k;
    out.phase = phase;
    const Crossing c{trace, layout, n, k, phase, trace.levels[rest + 1], trace.levels[rest],
                     k == top ? output_stages(trace.settings.norm) : sublayer_stages(trace.settings)};
    const std::vector<Key> keys = keys_of(c.stages, layout.slots[rest + 1]);
    std::size_t seg = 0;
    while (seg + 2 < keys.size() && phase > keys[seg + 1].phase) ++seg;
    const Key& a = keys[seg];
    const Key& b = keys[seg + 1];
    const float t = std::clamp((phase - a.phase) / std::max(1e-6f, b.phase - a.phase), 0.f, 1.f);
    const float y = a.y + (b.y - a.y) * t;

    const std::vector<Addition> adds = has_step(c.stages, Step::Output) ? additions(c) : std::vector<Addition>{};
    box_inputs(trace, layout, k - 1, out.beads);  // the boxes' inputs and the trails first, then copies, then the tokens
    trails(trace, layout, k, out.beads);
    residual_story(c, adds, out);
    token_beads(c, a, b, adds, out.beads);
    inside_story(c, y, options, out);
    out.story = story_phase(c);
    slide(trace, layout, options, out.beads);
    return out;
}

}  // namespace tb
