#include "inspector/inspector_feature.h"

namespace tb {

void Inspector::update(const std::shared_ptr<const Trace>& trace) {
    if (state_.panel != Panel::Gradients || !trace || gradients_.trace == trace) return;
    gradients_.comparison = gradient_comparison(*trace);  // a backward pass on each wiring
    gradients_.shortcut = shortcut_gradient_experiment(trace->settings.seed);
    gradients_.trace = trace;
}

}  // namespace tb
