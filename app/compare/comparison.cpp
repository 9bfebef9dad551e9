#include "compare/comparison.h"

#include <algorithm>

#include "commands/recipes.h"
#include "model/settings_table.h"
#include "text/text.h"

namespace tb {

ComparisonLabels comparison_labels(const Settings& a, const Settings& b, const Overrides& o, Language language) {
    // Two blocks of seed 002's table side by side: their names say it all (the list would not fit).
    const std::optional<Recipe> recipe_a = recipe_of(a), recipe_b = recipe_of(b);
    const std::string recipe = tr(language, "recette ", "recipe ");
    if (recipe_a && recipe_b && *recipe_a != *recipe_b) {
        const std::string la = "A — " + recipe + to_string(*recipe_a), lb = "B — " + recipe + to_string(*recipe_b);
        return {la, lb, la, lb};
    }
    const std::string differs = describe(b, o);
    if (differs.empty()) {
        const std::string same = std::string("B — ") + tr(language, "identique à A (/b pour changer)", "same as A (/b to change)");
        return {"A", same, "A", same};
    }
    return {"A — " + describe(a, o), "B — " + differs, "A — " + describe(a, o, false), "B — " + describe(b, o, false)};
}

ComparisonLayout comparison_layout(const ScreenLayout& screen, float scale) {
    scale = std::clamp(scale, 0.5f, 4.f);
    const Rect& s = screen.section;
    ComparisonLayout c;
    // The halves touch (a gap would show the window's clear colour); B draws a separator line.
    const float gap = 0;
    const float half = std::max(0.f, (s.w - gap) * 0.5f);
    const float label = std::min(s.h * 0.12f, 44.f * scale);  // two lines of body text (ui/comparison_view.cpp)
    const float body = std::max(0.f, s.h - label);
    c.label_a = {s.x, s.y, half, label};
    c.label_b = {s.x + half + gap, s.y, half, label};
    c.a = {s.x, s.y + label, half, body};
    c.b = {s.x + half + gap, s.y + label, half, body};
    return c;
}

ScreenLayout comparison_screen(ScreenLayout s, float scale) {
    const float need = 4.f * kMinTextPx * std::max(1.f, scale) * 1.04f / 0.92f + 4.f;  // formula_strip.cpp's lines
    const float grow = std::clamp(need - s.formula.h, 0.f, s.section.h * 0.2f);
    s.formula.h += grow;
    s.badges.y += grow;
    s.section.y += grow;
    s.section.h -= grow;
    return s;
}

}  // namespace tb
