// teaching_check PNG COMMANDS [ACTIONS]: the lesson panel, presenter mode and the themes. Rebuilds
// the state the window had (channel commands through the core registry; /lecon through the same
// LessonPlayer the App uses; /presentateur and /theme noted), the same layout functions, and
// checks: the theme's background where the panels are, each box in its colour, the residual arcs
// in the theme's colour, the lesson panel written on, the formula's highlight only while the
// beads cross a term (a pinned "playhead X" among the actions), and nothing else on screen in
// presenter mode.
#include <stb/stb_image.h>  // the code is in libstb

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "formula.h"
#include "layout.h"
#include "lesson_player.h"
#include "screen.h"
#include "session.h"
#include "theme.h"
#include "utf8.h"

namespace {

using namespace tb;

struct Image {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;
    palette::Colour8 at(float x, float y) const {
        const int ix = std::clamp(static_cast<int>(x), 0, w - 1), iy = std::clamp(static_cast<int>(y), 0, h - 1);
        const unsigned char* p = &rgb[(static_cast<std::size_t>(iy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(ix)) * 3];
        return {p[0], p[1], p[2]};
    }
};

bool near(palette::Colour8 a, palette::Colour8 b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

int failures = 0;
void check(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    failures += !ok;
}

double fraction(const Image& img, Rect r, palette::Colour8 c, int tolerance = 24) {
    int hit = 0, all = 0;
    for (float y = r.y; y <= r.bottom(); y += 2)
        for (float x = r.x; x <= r.right(); x += 2) hit += near(img.at(x, y), c, tolerance), ++all;
    return all ? static_cast<double>(hit) / all : 0;
}

std::string percent(double f) { return std::to_string(static_cast<int>(std::lround(f * 100))) + " %"; }

std::string str(palette::Colour8 c) {
    return "(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

// The window's view commands, as far as the picture depends on them.
struct View {
    bool presenter = false;
    Theme theme = Theme::Dark;
    LessonPlayer lesson;
};

void add_view_commands(CommandRegistry& registry, View& view) {
    registry.add({"presentateur", "", "", {}, [&view](Session&, const std::string& a) {
                      view.presenter = utf8::fold(a) == "on";
                      return CommandResult{};
                  }});
    registry.add({"theme", "", "", {}, [&view](Session&, const std::string& a) {
                      view.theme = utf8::fold(a) == "clair" ? Theme::Light : Theme::Dark;
                      return CommandResult{};
                  }});
    registry.add({"lecon", "", "", {}, [&view, &registry](Session& session, const std::string& a) {
                      const std::string verb = utf8::fold(a.substr(0, a.find(' ')));
                      std::vector<std::string> lines;
                      if (verb == "ouvrir") {
                          const std::string name = a.substr(a.find(' ') + 1);
                          const LessonParse p = read_lesson_file(TB_ASSETS_DIR "/lessons/" + name + ".txt", CommandRegistry{}, session);
                          if (!p.ok()) return CommandResult{false, p.error.message};
                          lines = view.lesson.open(*p.lesson, name);
                      } else if (verb == "suivant") {
                          lines = view.lesson.next();
                      } else if (verb == "precedent") {
                          lines = view.lesson.previous();
                      } else if (verb == "reveler") {
                          lines = view.lesson.reveal();
                      } else if (verb == "fermer") {
                          view.lesson.close();
                      }
                      for (const auto& l : lines)
                          if (!registry.execute(session, l).ok) return CommandResult{false, "refused: " + l};
                      return CommandResult{};
                  }});
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: teaching_check PNG COMMANDS [ACTIONS]\n");
        return 2;
    }
    Image img;
    int channels = 0;
    unsigned char* data = stbi_load(argv[1], &img.w, &img.h, &channels, 3);
    if (!data) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    img.rgb.assign(data, data + static_cast<std::size_t>(img.w) * static_cast<std::size_t>(img.h) * 3);
    stbi_image_free(data);
    check(img.w == 1600 && img.h == 900, "size 1600x900");

    const auto vocabulary = std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    Session session(vocabulary);
    CommandRegistry registry;
    View view;
    add_view_commands(registry, view);
    for (const auto& r : run_script(registry, session, argv[2]))
        if (!r.ok) {
            std::fprintf(stderr, "command refused: %s\n", r.message.c_str());
            return 2;
        }
    const Trace& trace = *session.trace();
    const Settings& s = trace.settings;
    double playhead = s.step;  // at rest, unless an action pinned it
    bool pinned = false;
    if (argc > 3)
        for (const auto& action : split_script(argv[3]))
            if (action.rfind("playhead ", 0) == 0) playhead = std::atof(action.c_str() + 9), pinned = true;

    const float w = static_cast<float>(img.w), h = static_cast<float>(img.h);
    const bool lesson = view.lesson.is_open();
    // Presenter mode enlarges the type 1.5 times (App::font_scale); the window's content scale is 1.
    const ScreenLayout screen = view.presenter ? presenter_layout(w, h, 1.5f, lesson) : screen_layout(w, h, 1.f, lesson);
    const ThemeColours& theme = theme_colours(view.theme);
    const std::string theme_name = view.theme == Theme::Light ? "light" : "dark";

    // The theme: the section and the panels in its colours.
    const double formula_bg = fraction(img, screen.formula, theme.section, 6);
    check(formula_bg > 0.6, "formula strip on the " + theme_name + " section colour " + str(theme.section) + " (" +
                                percent(formula_bg) + ")");
    const double profile_bg = fraction(img, screen.profile, theme.background, 6);
    check(profile_bg > 0.5, "profile on the " + theme_name + " background " + str(theme.background) + " (" +
                                percent(profile_bg) + ")");
    if (view.theme == Theme::Light) {
        double sum = 0;
        int count = 0;
        for (int y = 0; y < img.h; y += 4)
            for (int x = 0; x < img.w; x += 4, ++count) {
                const auto c = img.at(static_cast<float>(x), static_cast<float>(y));
                sum += 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
            }
        check(sum / count > 170, "light picture: mean luminance " + std::to_string(static_cast<int>(sum / count)) + " > 170");
    }

    // The boxes, each in its colour, where the layout puts them (a strip clear of beads).
    const Layout layout = make_layout(s, screen.section);
    for (const auto& box : layout.boxes) {
        const palette::Colour8 c = box.kind == BoxKind::Input       ? palette::kInput
                                   : box.kind == BoxKind::Attention ? palette::kAttention
                                   : box.kind == BoxKind::Ffn       ? palette::kFfn
                                                                    : palette::kOutput;
        const Rect strip{layout.stream_x0 + 4, box.rect.y + box.rect.h * 0.08f, layout.stream_x1 - layout.stream_x0 - 8,
                         box.rect.h * 0.12f};
        const double f = fraction(img, strip, c);
        check(f > 0.9, "box of level " + std::to_string(box.level) + " in " + str(c) + " (" + percent(f) + ")");
    }
    // Between the boxes, the section's own colour (the theme reaches the cross-section).
    if (layout.boxes.size() >= 2) {
        const Rect gap{layout.label_x, layout.boxes[1].rect.bottom() + 1, 30, 2};
        const bool band_below = s.norm == Norm::Pre;  // the pre-norm band sits just below the box
        if (!band_below)
            check(fraction(img, gap, theme.section, 6) > 0.9, "section background " + str(theme.section) + " between boxes");
    }
    for (const auto& arc : layout.arcs) {
        const Point p = arc.at(0.5f);
        bool seen = false;
        for (float dx = -3; dx <= 3; ++dx) seen = seen || near(img.at(p.x + dx, p.y), theme.residual, 40);
        check(seen, "residual arc of level " + std::to_string(arc.level) + " in " + str(theme.residual));
    }
    check(layout.arcs.empty() == !s.residual, "arcs drawn exactly when the residual is on");

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

    // Presenter mode: the cross-section is the largest thing on screen, and its left margin (where
    // the normal layout has its controls) holds nothing but the section's colour.
    if (view.presenter) {
        check(screen.section.w > 0.55f * w, "presenter: the cross-section takes most of the width");
        float left_most = screen.section.right();
        for (const auto& box : layout.boxes) left_most = std::min(left_most, box.rect.x);
        for (const auto& arc : layout.arcs)
            for (const Point& p : {arc.p0, arc.p1, arc.p2, arc.p3}) left_most = std::min(left_most, p.x);
        const Rect margin{screen.section.x + 2, screen.section.y + 2, left_most - screen.section.x - 8, screen.section.h - 4};
        if (margin.w >= 4) {
            const double f = fraction(img, margin, theme.section, 6);
            check(f > 0.97, "presenter: nothing but the section left of the stack (" + percent(f) + ")");
        }
    }
    std::printf("%s\n", failures ? "picture check FAILED" : "picture check passed");
    return failures ? 1 : 0;
}
