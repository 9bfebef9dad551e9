// gui_check PNG COMMANDS: reads a screenshot of transformer-bloc taken after COMMANDS, rebuilds
// the same state and layout (the functions the window uses), and checks colours where the
// elements must be, and where the elements of other states would be (so absence is checked too).
// Prints one line per check; exit status 1 when any fails.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "scene/animation.h"
#include "features/window_features.h"
#include "scene/colour.h"
#include "commands/commands.h"
#include "scene/layout.h"
#include "scene/palette.h"
#include "bead_check.h"
#include "picture_check.h"
#include "profile_check.h"
#include "scene/screen.h"
#include "commands/session.h"

namespace {

using namespace tb;
using namespace tb::test;

// Runs of `c` at least `min_len` pixels long down the column x, between y0 and y1.
int runs(const Image& img, float x, float y0, float y1, palette::Colour8 c, int min_len = 3) {
    int count = 0, length = 0;
    for (float y = y0; y <= y1; ++y) {
        if (near(img.at(x, y), c, 24)) ++length;
        else {
            count += length >= min_len;
            length = 0;
        }
    }
    return count + (length >= min_len);
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 2, "gui_check PNG COMMANDS");

    Session session = start_session();
    CommandRegistry registry;
    Features window(session, registry);  // the window's own commands too (/vue, /lecture, ...)
    window.install();
    for (const auto& line : split_script(argv[2]))  // as the window runs them: its features notice each
        if (!window.run(line).ok) return std::fprintf(stderr, "command refused: %s\n", line.c_str()), 2;
    const Trace& trace = *session.trace();
    const Settings& s = trace.settings;
    window.set_window(static_cast<float>(img.w), static_cast<float>(img.h), 1.f);
    const float scale = window.interface_scale();  // the text grows with the window (scene/screen.h)
    const ScreenLayout screen = screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), scale);
    const Rect stack = stack_area(screen.section, !window.caption().empty());  // below /melanger's card
    const Layout layout = make_layout(s, stack, scale);
    // A column between the beads and the labels: only boxes and bands cross it at rest.
    const float column = (layout.stream_x1 + layout.label_x) * 0.5f;
    const float top = stack.y, bottom = stack.bottom();

    // Boxes: each kind where the layout puts it, and the right number of them down the column
    // (/melanger's card is above them, clear of every box).
    for (const auto& box : layout.boxes) {
        const palette::Colour8 c = expected_box_colour(box.kind);
        const double f = fraction(img, box_strip(layout, box.rect), c);
        check(f > 0.9, "box of level " + std::to_string(box.level) + " has its colour " + str(c) + " (" +
                           std::to_string(static_cast<int>(f * 100)) + " %)");
    }
    check(runs(img, column, top, bottom, palette::kAttention) == s.layers, std::to_string(s.layers) + " blue attention boxes");
    check(runs(img, column, top, bottom, palette::kFfn) == s.layers, std::to_string(s.layers) + " pink FFN boxes");

    // Bands: where this norm mode puts them, and not where the other modes would.
    const int bands = runs(img, column, top, bottom, palette::kBand, 2);
    check(bands == static_cast<int>(layout.bands.size()), std::to_string(layout.bands.size()) + " grey bands (counted " +
                                                              std::to_string(bands) + ")");
    for (const Norm other : {Norm::Pre, Norm::Post}) {
        Settings alt = s;
        alt.norm = other;
        for (const auto& band : make_layout(alt, stack, scale).bands) {
            const bool expected = s.norm == other;
            const bool grey = near(img.at(column, band.rect.cy()), palette::kBand, 24);
            check(grey == expected, std::string(expected ? "grey" : "no grey") + " band of level " + std::to_string(band.level) +
                                        " in " + to_string(other) + " position");
        }
    }

    // Residual arcs: yellow at the middle of each arc when on; nothing there when off.
    Settings with_residual = s;
    with_residual.residual = true;
    for (const auto& arc : make_layout(with_residual, stack, scale).arcs) {
        const bool yellow = arc_shows(img, arc, palette::kResidual, 2);
        check(yellow == s.residual, std::string(s.residual ? "yellow" : "no yellow") + " residual arc of level " +
                                        std::to_string(arc.level));
    }

    check_beads(img, trace, layout, window.teaching().theme());
    if (window.teaching().theme() == Theme::Dark && !window.comparison().is_open() && !window.teaching().presenter())
        check_profile(img, screen.profile, trace, session.previous_trace().get(), window.playback().log_scale());
    return verdict();
}
