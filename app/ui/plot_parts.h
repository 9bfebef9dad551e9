#pragma once
// What the norm profile and the mean-cosine plot share (ImGui draw lists): the x axis of level
// names, and the lines over levels 0..playhead, solid (side A, the previous pass) or dashed (side B).
#include <imgui.h>

#include <vector>

#include "base/language.h"

namespace tb::plot {

// How far the end names may reach past the plot's ends (negative: a line on the left, 0,8 of one on
// the right): under the y axis's labels, under the end labels' column.
struct AxisRoom {
    float left = -1, right = -1;
};
// The room the axis takes below a plot, in lines: one line of names, or two staggered.
float axis_lines(float width, int top, Language language, AxisRoom room = {});
// The x axis: the level names 0..top under a plot of `width` from p0.x, at height y.
void level_axis(ImDrawList* dl, ImVec2 p0, float width, int top, float y, Language language, AxisRoom room = {});
// The points of `ys` over levels 0..playhead (x = p0.x + cell × level), the last segment cut
// where the beads are.
std::vector<ImVec2> points_until(const std::vector<float>& ys, ImVec2 p0, float cell, double playhead);
// One polyline of `ys` over levels 0..playhead, a dot at each level.
void polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col, float thick);
// The same, dashed, hollow dots: side B of the comparison.
void dashed_polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col,
                     float thick);

}  // namespace tb::plot
