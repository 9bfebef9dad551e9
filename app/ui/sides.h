#pragma once
// The A/B sides as the panels draw them: each side's colour (side_colour, scene/theme.h) in the
// theme applied last (apply_theme_style), so that every panel reads it from the same place.
#include "scene/theme.h"

typedef unsigned int ImU32;

namespace tb {

palette::Colour8 side_colour_now(ComparedSide side);
ImU32 side_u32(ComparedSide side, int alpha = 255);

}  // namespace tb
