#pragma once
// The sweep panel's data (/panneau graines, issue 37): the spread of a /graines sweep. For each
// side, every seed's loss curve, and at each step the median and the first and third quartiles over
// the seeds that reached it (numpy's linear percentile); a row per seed with its means of the last
// losses and their gap. Pure; the window draws it (ui/sweep_panel.cpp).
#include <cstdint>
#include <vector>

#include "commands/sweep.h"

namespace tb {

struct SweepBand {
    std::vector<double> q1, median, q3;  // by step index (0 = step 1)
};
SweepBand sweep_band(const std::vector<SweepRun>& runs);

// The p-th quantile (0..1) of `values` by linear interpolation between the sorted values (numpy's
// default); NaN when empty.
double linear_quantile(std::vector<double> values, double p);

struct SweepRow {
    std::uint64_t seed = 0;
    double a = 0, b = 0, gap = 0;  // means of the last min(30, N) losses; b and gap NaN without side B
};
std::vector<SweepRow> sweep_rows(const Sweep& sweep);

}  // namespace tb
