#include "scene/similarity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "text/text.h"

namespace tb {

SimilarityGrid similarity_grid(const Trace& trace, int level) {
    SimilarityGrid g;
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (top < 0) return g;
    g.level = std::clamp(level, 0, top);
    const Matrix& x = trace.levels[static_cast<std::size_t>(g.level)].vectors;
    const int n = static_cast<int>(x.rows());
    for (int i = 0; i < n; ++i) {
        g.words.push_back(i < trace.token_count() ? trace.tokens[static_cast<std::size_t>(i)].word : std::string());
        g.identity.push_back(trace.typed_place(i));
    }
    const Vector norms = token_norms(x);
    g.cosines = Matrix::Zero(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = i; j < n; ++j) {
            const double denom = norms(i) * norms(j);
            // A zero vector has no direction: 0, as mean_pairwise_cosine counts it.
            const double c = denom > 0.0 && std::isfinite(denom) ? std::clamp(x.row(i).dot(x.row(j)) / denom, -1.0, 1.0) : 0.0;
            g.cosines(i, j) = g.cosines(j, i) = c;
        }
    return g;
}

int similarity_level(const Trace& trace, double playhead) {
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (top < 0 || !std::isfinite(playhead)) return 0;
    // floor: crossing level k the beads still carry level k-1's vectors. The 1e-9 keeps a
    // playhead that arrived at k by sums of floats (2.9999999999) on k.
    return std::clamp(static_cast<int>(std::floor(playhead + 1e-9)), 0, top);
}

std::string similarity_title(const Trace& trace, int level, Language language) {
    const std::string name = level_name(level, trace.settings.layers, language);
    return language == Language::English ? "cosine similarity — level " + name : "similarité cosinus — niveau " + name;
}

std::string similarity_value(double cosine, Language language) {
    if (!std::isfinite(cosine)) return "?";
    if (std::abs(cosine) < 0.005) cosine = 0;  // "-0.00" would say less than "0.00"
    return format_fixed(cosine, 2, language);
}

namespace {
// ColorBrewer RdBu (7 classes), from -1 to +1.
constexpr palette::Colour8 kStops[] = {{33, 102, 172},  {103, 169, 207}, {209, 229, 240}, {247, 247, 247},
                                       {253, 219, 199}, {239, 138, 98},  {178, 24, 43}};
constexpr int kStopCount = sizeof kStops / sizeof kStops[0];
}  // namespace

palette::Colour8 similarity_colour(double cosine) {
    if (!std::isfinite(cosine)) cosine = 0;
    const double u = (std::clamp(cosine, -1.0, 1.0) + 1.0) * 0.5 * (kStopCount - 1);
    const int k = std::min(kStopCount - 2, static_cast<int>(std::floor(u)));
    const double t = u - k;
    auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
    const palette::Colour8 a = kStops[k], b = kStops[k + 1];
    return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

palette::Colour8 similarity_ink(double cosine) {
    // WCAG's relative luminance: above 0.179 black contrasts more than white (and at least 4.5:1).
    const palette::Colour8 c = similarity_colour(cosine);
    auto linear = [](int v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    const double luminance = 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
    return luminance > 0.179 ? palette::Colour8{0, 0, 0} : palette::Colour8{255, 255, 255};
}

Rect SimilarityLayout::cell_rect(int row, int column) const {
    return {cells.x + cell_w * static_cast<float>(column), cells.y + cell_h * static_cast<float>(row), cell_w, cell_h};
}

SimilarityLayout similarity_layout(const Rect& panel, int tokens, float line) {
    using namespace similarity_metrics;
    SimilarityLayout l;
    if (tokens < 1 || !(line > 0)) return l;
    const float n = static_cast<float>(tokens), pad = line * kPad, header = line * (kTitle + kColumns);
    const float room_w = panel.w - 2 * pad - line * kLabel, room_h = panel.h - header - line * kBottom;
    const float h = std::floor(std::min({room_h / n, room_w / n, line * kMaxCell}));
    const float w = std::floor(std::min(room_w / n, h * kMaxAspect));
    if (h < 6 || w < 6) return l;
    l.cell_w = w;
    l.cell_h = h;
    float spare = room_w - w * n;
    const float wider = std::min(spare, line * (kMaxLabel - kLabel));
    l.label = line * kLabel + wider;
    spare -= wider;
    l.cells = {std::floor(panel.x + pad + l.label + spare * 0.5f), std::floor(panel.y + header), w * n, h * n};
    return l;
}

}  // namespace tb
