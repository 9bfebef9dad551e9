#include "scene/layout.h"

#include <algorithm>
#include <cmath>

namespace tb {

Point Arc::at(float t) const {
    const float u = 1 - t;
    const float a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    return {a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y};
}

float Layout::token_x(int token, int count) const {
    if (count <= 0) return stream_x0;
    const float cell = (stream_x1 - stream_x0) / static_cast<float>(count);
    return stream_x0 + cell * (static_cast<float>(token) + 0.5f);
}

float Layout::radius(double norm) const {
    double t = 0;
    if (std::isfinite(norm) && norm > 0)
        t = (std::log(norm) - std::log(kNormLow)) / (std::log(kNormHigh) - std::log(kNormLow));
    else if (std::isinf(norm))
        t = 1;
    t = std::clamp(t, 0.0, 1.0);
    return min_radius + static_cast<float>(t) * (max_radius - min_radius);
}

int Layout::off_scale(double norm) {
    if (!(norm >= kNormLow)) return -1;  // NaN counts as below
    return norm > kNormHigh ? 1 : 0;
}

const Box* Layout::box_for_level(int level) const {
    for (const auto& b : boxes)
        if (b.level == level) return &b;
    return nullptr;
}

Layout make_layout(const Settings& s, Rect area) {
    Layout l;
    l.area = area;
    const int L = std::max(1, s.layers);
    const int top = 2 * L + 1;
    const float pad = std::clamp(area.h * 0.02f, 2.f, 14.f);
    // Height units: input 1.1, each sublayer 1, output 1.1 (with room for the final band).
    const float units = 2.f * L + 2.2f;
    const float unit = std::max(0.f, (area.h - 2 * pad) / units);
    const float lane = std::clamp(area.w * 0.09f, 16.f, 70.f);  // residual arcs live here
    const float box_x = area.x + pad + lane;
    const float box_w = std::max(0.f, area.right() - pad - box_x);
    l.stream_x0 = box_x + box_w * 0.03f;
    l.stream_x1 = box_x + box_w * 0.64f;
    l.label_x = box_x + box_w * 0.67f;
    l.font_px = std::clamp(unit * 0.36f, 9.f, 26.f);

    const int n_max = Settings::kMaxTokens;
    const float cell = (l.stream_x1 - l.stream_x0) / n_max;
    l.max_radius = std::max(0.f, std::min({unit * 0.2f, cell * 0.42f, 26.f}));
    l.min_radius = std::min(l.max_radius, std::max(3.5f, l.max_radius * 0.25f));  // always visible

    const float bottom = area.bottom() - pad;
    auto y_at = [&](float units_from_bottom) { return bottom - units_from_bottom * unit; };

    // Input: a box 1.1 units tall, the beads resting at its centre.
    l.level_y.resize(static_cast<std::size_t>(top + 1));
    l.slots.resize(static_cast<std::size_t>(top + 1));
    {
        Rect r{box_x, y_at(1.05f), box_w, unit * 1.0f};
        l.boxes.push_back({BoxKind::Input, r, 0, 0});
        l.level_y[0] = r.y + r.h * 0.36f;  // the words go below the beads
        Slot& sl = l.slots[0];
        sl.start_y = sl.pre_band_y = sl.box_low_y = sl.box_y = sl.merge_y = sl.post_band_y = sl.end_y = l.level_y[0];
    }
    const float band_h = std::max(2.f, unit * 0.08f);
    for (int k = 1; k <= 2 * L; ++k) {
        const float base = 1.1f + static_cast<float>(k - 1);  // slot bottom in units
        auto u = [&](float f) { return y_at(base + f); };
        Slot& sl = l.slots[static_cast<std::size_t>(k)];
        sl.start_y = l.level_y[static_cast<std::size_t>(k - 1)];
        sl.pre_band_y = u(0.17f);
        sl.box_low_y = u(0.25f);
        sl.box_y = u(0.465f);
        sl.merge_y = u(0.78f);
        sl.post_band_y = u(0.88f);
        sl.end_y = u(1.f);
        l.level_y[static_cast<std::size_t>(k)] = sl.end_y;

        const BoxKind kind = k % 2 == 1 ? BoxKind::Attention : BoxKind::Ffn;
        l.boxes.push_back({kind, Rect{box_x, u(0.68f), box_w, sl.box_low_y - u(0.68f)}, k, (k + 1) / 2});
        if (s.norm == Norm::Pre) l.bands.push_back({Rect{box_x, sl.pre_band_y - band_h / 2, box_w, band_h}, k});
        if (s.norm == Norm::Post) l.bands.push_back({Rect{box_x, sl.post_band_y - band_h / 2, box_w, band_h}, k});
        if (s.residual) {
            const float merge_r = std::clamp(unit * 0.09f, 4.f, 11.f);
            const Point m{box_x + merge_r + 2, sl.merge_y};
            l.merges.push_back({m, merge_r, k});
            const Point p0{box_x + 2, u(0.06f)};
            const float lane_x = area.x + pad + lane * 0.15f;
            l.arcs.push_back({p0, {lane_x, p0.y}, {lane_x, m.y}, {m.x - merge_r, m.y}, k});
        }
    }
    {
        // Output: the final LayerNorm band (pre-norm only) below the green box.
        const float base = 1.1f + 2.f * L;
        Slot& sl = l.slots[static_cast<std::size_t>(top)];
        sl.start_y = l.level_y[static_cast<std::size_t>(top - 1)];
        sl.pre_band_y = y_at(base + 0.12f);
        Rect r{box_x, y_at(base + 1.1f), box_w, unit * 0.9f};
        sl.box_low_y = r.bottom();
        sl.box_y = sl.merge_y = sl.post_band_y = sl.end_y = r.y + r.h * 0.36f;
        l.level_y[static_cast<std::size_t>(top)] = sl.end_y;
        l.boxes.push_back({BoxKind::Output, r, top, 0});
        if (s.norm == Norm::Pre) l.bands.push_back({Rect{box_x, sl.pre_band_y - band_h / 2, box_w, band_h}, top});
    }
    return l;
}

}  // namespace tb
