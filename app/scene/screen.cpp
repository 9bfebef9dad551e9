#include "scene/screen.h"

#include <algorithm>

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
    const float profile_h = body * 0.47f, cosine_h = body * 0.24f;
    s.profile = make(left + centre, top, right, profile_h);
    s.cosine = make(left + centre, top + profile_h, right, cosine_h);
    s.legend = make(left + centre, top + profile_h + cosine_h, right, body - profile_h - cosine_h);
    return s;
}

ScreenLayout presenter_layout(float width, float height, float scale, bool lesson) {
    width = std::max(0.f, width);
    height = std::max(0.f, height);
    scale = std::clamp(scale, 0.5f, 6.f);
    ScreenLayout s;
    // The cross-section keeps most of the width; the right column holds the profile and the lesson.
    const float right = std::min(width * 0.45f, std::max(width * 0.40f, 300.f * scale));
    const float centre = std::max(0.f, width - right);
    const float formula = std::min(height * 0.12f, 56.f * scale);
    s.formula = make(0, 0, centre, formula);
    s.section = make(0, formula, centre, height - formula);
    const float profile_h = lesson ? height * 0.42f : height;
    s.profile = make(centre, 0, right, profile_h);
    if (lesson) s.lesson = make(centre, profile_h, right, height - profile_h);
    return s;
}

}  // namespace tb
