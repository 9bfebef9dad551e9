#pragma once
// The two themes: the dark one (the default) and a light, high-contrast one that survives a
// washed-out projector (/theme clair|sombre). The boxes keep their colours in both; what changes
// is what lies around them. Shared by the drawing and the screenshot checker (tests/gui).
#include "scene/palette.h"

namespace tb {

enum class Theme { Dark, Light };

struct ThemeColours {
    palette::Colour8 background;  // the panels
    palette::Colour8 section;     // behind the cross-section
    palette::Colour8 text;        // text on the background
    palette::Colour8 residual;    // the arc and ⊕ (darker on white, where yellow fades)
    palette::Colour8 highlight;   // behind the formula's active term
};

constexpr ThemeColours kDarkTheme{palette::kBackground, palette::kSection, {232, 234, 242}, palette::kResidual,
                                  {246, 206, 64}};
constexpr ThemeColours kLightTheme{{238, 240, 244}, {255, 255, 255}, {0, 0, 0}, {204, 140, 0}, {255, 214, 0}};

constexpr const ThemeColours& theme_colours(Theme theme) { return theme == Theme::Light ? kLightTheme : kDarkTheme; }

// The A/B labels above the stacks: yellow on the dark theme, the theme's text colour on the light
// one (yellow fades on white).
constexpr palette::Colour8 comparison_label_colour(Theme theme) {
    return theme == Theme::Light ? kLightTheme.text : palette::Colour8{255, 219, 89};
}

}  // namespace tb
