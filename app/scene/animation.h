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
#include "model/trace.h"

namespace tb {

enum class BeadRole {
    Bead,   // where the beads are (moving, or stopped at the step)
    Trail,  // the faint bead left at every level passed: the whole climb in one picture
    Copy,   // the residual copy travelling the arc
    Input,  // pre-norm: in each box passed, the normalized input LN(x) it received, at its norm
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

// What a class is told the beads are doing, in one line (text_in(language).story).
enum class StoryPhase {
    None,           // at rest
    Split,          // each token splits: its copy takes its lane of the residual arc
    Rise,           // up to the sublayer
    Normalize,      // LN in the band below the box: the √d size
    Enter,          // into the box
    Attention,      // the weights, as arrows
    Ffn,            // the hidden activations, lit
    Output,         // F leaves the box
    Add,            // x and F tip to tail: x + F
    Hold,           // no residual: x is lost, F alone goes on
    PostNormalize,  // LN after ⊕
    Leave,          // the new x rises to its level
    FinalNorm,      // the output's LayerNorm (pre-norm)
    Top,            // up into the output
};

struct LaneRecord {  // token i's own lane of the residual arc: from its bead to its ⊕
    std::vector<Point> points;  // a polyline: under the box, round the left, over the box
    float bend_begin = 0, bend_end = 1;  // the share of its length that rounds the left
    Rgb colour;                 // the token's identity colour
    int token = 0;
    Point at(float share) const;  // the point at that share of its length
};

// ⊕ for one token, in the plane of x and F: x from its tail up, F from x's tip at the angle
// acos(cos(x, F)), the sum from x's tail to F's tip, each ∝ its norm (px_per_norm).
struct ArrowRecord {
    enum class Kind { Stream, Output, Sum };  // x (the copy), F (the sublayer's output), x + F
    Kind kind = Kind::Stream;
    Point from, to;
    double norm = 0;        // the norm its length stands for: ‖x‖, ‖F‖ or ‖x + F‖
    float px_per_norm = 0;  // the sublayer's length scale, the same for every token
    float grown = 1;        // 0..1: how much of it is drawn (it grows from its tail)
    float alpha = 1;
    Rgb colour;
    int token = 0;
};

struct LinkRecord {  // attention weight of query `from_token` on key `to_token`, inside the box
    Point from, c1, c2, to;  // a cubic Bézier, from the query's bead edge to the key's, arrowhead at `to`
    float weight = 0;
    Rgb colour;              // the query's identity colour
    int from_token = 0, to_token = 0;
    bool labelled = false;   // its weight written at the curve's middle
    double penalty = 0;      // ALiBi: m·|i − j|, taken from this link's score before the softmax (else 0)
};

// The FFN's w hidden activations for one token, lit as a strip. A gated FFN (SwiGLU, GeGLU) has
// three a token: its gate φ(W₁x) at the bottom, its value W₃x above, their product ⊙ on top.
enum class HiddenPath { Hidden, Gate, Up };
struct HiddenRecord {
    Rect rect;
    std::vector<float> values;  // activation / max |activation| over the level (that path's), -1..1
    HiddenPath path = HiddenPath::Hidden;
    int token = 0;
};

// GQA / MQA in the opened attention box: h query-head chips over h_kv K/V-head chips, each query
// head joined to the K/V head it reads (seed 002's g(i) = ⌊i/(h/h_kv)⌋).
constexpr float kNumberedChip = 18.f;  // the smallest chip that holds its head's number at 16 px
struct HeadSharingRecord {
    std::vector<Rect> queries;  // h chips, left to right (empty: MHA, nothing drawn)
    std::vector<Rect> kv;       // h_kv chips, below them
    std::vector<int> kv_of;     // query head i reads kv[kv_of[i]]
    int shown = 0;              // the query head whose weights are drawn (/vue tete)
    int per_kv = 1;             // h / h_kv query heads a K/V head
};

// RoPE: a dial on token i's bead in the opened attention box, its hand turned by the angle of
// the first Q/K pair at the token's position p (θ = p radians, cli.md's rope_base).
struct DialRecord {
    Point centre;
    float radius = 0;
    float angle = 0;  // radians, counter-clockwise from the right
    int token = 0, position = 0;
};

enum class ScoreNote { None, Rope, Alibi };  // how the position enters the scores, written in the box

struct FrameRecords {
    std::vector<BeadRecord> beads;  // the boxes' inputs and trails first, then copies, then the tokens
    std::vector<LaneRecord> lanes;
    std::vector<ArrowRecord> arrows;
    std::vector<LinkRecord> links;
    std::vector<HiddenRecord> hidden;
    HeadSharingRecord sharing;      // GQA / MQA: who shares a K/V head
    std::vector<DialRecord> dials;  // RoPE: one a token
    ScoreNote note = ScoreNote::None;
    double alibi_slope = 0;         // ALiBi: the shown head's m
    Rect side;             // the opened box's free part above its label: the note and the chips
    Rect inside;           // the box whose inside is shown (links and strips stay in it)
    int active_level = 0;  // the level the beads are in (or resting at)
    float phase = 0;       // 0..1 within it
    StoryPhase story = StoryPhase::None;
    int query = -1;        // one query at a time: the one whose weights are shown
    int shown_tokens = -1;   // a generation told (scene/decode.h): the tokens drawn so far; -1 all
    bool twin_links = true;  // the repeated word's link, only where every bead stands still
    std::string caption;     // the caption line's text in place of the phase's (a generation's counters)
};

struct AnimationOptions {
    // Seconds a sublayer: time to follow the copy, the band, the box and ⊕ (issue 13).
    static constexpr double kDefaultSecondsPerLevel = 1.8;
    // Stepping one query at a time, each query's weights stay this long.
    static constexpr double kSecondsPerQuery = 0.45;
    double seconds_per_level = kDefaultSecondsPerLevel;
    int head = 0;                    // whose attention weights are drawn
    bool one_query = false;          // attention shows one query's weights at a time (a single step)
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
