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

Term term_of(Step step) {
    switch (step) {
        case Step::Normalize: case Step::PostNormalize: return Term::Norm;
        case Step::Enter: case Step::Inner: case Step::Output: return Term::Sublayer;
        case Step::Add: return Term::Add;
        case Step::Rise: case Step::Hold: case Step::Leave: break;
    }
    return Term::None;
}

Term active_term(const Settings& s, int level, float phase) {
    if (level < 1 || level > 2 * s.layers) return Term::None;
    const std::vector<Stage>& stages = sublayer_stages(s);
    const Stage* stage = stage_at(stages, phase);
    return stage ? term_of(stage->step) : Term::None;
}

}  // namespace tb
