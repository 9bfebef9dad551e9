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
#include "window_features.h"
#include "scene/colour.h"
#include "commands.h"
#include "scene/layout.h"
#include "scene/palette.h"
#include "picture_check.h"
#include "scene/screen.h"
#include "session.h"

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
    if (!run_commands(registry, session, argv[2])) return 2;
    const Trace& trace = *session.trace();
    const Settings& s = trace.settings;
    const ScreenLayout screen = screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), 1.f);
    const Layout layout = make_layout(s, screen.section);
    // A column between the beads and the labels: only boxes and bands cross it at rest.
    const float column = (layout.stream_x1 + layout.label_x) * 0.5f;
    const float top = screen.section.y, bottom = screen.section.bottom();

    // Boxes: each kind where the layout puts it, and the right number of them down the column.
    for (const auto& box : layout.boxes) {
        const palette::Colour8 c = box_colour(box.kind);
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
        for (const auto& band : make_layout(alt, screen.section).bands) {
            const bool expected = s.norm == other;
            const bool grey = near(img.at(column, band.rect.cy()), palette::kBand, 24);
            check(grey == expected, std::string(expected ? "grey" : "no grey") + " band of level " + std::to_string(band.level) +
                                        " in " + to_string(other) + " position");
        }
    }

    // Residual arcs: yellow at the middle of each arc when on; nothing there when off.
    Settings with_residual = s;
    with_residual.residual = true;
    for (const auto& arc : make_layout(with_residual, screen.section).arcs) {
        const bool yellow = arc_shows(img, arc, palette::kResidual, 2);
        check(yellow == s.residual, std::string(s.residual ? "yellow" : "no yellow") + " residual arc of level " +
                                        std::to_string(arc.level));
    }

    // Beads at rest at the step: each sector shows its component's colour on the one scale
    // (sampled halfway out along the sector's middle, from twelve o'clock clockwise).
    const FrameRecords frame = animate(trace, layout, s.step, {});
    // By token: empty where the bead is too small to read.
    std::vector<std::vector<palette::Colour8>> seen(static_cast<std::size_t>(trace.token_count())), wanted(seen);
    for (const auto& b : frame.beads) {
        if (b.role != BeadRole::Bead || b.radius < 7 || b.cue.size == 0) continue;  // too small to read sectors
        const float rho = b.radius * 0.5f;
        if (std::abs(rho - b.reference_radius) < 2.5f) continue;  // the dashed ring would cross the sample
        std::vector<palette::Colour8> pixels, expected;
        for (int j = 0; j < b.cue.size; ++j) {
            const float theta = 6.2831853f * (static_cast<float>(j) + 0.5f) / static_cast<float>(b.cue.size);
            pixels.push_back(img.at(b.x + rho * std::sin(theta), b.y - rho * std::cos(theta)));
            const Rgb c = cue_colour(b.cue.cell[static_cast<std::size_t>(j)]);
            auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.f, 1.f) * 255)); };
            expected.push_back({byte(c.r), byte(c.g), byte(c.b)});
            check(near(pixels.back(), expected.back(), 14), "bead « " + b.label + " » sector " + std::to_string(j) + ": " +
                                                                 str(pixels.back()) + " ≈ " + str(expected.back()));
        }
        seen[static_cast<std::size_t>(b.token)] = pixels;
        wanted[static_cast<std::size_t>(b.token)] = expected;
    }
    // The two « le »: identical beads without positions; with them, different wherever the model's
    // sectors differ clearly (after a collapse they may be near: then nothing is asserted).
    if (seen.size() >= 4 && !seen[0].empty() && seen[0].size() == seen[3].size() && trace.tokens[0].word == trace.tokens[3].word) {
        bool same = true, model_same = true;
        for (std::size_t j = 0; j < seen[0].size(); ++j) {
            same = same && near(seen[0][j], seen[3][j], 8);
            model_same = model_same && near(wanted[0][j], wanted[3][j], 20);
        }
        if (s.position == Position::None || !model_same)
            check(same == (s.position == Position::None), std::string("the two « ") + trace.tokens[0].word + " » " +
                                                              (same ? "identical" : "different"));
        else
            std::printf("skip the two « le »: the model gives them near sectors\n");
    }
    return verdict();
}
