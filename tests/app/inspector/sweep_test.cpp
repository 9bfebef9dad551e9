// The sweep panel's data (inspector/sweep.h): quartiles as numpy computes them, the band over the
// seeds that reached each step, the rows' means, all worked by hand.
#include "inspector/sweep.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tb {
namespace {

// numpy.percentile's default (linear) on [1, 2, 3, 4]: 1.75, 2.5, 3.25; on [5]: 5 at every p.
TEST(SweepPanel, QuartilesAreNumpysLinearPercentiles) {
    EXPECT_DOUBLE_EQ(linear_quantile({4, 1, 3, 2}, 0.25), 1.75);
    EXPECT_DOUBLE_EQ(linear_quantile({4, 1, 3, 2}, 0.5), 2.5);
    EXPECT_DOUBLE_EQ(linear_quantile({4, 1, 3, 2}, 0.75), 3.25);
    EXPECT_DOUBLE_EQ(linear_quantile({5}, 0.25), 5);
    EXPECT_TRUE(std::isnan(linear_quantile({}, 0.5)));
}

// The band at each step reads the seeds that reached it; the rows are the means of the last 30.
TEST(SweepPanel, TheBandAndTheRowsComeFromEverySeedsRun) {
    Sweep s;
    s.first_seed = 7, s.steps = 2;
    s.a = {{{3, 1}, false}, {{5, 2}, false}, {{4}, true}};
    s.b = {{{6, 4}, false}, {{6, 6}, false}, {{6, 5}, false}};
    const SweepBand band = sweep_band(s.a);
    EXPECT_DOUBLE_EQ(band.median[0], 4);  // 3, 4, 5
    EXPECT_DOUBLE_EQ(band.median[1], 1.5);  // 1, 2: the stopped seed has no second step
    EXPECT_DOUBLE_EQ(band.q1[0], 3.5);
    const std::vector<SweepRow> rows = sweep_rows(s);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[2].seed, 9u);
    EXPECT_DOUBLE_EQ(rows[0].a, 2);    // (3 + 1) / 2
    EXPECT_DOUBLE_EQ(rows[0].gap, 3);  // (6 + 4) / 2 − 2
    EXPECT_DOUBLE_EQ(rows[2].a, 4);
}

}  // namespace
}  // namespace tb
