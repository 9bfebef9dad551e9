#pragma once
// What the picture may say of the size a normalization gives (issue 34). LayerNorm and RMSNorm bring
// each vector to norm √d, then multiply by the gain and add the bias: √d holds while every gain is
// still 1 and every bias 0 (the seed's weights), not after a training has learned them (seed 3,
// /norme post, /corpus grammaire, /entrainer 300: norms 2,80 to 3,22 against √8 = 2,83). The
// captions then write the live norms instead.
#include <string>

#include "base/language.h"
#include "model/trace.h"

namespace tb {

struct NormClaim {
    bool initial = true;  // every norm's gain 1 and bias 0: the normalized vectors have norm √d
    double root_d = 0;    // √d
    double lowest = 0, highest = 0;  // the norms of the vectors the normalization gave at the level
};

// The claim at `level`: a sublayer level's normalized input in pre-norm, its stream in post-norm
// (LN(x + F(x))), the output level's stream in pre-norm (the final norm). Without a normalization
// there, lowest = highest = 0.
NormClaim norm_claim(const Trace& trace, int level);

// The size the caption names: « la taille √d » (size √d) while the gains are initial; else the live
// norms, « des normes de 2,80 à 3,22 (gain appris ; √d = 2,83 au départ) » (one figure, « la norme
// 2,83 », when both ends round alike).
std::string norm_size_text(const NormClaim& claim, Language language);

}  // namespace tb
