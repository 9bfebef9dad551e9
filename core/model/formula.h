#pragma once
// The block's formula as the settings wire it now (channel.md section 2, seed 002's variants), in
// pieces, so that the term the beads are crossing can be highlighted: the norm in the grey band,
// the sublayer in the box, + at ⊕. Pure functions of the settings and the animation phase:
// tested without a window. The one formula writer: the strip (app/ui/formula_strip) and the
// /residuel reply (settings_table.cpp) both read it.
#include <string>
#include <vector>

#include "model/settings.h"
#include "model/stages.h"

namespace tb {

enum class Term { None, Norm, Sublayer, Add };
enum class Part { Both, Attention, Ffn };  // the sublayer a piece belongs to (Both: the separator)

struct FormulaPiece {
    std::string text;
    Term term = Term::None;
    Part part = Part::Both;
    bool subscript = false;  // written small and low after the piece before (Attn_RoPE,GQA)
};

// The norm as the formula writes it: "LN" or "RMSNorm".
std::string norm_name(const Settings& settings);
// What the attention's name carries below it: "RoPE", "ALiBi", "GQA", "MQA", joined by ","; empty
// for the 2017 attention (sinusoidal or learned positions, one K/V a head).
std::string attention_subscript(const Settings& settings);

// "x ← x + F(LN(x))" and the like, cut into pieces; `f` names the sublayer ("F", "Attn", "FFN").
std::vector<FormulaPiece> sublayer_formula(const Settings& settings, const std::string& f = "F");
// The whole block: "x ← x + Attn_RoPE,GQA(RMSNorm(x)) ; x ← x + W₂(SiLU(W₁ RMSNorm(x)) ⊙ W₃ RMSNorm(x))".
std::vector<FormulaPiece> block_formula(const Settings& settings);
// The pieces joined, a subscript after "_" (the strip draws it small instead).
std::string formula_text(const std::vector<FormulaPiece>& pieces);

// The term a stage lights: LN for the norm stages, F from the box's edge to the addition row,
// + at ⊕; None while the bead only moves or waits.
Term term_of(Step step);
// The term of the stage the beads are in at `phase` (0..1) of a sublayer level (stages.h, the
// stages animation.cpp moves them along). None at rest (phase 0) and outside the sublayers
// (level 0 and the output).
Term active_term(const Settings& settings, int level, float phase);
// The sublayer of a level: attention at odd levels 1..2L-1, the FFN at even ones 2..2L, else Both.
Part part_of_level(const Settings& settings, int level);

}  // namespace tb
