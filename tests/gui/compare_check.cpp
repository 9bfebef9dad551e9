// compare_check PNG: reads a screenshot taken after "/comparer on; /b /residuel off" and checks
// the A/B split where the layout functions put it: both stacks' boxes in their colours, the
// yellow residual arcs beside the left stack (A, residual on) and none beside the right (B, off).
// Exit status 1 when any check fails.
#include <stb/stb_image.h>  // the code is in libstb

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "comparison.h"
#include "layout.h"
#include "palette.h"
#include "screen.h"

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

palette::Colour8 box_colour(BoxKind kind) {
    return kind == BoxKind::Input ? palette::kInput : kind == BoxKind::Attention ? palette::kAttention
                                                      : kind == BoxKind::Ffn     ? palette::kFfn
                                                                                 : palette::kOutput;
}

// Yellow pixels along the middle of every arc the layout would draw with the residual on.
int yellow_arcs(const Image& img, Settings s, const Rect& area) {
    s.residual = true;
    int found = 0;
    for (const auto& arc : make_layout(s, area).arcs) {
        const Point p = arc.at(0.5f);
        bool yellow = false;
        for (float dx = -2; dx <= 2; ++dx) yellow = yellow || near(img.at(p.x + dx, p.y), palette::kResidual, 40);
        found += yellow;
    }
    return found;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: compare_check PNG\n");
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

    Settings a;  // the start-up state
    Settings b = a;
    b.residual = false;
    const ScreenLayout screen = screen_layout(static_cast<float>(img.w), static_cast<float>(img.h), 1.f);
    const ComparisonLayout split = comparison_layout(screen, 1.f);
    check(split.a.right() <= split.b.x, "A left of B, apart");

    const struct {
        const char* side;
        Settings s;
        Rect area;
    } sides[] = {{"A", a, split.a}, {"B", b, split.b}};
    for (const auto& side : sides) {
        const Layout layout = make_layout(side.s, side.area);
        for (const auto& box : layout.boxes) {
            const Rect strip{layout.stream_x0 + 4, box.rect.y + box.rect.h * 0.08f, layout.stream_x1 - layout.stream_x0 - 8,
                             box.rect.h * 0.12f};
            const double f = fraction(img, strip, box_colour(box.kind));
            check(f > 0.8, std::string(side.side) + ": box of level " + std::to_string(box.level) + " in its colour (" +
                               std::to_string(static_cast<int>(f * 100)) + " %)");
        }
    }
    const int arcs = static_cast<int>(make_layout(a, split.a).arcs.size());
    check(arcs == 2 * a.layers, "A has " + std::to_string(2 * a.layers) + " arcs in its layout");
    const int on_a = yellow_arcs(img, a, split.a), on_b = yellow_arcs(img, b, split.b);
    check(on_a == arcs, "A (residual on): yellow arcs " + std::to_string(on_a) + "/" + std::to_string(arcs));
    check(on_b == 0, "B (residual off): no yellow arc (found " + std::to_string(on_b) + ")");
    return failures ? 1 : 0;
}
