#include "scene/scrub.h"

#include <algorithm>

namespace tb {

float ScrubScale::clamp(float value) const { return std::clamp(value, lo, std::max(lo, stop)); }

float ScrubScale::fraction(float value) const { return hi > lo ? std::clamp((value - lo) / (hi - lo), 0.f, 1.f) : 0.f; }

ScrubScale scrub_scale(const Settings& settings) {
    ScrubScale s;
    s.hi = static_cast<float>(std::max(1, settings.top_level()));
    s.stop = std::clamp(static_cast<float>(settings.step), s.lo, s.hi);
    return s;
}

}  // namespace tb
