#pragma once
// The norm profile's checks on a screenshot (gui_check): the plot's frame found in the picture,
// then the power-of-ten gridlines (as many as the axis spans, equally spaced on the log axis), the
// previous pass present only when it has the same levels as the current one, and each line's word
// right of the frame, in the token's identity colour, near its line's end.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "picture_check.h"
#include "scene/colour.h"
#include "scene/profile_axis.h"
#include "model/trace.h"

namespace tb::test {

// The text colour (white on the dark theme) at opacity `alpha` over the panel.
inline palette::Colour8 faint_ink(float alpha) {
    auto mix = [alpha](int bg) { return static_cast<int>(std::lround(bg + (255 - bg) * alpha)); };
    return {mix(palette::kBackground.r), mix(palette::kBackground.g), mix(palette::kBackground.b)};
}

// Rows of `r` where at least `share` of the pixels match `c`, gathered into lines (their middle rows).
inline std::vector<float> horizontal_lines(const Image& img, Rect r, palette::Colour8 c, int tolerance, double share) {
    std::vector<float> lines;
    float run_start = -1;
    for (float y = r.y; y <= r.bottom() + 1; ++y) {
        int hit = 0, all = 0;
        for (float x = r.x; x <= r.right(); ++x) hit += near(img.at(x, y), c, tolerance), ++all;
        const bool on = y <= r.bottom() && all && hit >= share * all;
        if (on && run_start < 0) run_start = y;
        if (!on && run_start >= 0) lines.push_back((run_start + y - 1) * 0.5f), run_start = -1;
    }
    return lines;
}

// The plot's frame: the first and last long rows in the frame's colour (the √d line lies between),
// and the columns where its sides stand.
struct FoundPlot {
    float left = 0, right = 0, top = 0, bottom = 0;
    bool found = false;
};
inline FoundPlot find_plot(const Image& img, const Rect& panel) {
    FoundPlot p;
    const palette::Colour8 frame = faint_ink(profile_ink::kRootD);
    const std::vector<float> rows = horizontal_lines(img, {panel.x + panel.w * 0.3f, panel.y, panel.w * 0.3f, panel.h}, frame, 12, 0.8);
    if (rows.size() < 2) return p;
    p.top = rows.front(), p.bottom = rows.back();
    auto side = [&](float x) {
        int hit = 0, all = 0;
        for (float y = p.top + 3; y < p.bottom - 3; ++y) hit += near(img.at(x, y), frame, 12), ++all;
        return all && hit > 0.6 * all;  // the lines' dots cover the sides in places
    };
    for (float x = panel.x + panel.w * 0.5f; x > panel.x && !p.found; --x) p.found = side(x), p.left = x;
    const bool left_found = p.found;
    p.found = false;
    for (float x = panel.x + panel.w * 0.5f; x < panel.right() && !p.found; ++x) p.found = side(x), p.right = x;
    p.found = p.found && left_found;
    return p;
}

// Each word just right of its line's end (the last level drawn: the step), in its identity
// colour, near the end's height (stacked labels may stand a few lines away: n labels 0,92 line
// apart, kept above the level names under the frame when the lines end at its bottom).
inline void check_end_labels(const Image& img, const Rect& panel, const FoundPlot& p, const Trace& trace,
                             const std::vector<std::vector<double>>& current, const ValueRange& range, bool log_scale) {
    const float line = window_text_px(img);  // the text grows with the window
    const int n = trace.token_count(), top = static_cast<int>(trace.levels.size()) - 1;
    const int last = std::clamp(trace.settings.step, 0, top);
    const float tip_x = p.left + (p.right - p.left) * static_cast<float>(last) / static_cast<float>(std::max(1, top));
    for (int i = 0; i < n; ++i) {
        const Rgb id = identity_colour(trace.typed_place(i));
        const palette::Colour8 c{int(id.r * 255 + 0.5f), int(id.g * 255 + 0.5f), int(id.b * 255 + 0.5f)};
        double sum_y = 0;
        int hits = 0;
        for (float y = p.top - line; y < p.bottom + line; ++y)
            for (float x = tip_x + 4; x < std::min(panel.right(), tip_x + line * 8); ++x)
                if (near(img.at(x, y), c, 30)) sum_y += y, ++hits;
        const double end = current[static_cast<std::size_t>(last)][static_cast<std::size_t>(i)];
        const double u = log_scale ? std::log(std::max(end, range.lo) / range.lo) / std::log(range.hi / range.lo) : end / range.hi;
        const float end_y = p.bottom - static_cast<float>(u) * (p.bottom - p.top);
        const float label_y = hits ? static_cast<float>(sum_y / hits) : -1000;
        check(hits >= 10 && std::abs(label_y - end_y) <= line * (0.5f * static_cast<float>(n) + 2.f),
              "profile: « " + trace.tokens[static_cast<std::size_t>(i)].word + " » written right of its line's end, in its colour (" +
                  std::to_string(hits) + " px at y " + std::to_string(label_y) + ", the line ends at " + std::to_string(end_y) + ")");
    }
}

inline void check_profile(const Image& img, const Rect& panel, const Trace& trace, const Trace* previous, bool log_scale) {
    const FoundPlot p = find_plot(img, panel);
    check(p.found, "profile: the plot's frame found (" + std::to_string(p.left) + ", " + std::to_string(p.top) + ") – (" +
                       std::to_string(p.right) + ", " + std::to_string(p.bottom) + ")");
    if (!p.found) return;
    const bool with_previous = previous_comparable(trace, previous);
    const auto current = norms_by_level(trace);
    const auto before = with_previous ? norms_by_level(*previous) : std::vector<std::vector<double>>{};
    const double root_d = std::sqrt(static_cast<double>(trace.settings.dimension));
    const ValueRange range = value_range({&current, &before}, root_d, log_scale);

    // Gridlines: faint rows across the plot, one per power of ten inside the range.
    std::vector<double> decades;  // those not hidden under the frame or the √d line
    auto height = [&](double v) {
        const double u = log_scale ? std::log(v / range.lo) / std::log(range.hi / range.lo) : (v - range.lo) / (range.hi - range.lo);
        return p.bottom - static_cast<float>(u) * (p.bottom - p.top);
    };
    for (double v : log_scale ? log_gridlines(range.lo, range.hi) : linear_gridlines(range.lo, range.hi, 4))
        if (std::abs(height(v) - p.top) > 2.5f && std::abs(height(v) - p.bottom) > 2.5f && std::abs(height(v) - height(root_d)) > 3)
            decades.push_back(v);
    std::vector<float> grid = horizontal_lines(img, {p.left + 4, p.top + 2, p.right - p.left - 8, p.bottom - p.top - 4},
                                               faint_ink(profile_ink::kGrid), 6, 0.6);
    // The √d line's soft edge has the gridlines' faintness: rows beside it are not gridlines.
    grid.erase(std::remove_if(grid.begin(), grid.end(), [&](float y) { return std::abs(y - height(root_d)) <= 3; }), grid.end());
    if (grid.size() != decades.size())
        for (float y : grid) std::printf("     a faint row at y %.1f\n", y);
    check(grid.size() == decades.size(), "profile: " + std::to_string(decades.size()) + " gridlines expected, " +
                                             std::to_string(grid.size()) + " drawn");
    if (log_scale && grid.size() == decades.size() && decades.size() >= 3) {
        bool even = true;  // powers of ten equally spaced: the axis is logarithmic
        for (std::size_t k = 2; k < grid.size(); ++k) even = even && std::abs((grid[k] - grid[k - 1]) - (grid[1] - grid[0])) <= 2;
        check(even || decades[1] / decades[0] != 10, "profile: the decades equally spaced");
    }
    for (std::size_t k = 0; k < grid.size() && grid.size() == decades.size(); ++k) {  // each at its value's height
        const float y = height(decades[decades.size() - 1 - k]);
        check(std::abs(grid[k] - y) <= 2.5f, "profile: gridline " + std::to_string(decades[decades.size() - 1 - k]) + " at " +
                                                 std::to_string(grid[k]) + " (expected " + std::to_string(y) + ")");
    }

    // The previous pass: its faint grey, away from the horizontal lines.
    std::vector<float> lines = grid;
    for (float y : horizontal_lines(img, {p.left + 4, p.top - 2, p.right - p.left - 8, p.bottom - p.top + 4}, faint_ink(profile_ink::kRootD), 40, 0.5))
        lines.push_back(y);
    int grey = 0;
    for (float y = p.top + 3; y < p.bottom - 3; ++y) {
        if (std::any_of(lines.begin(), lines.end(), [y](float l) { return std::abs(l - y) < 3; })) continue;
        for (float x = p.left + 3; x < p.right - 3; ++x) grey += near(img.at(x, y), faint_ink(profile_ink::kPrevious), 5);
    }
    // Without positions /melanger only reorders the words: the previous lines lie under the new ones.
    bool same_norms = with_previous;
    for (std::size_t l = 0; same_norms && l < current.size(); ++l) {
        std::vector<double> a = current[l], b = before[l];
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        for (std::size_t i = 0; same_norms && i < a.size(); ++i) same_norms = i < b.size() && std::abs(a[i] - b[i]) < 1e-9;
    }
    if (with_previous && same_norms) std::printf("     the previous pass lies under the current lines (the same norms)\n");
    else if (with_previous) check(grey > 60, "profile: the previous pass drawn (" + std::to_string(grey) + " px)");
    else check(grey < 25, "profile: no previous pass drawn (" + std::to_string(grey) + " px of its grey)");

    check_end_labels(img, panel, p, trace, current, range, log_scale);
}

}  // namespace tb::test
