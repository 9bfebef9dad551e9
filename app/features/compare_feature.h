#pragma once
// The A/B comparison as a feature: the model side's state (commands/comparison.h: side B's
// Session, the settings it overrides, /comparer <on|off> and /b <commande>), one playhead
// animating both stacks, and the comparison's part of a saved view.
#include <cstdint>
#include <memory>
#include <vector>

#include "commands/commands.h"
#include "commands/comparison.h"
#include "compare/comparison.h"
#include "persist/view_state.h"
#include "playback/playback.h"
#include "commands/session.h"

namespace tb {

class Comparison {
public:
    // `registry` runs /b's command on side B; `playback` starts both stacks again after it.
    Comparison(const Session& a, CommandRegistry& registry, Playback& playback)
        : a_(a), registry_(registry), playback_(playback), state_(std::make_shared<SideBState>(a)) {}

    std::vector<Command> commands();

    bool is_open() const { return state_->is_open(); }
    const Session* b() const { return state_->b(); }
    Session* b() { return state_->b(); }  // the live training trains it beside A
    const Overrides& overrides() const { return state_->overrides(); }
    // B = A with B's own value of each overridden setting (a saved session, /comparer on).
    void open(const Overrides& overrides, const Settings& b) { state_->open(overrides, b); }
    void close() { state_->close(); }
    // Side B follows A's sentence, seed and step, and replays when A does.
    void sync() { state_->sync(); }
    const SideBState& state() const { return *state_; }
    // B's beads reach B's step when A's reach A's.
    double playhead_b(double playhead_a) const;

    void save(ViewState& v) const;
    void restore(const ViewState& v);

private:
    const Session& a_;
    CommandRegistry& registry_;
    Playback& playback_;
    std::shared_ptr<SideBState> state_;
};

}  // namespace tb
