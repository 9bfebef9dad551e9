// The gradients panel's data: what it says of the residual's gradients (the figures are core's:
// course/gradient_comparison.h for one sentence, the training's records along a run).
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

#include "base/numbers.h"

namespace tb {

namespace {
// A ratio as the captions write it: two significant digits below 10, an integer above.
std::string factor_text(double factor, Language language) {
    return factor < 9.95 ? format_significant(factor, 2, language) : format_count(std::llround(factor), language);
}
}  // namespace

GradientVerdict gradient_verdict(const GradientComparison& g, Language language) {
    GradientVerdict v;
    const bool en = language == Language::English;
    if (g.residual_on.empty() || g.residual_off.empty() || !(g.residual_on[0] > 0) || !(g.residual_off[0] > 0) ||
        !std::isfinite(g.residual_on[0]) || !std::isfinite(g.residual_off[0])) {
        v.caption = en ? "Here the first sublayer's gradient cannot be compared (zero or not finite)."
                       : "Ici, le gradient de la 1re sous-couche ne se compare pas (nul ou non fini).";
        return v;
    }
    const double on = g.residual_on[0], off = g.residual_off[0];
    v.factor = std::max(on, off) / std::min(on, off);
    v.factor_text = factor_text(v.factor, language);
    v.without_is = v.factor_text == format_significant(1.0, 2, language) ? 0 : off > on ? 1 : -1;
    const std::string head = en ? "Here, without the residual, the gradient of the 1st sublayer (attention 1) is "
                                : "Ici, sans résiduel, le gradient de la 1re sous-couche (attention 1) est ";
    if (v.without_is == 0)
        v.caption = head + (en ? "about the same as with it (" : "à peu près le même qu'avec (rapport ") + v.factor_text + ").";
    else
        v.caption = head + v.factor_text + (en ? (v.without_is > 0 ? " times larger than with it." : " times smaller than with it.")
                                               : (v.without_is > 0 ? " fois plus grand qu'avec." : " fois plus petit qu'avec."));
    return v;
}

DepthRatio depth_ratio(const std::vector<double>& m, Language language) {
    DepthRatio r;
    if (m.size() < 2 || !(m.front() > 0) || !(m.back() > 0) || !std::isfinite(m.front()) || !std::isfinite(m.back())) return r;
    r.valid = true;
    r.factor = std::max(m.front(), m.back()) / std::min(m.front(), m.back());
    r.factor_text = factor_text(r.factor, language);
    r.first_is = r.factor_text == format_significant(1.0, 2, language) ? 0 : m.front() > m.back() ? 1 : -1;
    return r;
}

std::string training_gradient_caption(const std::vector<GradientRecord>& records, bool residual, const std::string& side,
                                      Language language) {
    const bool en = language == Language::English;
    std::string head = side.empty() ? "" : side + ", ";
    head += residual ? (en ? "with the residual" : "avec résiduel") : (en ? "without the residual" : "sans résiduel");
    if (records.empty()) return head + (en ? ": no step recorded yet." : " : aucun pas enregistré encore.");
    const GradientRecord& last = records.back();
    const int layers = static_cast<int>(last.means.size()) / 2;
    const std::string ffn = "FFN " + std::to_string(layers);
    const auto phrase = [&](const DepthRatio& r) -> std::string {
        if (!r.valid) return en ? "cannot be compared (zero or not finite)" : "ne se compare pas (nul ou non fini)";
        if (r.first_is == 0) return (en ? "about the same (ratio " : "à peu près le même (rapport ") + r.factor_text + ")";
        return r.factor_text + (en ? (r.first_is > 0 ? " times larger" : " times smaller") : (r.first_is > 0 ? " fois plus grand" : " fois plus petit"));
    };
    const DepthRatio now = depth_ratio(last.means, language), start = depth_ratio(records.front().means, language);
    std::string out = head + (en ? ", step " : ", pas ") + std::to_string(last.step) +
                      (en ? ": the 1st sublayer's gradient is " : " : le gradient de la 1re sous-couche est ") + phrase(now);
    if (now.valid && now.first_is != 0) out += en ? " than the last's (" + ffn + ")" : " qu'à la dernière (" + ffn + ")";
    else out += en ? " as the last's (" + ffn + ")" : " qu'à la dernière (" + ffn + ")";
    if (records.size() > 1)
        out += (en ? "; at step " : " ; au pas ") + std::to_string(records.front().step) + ", " + phrase(start);
    return out + ".";
}

}  // namespace tb
