#pragma once
// The beads in a screenshot, against the records the window drew them from (scene/animation.h):
// each sector of a bead at rest shows its component's colour on the one scale, a trail the same
// colours mixed towards the section's background, a bead's outline its token's identity colour;
// the two « le » identical without positions, different with them where the model's differ.
#include <cmath>
#include <string>
#include <vector>

#include "picture_check.h"
#include "scene/animation.h"
#include "scene/theme.h"

namespace tb::test {

inline palette::Colour8 to8(Rgb c) {
    auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.f, 1.f) * 255)); };
    return {byte(c.r), byte(c.g), byte(c.b)};
}

// The sectors' colours of `b` as drawn (sampled halfway out along each sector's middle, from
// twelve o'clock clockwise) and as expected; empty when the bead is too small to read.
inline void sample_sectors(const Image& img, const BeadRecord& b, Rgb ground, std::vector<palette::Colour8>& seen,
                           std::vector<palette::Colour8>& wanted) {
    const float rho = b.radius * 0.5f;
    if (b.radius < 7 || b.cue.size == 0 || std::abs(rho - b.reference_radius) < 2.5f) return;  // the ring crosses
    for (int j = 0; j < b.cue.size; ++j) {
        const float theta = 6.2831853f * (static_cast<float>(j) + 0.5f) / static_cast<float>(b.cue.size);
        seen.push_back(img.at(b.x + rho * std::sin(theta), b.y - rho * std::cos(theta)));
        wanted.push_back(to8(lerp(ground, cue_colour(b.cue.cell[static_cast<std::size_t>(j)]), b.alpha)));
    }
}

inline void check_beads(const Image& img, const Trace& trace, const Layout& layout, Theme theme) {
    const palette::Colour8 section = theme_colours(theme).section;
    const Rgb ground{section.r / 255.f, section.g / 255.f, section.b / 255.f};
    const FrameRecords frame = animate(trace, layout, trace.settings.step, {});
    std::vector<std::vector<palette::Colour8>> seen(static_cast<std::size_t>(trace.token_count())), wanted(seen);
    int trails = 0;
    for (const auto& b : frame.beads) {
        if (b.role == BeadRole::Input) continue;  // a box's input lies under the rows, partly covered
        std::vector<palette::Colour8> pixels, expected;
        sample_sectors(img, b, ground, pixels, expected);
        const std::string what = std::string(b.role == BeadRole::Trail ? "trail" : "bead") + " « " + b.label + " » level " +
                                 std::to_string(b.level);
        for (std::size_t j = 0; j < pixels.size(); ++j)
            check(near(pixels[j], expected[j], 14), what + " sector " + std::to_string(j) + ": " + str(pixels[j]) + " ≈ " + str(expected[j]));
        trails += b.role == BeadRole::Trail && !pixels.empty();
        if (b.role != BeadRole::Bead) continue;
        seen[static_cast<std::size_t>(b.token)] = pixels;
        wanted[static_cast<std::size_t>(b.token)] = expected;
        // The identity outline, just outside the disc, at twelve o'clock (clear of the dashed ring
        // and of the neighbours).
        const float outline = std::clamp(b.radius * 0.2f, 1.5f, 3.f);
        if (outline >= 2.f && std::abs(b.radius - b.reference_radius) > 4.f && b.clamped == 0) {
            const palette::Colour8 pixel = img.at(b.x, b.y - b.radius - outline * 0.5f);
            check(near(pixel, to8(b.outline), 30), what + " outline " + str(pixel) + " ≈ identity " + str(to8(b.outline)));
        }
    }
    if (trace.settings.step > 0) check(trails > 0, "trails read at the levels passed (" + std::to_string(trails) + ")");
    // The two « le »: identical without positions; with them, different wherever the model's
    // sectors differ clearly (after a collapse they may be near: then nothing is asserted).
    int first = -1, second = -1;
    for (int i = 0; i < trace.token_count(); ++i)
        for (int k = i + 1; k < trace.token_count() && first < 0; ++k)
            if (trace.tokens[static_cast<std::size_t>(i)].word == trace.tokens[static_cast<std::size_t>(k)].word) first = i, second = k;
    if (first < 0 || seen[static_cast<std::size_t>(first)].empty() || seen[static_cast<std::size_t>(first)].size() != seen[static_cast<std::size_t>(second)].size()) return;
    const auto& a = seen[static_cast<std::size_t>(first)], &b = seen[static_cast<std::size_t>(second)];
    const auto& wa = wanted[static_cast<std::size_t>(first)], &wb = wanted[static_cast<std::size_t>(second)];
    bool same = true, model_same = true;
    for (std::size_t j = 0; j < a.size(); ++j) same = same && near(a[j], b[j], 8), model_same = model_same && near(wa[j], wb[j], 20);
    const bool bag = trace.settings.position == Position::None && trace.settings.mask == Mask::None;
    if (bag || !model_same)
        check(same == bag, "the two « " + trace.tokens[static_cast<std::size_t>(first)].word + " » " + (same ? "identical" : "different"));
    else
        std::printf("skip the two « %s »: the model gives them near sectors\n", trace.tokens[static_cast<std::size_t>(first)].word.c_str());
}

}  // namespace tb::test
