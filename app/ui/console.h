#pragma once
// The console: the log of commands and answers, an input line with history (↑/↓) and
// completion (Tab, through the registry).
#include <string>
#include <vector>

#include "commands.h"
#include "console_log.h"
#include "scene/screen.h"
#include "ui/help.h"

namespace tb {

struct ConsoleState {
    char input[CommandRegistry::kMaxLineBytes + 1] = {};
    std::vector<std::string> history;
    int history_pos = -1;  // -1: editing a new line
    bool scroll_to_bottom = true;
    bool refocus = false;
    const CommandRegistry* registry = nullptr;  // for completion only
    std::string candidates;  // Tab with several completions lists them here
};

void draw_console(const Rect& rect, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                  Language language);

}  // namespace tb
