// The timeline's scrub bar spans the whole stack with the stop level marked (scene/scrub.h).
#include <gtest/gtest.h>

#include "scene/scrub.h"

namespace tb {
namespace {

TEST(ScrubScale, SpansTheWholeStackWithTheStopMarkedWhereverTheStopIs) {
    Settings s;
    s.layers = 6;
    s.step = 2;  // /etape 2: the stop is ffn 1, the bar still goes to the output
    const ScrubScale scale = scrub_scale(s);
    EXPECT_FLOAT_EQ(scale.lo, 0.f);
    EXPECT_FLOAT_EQ(scale.hi, 13.f);  // 2L + 1
    EXPECT_FLOAT_EQ(scale.stop, 2.f);
    EXPECT_NEAR(scale.fraction(scale.stop), 2.f / 13.f, 1e-6);  // not at the far right
    s.step = s.top_level();
    EXPECT_FLOAT_EQ(scrub_scale(s).fraction(scrub_scale(s).stop), 1.f);
}

TEST(ScrubScale, ADragPastTheStopHoldsAtTheStop) {
    Settings s;
    s.layers = 2;
    s.step = 3;
    const ScrubScale scale = scrub_scale(s);
    EXPECT_FLOAT_EQ(scale.hi, 5.f);
    EXPECT_FLOAT_EQ(scale.clamp(4.6f), 3.f);
    EXPECT_FLOAT_EQ(scale.clamp(2.5f), 2.5f);
    EXPECT_FLOAT_EQ(scale.clamp(-1.f), 0.f);
}

}  // namespace
}  // namespace tb
