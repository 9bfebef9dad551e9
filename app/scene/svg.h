#pragma once
// The cross-section as SVG (shared/spec/cli.md, "The cross-section as SVG"): the picture as drawn
// at the end of the animation (the --screenshot instant: the playhead at the step, at rest), from
// the same records the window draws (make_layout, animate), in window pixels, so that anyone can
// check it against the trace. Pure: no GL, GLFW or ImGui; a string in, a string out.
//
// What a reader finds (every element that carries data-* has no transform; colours #rrggbb in
// fill or stroke; faintness only through opacity):
//   <svg viewBox="0 0 W H" data-area-per-norm data-norm-min data-norm-max>   (side A's scale)
//   per side (A/B: a <g data-side="a|b"> with that side's own scale, every element data-side):
//     the section's background rect (no data-*);
//     boxes   <rect data-part="input|attention|ffn|output" data-level>
//     bands   <rect data-part="norm" data-level data-placement="pre|post" data-norm-type>
//     arcs    <path data-part="residual" data-level> (cubic Bézier), then each ⊕ (no data-*);
//     trails, then beads: <circle data-role="trail|bead" data-token data-level data-norm
//             [data-clamped="low|high"] r fill stroke>, its d <path data-part="direction"
//             data-component> sectors from twelve o'clock clockwise, its <circle
//             data-part="reference"> dashed √d ring;
//     the link between the two beads of the first repeated word, at the input and where the beads
//             rest: <g data-part="twin-link" data-level data-tokens="i j" data-cosine> (its arch,
//             its pill, « cos 0,79 » on it; scene/twin_link.h);
//     a generation told (scene/decode.h), beside each attention box: <g data-part="kv-cache"
//             data-level data-layer data-rows data-kv-heads data-cache="on|off">, in it one <g
//             data-part="kv-row" data-position [data-fresh]> a position held, its <rect data-part=
//             "kv-cell" data-kind="k|v" data-head> cells and its <rect data-part="query-weight"
//             data-weight> (the newest query's weight on it), then a <rect data-part="kv-empty"
//             data-position> for each position still to come; at the output, the word being
//             chosen: <g data-part="word-bars" data-word>, one <g data-part="word-bar" data-text
//             data-probability data-logit [data-chosen]> a word; the counters: <text
//             data-part="decode-caption">;
//     text on top: box and band labels, the words on tags of their identity colour.
//   the badges strip (side A's): <g class="badges">, per badge a pill <rect> and one <text
//     data-figure="blocks|total|attention|ffn|cosine|norm" data-before data-after [data-level]>
//     whose text is the window's (« blocs : 1 744 → 5 232 (× 3) »), the ratio in a <tspan>.
#include <memory>
#include <string>
#include <vector>

#include "course/badges.h"
#include "base/language.h"
#include "scene/animation.h"
#include "scene/decode.h"
#include "scene/layout.h"
#include "scene/theme.h"
#include "model/trace.h"

namespace tb {

// One stack of the picture.
struct SvgSide {
    char side = 0;                        // 'a' or 'b' in A/B (data-side), 0 for a lone stack
    std::shared_ptr<const Trace> trace;   // what the stack shows
    Layout layout;                        // make_layout(trace->settings, section)
    FrameRecords frame;                   // animate(*trace, layout, step, ...): at rest
    DecodeRecords decode;                 // a generation told: its caches and bars (tell_generation)
    std::string label;                    // A/B: « A », « B — résiduel off » above the stack
    std::string label_short;              // the values alone, where the names do not fit (comparison_labels)
    Rect label_rect;
    palette::Colour8 label_colour{255, 219, 89};
};

struct SvgPicture {
    float width = 1600, height = 900;     // the window, in pixels: the viewBox
    std::vector<SvgSide> sides;           // one, or A then B
    ThemeColours theme = kDarkTheme;
    Language language = Language::French;
    std::vector<Badge> badges;            // shown_badges at rest, drawn in `badges_rect`
    Rect badges_rect;                     // ScreenLayout::badges
    float scale = 1;                      // the interface scale (the badges' text size)
};

// A stack at the --screenshot instant: its layout in `section` and the records at rest at its
// step (settings.step), as the window draws them.
SvgSide svg_side_at_rest(std::shared_ptr<const Trace> trace, const Rect& section,
                         const AnimationOptions& options = {}, char side = 0, float text_scale = 1.f);

// The stack telling generation `g` at `beat` of its story (scene/decode.h); the end of the story
// (every bead at the top, the caches full) where `beat` is past it. Nothing where the stack does
// not show `g`'s sentence.
void tell_generation(SvgSide& side, const Generation& g, double beat, const std::vector<std::string>& words,
                     Language language, const AnimationOptions& options = {});

// Headless: one stack in the cross-section's rect of a window of width x height at scale 1, no
// lesson (screen_layout), on the dark theme; with `previous` (the session's previous_trace), the
// badges of the last change.
SvgPicture headless_svg_picture(std::shared_ptr<const Trace> trace, float width, float height, Language language,
                                const Trace* previous = nullptr);

// The SVG document, UTF-8.
std::string cross_section_svg(const SvgPicture& picture);

// The pieces, for the writer's two files and the tests.
std::string svg_escape(const std::string& text);        // & < > " ' as entities, control bytes dropped
std::string svg_hex(const Rgb& colour);                  // #rrggbb
std::string svg_hex(const palette::Colour8& colour);
std::string svg_number(double value, int decimals = 3);  // plain, '.' as the decimal point
std::string svg_precise(double value);                   // plain, >= 10 significant digits, >= 3 decimals

}  // namespace tb
