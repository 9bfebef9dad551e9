#include "scene/screen.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {
Rect make(float x, float y, float w, float h) { return {x, y, std::max(0.f, w), std::max(0.f, h)}; }
}  // namespace

ScreenLayout screen_layout(float width, float height, float scale, bool lesson) {
    width = std::max(0.f, width);
    height = std::max(0.f, height);
    scale = std::clamp(scale, 0.5f, 4.f);
    ScreenLayout s;
    const float top = std::min(height, 58.f * scale);
    const float left = std::min(width * 0.4f, std::clamp(width * 0.22f, 250.f * scale, 380.f * scale));
    const float right = std::min(width * 0.4f, std::clamp(width * 0.31f, 280.f * scale, 620.f * scale));
    const float centre = std::max(0.f, width - left - right);
    const float body = std::max(0.f, height - top);
    const float timeline = std::min(body * 0.3f, 92.f * scale);

    s.top_bar = make(0, 0, width, top);
    const float lesson_h = lesson ? body * 0.44f : 0.f;  // the controls scroll; the console stays
    const float controls_h = body * (lesson ? 0.28f : 0.66f);
    s.lesson = make(0, top, lesson ? left : 0.f, lesson_h);
    s.controls = make(0, top + lesson_h, left, controls_h);
    s.console = make(0, top + lesson_h + controls_h, left, body - lesson_h - controls_h);
    const float formula = std::min((body - timeline) * 0.12f, 44.f * scale);
    s.formula = make(left, top, centre, formula);
    s.section = make(left, top + formula, centre, body - timeline - formula);
    s.timeline = make(left, top + body - timeline, centre, timeline);
    // The grid needs height (a row a token) and its numbers width: it takes the whole width at the
    // bottom; the cosine plot and the legend share one row above it. At 1600x900, 8 tokens get
    // rows of 28 px and columns of 50 px (tests/app/scene/screen_test.cpp).
    const float x = left + centre;
    const float profile_h = std::floor(body * 0.365f), row_h = std::floor(body * 0.17f);
    const float cosine_w = std::floor(right * 0.64f);
    s.profile = make(x, top, right, profile_h);
    s.cosine = make(x, top + profile_h, cosine_w, row_h);
    s.legend = make(x + cosine_w, top + profile_h, right - cosine_w, row_h);
    s.similarity = make(x, top + profile_h + row_h, right, body - profile_h - row_h);
    return s;
}

ScreenLayout presenter_layout(float width, float height, float scale, bool lesson) {
    width = std::max(0.f, width);
    height = std::max(0.f, height);
    scale = std::clamp(scale, 0.5f, 6.f);
    ScreenLayout s;
    // The cross-section keeps most of the width; the right column holds the profile, the grid, the lesson.
    const float right = std::min(width * 0.45f, std::max(width * 0.40f, 300.f * scale));
    const float centre = std::max(0.f, width - right);
    const float formula = std::min(height * 0.12f, 56.f * scale);
    s.formula = make(0, 0, centre, formula);
    s.section = make(0, formula, centre, height - formula);
    if (!lesson) {  // the profile above, the grid below with the larger share: its numbers are read from afar
        const float profile_h = std::floor(height * 0.45f);
        s.profile = make(centre, 0, right, profile_h);
        s.similarity = make(centre, profile_h, right, height - profile_h);
        return s;
    }
    // With a lesson: the profile, the grid, then the lesson (its text scrolls, its buttons stay).
    const float profile_h = std::floor(height * 0.30f), grid_h = std::floor(height * 0.30f);
    s.profile = make(centre, 0, right, profile_h);
    s.similarity = make(centre, profile_h, right, grid_h);
    s.lesson = make(centre, profile_h + grid_h, right, height - profile_h - grid_h);
    return s;
}

}  // namespace tb
