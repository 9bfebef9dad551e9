#include "features/compare_feature.h"

#include <algorithm>

namespace tb {

double Comparison::playhead_b(double playhead_a) const {
    const Session* b = state_->b();
    const int a_step = a_.settings().step, b_step = b ? b->settings().step : 0;
    if (a_step <= 0) return std::min(playhead_a, static_cast<double>(b_step));
    return std::clamp(playhead_a * b_step / a_step, 0.0, static_cast<double>(b_step));
}

void Comparison::save(ViewState& v) const {
    if (const Session* b = state_->b()) v.comparison = ViewState::Comparison{state_->overrides(), b->settings()};
}

void Comparison::restore(const ViewState& v) {
    if (v.comparison) open(v.comparison->overrides, v.comparison->b);
    else close();
}

// The model side's /comparer and /b; after a /b both stacks rise again together: the class
// watches the difference unfold.
std::vector<Command> Comparison::commands() {
    return comparison_commands(state_, registry_, [this] { playback_.restart(); });
}

}  // namespace tb
