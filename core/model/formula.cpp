#include "model/formula.h"

#include <algorithm>
#include <functional>

namespace tb {
namespace {

using Pieces = std::vector<FormulaPiece>;
// A sublayer applied to its input's pieces (x, or the norm of x).
using Apply = std::function<Pieces(const Pieces& input)>;

void append(Pieces& to, const Pieces& more) { to.insert(to.end(), more.begin(), more.end()); }

// The sublayer as its stage list wires it (stages.h): N(x) where the list normalizes first,
// "x + " where it adds the residual copy, N(...) around all where it normalizes after the addition.
// Pre x ← x + F(N(x)), post x ← N(x + F(x)), none x ← x + F(x); no "x + " without the residual.
Pieces wired(const Settings& s, const Apply& f, Part part) {
    const std::vector<Step> steps = steps_of(sublayer_stages(s));
    const auto has = [&steps](Step step) { return std::find(steps.begin(), steps.end(), step) != steps.end(); };
    const Pieces x{{"x", Term::None, part}};
    Pieces body;
    if (has(Step::Add)) {
        append(body, x);
        body.push_back({" + ", Term::Add, part});
    }
    append(body, f(has(Step::Normalize) ? Pieces{{norm_name(s) + "(x)", Term::Norm, part}} : x));
    Pieces out{{"x ← ", Term::None, part}};
    if (has(Step::PostNormalize)) out.push_back({norm_name(s) + "(", Term::Norm, part});
    append(out, body);
    if (has(Step::PostNormalize)) out.push_back({")", Term::Norm, part});
    return out;
}

// A named function: name, its subscript, "(", the input, ")".
Apply named(const std::string& name, const std::string& subscript, Part part) {
    return [=](const Pieces& input) {
        Pieces out{{name, Term::Sublayer, part}};
        if (!subscript.empty()) out.push_back({subscript, Term::Sublayer, part, true});
        out.push_back({"(", Term::Sublayer, part});
        append(out, input);
        out.push_back({")", Term::Sublayer, part});
        return out;
    };
}

// W₁ applied to the input: "W₁x", or "W₁ LN(x)" (a space before a function).
Pieces times(const std::string& matrix, const Pieces& input, Part part) {
    const bool plain = input.size() == 1 && input.front().text == "x";
    Pieces out{{matrix + (plain ? "" : " "), Term::Sublayer, part}};
    append(out, input);
    return out;
}

// The FFN as wired: W₂ GELU(W₁x), W₂ ReLU(W₁x), W₂(SiLU(W₁x) ⊙ W₃x), W₂(GELU(W₁x) ⊙ W₃x).
Apply ffn(const Settings& s) {
    const Part part = Part::Ffn;
    return [=](const Pieces& input) {
        Pieces out;
        const auto text = [&](const std::string& t) { out.push_back({t, Term::Sublayer, part}); };
        if (gated(s.activation)) {
            text(s.activation == Activation::Swiglu ? "W₂(SiLU(" : "W₂(GELU(");
            append(out, times("W₁", input, part));
            text(") ⊙ ");
            append(out, times("W₃", input, part));
            text(")");
        } else {
            text(s.activation == Activation::Relu ? "W₂ ReLU(" : "W₂ GELU(");
            append(out, times("W₁", input, part));
            text(")");
        }
        return out;
    };
}

}  // namespace

std::string norm_name(const Settings& s) { return s.norm_type == NormType::RmsNorm ? "RMSNorm" : "LN"; }

std::string attention_subscript(const Settings& s) {
    std::string out;
    const auto add = [&](const char* word) { out += (out.empty() ? "" : ",") + std::string(word); };
    if (s.position == Position::Rope) add("RoPE");
    if (s.position == Position::Alibi) add("ALiBi");
    if (s.kv_heads < s.heads) add(s.kv_heads == 1 ? "MQA" : "GQA");
    return out;
}

std::vector<FormulaPiece> sublayer_formula(const Settings& s, const std::string& f) {
    return wired(s, named(f, "", Part::Both), Part::Both);
}

std::vector<FormulaPiece> block_formula(const Settings& s) {
    Pieces out = wired(s, named("Attn", attention_subscript(s), Part::Attention), Part::Attention);
    out.push_back({" ; ", Term::None, Part::Both});
    append(out, wired(s, ffn(s), Part::Ffn));
    return out;
}

std::string formula_text(const std::vector<FormulaPiece>& pieces) {
    std::string out;
    for (const auto& p : pieces) out += (p.subscript ? "_" : "") + p.text;
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

Part part_of_level(const Settings& s, int level) {
    if (level < 1 || level > 2 * s.layers) return Part::Both;
    return level % 2 ? Part::Attention : Part::Ffn;
}

}  // namespace tb
