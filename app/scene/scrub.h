#pragma once
// The timeline's scrub bar (ui/timeline.cpp): it spans the whole stack, 0 … 2L+1, so that its
// handle says where in the stack the beads are, with the stop level (/etape, settings.step)
// marked. The beads never pass the stop (/lecture takes 0 … step): a drag past it holds at the
// stop, and the part beyond is drawn dimmed; /etape, ← → or a level's button move the stop.
#include "model/settings.h"

namespace tb {

struct ScrubScale {
    float lo = 0, hi = 1;  // the bar's ends: level 0 and 2L+1
    float stop = 0;        // settings.step
    float clamp(float value) const;     // into lo … stop
    float fraction(float value) const;  // 0 at lo, 1 at hi
};

ScrubScale scrub_scale(const Settings& settings);

}  // namespace tb
