#pragma once
// The sublayer's formula as the toggles wire it now (channel.md section 2), in pieces, so that
// the term the beads are crossing can be highlighted: LN in the grey band, F in the box, + at ⊕.
// Pure functions of the settings and the animation phase: tested without a window.
#include <string>
#include <vector>

#include "settings.h"

namespace tb {

enum class Term { None, Norm, Sublayer, Add };

struct FormulaPiece {
    std::string text;
    Term term = Term::None;
};

// "x ← x + F(LN(x))" and the like, cut into pieces; `f` names the sublayer ("F", "Attn", "FFN").
std::vector<FormulaPiece> sublayer_formula(const Settings& settings, const std::string& f = "F");
std::string formula_text(const std::vector<FormulaPiece>& pieces);  // the pieces joined

// The term the beads are crossing at `phase` (0..1) of a sublayer level, as animation.cpp moves
// them: the pre-norm band, then the box, then ⊕, then the post-norm band. None between terms,
// at rest (phase 0) and outside the sublayers (level 0 and the output).
Term active_term(const Settings& settings, int level, float phase);

}  // namespace tb
