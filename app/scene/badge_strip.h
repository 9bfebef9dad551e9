#pragma once
// Where the badges' pills sit in their strip (ScreenLayout::badges), shared by the window
// (ui/badges_panel.cpp) and the SVG: one or more rows as the strip's height allows, the text as
// large as fits, the texts narrower (badge_text's styles) only when the text would be too small; never clipped, never
// overlapping. Pure: the text is measured by the caller's function (ImGui's or the SVG's).
#include <functional>
#include <string>
#include <vector>

#include "course/badges.h"
#include "scene/palette.h"
#include "scene/screen.h"

namespace tb {

// The pills' colours, the same on both themes: a dark pill with a gold outline stands out on the
// dark section and on the light theme's white alike; white text, the ratio in bold gold.
constexpr palette::Colour8 kBadgeFill{14, 18, 36};
constexpr palette::Colour8 kBadgeText{255, 255, 255};
constexpr palette::Colour8 kBadgeGold{255, 200, 0};  // the outline and the ratio

// The badges the window shows for `playhead`: what the change from `previous` (the session's
// previous_trace, null at start-up: none) did where the beads stand (similarity_level).
std::vector<Badge> shown_badges(const Trace* previous, const Trace& trace, double playhead);

struct Pill {
    Rect rect;
    BadgeText text;  // as written in it
    std::size_t badge = 0;  // its index in the badges given
    BadgeStyle style = BadgeStyle::Full;  // how narrow its text is written
    float text_x = 0, text_top = 0;
};

struct BadgeStrip {
    std::vector<Pill> pills;  // one a badge, in order; fewer only if even the smallest text fails
    float text_px = 0;        // the text's height, as ImGui sizes it
};

// The width in pixels of `text` at `px` tall.
using TextMeasure = std::function<float(const std::string& text, float px)>;

// `scale` is the interface scale: one row is 26 px × scale, the text at most 16 px × scale. The
// fullest styles whose text is at least 12 px × scale win (all full, brief, compact, then the
// ratio alone badge by badge, attention's last); else those with the largest text; below 9 px
// the badges that do not fit are left out rather than clipped.
BadgeStrip badge_strip(const Rect& strip, const std::vector<Badge>& badges, float scale, Language language,
                       const TextMeasure& measure);

}  // namespace tb
