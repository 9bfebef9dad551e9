#pragma once
// A sublayer described once: the stages a token goes through, for each wiring (norm placement
// pre|post|aucune x residual on|off, channel.md section 2), in order, with the trace field the
// bead shows and the share of the sublayer's time each takes. The forward pass applies the
// stages' arithmetic in this order, the layout draws a band, a ⊕ and an arc where a stage needs
// one, the animation moves the beads along the stages and the formula lights the stage's term.
// Retiming or adding a stage is an edit of the tables in stages.cpp.
#include <vector>

#include "model/settings.h"
#include "model/trace.h"

namespace tb {

enum class Step {
    Rise,           // the bead moves up to the next part: no arithmetic
    Normalize,      // LN(x) in the band below the box (pre-norm; the final LayerNorm at the output)
    Enter,          // into the box
    Inner,          // F itself: the box shows the attention weights or the FFN's hidden activations
    Output,         // F(.) leaves the box for the addition row
    Add,            // ⊕: the residual copy is added back (residual on)
    Hold,           // the bead waits where ⊕ would be (residual off), so every wiring keeps one tempo
    PostNormalize,  // LN(.) in the band after the addition (post-norm)
    Leave,          // up to the resting row of the level
};

// Where the bead is when a stage ends: the parts of a sublayer, bottom to top.
enum class Place { Start, BelowBand, Band, BoxEdge, Box, Merge, BelowPostBand, PostBand, End };

// The trace field a bead shows (trace.h).
enum class Field {
    Input,            // the level below's vectors: the stream entering (Trace::input_of)
    NormalizedInput,  // Level::normalized_input
    SublayerOutput,   // Level::sublayer_output
    BeforeNorm,       // Level::before_norm
    Vectors,          // Level::vectors: the stream after the level
};

// One stage, or one leg of a stage that passes a waypoint (consecutive rows of one step are one
// stage). It owns the instants (begin, end]: at `end` the bead has arrived at `place`, its vector
// having turned from the previous row's field into `shows`.
struct Stage {
    Step step;
    float begin, end;  // share of the sublayer's time, 0..1; each row begins where the last ends
    Place place;
    Field shows;
};

struct Window {
    float begin = 0, end = 0;
};

// A sublayer's stages, 0 to 1, for the wiring (constant tables).
const std::vector<Stage>& sublayer_stages(Norm norm, bool residual);
const std::vector<Stage>& sublayer_stages(const Settings& settings);
// The output level's: the final LayerNorm in pre-norm (as GPT-2), else straight up.
const std::vector<Stage>& output_stages(Norm norm);

bool has_step(const std::vector<Stage>& stages, Step step);
// From the first row of `step` to the end of its last; {0, 0} when absent.
Window window_of(const std::vector<Stage>& stages, Step step);
// The steps in order, each once: the wiring the forward pass applies.
std::vector<Step> steps_of(const std::vector<Stage>& stages);
// The stage at `phase`: the row whose (begin, end] holds it, nullptr at 0 and past the end.
const Stage* stage_at(const std::vector<Stage>& stages, float phase);

// The residual copy leaves the stream this early in the sublayer and reaches ⊕ as Add begins.
constexpr float kCopyLeaves = 0.02f;
// The box shows its inside (attention weights, hidden activations) while the beads are in it:
// from a little before the inner step to a little after it.
constexpr float kInsideLead = 0.02f, kInsideLinger = 0.01f;
Window inside_window(const std::vector<Stage>& stages);

// The matrix of `level` (or of `below`, the level under it) that a field names. Should a trace
// leave that field empty, the stream it would have been made from: LN's input, else the vectors.
const Matrix& field_of(const Level& level, const Level& below, Field field);

}  // namespace tb
