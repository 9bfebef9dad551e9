#pragma once
// A bead's colour from its vector's direction, by a FIXED projection: the unit vector is
// projected on three fixed directions of R^d; the angle in the first two picks the colour on a
// cycle of the Okabe-Ito palette (told apart with the common colour-vision deficiencies), the
// length of that projection the saturation, the third the lightness. The same angle is drawn as
// a needle on the bead: a second cue that is not colour. Identical vectors give identical
// colours and needles at every level; a vector and its double have the same.
#include "weights.h"

namespace tb {

struct Rgb {
    float r = 0, g = 0, b = 0;
};

Rgb direction_colour(const Vector& v);
// The angle of the direction in the first two fixed directions, in turns [0, 1).
float direction_angle(const Vector& v);
Rgb lerp(Rgb a, Rgb b, float t);
Rgb hsv(float hue_turns, float saturation, float value);

}  // namespace tb
