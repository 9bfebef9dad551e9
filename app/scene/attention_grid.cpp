#include "scene/attention_grid.h"

#include <algorithm>
#include <cmath>

#include "base/numbers.h"

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

std::string attention_caption(const AttentionReading& r, const std::vector<Token>& tokens, Language language, int trained_steps) {
    // No-break spaces inside the guillemets and before the colon, so that a wrapped caption never
    // leaves « or : at the start of a line.
    const std::string nb = "\u00A0", colon = language == Language::French ? nb + ": " : ": ";
    const bool fr = language == Language::French;
    const std::string gap = format_fixed(r.gap, 2, language);
    const std::string steps = std::to_string(trained_steps);
    if (r.near_uniform || r.head < 0) {
        if (trained_steps > 0)
            return fr ? "après " + steps + " pas d'entraînement" + colon + "attention presque uniforme (écart max à 1/n" + colon + gap + ")"
                      : "after " + steps + " training steps: attention almost uniform (largest gap to 1/n: " + gap + ")";
        return fr ? "poids non entraînés" + colon + "attention presque uniforme (écart max à 1/n" + colon + gap + ")"
                  : "untrained weights: attention almost uniform (largest gap to 1/n: " + gap + ")";
    }
    auto word = [&](int i) -> std::string {
        const std::string w = i >= 0 && i < static_cast<int>(tokens.size()) ? tokens[static_cast<std::size_t>(i)].word : "?";
        return fr ? "«" + nb + w + nb + "»" : "“" + w + "”";
    };
    const std::string w = format_fixed(r.weight, 2, language), even = format_fixed(r.even, 2, language);
    const std::string head = std::to_string(r.head + 1);
    const std::string fr_head = trained_steps > 0 ? "après " + steps + " pas d'entraînement, attention marquée" : "poids non entraînés, attention pourtant marquée";
    const std::string en_head = trained_steps > 0 ? "after " + steps + " training steps, marked attention" : "untrained weights, yet marked attention";
    return fr ? fr_head + " (écart max à 1/n" + colon + gap + ")" + colon + word(r.query) +
                    " lit surtout " + word(r.key) + ", " + w + " contre 1/n = " + even + " (tête " + head + ")"
              : en_head + " (largest gap to 1/n: " + gap + "): " + word(r.query) + " reads " +
                    word(r.key) + " most, " + w + " against 1/n = " + even + " (head " + head + ")";
}

std::vector<HeadPattern> head_patterns(const std::vector<Matrix>& heads, Mask mask, const std::vector<Token>& tokens, int mask_id) {
    const int n = static_cast<int>(tokens.size());
    int m = -1;  // the [masque] position (the first one)
    for (int i = 0; i < n && m < 0; ++i)
        if (tokens[static_cast<std::size_t>(i)].id == mask_id) m = i;
    const bool causal = mask == Mask::Causal;
    const auto visible = [&](int i) { return causal ? i + 1 : n; };  // the keys query i sees
    std::vector<HeadPattern> out;
    for (const Matrix& a : heads) {
        HeadPattern p;
        double best = -1;
        const auto consider = [&](Look look, int offset_or_key, bool relative, bool skip_self_key) {
            double sum = 0, even = 0;
            int count = 0;
            for (int i = 0; i < n; ++i) {
                if (causal && i == 0) continue;  // one visible word: no choice made
                const int j = relative ? i + offset_or_key : offset_or_key;
                if (j < 0 || j >= n || (skip_self_key && j == i) || !attention_visible(i, j, mask)) continue;
                sum += a(i, j), even += 1.0 / visible(i), ++count;
            }
            if (count == 0) return;
            const double mean = sum / count, chance = even / count;
            if (mean > best) best = mean, p.strongest = look;
            if (mean >= kClearPattern && mean >= 2 * chance && mean > (p.look == Look::None ? 0 : p.weight)) p.look = look, p.weight = mean;
        };
        consider(Look::Previous, -1, true, false);
        consider(Look::Self, 0, true, false);
        if (!causal) consider(Look::Next, 1, true, false);
        consider(Look::First, 0, false, true);
        if (m >= 0) consider(Look::Mask, m, false, true);
        if (p.look == Look::None) p.weight = std::max(0.0, best);
        if (m >= 0 && !(causal && m == 0)) {
            Eigen::Index key = 0;
            const double w = a.row(m).maxCoeff(&key);
            if (w >= kClearPattern && w >= 2.0 / visible(m)) p.mask_key = static_cast<int>(key), p.mask_weight = w;
        }
        out.push_back(p);
    }
    return out;
}

std::string head_patterns_caption(const std::vector<HeadPattern>& patterns, const std::vector<Token>& tokens, Language language) {
    const bool fr = language == Language::French;
    const std::string nb = "\u00A0", colon = fr ? nb + ": " : ": ";
    const auto name = [&](Look look) -> std::string {
        switch (look) {
            case Look::Previous: return fr ? "le mot précédent" : "the previous word";
            case Look::Self: return fr ? "lui-même" : "itself";
            case Look::Next: return fr ? "le mot suivant" : "the next word";
            case Look::First: return fr ? "le 1er mot" : "the 1st word";
            case Look::Mask: return "[masque]";
            case Look::None: break;
        }
        return "";
    };
    std::string out;
    for (std::size_t k = 0; k < patterns.size(); ++k) {
        const HeadPattern& p = patterns[k];
        if (k) out += " · ";
        out += (fr ? "tête" : "head") + nb + std::to_string(k + 1) + colon;
        if (p.look != Look::None)
            out += (fr ? "regarde " : "looks at ") + name(p.look) + " (" + format_fixed(p.weight, 2, language) + (fr ? " en moyenne)" : " on average)");
        else
            out += fr ? "pas de motif net" : "no clear pattern";
        if (p.mask_key >= 0 && p.mask_key < static_cast<int>(tokens.size()))
            out += (fr ? " ; [masque] → «" + nb : "; [masque] → “") + tokens[static_cast<std::size_t>(p.mask_key)].word + (fr ? nb + "» (" : "” (") +
                   format_fixed(p.mask_weight, 2, language) + ")";
    }
    return out;
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
