#pragma once
// The A/B comparison as a feature: side B's Session, the settings it overrides, and its commands
// /comparer <on|off> and /b <commande>. B is kept in step with A (sentence, seed, step, every
// setting B does not override); one playhead animates both. The merging rules are
// compare/comparison.h's free functions.
#include <cstdint>
#include <memory>
#include <vector>

#include "commands/commands.h"
#include "compare/comparison.h"
#include "persist/view_state.h"
#include "playback/playback.h"
#include "commands/session.h"

namespace tb {

class Comparison {
public:
    // `registry` runs /b's command on side B; `playback` starts both stacks again after it.
    Comparison(const Session& a, CommandRegistry& registry, Playback& playback)
        : a_(a), registry_(registry), playback_(playback) {}

    std::vector<Command> commands();

    bool is_open() const { return b_ != nullptr; }
    const Session* b() const { return b_.get(); }
    Session* b() { return b_.get(); }  // the live training trains it beside A
    const Overrides& overrides() const { return overrides_; }
    // B = A with B's own value of each overridden setting (a saved session, /comparer on).
    void open(const Overrides& overrides, const Settings& b);
    void close() { b_.reset(); }
    // Side B follows A's sentence, seed and step, and replays when A does.
    void sync();
    // B's beads reach B's step when A's reach A's.
    double playhead_b(double playhead_a) const;

    void save(ViewState& v) const;
    void restore(const ViewState& v);

private:
    CommandResult run_on_b(const Args& args);

    const Session& a_;
    CommandRegistry& registry_;
    Playback& playback_;
    std::unique_ptr<Session> b_;
    Overrides overrides_;
    std::uint64_t seen_a_replay_ = 0;
};

}  // namespace tb
