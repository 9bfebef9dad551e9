#pragma once
// A bead's colour from its vector's direction, by a FIXED projection: the unit vector is
// projected on three fixed directions of R^d; the angle in the first two gives the hue, the
// length of that projection the saturation, the third the brightness. Identical vectors give
// identical colours, at every level; a vector and its double have the same colour.
#include "weights.h"

namespace tb {

struct Rgb {
    float r = 0, g = 0, b = 0;
};

Rgb direction_colour(const Vector& v);
Rgb lerp(Rgb a, Rgb b, float t);
Rgb hsv(float hue_turns, float saturation, float value);

}  // namespace tb
