#pragma once
// The state the window had, rebuilt for a checker: the channel commands through the core
// registry, /lecon, /presentateur and /theme through the window's own teaching feature; and the
// playhead an action pinned ("playhead X"), if any.
#include <cstdlib>
#include <optional>
#include <string>

#include "commands/commands.h"
#include "picture_check.h"
#include "commands/session.h"
#include "teaching/teaching.h"

namespace tb::test {

// A lesson's lines run straight through the registry (the window echoes them in its log too).
struct Runner : LineRunner {
    CommandRegistry& registry;
    Session& session;
    Runner(CommandRegistry& r, Session& s) : registry(r), session(s) {}
    CommandResult run(const std::string& line) override { return registry.execute(session, line); }
};

struct TeachingState {
    Session session = start_session();
    CommandRegistry registry;
    Runner runner{registry, session};
    Teaching view{session, runner};
    TeachingState() {
        for (auto& command : view.commands()) registry.add(std::move(command));
    }
};

// The "playhead X" among the test actions (argv[3]), if one pinned the beads.
inline std::optional<double> pinned_playhead(int argc, char** argv) {
    std::optional<double> playhead;
    if (argc > 3)
        for (const auto& action : split_script(argv[3]))
            if (action.rfind("playhead ", 0) == 0) playhead = std::atof(action.c_str() + 9);
    return playhead;
}

}  // namespace tb::test
