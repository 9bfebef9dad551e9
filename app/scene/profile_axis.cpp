#include "scene/profile_axis.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "base/numbers.h"

namespace tb {

ValueRange value_range(const std::vector<const std::vector<std::vector<double>>*>& series, double root_d, bool log_scale) {
    double lo = root_d, hi = root_d;
    for (const auto* s : series)
        for (const auto& level : *s)
            for (double v : level)
                if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (log_scale) {
        lo = std::max(lo, 1e-3);
        return {lo, std::max(hi, lo * 1.01)};
    }
    return {0.0, std::max(hi * 1.05, 1e-6)};
}

std::vector<double> log_gridlines(double lo, double hi) {
    std::vector<double> out;
    if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi)) return out;
    const double slack = 1e-9;  // a power of ten at an end counts as inside
    const int first = static_cast<int>(std::floor(std::log10(lo))), last = static_cast<int>(std::ceil(std::log10(hi)));
    auto inside = [&](double v) { return v >= lo * (1 - slack) && v <= hi * (1 + slack); };
    for (int k = first; k <= last; ++k)
        if (inside(std::pow(10.0, k))) out.push_back(std::pow(10.0, k));
    if (out.size() < 2) {
        for (int k = first; k <= last; ++k)
            for (double m : {2.0, 5.0})
                if (inside(m * std::pow(10.0, k))) out.push_back(m * std::pow(10.0, k));
        std::sort(out.begin(), out.end());
    }
    return out;
}

std::vector<double> linear_gridlines(double lo, double hi, int most) {
    std::vector<double> out;
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi) || most < 1) return out;
    const double raw = (hi - lo) / most;
    const double unit = std::pow(10.0, std::floor(std::log10(raw)));
    double step = unit * 10;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * unit >= raw) {
            step = m * unit;
            break;
        }
    for (double k = std::ceil(lo / step - 1e-9); k * step <= hi * (1 + 1e-12); k += 1) out.push_back(k * step);
    return out;
}

std::string gridline_label(double value, Language language) {
    if (value == 0 || !std::isfinite(value)) return format_significant(value, 1, language);
    for (int digits = 1; digits < 6; ++digits) {
        const double unit = std::pow(10.0, std::floor(std::log10(std::abs(value))) - digits + 1);
        if (std::abs(std::round(value / unit) * unit - value) <= 1e-9 * std::abs(value))
            return format_significant(value, digits, language);
    }
    return format_significant(value, 6, language);
}

std::vector<bool> keep_apart(const std::vector<float>& ys, float gap) {
    std::vector<bool> keep(ys.size(), false);
    std::vector<float> kept;
    for (std::size_t i = 0; i < ys.size(); ++i) {
        const bool clear = std::all_of(kept.begin(), kept.end(), [&](float y) { return std::abs(y - ys[i]) >= gap; });
        if (clear) kept.push_back(ys[i]);
        keep[i] = clear;
    }
    return keep;
}

std::vector<float> spread_labels(const std::vector<float>& wanted, float height, float top, float bottom) {
    const std::size_t n = wanted.size();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return wanted[a] < wanted[b]; });
    // Clusters of labels stacked `height` apart: the first one's height is the mean of
    // (wanted − rank × height) over the cluster, which minimises the squared displacements.
    struct Cluster {
        std::size_t first, count;
        double sum;  // Σ (wanted − rank in cluster × height)
        double start() const { return sum / static_cast<double>(count); }
    };
    std::vector<Cluster> clusters;
    for (std::size_t k = 0; k < n; ++k) {
        clusters.push_back({k, 1, wanted[order[k]]});
        while (clusters.size() > 1) {
            Cluster& a = clusters[clusters.size() - 2];
            const Cluster& b = clusters.back();
            if (a.start() + static_cast<double>(a.count) * height <= b.start()) break;
            a.sum += b.sum - static_cast<double>(a.count * b.count) * height;
            a.count += b.count;
            clusters.pop_back();
        }
    }
    std::vector<float> sorted(n);
    for (const Cluster& c : clusters)
        for (std::size_t r = 0; r < c.count; ++r) sorted[c.first + r] = static_cast<float>(c.start() + static_cast<double>(r) * height);
    // Inside the bounds: pushed down from the top, then up from the bottom (the bottom wins when
    // they do not fit).
    for (std::size_t k = 0; k < n; ++k) sorted[k] = std::max(sorted[k], k ? sorted[k - 1] + height : top + height * 0.5f);
    for (std::size_t k = n; k-- > 0;) sorted[k] = std::min(sorted[k], k + 1 < n ? sorted[k + 1] - height : bottom - height * 0.5f);
    std::vector<float> out(n);
    for (std::size_t k = 0; k < n; ++k) out[order[k]] = sorted[k];
    return out;
}

std::vector<float> axis_name_lefts(const std::vector<float>& widths, float cell, float left_room, float right_room) {
    std::vector<float> lefts;
    const float right_end = cell * static_cast<float>(widths.empty() ? 0 : widths.size() - 1) + right_room;
    for (std::size_t k = 0; k < widths.size(); ++k) {
        const float centred = cell * static_cast<float>(k) - widths[k] * 0.5f;
        lefts.push_back(std::max(-left_room, std::min(centred, right_end - widths[k])));
    }
    return lefts;
}

float narrowest_gap(const std::vector<float>& widths, const std::vector<float>& lefts) {
    float gap = 1e30f;
    for (std::size_t k = 1; k < widths.size() && k < lefts.size(); ++k) gap = std::min(gap, lefts[k] - (lefts[k - 1] + widths[k - 1]));
    return gap;
}

bool previous_comparable(const Trace& current, const Trace* previous) {
    return previous && previous->levels.size() == current.levels.size() && !previous->levels.empty() &&
           previous->token_count() > 0;
}

std::vector<std::vector<double>> norms_by_level(const Trace& trace) {
    std::vector<std::vector<double>> out;
    for (const auto& level : trace.levels) {
        const Vector n = token_norms(level.vectors);
        out.emplace_back(n.data(), n.data() + n.size());
    }
    return out;
}

}  // namespace tb
