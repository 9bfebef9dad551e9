#pragma once
// The sublayer's formula as the toggles wire it now (channel.md section 2), in pieces, so that
// the term the beads are crossing can be highlighted: LN in the grey band, F in the box, + at ⊕.
// Pure functions of the settings and the animation phase: tested without a window.
#include <string>
#include <vector>

#include "settings.h"
#include "stages.h"

namespace tb {

enum class Term { None, Norm, Sublayer, Add };

struct FormulaPiece {
    std::string text;
    Term term = Term::None;
};

// "x ← x + F(LN(x))" and the like, cut into pieces; `f` names the sublayer ("F", "Attn", "FFN").
std::vector<FormulaPiece> sublayer_formula(const Settings& settings, const std::string& f = "F");
std::string formula_text(const std::vector<FormulaPiece>& pieces);  // the pieces joined

// The term a stage lights: LN for the norm stages, F from the box's edge to the addition row,
// + at ⊕; None while the bead only moves or waits.
Term term_of(Step step);
// The term of the stage the beads are in at `phase` (0..1) of a sublayer level (stages.h, the
// stages animation.cpp moves them along). None at rest (phase 0) and outside the sublayers
// (level 0 and the output).
Term active_term(const Settings& settings, int level, float phase);

}  // namespace tb
