#include "scene/animation.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {

// Which vector the bead shows at a keyframe.
enum class State { In, NormIn, F, BeforeNorm, Out };

struct Key {
    float phase;
    float y;
    State state;
};

const Matrix* matrix_for(const Level& level, const Level& previous, State s) {
    switch (s) {
        case State::In: return &previous.vectors;
        case State::NormIn: return level.normalized_input.size() ? &level.normalized_input : &previous.vectors;
        case State::F: return level.sublayer_output.size() ? &level.sublayer_output : &level.vectors;
        case State::BeforeNorm: return level.before_norm.size() ? &level.before_norm : &level.vectors;
        case State::Out: return &level.vectors;
    }
    return &level.vectors;
}

// The keyframes of one sublayer, as the norm mode wires it (channel.md section 2).
std::vector<Key> sublayer_keys(const Slot& s, Norm norm) {
    switch (norm) {
        case Norm::Pre:
            return {{0.00f, s.start_y, State::In},     {0.10f, s.pre_band_y + (s.start_y - s.pre_band_y) * 0.5f, State::In},
                    {0.20f, s.pre_band_y, State::NormIn}, {0.30f, s.box_low_y, State::NormIn},
                    {0.40f, s.box_y, State::NormIn},   {0.56f, s.box_y, State::F},
                    {0.68f, s.merge_y, State::F},      {0.76f, s.merge_y, State::Out},
                    {1.00f, s.end_y, State::Out}};
        case Norm::Post:
            return {{0.00f, s.start_y, State::In},   {0.30f, s.box_low_y, State::In},
                    {0.40f, s.box_y, State::In},     {0.56f, s.box_y, State::F},
                    {0.68f, s.merge_y, State::F},    {0.74f, s.merge_y, State::BeforeNorm},
                    {0.80f, s.merge_y + (s.post_band_y - s.merge_y) * 0.5f, State::BeforeNorm},
                    {0.88f, s.post_band_y, State::Out}, {1.00f, s.end_y, State::Out}};
        case Norm::None:
            break;
    }
    return {{0.00f, s.start_y, State::In},  {0.30f, s.box_low_y, State::In}, {0.40f, s.box_y, State::In},
            {0.56f, s.box_y, State::F},     {0.68f, s.merge_y, State::F},    {0.76f, s.merge_y, State::Out},
            {1.00f, s.end_y, State::Out}};
}

std::vector<Key> output_keys(const Slot& s, Norm norm) {
    if (norm == Norm::Pre)
        return {{0.f, s.start_y, State::In}, {0.25f, s.pre_band_y + (s.start_y - s.pre_band_y) * 0.5f, State::In},
                {0.5f, s.pre_band_y, State::Out}, {1.f, s.end_y, State::Out}};
    return {{0.f, s.start_y, State::In}, {1.f, s.end_y, State::Out}};
}

