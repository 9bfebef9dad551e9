#pragma once
// The link between two beads of the same word (issue 34): an arch from one « le » to the other
// over the beads between them, the cosine of their two vectors written on it (« cos 0,79 »,
// « cos 1,00 » when the vectors are the same), so that a class reads how alike the two are where
// the beads are, not only in the similarity grid. Pure: the window (ui/cross_section.cpp) and the
// SVG (scene/svg.cpp) draw the same records; no ImGui here.
//
// Which pair: the first word of the sentence as shown that comes back, with its next occurrence
// (« le chat regarde le chien »: tokens 0 and 3); the grid has every other pair.
// Which levels: those at rest, where the two beads stand still: the input, always, except while
// the beads cross the first sublayer right above it; and the level where the beads rest, when it
// is another (the output after a whole pass, the step of /etape).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/language.h"
#include "scene/animation.h"
#include "scene/layout.h"
#include "model/trace.h"

namespace tb {

struct TwinLink {
    int level = 0;
    int first = 0, second = 0;  // the two tokens, as shown, first < second
    double cosine = 0;          // cos(x_first, x_second) at `level`, as the similarity grid has it
    std::string text;           // « cos 0,79 » (a decimal point in English)
    Point from, c1, c2, to;     // the arch: a cubic Bézier from the first bead's top to the second's
    Rect label;                 // the pill the text sits on, on the arch's top, clear of every bead
    float px = 0;               // the text's size
    float thick = 0;            // the line's width (its dark edge outside it)
};

// The first shown token whose word comes back, and where it comes back; nothing when no word does.
std::optional<std::pair<int, int>> repeated_pair(const Trace& trace);

// The links of `frame` (at most two: the input's, then the resting level's), the text at `px`
// measured by `width_of`.
std::vector<TwinLink> twin_links(const Trace& trace, const Layout& layout, const FrameRecords& frame, float px,
                                 Language language, const TextWidth& width_of);

}  // namespace tb
