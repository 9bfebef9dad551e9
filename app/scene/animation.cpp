#include "scene/animation.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {

// Where the bead is at an instant of the stages: its height, and the trace field it shows.
struct Key {
    float phase;
    float y;
    Field shows;
};

// The keyframes of a level: where it starts, then where each stage leaves the bead.
std::vector<Key> keys_of(const std::vector<Stage>& stages, const Slot& slot) {
    std::vector<Key> keys{{0.f, slot.y(Place::Start), Field::Input}};
    for (const Stage& stage : stages) keys.push_back({stage.end, slot.y(stage.place), stage.shows});
    return keys;
}

float smooth(float t) { return t * t * (3 - 2 * t); }

constexpr float kTrailAlpha = 0.7f;   // faint, yet its sectors and size still read

// Token i's bead at height y showing vector v of level `level`.
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

// What a frame between two levels is drawn from: the level being crossed and its stages.
struct Crossing {
    const Trace& trace;
    const Layout& layout;
    int n;
    int k;  // the level being crossed
    float phase;
    const Level& level;
    const Level& below;
    const std::vector<Stage>& stages;

    BeadRecord bead(int i, float y, const Vector& v) const { return bead_of(trace, layout, i, k, y, v); }
};

// The residual copies travel the arc, one after another, from kCopyLeaves until they reach ⊕
// as the Add stage begins; none where the stages have no Add.
void residual_copies(const Crossing& c, std::vector<BeadRecord>& beads) {
    const Window add = window_of(c.stages, Step::Add);
    const Arc* arc = nullptr;
    for (const auto& candidate : c.layout.arcs)
        if (candidate.level == c.k) arc = &candidate;
    const float start = kCopyLeaves, end = add.begin, stagger = 0.035f;  // stagger: of the travel, per token
    if (!has_step(c.stages, Step::Add) || !arc || c.phase <= start || c.phase >= end + 0.02f * static_cast<float>(c.n))
        return;
    for (int i = 0; i < c.n; ++i) {
        const float ti = std::clamp((c.phase - start) / (end - start) - stagger * static_cast<float>(i), 0.f, 1.f);
        if (ti <= 0.f || ti >= 1.f) continue;
        BeadRecord copy = c.bead(i, 0, c.below.vectors.row(i).transpose());
        const Point p = arc->at(smooth(ti));
        copy.x = p.x;
        copy.y = p.y;
        copy.level = c.k - 1;
        copy.alpha = 0.8f;
        copy.role = BeadRole::Copy;
        beads.push_back(copy);
    }
}

// The tokens' beads between two keyframes: height, norm (so area) and direction interpolated.
void token_beads(const Crossing& c, const Key& a, const Key& b, float y, std::vector<BeadRecord>& beads) {
    const float t = std::clamp((c.phase - a.phase) / std::max(1e-6f, b.phase - a.phase), 0.f, 1.f);
    const Matrix& ma = field_of(c.level, c.below, a.shows);
    const Matrix& mb = field_of(c.level, c.below, b.shows);
    for (int i = 0; i < c.n; ++i) {
        const Vector va = ma.row(i).transpose(), vb = mb.row(i).transpose();
        BeadRecord r = c.bead(i, y, vb);
        if (t < 1.f) {
            const BeadRecord ra = c.bead(i, y, va);
            r.norm = ra.norm + (r.norm - ra.norm) * t;
            r.radius = c.layout.beads.radius(r.norm);
            r.clamped = c.layout.beads.clamped(r.norm);
            for (int j = 0; j < r.cue.size && j < ra.cue.size; ++j) {
                float& cell = r.cue.cell[static_cast<std::size_t>(j)];
                cell = ra.cue.cell[static_cast<std::size_t>(j)] + (cell - ra.cue.cell[static_cast<std::size_t>(j)]) * t;
            }
            r.fill = bead_fill(r.cue);
        }
        beads.push_back(r);
    }
}

// Attention draws the chosen head's weights between the beads, each line in its query token's identity colour.
void attention_links(const Crossing& c, float y, int head_option,
                     std::vector<LinkRecord>& links) {
    if (c.level.attention_weights.empty()) return;
    const int head = std::clamp(head_option, 0, static_cast<int>(c.level.attention_weights.size()) - 1);
    const Matrix& w = c.level.attention_weights[static_cast<std::size_t>(head)];
    for (int i = 0; i < c.n; ++i)
        for (int j = 0; j < c.n; ++j) {
            if (i == j || i >= w.rows() || j >= w.cols()) continue;
            LinkRecord link;
            link.from = {c.layout.token_x(i, c.n), y};
            link.to = {c.layout.token_x(j, c.n), y};
            link.weight = static_cast<float>(w(i, j));
            link.colour = identity_colour(c.trace.typed_place(i));
            links.push_back(link);
        }
}

// The FFN shows its hidden activity: one strip of |activation| / peak per token, in the box.
void hidden_glimpse(const Crossing& c, std::vector<HiddenRecord>& hidden) {
    if (!c.level.hidden.size()) return;
    const double peak = std::max(1e-9, c.level.hidden.cwiseAbs().maxCoeff());
    const Box* box = c.layout.box_for_level(c.k);
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(c.n);
    for (int i = 0; i < c.n && box; ++i) {
        HiddenRecord h;
        h.rect = {c.layout.token_x(i, c.n) - cell * 0.42f, box->rect.y + box->rect.h * 0.1f, cell * 0.84f,
                  box->rect.h * 0.8f};
        for (int j = 0; j < c.level.hidden.cols(); ++j)
            h.values.push_back(static_cast<float>(std::abs(c.level.hidden(i, j)) / peak));
        hidden.push_back(std::move(h));
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

    trails(trace, layout, k, out.beads);  // trails first, then copies, then the tokens
    residual_copies(c, out.beads);
    token_beads(c, a, b, y, out.beads);
    // Inside the box: attention draws its weights, the FFN shows its hidden activity.
    const Window inside = inside_window(c.stages);
    if (phase >= inside.begin && phase <= inside.end) {
        if (c.level.kind == LevelKind::Attention)
            attention_links(c, y, options.head, out.links);
        if (c.level.kind == LevelKind::Ffn) hidden_glimpse(c, out.hidden);
    }
    slide(trace, layout, options, out.beads);
    return out;
}

}  // namespace tb
