#pragma once
// The bead's colours, identity and direction kept apart (channel.md §7, issue 11):
// - identity: one colour per token, by its place in the sentence as typed (it follows its word
//   through /melanger), from Paul Tol's "muted" palette (told apart with the common colour-vision
//   deficiencies, on the dark and the light theme); its word, its profile line and its bead's
//   outline use it;
// - direction: the d components of x/‖x‖, each scaled by √d (that is x_j / rms(x), the vector
//   brought to the norm √d), on ONE fixed two-sided scale, blue (−1.5) – grey (0) – orange (+1.5):
//   seven stops 0.5 apart, linear between them, lightness rising all the way, strong enough that
//   two components 0.5 apart read as different sectors from the back of a room (colour.cpp says
//   how far apart). The bead is cut into d sectors, one a component;
// - fill: the mean of the d cells' colours, what the bead looks like from the back of the room.
// Fill and cue are functions of the vector alone: identical vectors, identical bead.
#include <array>

#include "model/weights.h"

namespace tb {

struct Rgb {
    float r = 0, g = 0, b = 0;
};

constexpr int kMaxCueCells = 16;   // d is 8 or 16
constexpr double kCueRange = 1.5;  // x_j / rms(x) at the scale's ends (clamped beyond)
constexpr int kCueStops = 7;       // the scale's stops, at x_j / rms(x) = −1.5, −1, …, +1.5

struct DirectionCue {
    int size = 0;                             // d (0 for a zero or non-finite vector)
    std::array<float, kMaxCueCells> cell{};   // component j of x/rms(x) / kCueRange, in [-1, 1]
};

DirectionCue direction_cue(const Vector& v);
Rgb cue_colour(float cell);                 // -1 blue, 0 grey, +1 orange (cell clamped to [-1, 1])
const std::array<Rgb, kCueStops>& cue_stops();  // the scale's stops, -1 to +1 (what the shader mixes)
Rgb bead_fill(const DirectionCue& cue);     // the mean of the cells' colours (grey when empty)
Rgb identity_colour(int typed_place);       // Tol's muted, by the token's place as typed
Rgb lerp(Rgb a, Rgb b, float t);

}  // namespace tb
