#include "scene/colour.h"

#include <algorithm>
#include <cmath>

namespace tb {

Rgb lerp(Rgb a, Rgb b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

DirectionCue direction_cue(const Vector& v) {
    DirectionCue cue;
    const double n = v.norm();
    const int d = static_cast<int>(std::min<Eigen::Index>(v.size(), kMaxCueCells));
    if (!(n > 1e-300) || !std::isfinite(n)) return cue;
    const double rms = n / std::sqrt(static_cast<double>(v.size()));
    cue.size = d;
    for (int j = 0; j < d; ++j)
        cue.cell[static_cast<std::size_t>(j)] = static_cast<float>(std::clamp(v[j] / rms / kCueRange, -1.0, 1.0));
    return cue;
}

// The two ends are symmetric about mid grey (128, 128, 128), so 0 is grey and the scale is one
// straight line: blue (RdBu's #2166ac) to its mirror, an orange; told apart by every common
// colour-vision deficiency (blue against orange).
Rgb cue_colour(float cell) {
    constexpr Rgb blue{33 / 255.f, 102 / 255.f, 172 / 255.f}, orange{223 / 255.f, 154 / 255.f, 84 / 255.f};
    return lerp(blue, orange, (std::clamp(cell, -1.f, 1.f) + 1.f) * 0.5f);
}

Rgb bead_fill(const DirectionCue& cue) {
    if (cue.size == 0) return cue_colour(0);
    double mean = 0;
    for (int j = 0; j < cue.size; ++j) mean += cue.cell[static_cast<std::size_t>(j)];
    return cue_colour(static_cast<float>(mean / cue.size));  // the scale is a straight line
}

// Paul Tol's "muted" scheme, in an order that puts the five tones that read best on both the
// dark and the white background first (the start-up sentence has five words); indigo, too dark
// on the dark theme, is left out (eight tokens at most).
Rgb identity_colour(int typed_place) {
    static const Rgb muted[] = {{0xCC, 0x66, 0x77}, {0x44, 0xAA, 0x99}, {0xDD, 0xCC, 0x77}, {0xAA, 0x44, 0x99},
                                {0x88, 0xCC, 0xEE}, {0x99, 0x99, 0x33}, {0x11, 0x77, 0x33}, {0x88, 0x22, 0x55}};
    constexpr int count = sizeof muted / sizeof muted[0];
    const Rgb c = muted[((typed_place % count) + count) % count];
    return {c.r / 255.f, c.g / 255.f, c.b / 255.f};
}

}  // namespace tb
