#pragma once
// What the screenshot checkers (gui_check, panel_check, teaching_check, compare_check) share: the
// PNG read into RGB bytes, colour comparison with a tolerance, the ok/FAIL lines and their count,
// and the sampling of a rectangle. Each checker keeps its own checks; link with stb.
#include <stb/stb_image.h>  // the code is in libstb

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands/commands.h"
#include "scene/layout.h"
#include "scene/palette.h"
#include "scene/screen.h"
#include "commands/session.h"

namespace tb::test {

struct Image {
    int w = 0, h = 0;
    std::vector<unsigned char> rgb;
    palette::Colour8 at(float x, float y) const {
        const int ix = std::clamp(static_cast<int>(x), 0, w - 1), iy = std::clamp(static_cast<int>(y), 0, h - 1);
        const unsigned char* p = &rgb[(static_cast<std::size_t>(iy) * static_cast<std::size_t>(w) + static_cast<std::size_t>(ix)) * 3];
        return {p[0], p[1], p[2]};
    }
};

// The PNG at `path` as RGB, or nothing (after saying so on stderr) when it cannot be read.
inline std::optional<Image> load_png(const char* path) {
    Image img;
    int channels = 0;
    unsigned char* data = stbi_load(path, &img.w, &img.h, &channels, 3);
    if (!data) {
        std::fprintf(stderr, "cannot read %s\n", path);
        return std::nullopt;
    }
    img.rgb.assign(data, data + static_cast<std::size_t>(img.w) * static_cast<std::size_t>(img.h) * 3);
    stbi_image_free(data);
    return img;
}

// The window's interface scale and body text at the picture's size (scene/screen.h: the text grows
// with the window), times `factor` (presenter mode's); ImGui's frame height is the text plus 2 × 3 px.
// (A factor above 1 is presenter mode's: capped by the height, presenter_text_px.)
inline float window_text_px(const Image& img, float factor = 1.f) {
    const float px = text_px(static_cast<float>(img.w), static_cast<float>(img.h), 1.f, factor);
    return factor > 1.f ? presenter_text_px(px, static_cast<float>(img.h), 1.f) : px;
}
inline float window_scale(const Image& img, float factor = 1.f) { return window_text_px(img, factor) / kBaseTextPx; }

inline bool near(palette::Colour8 a, palette::Colour8 b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

// The failed checks so far: the checker's exit status is 1 when there is any.
inline int failures = 0;
inline void check(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    failures += !ok;
}

// The last line and the exit status.
inline int verdict() {
    std::printf("%s\n", failures ? "picture check FAILED" : "picture check passed");
    return failures ? 1 : 0;
}

// The screenshot named first on the command line, its size checked (the tests' windows are
// 1600x900 unless TB_TEST_SIZE says otherwise). Exits with 2, after printing `usage` when there are fewer than `arguments` arguments
// or why the file cannot be read.
inline Image read_picture(int argc, char** argv, int arguments, const char* usage) {
    if (argc < arguments + 1) {
        std::fprintf(stderr, "usage: %s\n", usage);
        std::exit(2);
    }
    std::optional<Image> img = load_png(argv[1]);
    if (!img) std::exit(2);
    const char* asked = std::getenv("TB_TEST_SIZE");  // run_gui_test.cmake's SIZE
    const std::string expected = asked && *asked ? asked : "1600x900";
    const std::string got = std::to_string(img->w) + "x" + std::to_string(img->h);
    check(got == expected, "size " + expected + " (got " + got + ")");
    return std::move(*img);
}

#ifdef TB_ASSETS_DIR
// A session on the shipped vocabulary, as the window starts.
inline Session start_session() {
    return Session(std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt")));
}
#endif

// Runs the commands the window was given (run_script); false, after saying which, when one is
// refused: the checker exits with 2.
inline bool run_commands(CommandRegistry& registry, Session& session, const std::string& script) {
    for (const auto& r : run_script(registry, session, script))
        if (!r.ok) {
            std::fprintf(stderr, "command refused: %s\n", r.message.c_str());
            return false;
        }
    return true;
}

// Fraction of the pixels of `r` (sampled every 2 px) that match `c`.
inline double fraction(const Image& img, Rect r, palette::Colour8 c, int tolerance = 24) {
    int hit = 0, all = 0;
    for (float y = r.y; y <= r.bottom(); y += 2)
        for (float x = r.x; x <= r.right(); x += 2) hit += near(img.at(x, y), c, tolerance), ++all;
    return all ? static_cast<double>(hit) / all : 0;
}

inline std::string str(palette::Colour8 c) {
    return "(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

// The colour a box of this kind is drawn in.
inline palette::Colour8 expected_box_colour(BoxKind kind) {
    return kind == BoxKind::Input ? palette::kInput : kind == BoxKind::Attention ? palette::kAttention
                                                      : kind == BoxKind::Ffn     ? palette::kFfn
                                                                                 : palette::kOutput;
}

// A thin strip at the right end of a box, past its label (which ends 6 px before the box's edge),
// clear of the beads (however large), of the rounded corners and of the crossed box's outline:
// where the box's colour is sampled. (Labels may be as tall as their box: nothing above them.)
inline Rect box_strip(const Layout& layout, const Rect& box) {
    (void)layout;
    return {box.right() - 5.f, box.cy() - box.h * 0.2f, 2.f, std::max(1.f, box.h * 0.4f)};
}

// Whether any pixel within `reach` px left or right of the middle of `arc` has colour `c`.
inline bool arc_shows(const Image& img, const Arc& arc, palette::Colour8 c, float reach, int tolerance = 40) {
    const Point p = arc.at(0.5f);
    bool seen = false;
    for (float dx = -reach; dx <= reach; ++dx) seen = seen || near(img.at(p.x + dx, p.y), c, tolerance);
    return seen;
}

}  // namespace tb::test
