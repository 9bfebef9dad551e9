#pragma once
// The window's /lien (channel.md §7): the model's lines (core/commands/link_command.h) with the view around
// them, in the order a fresh window replays them: the built-in lesson first (it starts from the
// start-up state, /reinit), then the settings that differ from where the lesson leaves them, then
// A/B, then the view. Pure: the lesson's lines are replayed on a scratch session with the core's
// commands, nothing of the window is touched.
//
// Not in a link: the language (the reader's: ?lang=en on the web page), the playhead (a link plays
// from the input), a lesson opened from a file (a link opens none), trained weights (said).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/link_command.h"
#include "persist/view_state.h"

namespace tb {

// A built-in lesson open at a step, as a link reopens it: /lecon ouvrir NAME, /lecon suivant once a
// step, /lecon reveler when the step asks first and its answer is shown.
struct LinkLesson {
    std::string name;        // assets/lessons/NAME.txt
    int step = 0;            // 0-based
    bool asks_first = false;  // the step has a « prédis d'abord » question
    bool revealed = true;
    std::vector<std::string> lines;  // what the lesson ran to get there: "/reinit", the steps' commands
};

struct WindowLink {
    ViewState view;      // text size, full screen, profile scale, head, speed, theme, A/B (its lesson: `lesson`)
    bool presenter = false;
    std::string panel;   // /panneau's word; empty: none open
    bool parameters_open = false;  // the breakdown's window (/parametres)
    std::optional<LinkLesson> lesson;
};

// The view's lines alone, in order: /vue …, /theme clair, /presentateur on, the inspector's choices
// (/panneau bloc 2 …), /panneau …, /parametres.
std::vector<std::string> view_lines(const WindowLink& w);

// The whole link of the window's state: `session` is side A, `vocabulary` replays the lesson.
StateLink window_link(const Session& session, const WindowLink& w);

// The name of a built-in lesson at `path` (a file NAME.txt of `lessons_dir`, the name made of
// letters, digits, '-' and '_'), or nothing for any other file.
std::optional<std::string> builtin_lesson_name(const std::string& path, const std::string& lessons_dir);

}  // namespace tb
