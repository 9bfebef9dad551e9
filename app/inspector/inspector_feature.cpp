#include "inspector/inspector_feature.h"

namespace tb {

void Inspector::update(const std::shared_ptr<const Trace>& trace, const Vocabulary& vocabulary) {
    if (!trace) return;
    if (state_.panel == Panel::Lens && lens_.trace != trace) {
        lens_.lens = logit_lens(*trace, vocabulary);  // V dot products per token and level, once per trace
        lens_.trace = trace;
    }
    if (state_.panel == Panel::Superposition &&
        (superposition_.rows.empty() || superposition_.seed != trace->settings.seed)) {
        superposition_.rows = superposition_rows(trace->settings.seed);  // a few tens of ms, once per seed
        superposition_.seed = trace->settings.seed;
    }
    if ((state_.panel != Panel::Gradients && state_.panel != Panel::Raschka) || gradients_.trace == trace) return;
    gradients_.comparison = gradient_comparison(*trace);  // a backward pass on each wiring
    gradients_.shortcut = shortcut_gradient_experiment(trace->settings.seed);
    if (gradients_.spread.count == 0) gradients_.spread = shortcut_first_layer_spread();  // 100 small draws, once
    gradients_.trace = trace;
}

}  // namespace tb
