// compare_check PNG: reads a screenshot taken after "/comparer on; /b /residuel off" and checks
// the A/B split where the layout functions put it: both stacks' boxes in their colours, the
// yellow residual arcs beside the left stack (A, residual on) and none beside the right (B, off).
// Exit status 1 when any check fails.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "scene/layout.h"
#include "scene/palette.h"
#include "picture_check.h"
#include "scene/screen.h"

namespace {

using namespace tb;
using namespace tb::test;

// Yellow pixels along the middle of every arc the layout would draw with the residual on.
int yellow_arcs(const Image& img, Settings s, const Rect& area, float scale) {
    s.residual = true;
    int found = 0;
    for (const auto& arc : make_layout(s, area, scale).arcs) found += arc_shows(img, arc, palette::kResidual, 2);
    return found;
}

}  // namespace

int main(int argc, char** argv) {
    const Image img = read_picture(argc, argv, 1, "compare_check PNG");

    Settings a;  // the start-up state
    Settings b = a;
    b.residual = false;
    const float scale = window_scale(img);  // the text grows with the window (scene/screen.h)
    const ScreenLayout screen = comparison_screen(screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), scale), scale);
    const ComparisonLayout split = comparison_layout(screen, scale);
    check(split.a.right() <= split.b.x, "A left of B, apart");

    const struct {
        const char* side;
        Settings s;
        Rect area;
    } sides[] = {{"A", a, split.a}, {"B", b, split.b}};
    for (const auto& side : sides) {
        const Layout layout = make_layout(side.s, side.area, scale);
        for (const auto& box : layout.boxes) {
            const double f = fraction(img, box_strip(layout, box.rect), expected_box_colour(box.kind));
            check(f > 0.8, std::string(side.side) + ": box of level " + std::to_string(box.level) + " in its colour (" +
                               std::to_string(static_cast<int>(f * 100)) + " %)");
        }
    }
    const int arcs = static_cast<int>(make_layout(a, split.a, scale).arcs.size());
    check(arcs == 2 * a.layers, "A has " + std::to_string(2 * a.layers) + " arcs in its layout");
    const int on_a = yellow_arcs(img, a, split.a, scale), on_b = yellow_arcs(img, b, split.b, scale);
    check(on_a == arcs, "A (residual on): yellow arcs " + std::to_string(on_a) + "/" + std::to_string(arcs));
    check(on_b == 0, "B (residual off): no yellow arc (found " + std::to_string(on_b) + ")");
    return failures ? 1 : 0;
}
