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

// A/B's one colour per side, in every panel that draws both (the loss curve, the gradients along
// training, the lens, the output, the cosine plot, the labels over the stacks and in the formula
// strip): A orange, B sky blue, as the cosine plot drew
// them first; darker on the light theme, where the dark theme's tints fade on white. Neither is
// the residual's yellow nor the gradients panel's « sans résiduel » red, which name a wiring.
enum class ComparedSide { A, B };
constexpr palette::Colour8 side_colour(ComparedSide side, Theme theme) {
    if (theme == Theme::Light) return side == ComparedSide::A ? palette::Colour8{196, 84, 0} : palette::Colour8{0, 102, 178};
    return side == ComparedSide::A ? palette::Colour8{255, 150, 90} : palette::Colour8{120, 200, 255};
}

}  // namespace tb
