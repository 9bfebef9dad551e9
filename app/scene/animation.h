#pragma once
// The beads at one instant: a pure function of (trace, layout, playhead). It never reads the
// clock: the frame loop owns time and moves the playhead, so tests and screenshots can ask for
// any instant. The playhead is a continuous level: 2.5 = halfway through level 3 (ffn 1).
// Within a level the beads follow its stages (stages.h): where each stage puts them, the trace
// field each shows, and when.
#include <string>
#include <vector>

#include "scene/colour.h"
#include "scene/layout.h"
#include "trace.h"

namespace tb {

enum class BeadRole {
    Bead,   // where the beads are (moving, or stopped at the step)
    Trail,  // the faint bead left at every level passed: the whole climb in one picture
    Copy,   // the residual copy travelling the arc
};

struct BeadRecord {
    float x = 0, y = 0;
    float radius = 0;            // area π r² = BeadScale::area_per_norm × norm, within the clamp
    float reference_radius = 0;  // the dashed ring: the radius of norm √d
    DirectionCue cue;            // the vector's direction, one sector a component
    Rgb fill;                    // the vector alone (the mean of the cue's colours)
    Rgb outline;                 // the token's identity colour
    float alpha = 1;             // trails and copies are faint
    int token = 0;               // place in the sentence as shown
    int level = 0;               // the trace level whose vector it shows (the one being crossed)
    double norm = 0;
    int clamped = 0;             // -1 below BeadScale::norm_min, +1 above norm_max (drawn with a mark)
    BeadRole role = BeadRole::Bead;
    std::string label;           // the word
};

struct LinkRecord {  // attention weight between two beads in an attention box
    Point from, to;
    float weight = 0;
    Rgb colour;
};

struct HiddenRecord {  // a glimpse of the FFN's hidden activations for one token
    Rect rect;
    std::vector<float> values;  // |activation| / max over the level, 0..1
};

struct FrameRecords {
    std::vector<BeadRecord> beads;  // trails first, then copies, then the tokens
    std::vector<LinkRecord> links;
    std::vector<HiddenRecord> hidden;
    int active_level = 0;  // the level the beads are in (or resting at)
    float phase = 0;       // 0..1 within it
};

struct AnimationOptions {
    double seconds_per_level = 0.5;  // about half a second per sublayer
    int head = 0;                    // whose attention weights are drawn
    // /melanger: each shown token slides from the column it had before (moved_from[i]) to its
    // own, `moved` going 0 → 1; empty when nothing moves.
    std::vector<int> moved_from;
    float moved = 1;
};

// Where each shown token of `now` stood in `before`, by identity (typed place); empty when the
// two are not the same tokens in another order.
std::vector<int> moved_from(const Trace& before, const Trace& now);

// Where the playhead is `elapsed` seconds after a replay, stopping at `stop_level`.
double playhead_at(double elapsed, double seconds_per_level, int stop_level);

// The beads, copies, links and hidden strips at `playhead` (0 .. 2L+1).
FrameRecords animate(const Trace& trace, const Layout& layout, double playhead, const AnimationOptions& options);

// The animation `seconds` after a replay, animate(playhead_at(seconds, ...)), for tests; the
// window moves its own playhead (the timeline scrubs it) and calls animate().
FrameRecords animate_at_time(const Trace& trace, const Layout& layout, double seconds, const AnimationOptions& options);

}  // namespace tb
