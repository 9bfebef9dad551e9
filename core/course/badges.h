#pragma once
// What the last change did to the figures a class watches (issue 12, « Badges »): the parameter
// counts and, where the beads stand, the mean pairwise cosine and the mean norm of the tokens,
// each as « old → new (× r) ». Numbers first (tests check them against their own sums), text
// apart. "Before" is Session::previous_trace(): the state before the last change that replayed
// the sentence, so the badges stay until the next such change. A refused command, the same value
// again and /etape keep it (after /etape the same change is read at the new level); /propager,
// /graine, /melanger and /reinit are changes (/reinit: the reset against the state before it).
#include <cstdint>
#include <string>
#include <vector>

#include "base/language.h"
#include "model/trace.h"

namespace tb {

enum class Figure { Blocks, Total, Attention, Ffn, MeanCosine, MeanNorm };

struct Badge {
    Figure figure;
    double before, after;
    int level_before = -1, level_after = -1;  // MeanCosine, MeanNorm: the trace levels compared
    int layers_after = 0;                     // to name level_after
    bool at_beads = true;                     // level_after is where the beads stand (not the output for them)
    int d_before = 0, d_after = 0;            // Attention: the widths behind its d² term
};

// The levels compared while the beads stand at `level` of `after`: that index in both traces
// when they have as many levels; else (L changed) both outputs, the one level they share by
// meaning. `level` is clamped to `after`'s levels.
struct ComparedLevels {
    int before, after;
};
ComparedLevels compared_levels(const Trace& before, const Trace& after, int level);

// The mean of the tokens' Euclidean norms: 0 for no token.
double mean_norm(const Matrix& vectors);

// Every figure whose shown value differs (counts exactly; the cosine to 2 decimals, the norm to 3
// significant digits, as the badge writes them), in the order blocks, total, attention per
// block, FFN per block, mean cosine, mean norm.
std::vector<Badge> badges(const Trace& before, const Trace& after, int level);

// A badge as read: `head` « blocs : 1 744 → 5 232 », `factor` « × 3 » between `open` and
// `close` (empty when no ratio means anything: a cosine that changes sign); attention adds
// « ; × 4 sur le terme d² » when d changed. Narrower styles for a narrow strip: Brief abbreviates
// the label (« attention/bloc », « cos, att 2 »), Compact writes « blocs 1 744 → 5 232 ×3 »
// (narrow spaces, no brackets, the level only where it is not the beads'), Ratio only « blocs ×3 »
// (the old and new values stay where no ratio is written).
enum class BadgeStyle { Full, Brief, Compact, Ratio };
struct BadgeText {
    std::string head, factor, open = " (", close = ")";
    std::string full() const { return factor.empty() ? head : head + open + factor + close; }
};
BadgeText badge_text(const Badge& badge, Language language, BadgeStyle style = BadgeStyle::Full);

}  // namespace tb
