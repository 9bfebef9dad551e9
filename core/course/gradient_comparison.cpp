#include "course/gradient_comparison.h"

#include "model/forward.h"
#include "training/backward.h"

namespace tb {

GradientComparison gradient_comparison(const Trace& trace) {
    Settings other = trace.settings;
    other.residual = !other.residual;
    const Trace flipped = run(other, trace.tokens, trace.vocabulary_size, trace.weights);
    const Matrix target = loss_target(trace);
    auto means = [&](const Trace& t, double& l) {
        const Gradients g = backward(t, target);
        l = g.loss;
        std::vector<double> out;
        for (const auto& s : g.sublayers) out.push_back(s.mean_abs_weight_gradient);
        return out;
    };
    GradientComparison c;
    const Trace& on = trace.settings.residual ? trace : flipped;
    const Trace& off = trace.settings.residual ? flipped : trace;
    c.residual_on = means(on, c.loss_on);
    c.residual_off = means(off, c.loss_off);
    return c;
}

}  // namespace tb
