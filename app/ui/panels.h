#pragma once
// The panels without state of their own: each is one function in its own file, and takes
// everything it draws as arguments.
#include <string>
#include <vector>

#include "course/badges.h"
#include "compare/comparison.h"
#include "scene/animation.h"
#include "scene/decode.h"
#include "text/fonts.h"
#include "scene/layout.h"
#include "scene/theme.h"
#include "model/trace.h"
#include "ui/help.h"

typedef void (*ImDrawCallback)(const struct ImDrawList*, const struct ImDrawCmd*);

namespace tb {

// ui/top_bar.cpp: the title, the parameter counter (blocks and total), the seed, main buttons.
// With the export buttons at its right end when there is room for them (export_area).
void draw_top_bar(const Rect& rect, const Trace& trace, const Fonts& fonts, const CommandSink& send, Language language);

// ui/cross_section.cpp: the boxes, bands, arcs and beads. `bead_callback` draws the beads with
// the GL renderer from inside the draw list; without it, ImGui circles stand in.
struct BeadPainter {
    ImDrawCallback callback = nullptr;
    void* user = nullptr;
};
void draw_cross_section(const Rect& rect, const Layout& layout, const FrameRecords& frame, const Trace& trace,
                        const Fonts& fonts, BeadPainter painter, Language language,
                        const ThemeColours& theme = kDarkTheme,
                        const char* id = "##coupe",  // a second stack (A/B comparison) has its own id
                        const DecodeRecords* decode = nullptr);  // a generation told: its caches and bars
// ui/decode_drawing.cpp: the K/V caches beside the attention boxes and the word bars at the output.
void draw_decode(ImDrawList* dl, const DecodeRecords& decode, const Fonts& fonts, Language language, const ThemeColours& theme);
void draw_section_caption(const Rect& section, const Layout& layout, const std::string& caption, const Fonts& fonts,
                          const ThemeColours& theme);

// ui/comparison_view.cpp: the line between the two stacks of /comparer and their labels, each in
// its side's colour (side_colour).
void draw_comparison_labels(const ComparisonLayout& split, const ComparisonLabels& labels, const Fonts& fonts, Theme theme);

// ui/timeline.cpp: level names, play/pause (/lecture play|pause), step -/+ (as /etape), a scrub
// slider: while it is dragged the beads follow `scrub.value` (the App draws that instant), and on
// release it sends /lecture NIVEAU once.
struct ScrubState {
    bool active = false;
    float value = 0;
};
void draw_timeline(const Rect& rect, const Trace& trace, double playhead, bool playing, ScrubState& scrub,
                   const CommandSink& send, Language language);

// ui/profile.cpp: the norm profile (one line per token), the mean cosine similarity, the legend.
// The A/B comparison's side B: drawn dashed over side A on the same axes, with a legend A / B
// (the faint previous run is left out then, three line styles would be too many).
struct Compared {
    const Trace* trace = nullptr;
    double playhead = 0;
};
// The log/linear switch sends /vue echelle.
void draw_profile(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, bool log_scale,
                  const Fonts& fonts, const CommandSink& send, Language language, Compared b = {});
void draw_cosine(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, Language language,
                 Compared b = {});
void draw_legend(const Rect& rect, Language language);

// ui/similarity_panel.cpp: token x token cosine similarity at the level where the beads stand
// (similarity_level(trace, playhead)), words on both axes in their identity colours, each cell's
// colour and value; `suffix` ends the title (" (A)" while the A/B comparison is open).
void draw_similarity(const Rect& rect, const Trace& trace, double playhead, Language language, const char* suffix = "");

// ui/badges_panel.cpp: the badges strip (ScreenLayout::badges), one pill a badge, placed by
// badge_strip (scene/badge_strip.h); empty when nothing has changed yet. `standing`: a figure
// that stays at its top right (presenter mode's parameter count), when there is room.
void draw_badges(const Rect& rect, const std::vector<Badge>& badges, const Fonts& fonts, const ThemeColours& theme,
                 Language language, float scale, const std::string& standing = {});

// ui/parameters.cpp: the breakdown, each formula with its numbers and share, GPT-2 small beside.
void draw_parameters(bool& open, const Trace& trace, float width, float height, Language language);

}  // namespace tb
