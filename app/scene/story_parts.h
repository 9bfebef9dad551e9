#pragma once
// What the residual story's files share (story.cpp, copies.cpp, inside_box.cpp): the easing, and
// the copies' part of a frame. Not for the rest of the program: story.h is.
#include <algorithm>
#include <vector>

#include "scene/story.h"

namespace tb {

inline float smooth(float t) {
    t = std::clamp(t, 0.f, 1.f);
    return t * t * (3 - 2 * t);
}
inline float progress(float phase, float begin, float end) {
    return std::clamp((phase - begin) / std::max(1e-6f, end - begin), 0.f, 1.f);
}
inline Vector row(const Matrix& m, int i) { return m.row(i).transpose(); }

// The Add stage's instants, as fractions of it: x's arrow grows until kXGrown, then the sum's until
// kSumDrawn, when the copy has sunk into it and the bead starts to become x + F; from kArrowsFade
// the arrows fade.
constexpr float kXGrown = 0.3f;
constexpr float kSumDrawn = 0.55f;
constexpr float kArrowsFade = 0.8f;

// The copies on their lanes at `add_t` (0..1 of the Add stage, 0 before it): copies.cpp.
void residual_copies(const Crossing& c, const std::vector<Addition>& adds, float add_t, FrameRecords& out);

}  // namespace tb
