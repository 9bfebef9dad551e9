// The attention panel's data: one heatmap per head.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

namespace tb {

Rect HeatmapLayout::cell_rect(int head, int query, int key) const {
    const Rect& g = grids[static_cast<std::size_t>(head)];
    return {g.x + cell * static_cast<float>(key), g.y + cell * static_cast<float>(query), cell, cell};
}

HeatmapLayout heatmap_layout(const Rect& body, int tokens, int heads, float header, float label, float footer) {
    HeatmapLayout h;
    if (footer < 0) footer = label * 0.6f;
    if (tokens < 1 || heads < 1) return h;
    // The grids stand side by side on the same rows: the query words at the left serve them all;
    // between two grids, room for the key words that spill past their columns.
    const float gap = label * 0.5f, margin = label * 0.15f;
    const float by_width = (body.w - label - gap * static_cast<float>(heads - 1) - margin) / static_cast<float>(heads * tokens);
    const float by_height = (body.h - header - label - footer) / static_cast<float>(tokens);
    h.cell = std::max(0.f, std::floor(std::min({by_width, by_height, label * 0.9f})));
    const float side = h.cell * static_cast<float>(tokens);
    for (int k = 0; k < heads; ++k)
        h.grids.push_back(sized_rect(body.x + label + static_cast<float>(k) * (side + gap), body.y + header + label, side, side));
    return h;
}

}  // namespace tb
