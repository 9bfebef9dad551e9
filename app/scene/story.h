#pragma once
// The residual story of one sublayer, as records (animation.h): each token's copy riding its own
// lane of the arc, x and F adding tip to tail at ⊕, the attention weights as arrows, the FFN's
// hidden activations lit, and the one-line caption of the phase. Pure, like animate().
#include <vector>

#include "base/language.h"
#include "scene/animation.h"

namespace tb {

// What a frame between two levels is drawn from: the level being crossed and its stages.
struct Crossing {
    const Trace& trace;
    const Layout& layout;
    int n;
    int k;  // the level being crossed
    float phase;
    const Level& level;
    const Level& below;
    const std::vector<Stage>& stages;
};

// The height a line of attention weights takes above RoPE's dials in the opened box (the story's
// text, 1.2 lines of at most 22 px, and a gap): the dials keep under it.
constexpr float kWeightLinePx = 32.f;

// Token i's bead at height y showing vector v of level `level`.
BeadRecord bead_of(const Trace& trace, const Layout& layout, int i, int level, float y, const Vector& v);

// ⊕ for each token, in the plane of x (the level's input) and F (its sublayer output): x from o
// (on the ⊕ row, where the copy waits) up to p, F from p to q (where the bead comes out of the
// box to merge), each ∝ its norm with one scale for the sublayer. Without the residual there is
// no x: p = o.
struct Addition {
    Point o, p, q;
    double x_norm = 0, f_norm = 0, sum_norm = 0;
    float px_per_norm = 0;
};
std::vector<Addition> additions(const Crossing& c);

// The copies on their lanes, the arrows at ⊕: residual on (copies, lanes, x, F and the sum) and
// off (F alone).
void residual_story(const Crossing& c, const std::vector<Addition>& adds, FrameRecords& out);
// Inside the box: attention's weights as arrows (all queries, or one at a time), the FFN's strips.
void inside_story(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out);
StoryPhase story_phase(const Crossing& c);

// The opened attention box's texts (French or English; empty when none): how the position enters
// the scores (RoPE, ALiBi with the shown head's slope), and the GQA / MQA chips' caption.
// `brief`: « RoPE : la position n'entre que par la distance i − j », for a narrow section.
std::string score_note(const FrameRecords& frame, Language language, bool brief = false);
// ALiBi: what a link's score loses, m·|i − j|, as written beside its weight: « −3/16 » (the
// distance over 1/m) where m is 1/2ᵏ, else the decimal; empty without ALiBi or on a query's own link.
std::string penalty_text(const FrameRecords& frame, const LinkRecord& link, Language language);
// `brief`: « GQA : 4 Q par K/V », for a narrow box.
std::string sharing_caption(const HeadSharingRecord& sharing, Language language, bool brief = false);

// How far the bead's vector has turned into the Add stage's sum at `t` (0..1 of the stage): it
// keeps F while the arrows are drawn, then becomes x + F.
float add_morph(float t);

}  // namespace tb
