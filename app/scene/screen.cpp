#include "scene/screen.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {
Rect make(float x, float y, float w, float h) { return {x, y, std::max(0.f, w), std::max(0.f, h)}; }

// The badges take one row of pills, two where the centre is narrow, three where it is narrower
// still (1024x768: 450 px, for the six badges of /dimension 16); a row holds kMinTextPx text
// (badge_strip: 0.62 of a row). Presenter mode with a lesson keeps at most two: the stack needs the
// height more (the strip shrinks its text, or leaves out what does not fit).
float badge_height(float centre, float body, float scale, float max_rows = 3.f) {
    const float rows = std::min(max_rows, centre < 520.f * scale ? 3.f : centre < 720.f * scale ? 2.f : 1.f);
    return std::min(body * 0.04f * (rows + 1.f), rows * std::max(26.f * scale, std::ceil(kMinTextPx / 0.62f) + 1.f));
}
}  // namespace

float body_text_px(float width, float height, float content_scale) {
    content_scale = std::clamp(content_scale, 1.f, 4.f);
    const float by_size = std::min(std::max(0.f, height) / 42.f, std::max(0.f, width) / 60.f);
    return std::clamp(by_size, kMinTextPx * content_scale, 3.f * kMinTextPx * content_scale);
}

float text_px(float width, float height, float content_scale, float user_scale) {
    const float floor = kMinTextPx * std::clamp(content_scale, 1.f, 4.f);
    return std::max(floor, body_text_px(width, height, content_scale) * std::clamp(user_scale, 0.25f, 8.f));
}

ScreenLayout screen_layout(float width, float height, float scale, bool lesson, float text_scale) {
    width = std::max(0.f, width);
    height = std::max(0.f, height);
    scale = std::clamp(scale, 0.5f, 4.f);
    const float text = text_scale > 0 ? std::clamp(text_scale, 0.5f, 8.f) : scale;  // the rows' heights
    ScreenLayout s;
    const float top = std::min(height, 58.f * scale);
    const float left = std::min(width * 0.4f, std::clamp(width * 0.25f, 250.f * scale, 380.f * scale));
    const float right = std::min(width * 0.4f, std::clamp(width * 0.31f, 280.f * scale, 620.f * scale));
    const float centre = std::max(0.f, width - left - right);
    const float body = std::max(0.f, height - top);
    const float timeline = std::min(body * 0.3f, 92.f * scale);

    s.top_bar = make(0, 0, width, top);
    // With a lesson, its question and answer fit without scrolling; the controls scroll, the console stays.
    const float lesson_h = lesson ? body * 0.5f : 0.f;
    const float controls_h = body * (lesson ? 0.26f : 0.66f);
    s.lesson = make(0, top, lesson ? left : 0.f, lesson_h);
    s.controls = make(0, top + lesson_h, left, controls_h);
    s.console = make(0, top + lesson_h + controls_h, left, body - lesson_h - controls_h);
    // The block's formula takes two lines of the smallest text where one does not fit (1024 x 768).
    const float formula = std::min((body - timeline) * 0.12f, std::max(44.f * text, 2.4f * kMinTextPx));
    const float badges = badge_height(centre, body, text);
    s.formula = make(left, top, centre, formula);
    s.badges = make(left, top + formula, centre, badges);
    s.section = make(left, top + formula + badges, centre, body - timeline - formula - badges);
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

void share_left_column(ScreenLayout& s, float controls_content, float console_min) {
    if (!s.lesson.empty() || controls_content <= 0) return;
    const float total = s.controls.h + s.console.h;
    s.controls.h = std::max(0.f, std::min(controls_content, total - console_min));
    s.console = make(s.console.x, s.controls.bottom(), s.console.w, total - s.controls.h);
}

ScreenLayout presenter_layout(float width, float height, float scale, bool lesson, float text_scale) {
    width = std::max(0.f, width);
    height = std::max(0.f, height);
    scale = std::clamp(scale, 0.5f, 6.f);
    const float text = text_scale > 0 ? std::clamp(text_scale, 0.5f, 8.f) : scale;  // the rows' heights
    ScreenLayout s;
    // With a lesson, its panel is a strip across the bottom, seven lines of the presenter text (the
    // step's title and its buttons on one row, the question or the answer); the figures keep the height above it.
    // In a column beside them it crushed the norm profile to 30 px at 1024x768.
    const float lesson_h = lesson ? std::floor(std::min(height * 0.3f, 7.f * kBaseTextPx * text)) : 0.f;
    const float top = height - lesson_h;
    s.lesson = make(0, top, lesson ? width : 0.f, lesson_h);
    // The centre: the cross-section keeps most of the width, with its formula, badges and timeline.
    const float right = std::min(width * 0.45f, std::max(width * 0.40f, 300.f * scale));
    const float centre = std::max(0.f, width - right);
    const float formula = std::min(top * 0.12f, 56.f * text);
    const float badges = badge_height(centre, top, text, lesson ? 2.f : 3.f);
    // With a lesson the lesson and the clicker drive the steps: the timeline keeps its row of level
    // names (where the beads are), not its buttons; the stack keeps the height.
    const float timeline = std::min(top * (lesson ? 0.1f : 0.14f), (lesson ? 33.f : 64.f) * text);
    s.formula = make(0, 0, centre, formula);
    s.badges = make(0, formula, centre, badges);
    s.section = make(0, formula + badges, centre, top - formula - badges - timeline);
    s.timeline = make(0, top - timeline, centre, timeline);
    if (!lesson) {  // the profile, the cosine plot, the grid: its numbers are read from afar
        const float profile_h = std::floor(height * 0.40f), cosine_h = std::floor(height * 0.22f);
        s.profile = make(centre, 0, right, profile_h);
        s.cosine = make(centre, profile_h, right, cosine_h);
        s.similarity = make(centre, profile_h + cosine_h, right, height - profile_h - cosine_h);
        return s;
    }
    // Above the lesson: the profile beside the cosine plot, then the grid the whole width (its
    // numbers need it). At 1024x768 the profile's plot and the grid's cells 160 px tall or more, the
    // cosine plot 100 (tests/gui room_*_lesson).
    const float grid_h = std::floor(top * 0.44f), cosine_w = std::floor(right * 0.3f);
    s.profile = make(centre, 0, right - cosine_w, top - grid_h);
    s.cosine = make(centre + right - cosine_w, 0, cosine_w, top - grid_h);
    s.similarity = make(centre, top - grid_h, right, grid_h);
    return s;
}

Rect stack_area(const Rect& section, bool card) {
    if (!card) return section;
    const float card_h = section.h * kCardShare;
    return {section.x, section.y + card_h, section.w, section.h - card_h};
}

}  // namespace tb
