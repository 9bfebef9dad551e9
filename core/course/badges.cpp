#include "course/badges.h"

#include <algorithm>
#include <cmath>

#include "base/numbers.h"

namespace tb {
namespace {

const char* pick(Language language, const char* french, const char* english) {
    return language == Language::English ? english : french;
}

// The figure as the badge writes it: counts whole, the cosine to 2 decimals, the norm to 3
// significant digits.
std::string shown(Figure figure, double value, Language language) {
    switch (figure) {
        case Figure::MeanCosine: return format_fixed(value, 2, language);
        case Figure::MeanNorm: return format_significant(value, 3, language);
        default: return format_count(static_cast<std::int64_t>(std::llround(value)), language);
    }
}

constexpr const char* kNarrow = "\u202F";  // narrow no-break space: the compact style's spaces

// A level's name, shortened for a narrow strip: « attention 2 » becomes « att 2 ».
std::string level_words(int index, int layers, Language language, bool brief) {
    std::string name = level_name(index, layers, language);
    if (brief && name.rfind("attention ", 0) == 0) name = "att " + name.substr(10);
    return name;
}

std::string label(const Badge& b, Language language, BadgeStyle style) {
    const bool brief = style != BadgeStyle::Full, compact = style == BadgeStyle::Compact || style == BadgeStyle::Ratio;
    auto measure = [&](const char* full_fr, const char* full_en, const char* brief_fr, const char* brief_en) {
        const std::string name = brief ? pick(language, brief_fr, brief_en) : pick(language, full_fr, full_en);
        if (compact && b.at_beads) return name;
        const std::string level = level_words(b.level_after, b.layers_after, language, brief);
        return compact ? name + " (" + level + ")" : name + ", " + level;
    };
    switch (b.figure) {
        case Figure::Blocks: return pick(language, "blocs", "blocks");
        case Figure::Total: return "total";
        case Figure::Attention:
            return compact ? "attention" : brief ? pick(language, "attention/bloc", "attention/block")
                                                 : pick(language, "attention par bloc", "attention per block");
        case Figure::Ffn:
            return compact ? "FFN" : brief ? pick(language, "FFN/bloc", "FFN/block") : pick(language, "FFN par bloc", "FFN per block");
        case Figure::MeanCosine: return measure("cos moyen", "mean cos", "cos", "cos");
        case Figure::MeanNorm: return measure("norme moyenne", "mean norm", "norme", "norm");
    }
    return {};
}

// « × 3 », « ÷ 5,6 »; nothing where a ratio says nothing: a cosine near 0 or changing sign.
std::string factor(const Badge& b, Language language) {
    if (b.figure == Figure::MeanCosine &&
        (std::abs(b.before) < 0.005 || std::abs(b.after) < 0.005 || (b.before < 0) != (b.after < 0)))
        return {};
    const std::string f = format_ratio(b.before, b.after, language);
    // « × 1 », « ÷ 1 » (a change under 5 %) say nothing the two figures do not: no factor.
    return f == "—" || f == "=" || f == "× 1" || f == "÷ 1" ? std::string() : f;
}

// Attention is 4d² + 4d: its d² term goes as (d_new / d_old)², the biases only as d. Written
// whenever d changed: « ; × 4 sur le terme d² ».
std::string square_term(const Badge& b, Language language) {
    if (b.figure != Figure::Attention || b.d_before <= 0 || b.d_after <= 0 || b.d_before == b.d_after) return {};
    const double d0 = b.d_before, d1 = b.d_after;
    return pick(language, " ; ", "; ") + format_ratio(d0 * d0, d1 * d1, language) +
           pick(language, " sur le terme d²", " on the d² term");
}

// The compact style's spaces: « × 3 » as « ×3 » with a narrow no-break space.
std::string narrow(std::string text) {
    for (const char* sign : {"× ", "÷ "}) {
        const std::string from = sign, to = std::string(sign, from.size() - 1) + kNarrow;
        for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    }
    return text;
}

}  // namespace

ComparedLevels compared_levels(const Trace& before, const Trace& after, int level) {
    const int top_after = static_cast<int>(after.levels.size()) - 1, top_before = static_cast<int>(before.levels.size()) - 1;
    if (top_after != top_before) return {std::max(0, top_before), std::max(0, top_after)};
    const int k = std::clamp(level, 0, std::max(0, top_after));
    return {k, k};
}

double mean_norm(const Matrix& vectors) {
    if (vectors.rows() == 0) return 0;
    return token_norms(vectors).mean();
}

std::vector<Badge> badges(const Trace& before, const Trace& after, int level) {
    std::vector<Badge> out;
    const ParameterBreakdown &p0 = before.parameters, &p1 = after.parameters;
    auto count = [&](Figure f, std::int64_t a, std::int64_t b) {
        if (a == b) return;
        Badge badge{f, static_cast<double>(a), static_cast<double>(b)};
        badge.d_before = before.settings.dimension;
        badge.d_after = after.settings.dimension;
        out.push_back(badge);
    };
    count(Figure::Blocks, p0.blocks, p1.blocks);
    count(Figure::Total, p0.total, p1.total);
    count(Figure::Attention, p0.attention_per_block, p1.attention_per_block);
    count(Figure::Ffn, p0.ffn_per_block, p1.ffn_per_block);
    if (before.levels.empty() || after.levels.empty()) return out;
    const ComparedLevels k = compared_levels(before, after, level);
    const Matrix& x0 = before.levels[static_cast<std::size_t>(k.before)].vectors;
    const Matrix& x1 = after.levels[static_cast<std::size_t>(k.after)].vectors;
    auto measured = [&](Figure f, double a, double b) {
        if (shown(f, a, Language::English) == shown(f, b, Language::English)) return;  // the same on screen
        Badge badge{f, a, b, k.before, k.after, after.settings.layers};
        badge.at_beads = k.after == std::clamp(level, 0, static_cast<int>(after.levels.size()) - 1);
        out.push_back(badge);
    };
    measured(Figure::MeanCosine, mean_pairwise_cosine(x0), mean_pairwise_cosine(x1));
    measured(Figure::MeanNorm, mean_norm(x0), mean_norm(x1));
    return out;
}

BadgeText badge_text(const Badge& b, Language language, BadgeStyle style) {
    BadgeText t;
    const std::string before = shown(b.figure, b.before, language), after = shown(b.figure, b.after, language);
    if (style == BadgeStyle::Compact || style == BadgeStyle::Ratio) {
        t.factor = narrow(factor(b, language));
        if (!t.factor.empty()) t.factor += square_term(b, language);
        t.head = label(b, language, style);
        if (style == BadgeStyle::Compact || t.factor.empty()) t.head += " " + before + kNarrow + "→" + kNarrow + after;
        t.open = " ", t.close = "";
        return t;
    }
    t.head = label(b, language, style) + pick(language, " : ", ": ") + before + " → " + after;
    t.factor = factor(b, language);
    if (!t.factor.empty()) t.factor += square_term(b, language);
    return t;
}

}  // namespace tb
