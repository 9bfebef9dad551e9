#include "scene/badge_strip.h"

#include <algorithm>
#include <cmath>

#include "scene/similarity.h"

namespace tb {
namespace {

constexpr float kMinPx = kMinTextPx;  // smaller text would not be read: such a badge is left out

struct Metrics {
    float pad, gap, row_h, pill_h;
};

Metrics metrics(const Rect& strip, int rows, float px) {
    const float row_h = strip.h / static_cast<float>(rows);
    return {px * 0.55f, px * 0.5f, row_h, std::min(row_h * 0.86f, px * 1.5f)};
}

// The pills in order, row after row, each as wide as its text; false when one would not fit in
// `rows` rows (with `skip`, it is left out instead, and the next ones still try).
bool flow(const Rect& strip, const std::vector<BadgeText>& texts, const std::vector<float>& widths, float px, int rows,
          bool skip, std::vector<Pill>& out) {
    out.clear();
    const Metrics m = metrics(strip, rows, px);
    int row = 0;
    float x = strip.x + m.gap;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const float w = widths[i] + 2 * m.pad;
        if (x + w > strip.right() - m.gap && x > strip.x + m.gap) ++row, x = strip.x + m.gap;  // next row
        if (row >= rows || x + w > strip.right() - m.gap) {
            if (!skip) return false;
            if (row >= rows) return true;
            continue;  // too wide even alone on its row
        }
        const float y = strip.y + m.row_h * static_cast<float>(row) + (m.row_h - m.pill_h) * 0.5f;
        Pill p;
        p.rect = {x, y, w, m.pill_h};
        p.text = texts[i];
        p.badge = i;
        p.text_x = x + m.pad;
        p.text_top = y + (m.pill_h - px) * 0.5f;
        out.push_back(std::move(p));
        x += w + m.gap;
    }
    return true;
}

std::vector<float> widths_of(const std::vector<BadgeText>& texts, float px, const TextMeasure& measure) {
    std::vector<float> w;
    for (const BadgeText& t : texts) w.push_back(measure(t.full(), px) + 1.f);  // + 1: the bold factor
    return w;
}

// The styles tried in turn: every badge full, then brief, then compact; then the ratio alone,
// badge by badge from the least telling (the total) to the most (attention, whose d² term is what
// /dimension 16 is about), so the figure a change is about keeps its old → new longest.
std::vector<std::vector<BadgeStyle>> style_steps(const std::vector<Badge>& badges) {
    const std::size_t n = badges.size();
    std::vector<std::vector<BadgeStyle>> steps;
    for (const BadgeStyle s : {BadgeStyle::Full, BadgeStyle::Brief, BadgeStyle::Compact}) steps.emplace_back(n, s);
    std::vector<BadgeStyle> styles(n, BadgeStyle::Compact);
    for (const Figure f : {Figure::Total, Figure::MeanNorm, Figure::MeanCosine, Figure::Ffn, Figure::Blocks, Figure::Attention})
        for (std::size_t i = 0; i < n; ++i)
            if (badges[i].figure == f) {
                styles[i] = BadgeStyle::Ratio;
                steps.push_back(styles);
            }
    return steps;
}

BadgeStrip with_styles(BadgeStrip strip, const std::vector<BadgeStyle>& styles) {
    for (Pill& p : strip.pills) p.style = styles[p.badge];
    return strip;
}

}  // namespace

std::vector<Badge> shown_badges(const Trace* previous, const Trace& trace, double playhead) {
    if (!previous) return {};
    return badges(*previous, trace, similarity_level(trace, playhead));
}

BadgeStrip badge_strip(const Rect& strip, const std::vector<Badge>& badges, float scale, Language language,
                       const TextMeasure& measure) {
    if (badges.empty() || strip.empty() || !measure || !(scale > 0)) return {};
    const int max_rows = std::clamp(static_cast<int>(strip.h / std::max(20.f * scale, kMinTextPx / 0.62f)), 1, 3);  // rows of 16 px text
    const float ceiling = std::max(kMinTextPx, 16.f * scale), readable = kMinTextPx;
    BadgeStrip largest;
    std::vector<Pill> pills;
    // The fullest styles whose text is readable; else those with the largest text.
    for (const std::vector<BadgeStyle>& styles : style_steps(badges)) {
        std::vector<BadgeText> texts;
        for (std::size_t i = 0; i < badges.size(); ++i) texts.push_back(badge_text(badges[i], language, styles[i]));
        BadgeStrip best;
        for (int rows = 1; rows <= max_rows; ++rows)  // the largest text that fits, in steps of 6 %
            for (float px = std::min(strip.h / static_cast<float>(rows) * 0.62f, ceiling); px >= kMinPx; px *= 0.94f)
                if (flow(strip, texts, widths_of(texts, px, measure), px, rows, false, pills)) {
                    if (px > best.text_px) best = {pills, px};
                    break;
                }
        if (!best.pills.empty() && best.text_px >= readable) return with_styles(best, styles);
        if (best.text_px > largest.text_px) largest = with_styles(best, styles);
    }
    if (!largest.pills.empty()) return largest;
    // Nothing fits whole even at the smallest text: the badges that fit, never clipped.
    const std::vector<BadgeStyle> ratio(badges.size(), BadgeStyle::Ratio);
    std::vector<BadgeText> texts;
    for (const Badge& b : badges) texts.push_back(badge_text(b, language, BadgeStyle::Ratio));
    const float px = std::min(kMinPx, strip.h / static_cast<float>(max_rows) * 0.62f);
    if (px < kMinTextPx - 0.01f) return {};  // a strip too small to read (a 200x150 window): nothing
    flow(strip, texts, widths_of(texts, px, measure), px, max_rows, true, pills);
    return with_styles({pills, px}, ratio);
}

}  // namespace tb
