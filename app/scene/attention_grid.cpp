#include "scene/attention_grid.h"

#include <algorithm>
#include <cmath>

#include "numbers.h"

namespace tb {

bool attention_visible(int query, int key, Mask mask) { return mask != Mask::Causal || key <= query; }

int visible_keys(int query, int tokens, Mask mask) { return mask == Mask::Causal ? std::min(query + 1, tokens) : tokens; }

AttentionReading read_attention(const std::vector<Matrix>& heads, Mask mask) {
    AttentionReading r;
    double best_excess = 0;  // a_ij · n_i of the most read cell
    for (std::size_t k = 0; k < heads.size(); ++k) {
        const Matrix& a = heads[k];
        const int n = static_cast<int>(a.rows());
        for (int i = 0; i < n; ++i) {
            const int seen = visible_keys(i, n, mask);
            const double even = 1.0 / seen;
            for (int j = 0; j < static_cast<int>(a.cols()); ++j) {
                if (!attention_visible(i, j, mask)) continue;
                const double w = a(i, j);
                r.gap = std::max(r.gap, std::abs(w - even));
                r.relative = std::max(r.relative, std::abs(w - even) * seen);
                r.top = std::max(r.top, w);
                if (seen > 1 && w * seen > best_excess) {
                    best_excess = w * seen;
                    r.head = static_cast<int>(k), r.query = i, r.key = j, r.weight = w, r.even = even;
                }
            }
        }
    }
    r.near_uniform = r.relative < kNearUniform;
    return r;
}

std::string attention_caption(const AttentionReading& r, const std::vector<Token>& tokens, Language language) {
    // No-break spaces inside the guillemets and before the colon, so that a wrapped caption never
    // leaves « or : at the start of a line.
    const std::string nb = "\u00A0", colon = language == Language::French ? nb + ": " : ": ";
    const bool fr = language == Language::French;
    const std::string gap = format_fixed(r.gap, 2, language);
    if (r.near_uniform || r.head < 0)
        return fr ? "poids non entraînés" + colon + "attention presque uniforme (écart max à 1/n" + colon + gap + ")"
                  : "untrained weights: attention almost uniform (largest gap to 1/n: " + gap + ")";
    auto word = [&](int i) {
        return "«" + nb + (i >= 0 && i < static_cast<int>(tokens.size()) ? tokens[static_cast<std::size_t>(i)].word : "?") + nb + "»";
    };
    const std::string w = format_fixed(r.weight, 2, language), even = format_fixed(r.even, 2, language);
    const std::string head = std::to_string(r.head + 1);
    return fr ? "poids non entraînés, attention pourtant marquée (écart max à 1/n" + colon + gap + ")" + colon + word(r.query) +
                    " lit surtout " + word(r.key) + ", " + w + " contre 1/n = " + even + " (tête " + head + ")"
              : "untrained weights, yet marked attention (largest gap to 1/n: " + gap + "): " + word(r.query) + " reads " +
                    word(r.key) + " most, " + w + " against 1/n = " + even + " (head " + head + ")";
}

WeightScale weight_scale(bool light) {
    // Dark theme: from a blue-grey just above the panel to a pale sky blue; light theme: from a
    // near-white to a deep blue. Both keep the blue of the attention boxes' family.
    if (light) return {{246 / 255.f, 248 / 255.f, 253 / 255.f}, {20 / 255.f, 64 / 255.f, 160 / 255.f}};
    return {{40 / 255.f, 46 / 255.f, 70 / 255.f}, {150 / 255.f, 205 / 255.f, 255 / 255.f}};
}

Rgb weight_colour(double weight, double top, bool light) {
    const WeightScale s = weight_scale(light);
    const double t = top > 0 && std::isfinite(weight) ? std::clamp(weight / top, 0.0, 1.0) : 0.0;
    return lerp(s.low, s.high, static_cast<float>(t));
}

double relative_luminance(Rgb c) {
    auto linear = [](float v) {
        const double s = std::clamp(static_cast<double>(v), 0.0, 1.0);
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast_ratio(Rgb a, Rgb b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

Rgb readable_ink(Rgb fill) {
    const Rgb black{0, 0, 0}, white{1, 1, 1};
    return contrast_ratio(fill, black) >= contrast_ratio(fill, white) ? black : white;
}

float fit_scale(float width, float room, float smallest) {
    if (width <= room || width <= 0) return 1.f;
    return std::max(smallest, room / width);
}

ColumnWords column_words(const std::vector<float>& widths, float cell, int most_rows, float smallest) {
    const float pad = 4;  // between neighbours on one line
    float widest = 0;
    for (float w : widths) widest = std::max(widest, w);
    ColumnWords c;
    for (c.rows = 1; c.rows < most_rows; ++c.rows)
        if (widest <= cell * static_cast<float>(c.rows) - pad) return c;
    c.scale = fit_scale(widest, cell * static_cast<float>(c.rows) - pad, smallest);
    return c;
}

}  // namespace tb
