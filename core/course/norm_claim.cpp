#include "course/norm_claim.h"

#include <cmath>

#include "base/numbers.h"

namespace tb {
namespace {

bool initial(const LayerNormWeights& n) {
    return (n.gain.size() == 0 || (n.gain.array() == 1.0).all()) && (n.bias.size() == 0 || (n.bias.array() == 0.0).all());
}

bool initial_norms(const Weights& w) {
    bool all = initial(w.final_norm);
    for (const BlockWeights& b : w.blocks) all = all && initial(b.norm1) && initial(b.norm2);
    return all;
}

}  // namespace

NormClaim norm_claim(const Trace& trace, int level) {
    NormClaim c;
    c.root_d = std::sqrt(static_cast<double>(trace.settings.dimension));
    c.initial = !trace.weights || initial_norms(*trace.weights);
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (level < 1 || level > top) return c;
    const Level& l = trace.levels[static_cast<std::size_t>(level)];
    const bool pre = trace.settings.norm == Norm::Pre, post = trace.settings.norm == Norm::Post;
    const Matrix* normalized = level == top ? (pre ? &l.vectors : nullptr) : pre ? &l.normalized_input : post ? &l.vectors : nullptr;
    if (!normalized || normalized->rows() == 0) return c;
    const Vector norms = token_norms(*normalized);
    c.lowest = norms.minCoeff();
    c.highest = norms.maxCoeff();
    return c;
}

std::string norm_size_text(const NormClaim& c, Language language) {
    const bool en = language == Language::English;
    if (c.initial || c.highest <= 0) return en ? "size √d" : "la taille √d";
    const std::string lo = format_fixed(c.lowest, 2, language), hi = format_fixed(c.highest, 2, language);
    const std::string root = format_fixed(c.root_d, 2, language);
    const std::string why = en ? " (learned gain; √d = " + root + " at first)" : " (gain appris ; √d = " + root + " au départ)";
    if (lo == hi) return (en ? "norm " : "la norme ") + lo + why;
    return (en ? "norms from " + lo + " to " : "des normes de " + lo + " à ") + hi + why;
}

}  // namespace tb
