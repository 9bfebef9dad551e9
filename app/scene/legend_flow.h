#pragma once
// A plot's legend flowed into lines in the margin under its axis, never over its curves: the
// entries in order, a new line when the next does not fit the width or must start its own line.
// Pure, for the panels' legends (ui/plot_legend.h) and their tests.
#include <vector>

namespace tb {

struct LegendItem {
    float width = 0;        // swatch and text
    bool own_line = false;  // starts a line (A's figures, then B's)
};

// The line (0-based) of each item; `gap` is the room between two items on a line.
std::vector<int> legend_lines(const std::vector<LegendItem>& items, float width, float gap);

}  // namespace tb
