#include "inspector/inspector_feature.h"

namespace tb {

void Inspector::update(const std::shared_ptr<const Trace>& trace) {
    if (!trace) return;
    if (state_.panel == Panel::Superposition &&
        (superposition_.rows.empty() || superposition_.seed != trace->settings.seed)) {
        superposition_.rows = superposition_rows(trace->settings.seed);  // a few tens of ms, once per seed
        superposition_.seed = trace->settings.seed;
    }
    if (state_.panel != Panel::Gradients || gradients_.trace == trace) return;
    gradients_.comparison = gradient_comparison(*trace);  // a backward pass on each wiring
    gradients_.shortcut = shortcut_gradient_experiment(trace->settings.seed);
    gradients_.trace = trace;
}

}  // namespace tb
