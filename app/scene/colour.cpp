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

// Seven stops, one every 0,5 of x_j / rms(x) from −1,5 to +1,5, linear between them (issue 34):
// lightness rises all the way (L* 16 → 48 → 72, so the order survives every colour-vision
// deficiency and a washed-out projector), chroma grows away from the grey middle on both sides,
// blue below, orange above. Chosen so that any two components 0,5 apart anywhere on the scale are
// at least ΔE76 27 apart (22 with protanopia, 24 with deuteranopia, 13 with tritanopia), where the
// straight line it replaces (#2166ac – grey – #df9a54) gave 15 (13, 15 and 3): a sector of a bead
// at 1024×768 is a small mark, seen from the back of a room on a projector.
const std::array<Rgb, kCueStops>& cue_stops() {
    static const std::array<Rgb, kCueStops> stops = [] {
        constexpr unsigned char hex[kCueStops][3] = {{0x00, 0x03, 0x90}, {0x14, 0x3e, 0x93}, {0x58, 0x68, 0x9c}, {0x72, 0x72, 0x72},
                                                     {0xb6, 0x93, 0x73}, {0xda, 0x9a, 0x4e}, {0xff, 0x96, 0x00}};
        std::array<Rgb, kCueStops> out{};
        for (int i = 0; i < kCueStops; ++i) out[static_cast<std::size_t>(i)] = {hex[i][0] / 255.f, hex[i][1] / 255.f, hex[i][2] / 255.f};
        return out;
    }();
    return stops;
}

Rgb cue_colour(float cell) {
    const auto& stops = cue_stops();
    const float t = (std::clamp(cell, -1.f, 1.f) + 1.f) * 0.5f * (kCueStops - 1);
    const int i = std::min(static_cast<int>(t), kCueStops - 2);
    return lerp(stops[static_cast<std::size_t>(i)], stops[static_cast<std::size_t>(i + 1)], t - static_cast<float>(i));
}

Rgb bead_fill(const DirectionCue& cue) {
    if (cue.size == 0) return cue_colour(0);
    Rgb sum;
    for (int j = 0; j < cue.size; ++j) {
        const Rgb c = cue_colour(cue.cell[static_cast<std::size_t>(j)]);
        sum = {sum.r + c.r, sum.g + c.g, sum.b + c.b};
    }
    const float n = static_cast<float>(cue.size);
    return {sum.r / n, sum.g / n, sum.b / n};
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