float smooth(float t) { return t * t * (3 - 2 * t); }

}  // namespace

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
    int done = static_cast<int>(std::floor(playhead));
    float phase = static_cast<float>(playhead - done);
    if (done >= top) phase = 0;

    auto bead = [&](int i, float y, const Vector& v) {
        BeadRecord b;
        b.x = layout.token_x(i, n);
        b.y = y;
        b.norm = v.norm();
        b.radius = layout.radius(b.norm);
        b.off_scale = Layout::off_scale(b.norm);
        b.colour = direction_colour(v);
        b.angle = direction_angle(v);
        b.token = i;
        b.label = trace.tokens[static_cast<std::size_t>(i)].word;
        return b;
    };

    if (phase <= 0.f) {  // resting at level `done`
        out.active_level = done;
        const Level& level = trace.levels[static_cast<std::size_t>(done)];
        for (int i = 0; i < n; ++i)
            out.beads.push_back(bead(i, layout.level_y[static_cast<std::size_t>(done)], level.vectors.row(i).transpose()));
        return out;
    }

    const int k = done + 1;  // the level being crossed
    out.active_level = k;
    out.phase = phase;
    const Level& level = trace.levels[static_cast<std::size_t>(k)];
    const Level& previous = trace.levels[static_cast<std::size_t>(done)];
    const Slot& slot = layout.slots[static_cast<std::size_t>(k)];
    const Norm norm = trace.settings.norm;
    const std::vector<Key> keys = k == top ? output_keys(slot, norm) : sublayer_keys(slot, norm);

    std::size_t seg = 0;
    while (seg + 2 < keys.size() && phase > keys[seg + 1].phase) ++seg;
    const Key& a = keys[seg];
    const Key& b = keys[seg + 1];
    const float t = std::clamp((phase - a.phase) / std::max(1e-6f, b.phase - a.phase), 0.f, 1.f);
    const float y = a.y + (b.y - a.y) * t;
    const Matrix& ma = *matrix_for(level, previous, a.state);
    const Matrix& mb = *matrix_for(level, previous, b.state);

    // The residual copies travel the arc while the beads go through the band and the box.
    const bool sublayer = level.kind == LevelKind::Attention || level.kind == LevelKind::Ffn;
    if (sublayer && trace.settings.residual) {
        const Arc* arc = nullptr;
        for (const auto& candidate : layout.arcs)
            if (candidate.level == k) arc = &candidate;
        const float start = 0.06f, end = 0.68f;
        if (arc && phase > start && phase < end + 0.02f * static_cast<float>(n)) {
            for (int i = 0; i < n; ++i) {
                const float ti = std::clamp((phase - start) / (end - start) - 0.035f * static_cast<float>(i), 0.f, 1.f);
                if (ti <= 0.f || ti >= 1.f) continue;
                BeadRecord c = bead(i, 0, previous.vectors.row(i).transpose());
                const Point p = arc->at(smooth(ti));
                c.x = p.x;
                c.y = p.y;
                c.radius *= 0.75f;
                c.alpha = 0.8f;
                c.copy = true;
                out.beads.push_back(c);
            }
        }
    }

    for (int i = 0; i < n; ++i) {
        const Vector va = ma.row(i).transpose(), vb = mb.row(i).transpose();
        BeadRecord r = bead(i, y, vb);
        const BeadRecord ra = bead(i, y, va);
        r.radius = ra.radius + (r.radius - ra.radius) * t;
        r.norm = ra.norm + (r.norm - ra.norm) * t;
        r.off_scale = Layout::off_scale(r.norm);
        r.colour = lerp(ra.colour, r.colour, t);
        out.beads.push_back(r);
    }

    // Inside the box: attention draws its weights, the FFN shows its hidden activity.
    const bool inside = phase >= 0.38f && phase <= 0.62f;
    if (inside && level.kind == LevelKind::Attention && !level.attention_weights.empty()) {
        const int head = std::clamp(options.head, 0, static_cast<int>(level.attention_weights.size()) - 1);
        const Matrix& w = level.attention_weights[static_cast<std::size_t>(head)];
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                if (i == j || i >= w.rows() || j >= w.cols()) continue;
                LinkRecord link;
                link.from = {layout.token_x(i, n), y};
                link.to = {layout.token_x(j, n), y};
                link.weight = static_cast<float>(w(i, j));
                link.colour = direction_colour(ma.row(i).transpose());
                out.links.push_back(link);
            }
    }
    if (inside && level.kind == LevelKind::Ffn && level.hidden.size()) {
        const double peak = std::max(1e-9, level.hidden.cwiseAbs().maxCoeff());
        const Box* box = layout.box_for_level(k);
        const float cell = (layout.stream_x1 - layout.stream_x0) / static_cast<float>(n);
        for (int i = 0; i < n && box; ++i) {
            HiddenRecord h;
            h.rect = {layout.token_x(i, n) - cell * 0.42f, box->rect.y + box->rect.h * 0.1f, cell * 0.84f, box->rect.h * 0.8f};
            for (int j = 0; j < level.hidden.cols(); ++j)
                h.values.push_back(static_cast<float>(std::abs(level.hidden(i, j)) / peak));
            out.hidden.push_back(std::move(h));
        }
    }
    return out;
}

}  // namespace tb
