#pragma once
// The only mutable state of the model side: settings (seed included) and the current trace.
// A change is all or nothing: the new trace is computed first, then swapped in.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "trace.h"
#include "vocabulary.h"

namespace tb {

// The French reason why `s` is not a valid state, or nothing when it is: each setting's range and
// ties to the others, from the settings table, then the sentence's words. Commands give friendlier
// messages before they get here.
std::optional<std::string> validate(const Settings& s, const Vocabulary& vocabulary);

class Session {
public:
    explicit Session(std::shared_ptr<const Vocabulary> vocabulary, Settings start = Settings{});

    const Settings& settings() const { return trace_->settings; }
    const Vocabulary& vocabulary() const { return *vocabulary_; }
    std::shared_ptr<const Trace> trace() const { return trace_; }
    // The trace before the last change that replays the sentence (the faint profile); null at first.
    std::shared_ptr<const Trace> previous_trace() const { return previous_; }
    // Counts the changes that replay the sentence from the input (not /etape).
    std::uint64_t replay_count() const { return replay_count_; }

    // Moves to `next` and recomputes; on an invalid state returns the reason and changes nothing.
    // A change of step alone does not replay.
    std::optional<std::string> apply(const Settings& next);
    // Replays the same state (as /propager with the same seed would): the window animates again.
    void replay();

private:
    std::shared_ptr<const Trace> compute(const Settings& s);

    std::shared_ptr<const Vocabulary> vocabulary_;
    std::shared_ptr<const Weights> weights_;  // cached: redrawn when seed or shape change
    std::shared_ptr<const Trace> trace_;
    std::shared_ptr<const Trace> previous_;
    std::uint64_t replay_count_ = 0;
};

}  // namespace tb
