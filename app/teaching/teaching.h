#pragma once
// The teaching feature: the guided lesson (/lecon), presenter mode (/presentateur, F5) and the
// theme (/theme clair|sombre). A plain object with its commands; a lesson's steps run their
// command lines through a LineRunner (the window runs them as if typed, so the log shows them).
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "persist/view_state.h"
#include "teaching/lesson_player.h"
#include "teaching/theme.h"

namespace tb {

// Runs one command line as if typed (echoed in the log, the view following).
class LineRunner {
public:
    virtual ~LineRunner() = default;
    virtual CommandResult run(const std::string& line) = 0;
};

class Teaching {
public:
    static constexpr float kPresenterTextScale = 1.5f;  // on top of /vue texte: the back row reads it

    Teaching(const Session& session, LineRunner& runner) : session_(session), runner_(runner) { lesson_.attach(&session_); }

    // /lecon <ouvrir FICHIER|suivant|precedent|reveler|fermer>, /presentateur <on|off>, /theme <clair|sombre>.
    std::vector<Command> commands();

    const LessonPlayer& lesson() const { return lesson_; }
    bool presenter() const { return presenter_; }
    Theme theme() const { return theme_; }
    float text_factor() const { return presenter_ ? kPresenterTextScale : 1.f; }

    // What a saved session keeps: the theme and the lesson's place.
    std::optional<LessonBookmark> bookmark() const;
    void save(ViewState& v) const;
    // Why restore(v) could not reopen its lesson (a file gone, changed or unreadable, a step past
    // its end): checked before a session applies anything.
    std::optional<std::string> check(const ViewState& v) const;
    // The theme at once; the lesson reopened at its step (which runs /reinit and the earlier
    // steps' commands: the caller puts the saved settings back afterwards).
    void restore(const ViewState& v);

private:
    CommandResult open(const std::string& given);
    CommandResult move(std::vector<std::string> (LessonPlayer::*step)());
    void run_lines(const std::vector<std::string>& lines);

    const Session& session_;
    LineRunner& runner_;
    LessonPlayer lesson_;
    bool presenter_ = false;
    Theme theme_ = Theme::Dark;
};

}  // namespace tb
