#pragma once
// The norm profile's pure geometry: the y axis's range and gridlines, the labels of the lines'
// ends kept apart, and whether the previous pass can be drawn behind the current one. No ImGui:
// the panel (app/ui/profile.cpp) and the tests both call these.
#include <string>
#include <vector>

#include "base/language.h"
#include "model/trace.h"

namespace tb {

// How faint the profile's furniture is drawn: the text colour at these opacities over the panel
// (shared with the screenshot checker, which looks for them).
namespace profile_ink {
constexpr float kGrid = 0.16f;      // the gridlines: behind everything, never competing with the lines
constexpr float kPrevious = 0.30f;  // the previous pass's lines
constexpr float kRootD = 0.5f;      // the √d reference and the frame
}  // namespace profile_ink

// The y axis's ends: every finite value of `series` ([level][token]) and √d inside. On the log
// axis the low end is at least 0,001 and the range at least 1 %; on the linear one it starts at 0
// with 5 % of room above.
struct ValueRange {
    double lo = 0, hi = 1;
};
ValueRange value_range(const std::vector<const std::vector<std::vector<double>>*>& series, double root_d, bool log_scale);

// The gridlines of the log axis from lo to hi (0 < lo < hi): every power of ten inside (0,1, 1, 10,
// 100 …); when fewer than two powers lie inside, the 2·10ᵏ and 5·10ᵏ inside too, so that even an
// axis shorter than a decade has a scale between its labelled ends. Increasing.
std::vector<double> log_gridlines(double lo, double hi);
// A few round gridlines (steps of 1, 2 or 5·10ᵏ, at most `most` of them) from lo to hi, 0 included
// when inside. Increasing.
std::vector<double> linear_gridlines(double lo, double hi, int most = 5);
// A gridline's label: the fewest significant digits that write the value exactly (0,1 · 1 · 10 ·
// 2,5 · 1 000), by cli.md's number rule.
std::string gridline_label(double value, Language language);

// Which of the labels at heights `ys` (pixels, in order of priority: the first is always kept) can
// be drawn without two of them closer than `gap`.
std::vector<bool> keep_apart(const std::vector<float>& ys, float gap);

// The end labels' heights: each label wants its centre at `wanted[i]`; the result keeps the order
// of the wanted heights (ties in the input's order), puts neighbours at least `height` apart with
// the least total displacement (labels in one cluster are stacked round the cluster's mean), and
// keeps them inside [top + height/2, bottom − height/2] when they fit there.
std::vector<float> spread_labels(const std::vector<float>& wanted, float height, float top, float bottom);

// The x axis's level names: name k centred under level k (k × cell from the plot's left end), the
// first kept right of −left_room and the last left of (last level × cell) + right_room, so that the
// end names stay on the panel: their left edges, from the plot's left end.
std::vector<float> axis_name_lefts(const std::vector<float>& widths, float cell, float left_room, float right_room);
// The narrowest blank between two neighbouring names so placed (issue 34: « ffn 2 » and « output »
// one space apart read as one label); a huge value for fewer than two names.
float narrowest_gap(const std::vector<float>& widths, const std::vector<float>& lefts);

// The previous pass is drawn behind the current one only when both have the same levels (the same
// L: 2L + 2 levels): a different count would put its levels under other names.
bool previous_comparable(const Trace& current, const Trace* previous);

// The norm of each token at each level: [level][token].
std::vector<std::vector<double>> norms_by_level(const Trace& trace);

}  // namespace tb
