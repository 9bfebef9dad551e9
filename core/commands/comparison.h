#pragma once
// The A/B comparison (/comparer on, /b /residuel off) as a model-side state: side B's Session and
// the settings it holds apart from A. B shares A's sentence and seed and follows every setting it
// does not override; it trains beside A (/entrainer, /graines). Headless scripts reach it through
// the commands below; the window draws it (app/features/compare_feature.h wraps it).
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.h"

namespace tb {

// The settings side B holds apart from A, named by their JSON keys (settings_table.h); every
// other one follows A.
class Overrides {
public:
    void mark(const std::string& key) { keys_.insert(key); }
    void forget(const std::string& key) { keys_.erase(key); }
    bool has(const std::string& key) const { return keys_.count(key) > 0; }
    bool any() const { return !keys_.empty(); }
    const std::set<std::string>& keys() const { return keys_; }

private:
    std::set<std::string> keys_;
};

// Marks every setting that differs between `before` and `after` (a command run on side B).
void mark_changes(Overrides& o, const Settings& before, const Settings& after);

// Side B's settings: A's, with B's own value for each overridden setting. The sentence and the
// seed are always A's; the step follows A's (at the top stays at the top, else clamped to B's).
Settings merge_b(const Settings& a, const Settings& b, const Overrides& o);

// What differs, as the channel writes it: "résiduel off", "couches 3 · norme post" (the legend);
// `named` false: the values alone ("off", "3 · post").
std::string describe(const Settings& b, const Overrides& o, bool named = true);

// The commands /b accepts: the settings the table lets side B change. Sentence, seed, step and the
// rest are A's (they are shared), and window commands have no side.
bool allowed_on_b(std::string_view folded_name);

// Side B beside the session `a` (which must outlive it).
class SideBState {
public:
    explicit SideBState(const Session& a) : a_(a) {}
    SideBState(const SideBState&) = delete;
    SideBState& operator=(const SideBState&) = delete;

    bool is_open() const { return b_ != nullptr; }
    const Session* b() const { return b_.get(); }
    Session* b() { return b_.get(); }
    const Overrides& overrides() const { return overrides_; }
    const Session& a() const { return a_; }
    // B = A with B's own value of each overridden setting (a saved session, /comparer on).
    void open(const Overrides& overrides, const Settings& b);
    void close() { b_.reset(); }
    // Side B follows A's sentence, seed, step and every setting it does not override; replays when A does.
    void sync();
    // /b's work: `args` (a setting command, slash optional) run on B through `registry`.
    CommandResult run_on_b(CommandRegistry& registry, const Args& args);

private:
    const Session& a_;
    std::unique_ptr<Session> b_;
    Overrides overrides_;
    std::uint64_t seen_a_replay_ = 0;
};

// /comparer <on|off> and /b <commande> on `state` (kept alive by the handlers); `after_b` runs
// after a /b that succeeded (the window starts both stacks again).
std::vector<Command> comparison_commands(std::shared_ptr<SideBState> state, CommandRegistry& registry,
                                         std::function<void()> after_b = {});

// Headless: replaces /entrainer N in `registry` so that, with the comparison open, side B trains
// beside A step for step (as the window's live training does), and the reply says both.
void train_side_b_too(CommandRegistry& registry, std::shared_ptr<SideBState> state);

}  // namespace tb
