#pragma once
// The console: the log of commands and answers, an input line with history (↑/↓) and
// completion (Tab, through the registry). A `/` typed anywhere gives the line the keyboard
// (open_console_line); in presenter mode, where there is no console, it opens a one-line console
// over the bottom of the cross-section, which runs the line on Return, closes on Escape or once
// run, and shows the command's echo and answer for a few seconds.
#include <string>
#include <vector>

#include "commands/commands.h"
#include "features/console_log.h"
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
    int focus_wait = 0;      // frames left for the line to take the keyboard once asked (refocus)
    bool line_open = false;  // presenter mode: the one-line console is shown
    std::size_t reply_from = 0;  // presenter mode: the log's lines from here answer the last line run
    double reply_until = 0;      // ... shown until then (ImGui's clock, seconds)
};

// Frames a focus request may take before the line has the keyboard (ImGui gives it the next frame).
constexpr int kConsoleFocusFrames = 4;
// Seconds the one-line console of presenter mode shows a command's echo and answer.
constexpr double kConsoleReplySeconds = 5;

// A `/` typed with no text field active: the console line takes the keyboard (next frame).
inline void open_console_line(ConsoleState& state) {
    state.refocus = true;
    state.focus_wait = kConsoleFocusFrames;
    state.line_open = true;
}
// True while the line has been asked for the keyboard and has not got it yet.
inline bool console_focus_pending(const ConsoleState& state) { return state.refocus || state.focus_wait > 0; }

void draw_console(const Rect& rect, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                  Language language);
// Presenter mode's one-line console, along the bottom of `area` (the cross-section), while open or
// while it shows the last answer; draws nothing otherwise.
void draw_console_line(const Rect& area, ConsoleState& state, const std::vector<LogLine>& log, const CommandSink& send,
                       Language language);

}  // namespace tb
