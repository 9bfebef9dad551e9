#include "scene/legend_flow.h"

namespace tb {

std::vector<int> legend_lines(const std::vector<LegendItem>& items, float width, float gap) {
    std::vector<int> lines;
    int line = 0;
    float x = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const bool fits = x + gap + items[i].width <= width;
        if (i > 0 && (items[i].own_line || !fits)) {
            ++line;
            x = 0;
        } else if (i > 0) {
            x += gap;
        }
        x += items[i].width;
        lines.push_back(line);
    }
    return lines;
}

}  // namespace tb
