#include "scene/formula.h"

namespace tb {

std::vector<FormulaPiece> sublayer_formula(const Settings& s, const std::string& f) {
    const std::string fx = f + "(x)";
    const FormulaPiece lhs{"x ← ", Term::None};
    if (s.residual) {
        switch (s.norm) {
            case Norm::Pre:  // x ← x + F(LN(x))
                return {lhs, {"x", Term::None}, {" + ", Term::Add}, {f + "(", Term::Sublayer}, {"LN(x)", Term::Norm},
                        {")", Term::Sublayer}};
            case Norm::Post:  // x ← LN(x + F(x))
                return {lhs, {"LN(", Term::Norm}, {"x", Term::None}, {" + ", Term::Add}, {fx, Term::Sublayer},
                        {")", Term::Norm}};
            case Norm::None:  // x ← x + F(x)
                return {lhs, {"x", Term::None}, {" + ", Term::Add}, {fx, Term::Sublayer}};
        }
    }
    switch (s.norm) {
        case Norm::Pre: return {lhs, {f + "(", Term::Sublayer}, {"LN(x)", Term::Norm}, {")", Term::Sublayer}};
        case Norm::Post: return {lhs, {"LN(", Term::Norm}, {fx, Term::Sublayer}, {")", Term::Norm}};
        case Norm::None: break;
    }
    return {lhs, {fx, Term::Sublayer}};
}

std::string formula_text(const std::vector<FormulaPiece>& pieces) {
    std::string out;
    for (const auto& p : pieces) out += p.text;
    return out;
}

Term active_term(const Settings& s, int level, float phase) {
    if (level < 1 || level > 2 * s.layers || !(phase > 0.f) || phase >= 1.f) return Term::None;
    // The keyframes of animation.cpp's sublayer_keys: band 0.10-0.30 (pre), box 0.30-0.68,
    // ⊕ 0.68-0.76 (the bead waits there), band 0.76-0.92 (post).
    if (s.norm == Norm::Pre && phase >= 0.10f && phase < 0.30f) return Term::Norm;
    if (phase >= 0.30f && phase < 0.68f) return Term::Sublayer;
    if (s.residual && phase >= 0.68f && phase < 0.76f) return Term::Add;
    if (s.norm == Norm::Post && phase >= 0.76f && phase < 0.92f) return Term::Norm;
    return Term::None;
}

}  // namespace tb
