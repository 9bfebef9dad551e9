#include "screen.h"

#include <algorithm>

namespace tb {
namespace {
Rect make(float x, float y, float w, float h) { return {x, y, std::max(0.f, w), std::max(0.f, h)}; }
}  // namespace

ScreenLayout screen_layout(float width, float height, float scale) {
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
    const float controls_h = body * 0.66f;
    s.controls = make(0, top, left, controls_h);
    s.console = make(0, top + controls_h, left, body - controls_h);
    s.section = make(left, top, centre, body - timeline);
    s.timeline = make(left, top + body - timeline, centre, timeline);
    const float profile_h = body * 0.47f, cosine_h = body * 0.24f;
    s.profile = make(left + centre, top, right, profile_h);
    s.cosine = make(left + centre, top + profile_h, right, cosine_h);
    s.legend = make(left + centre, top + profile_h + cosine_h, right, body - profile_h - cosine_h);
    return s;
}

}  // namespace tb
