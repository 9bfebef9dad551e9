#pragma once
// The teaching feature: the guided lesson (/lecon), presenter mode (/presentateur, F5) and the
// theme (/theme clair|sombre). A plain object with its commands; a lesson's steps run their
// command lines through a LineRunner (the window runs them as if typed, so the log shows them).
// A step's /entrainer trains on the window's worker (training/live_training.h): the lines after it
// wait for its end (or its cancel, /entrainer stop) and then run, so the window keeps drawing and
// the state is the lesson's, as when the lesson was checked.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "persist/view_state.h"
#include "teaching/lesson_player.h"
#include "scene/theme.h"

namespace tb {

// Runs one command line as if typed (echoed in the log, the view following).
class LineRunner {
public:
    virtual ~LineRunner() = default;
    virtual CommandResult run(const std::string& line) = 0;
    // A training runs on the worker: a lesson's next lines wait for its end.
    virtual bool busy() const { return false; }
};

class Teaching {
public:
    static constexpr float kPresenterTextScale = 1.5f;  // on top of /vue texte: the back row reads it

    Teaching(const Session& session, LineRunner& runner) : session_(session), runner_(runner) { lesson_.attach(&session_); }

    // /lecon <ouvrir FICHIER|suivant|precedent|reveler|fermer>, /presentateur <on|off>, /theme <clair|sombre>.
    std::vector<Command> commands();

    const LessonPlayer& lesson() const { return lesson_; }
    // The lesson's lines waiting for a training to end; resume() runs them once none runs (the
    // frame loop calls it every frame, after the training's end is taken).
    std::size_t lines_waiting() const { return waiting_.size(); }
    void resume();
    bool presenter() const { return presenter_; }
    Theme theme() const { return theme_; }
    float text_factor() const { return presenter_ ? kPresenterTextScale : 1.f; }

    // What a saved session keeps: the theme and the lesson's place.
    std::optional<LessonBookmark> bookmark() const;
    void save(ViewState& v) const;
    // Why restore(v) could not reopen its lesson (a file gone, changed or unreadable, a step past
    // its end): checked before a session applies anything.
    std::optional<std::string> check(const ViewState& v) const;
    // The theme at once; the lesson reopened at its step without running any of its commands
    // (the session's own settings and model stand for them: nothing is replayed, nothing trains).
    void restore(const ViewState& v);

private:
    CommandResult open(const std::string& given);
    CommandResult move(std::vector<std::string> (LessonPlayer::*step)());
    void run_lines(const std::vector<std::string>& lines);  // queued after those waiting, run while nothing trains

    const Session& session_;
    LineRunner& runner_;
    LessonPlayer lesson_;
    std::deque<std::string> waiting_;
    bool presenter_ = false;
    Theme theme_ = Theme::Dark;
};

}  // namespace tb
