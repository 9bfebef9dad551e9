// The lens panel's data: the levels × tokens grid.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

namespace tb {

Rect LensLayout::cell_rect(int level, int token) const {
    return {grid.x + cell_w * static_cast<float>(token), grid.bottom() - cell_h * static_cast<float>(level + 1), cell_w, cell_h};
}

Rect LensLayout::bar_rect(int level, int token, double probability) const {
    const Rect c = cell_rect(level, token);
    const float length = std::max(1.f, (cell_w - 6) * static_cast<float>(std::clamp(probability, 0.0, 1.0)));
    return {c.x + 3, c.bottom() - 4, length, 2};
}

LensLayout lens_layout(const Rect& body, int levels, int tokens, float header, float label, float margin) {
    LensLayout l;
    if (levels < 1 || tokens < 1) return l;
    l.levels = levels, l.tokens = tokens;
    l.grid = sized_rect(body.x + label, body.y + header, body.w - label - margin, body.h - header - margin);
    l.cell_w = std::floor(l.grid.w / static_cast<float>(tokens));
    l.cell_h = std::floor(l.grid.h / static_cast<float>(levels));
    l.grid.w = l.cell_w * static_cast<float>(tokens);
    l.grid.h = l.cell_h * static_cast<float>(levels);
    return l;
}

}  // namespace tb
