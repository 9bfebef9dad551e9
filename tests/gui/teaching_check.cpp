// teaching_check PNG COMMANDS [ACTIONS]: the lesson panel, presenter mode and the themes. Rebuilds
// the state the window had (channel commands through the core registry; /lecon, /presentateur and
// /theme through the window's own teaching feature), the same layout functions, and
// checks: the theme's background where the panels are, each box in its colour, the residual arcs
// in the theme's colour, the lesson panel written on, the formula's highlight only while the
// beads cross a term (a pinned "playhead X" among the actions), and nothing else on screen in
// presenter mode.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "model/formula.h"
#include "scene/layout.h"
#include "teaching/teaching.h"
#include "bead_check.h"
#include "picture_check.h"
#include "teaching_state.h"
#include "scene/screen.h"
#include "commands/session.h"
#include "scene/theme.h"

namespace {

using namespace tb;
using namespace tb::test;

std::string percent(double f) { return std::to_string(static_cast<int>(std::lround(f * 100))) + " %"; }


// The theme: the section and the panels in its colours; a light picture is light.
void check_theme(const Image& img, const ScreenLayout& screen, const Teaching& view) {
    const ThemeColours& theme = theme_colours(view.theme());
    const std::string theme_name = view.theme() == Theme::Light ? "light" : "dark";
    const double formula_bg = fraction(img, screen.formula, theme.section, 6);
    check(formula_bg > 0.6, "formula strip on the " + theme_name + " section colour " + str(theme.section) + " (" +
                                percent(formula_bg) + ")");
    const double profile_bg = fraction(img, screen.profile, theme.background, 6);
    check(profile_bg > 0.5, "profile on the " + theme_name + " background " + str(theme.background) + " (" +
                                percent(profile_bg) + ")");
    if (view.theme() != Theme::Light) return;
    double sum = 0;
    int count = 0;
    for (int y = 0; y < img.h; y += 4)
        for (int x = 0; x < img.w; x += 4, ++count) {
            const auto c = img.at(static_cast<float>(x), static_cast<float>(y));
            sum += 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
        }
    check(sum / count > 170, "light picture: mean luminance " + std::to_string(static_cast<int>(sum / count)) + " > 170");
}

// The boxes, each in its colour, where the layout puts them (a strip clear of beads); the
// section's own colour between them; the arcs in the theme's residual colour.
void check_stack(const Image& img, const Layout& layout, const Settings& s, const ThemeColours& theme) {
    for (const auto& box : layout.boxes) {
        const palette::Colour8 c = expected_box_colour(box.kind);
        const double f = fraction(img, box_strip(layout, box.rect), c);
        check(f > 0.9, "box of level " + std::to_string(box.level) + " in " + str(c) + " (" + percent(f) + ")");
    }
    if (layout.boxes.size() >= 2) {
        const Rect gap{layout.label_x, layout.boxes[1].rect.bottom() + 1, 30, 2};
        const bool band_below = s.norm == Norm::Pre;  // the pre-norm band sits just below the box
        if (!band_below)
            check(fraction(img, gap, theme.section, 6) > 0.9, "section background " + str(theme.section) + " between boxes");
    }
    for (const auto& arc : layout.arcs) {
        check(arc_shows(img, arc, theme.residual, 3),
              "residual arc of level " + std::to_string(arc.level) + " in " + str(theme.residual));
    }
    check(layout.arcs.empty() == !s.residual, "arcs drawn exactly when the residual is on");
}

// Presenter mode: the cross-section is the largest thing on screen, and its left margin (where
// the normal layout has its controls) holds nothing but the section's colour.
void check_presenter(const Image& img, const ScreenLayout& screen, const Layout& layout, const ThemeColours& theme, Theme which) {
    check(screen.section.w > 0.55f * static_cast<float>(img.w), "presenter: the cross-section takes most of the width");
    float left_most = screen.section.right();
    for (const auto& box : layout.boxes) left_most = std::min(left_most, box.rect.x);
    for (const auto& arc : layout.arcs)
        for (const Point& p : {arc.p0, arc.p1, arc.p2, arc.p3}) left_most = std::min(left_most, p.x);
    left_most -= layout.max_radius;  // a residual copy on the outermost lane reaches a bead's radius further
    const float below_caption = layout.caption.bottom();  // the phase's caption line spans the section
    const Rect margin{screen.section.x + 2, below_caption + 2, left_most - screen.section.x - 8,
                      screen.section.bottom() - below_caption - 4};
    if (margin.w >= 4) {
        const double f = fraction(img, margin, theme.section, 6);
        check(f > 0.97, "presenter: nothing but the section left of the stack (" + percent(f) + ")");
    }
    // The evidence the lesson cites stays: the mean-cosine line (side A's orange, scene/theme.h)
    // and the timeline with its current level's gold button (ui/timeline.cpp).
    const double cosine = fraction(img, screen.cosine, side_colour(ComparedSide::A, which), 40);
    check(cosine > 0.003, "presenter: the mean-cosine line is drawn (" + percent(cosine) + " of its plot)");
    const double here = fraction(img, screen.timeline, {242, 204, 77}, 40);
    check(here > 0.01, "presenter: the timeline shows the level reached (" + percent(here) + " gold)");
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 2, "teaching_check PNG COMMANDS [ACTIONS]");

    TeachingState state;
    Session& session = state.session;
    const Teaching& view = state.view;
    if (!run_commands(state.registry, session, argv[2])) return 2;
    const Trace& trace = *session.trace();
    const Settings& s = trace.settings;
    const std::optional<double> pin = pinned_playhead(argc, argv);
    const bool pinned = pin.has_value();
    const double playhead = pin.value_or(s.step);  // at rest, unless an action pinned it

    const float w = static_cast<float>(img.w), h = static_cast<float>(img.h);
    const bool lesson = view.lesson().is_open();
    // Presenter mode enlarges the type (Teaching::text_factor); the window's content scale is 1.
    const float scale = window_scale(img, view.text_factor());  // and the text grows with the window (scene/screen.h)
    const ScreenLayout screen = view.presenter() ? presenter_layout(w, h, scale, lesson) : screen_layout(w, h, scale, lesson);
    const ThemeColours& theme = theme_colours(view.theme());
    const Layout layout = make_layout(s, screen.section, scale);
    check_theme(img, screen, view);
    check_stack(img, layout, s, theme);

    // The formula's highlight: only while the beads cross a term.
    const int level = static_cast<int>(std::floor(playhead)) + 1;
    const float phase = static_cast<float>(playhead - std::floor(playhead));
    const Term term = pinned ? active_term(s, level, phase) : Term::None;
    const double lit = fraction(img, screen.formula, theme.highlight, 12);
    check((lit > 0.01) == (term != Term::None), std::string("formula highlight ") + (term != Term::None ? "shown" : "absent") +
                                                    " (" + percent(lit) + " of the strip)");

    // The lesson panel: on the background, written on (text, buttons).
    if (lesson) {
        const double bg = fraction(img, screen.lesson, theme.background, 6);
        check(bg > 0.4 && bg < 0.97, "lesson panel on the background and written on (" + percent(bg) + " background)");
        const double ink = fraction(img, screen.lesson, theme.text, 90);
        check(ink > 0.01, "lesson text in " + str(theme.text) + " (" + percent(ink) + ")");
    }
    if (view.presenter()) check_presenter(img, screen, layout, theme, view.theme());
    if (!pinned) check_beads(img, *session.trace(), layout, view.theme());  // the beads at rest
    return verdict();
}
