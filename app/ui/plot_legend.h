#pragma once
// A plot's legend under its axis (the loss curve's): a swatch of each line's style and its text,
// flowed into lines (legend_lines), so that no label is ever drawn over a curve.
#include <imgui.h>

#include <string>
#include <vector>

namespace tb::legend {

enum class Swatch { Line, Dot, Dashed, Dotted };

struct Entry {
    Swatch swatch;
    ImU32 colour;
    std::string text;
    bool own_line = false;
};

// How many lines `entries` take in `width`.
int line_count(const std::vector<Entry>& entries, float width);
// Drawn from `at` (top left), one text line each, the text in `ink`.
void draw(ImDrawList* dl, ImVec2 at, float width, const std::vector<Entry>& entries, ImU32 ink);

}  // namespace tb::legend
