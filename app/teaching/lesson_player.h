#pragma once
// Where the class is in a lesson: the step shown and whether its consequence has been revealed.
// Pure: each move returns the command lines the App must run (through the registry), in order,
// so that buttons, /lecon, --run and tests all play a lesson the same way.
#include <string>
#include <vector>

#include "course/lesson.h"

namespace tb {

class LessonPlayer {
public:
    bool is_open() const { return open_; }
    const Lesson& lesson() const { return lesson_; }
    const std::string& path() const { return path_; }
    int index() const { return index_; }
    int count() const { return static_cast<int>(lesson_.steps.size()); }
    const LessonStep& step() const { return lesson_.steps[static_cast<std::size_t>(index_)]; }
    // False while a « prédis d'abord » question waits: the step's commands have not run yet.
    bool revealed() const { return revealed_; }

    // Opens at the first step, from the start-up state: "/reinit" then the first step's commands
    // (none yet when it asks a question first).
    std::vector<std::string> open(Lesson lesson, std::string path);
    void close();
    // The consequence of the current step: its commands, once.
    std::vector<std::string> reveal();
    // The next step (revealing the current one first, so the state is always the lesson's).
    // At the last step, only reveals.
    std::vector<std::string> next();
    // The previous step, as it was on arrival: "/reinit", every earlier step's commands, then
    // its own (unless it asks first). At the first step, starts it over.
    std::vector<std::string> previous();
    // Step `index` (clamped), as it is on arrival: "/reinit" then every earlier step's commands.
    std::vector<std::string> go_to(int index);

    // The session whose trace fills the texts' {placeholders} (Teaching attaches its own).
    void attach(const Session* session) { session_ = session; }
    // A step's text as the panel shows it: `fr` or `en` (French when `en` is empty), its
    // placeholders filled from the live trace (left as written when no session is attached).
    std::string shown(const std::string& fr, const std::string& en, Language language) const;

private:
    std::vector<std::string> enter(int index);
    void append_commands(std::vector<std::string>& out, int index) const;

    Lesson lesson_;
    const Session* session_ = nullptr;
    std::string path_;
    bool open_ = false;
    int index_ = 0;
    bool revealed_ = true;
};

}  // namespace tb
