#include "inspector/sweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

double linear_quantile(std::vector<double> values, double p) {
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const double at = std::clamp(p, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const std::size_t below = static_cast<std::size_t>(std::floor(at));
    const std::size_t above = std::min(values.size() - 1, below + 1);
    return values[below] + (values[above] - values[below]) * (at - static_cast<double>(below));
}

SweepBand sweep_band(const std::vector<SweepRun>& runs) {
    std::size_t steps = 0;
    for (const SweepRun& r : runs) steps = std::max(steps, r.losses.size());
    SweepBand band;
    for (std::size_t k = 0; k < steps; ++k) {
        std::vector<double> at;
        for (const SweepRun& r : runs)
            if (k < r.losses.size()) at.push_back(r.losses[k]);
        band.q1.push_back(linear_quantile(at, 0.25));
        band.median.push_back(linear_quantile(at, 0.5));
        band.q3.push_back(linear_quantile(at, 0.75));
    }
    return band;
}

std::vector<SweepRow> sweep_rows(const Sweep& sweep) {
    std::vector<SweepRow> rows;
    const double none = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = 0; i < sweep.a.size(); ++i) {
        SweepRow row;
        row.seed = sweep.seed(i);
        row.a = last_losses_mean(sweep.a[i].losses);
        row.b = i < sweep.b.size() ? last_losses_mean(sweep.b[i].losses) : none;
        row.gap = row.b - row.a;
        rows.push_back(row);
    }
    return rows;
}

}  // namespace tb
