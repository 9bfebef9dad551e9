#pragma once
// A guided lesson: steps a teacher writes in plain text (docs/lessons.md, « Écrire une leçon »), each with
// the channel commands it runs, what to look at (French and English) and, optionally, a
// « prédis d'abord » question whose answer is revealed with the consequence.
//
//   # a comment
//   leçon: Le bloc transformer | The transformer block
//   [étape] Sans résidu | Without the residual
//   question fr: Sans le résidu, que deviennent les deux « le » ?
//   question en: Without the residual, what happens to the two "le"?
//   commande: /residuel off
//   fr: Chaque sous-couche remplace le vecteur...
//   en: Each sublayer replaces the vector...
//   réponse fr: Ils se confondent avec les autres.
//   réponse en: They merge with the others.
//   attendu: /residuel off
//
// A lesson always starts from the start-up state (/reinit). Parsing is pure; check_lesson() then
// runs the commands on a scratch session so that a refused command is reported with its line.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.h"
#include "course/lesson_text.h"

namespace tb {

struct LessonLine {
    int line = 0;      // 1-based line of the file
    std::string text;  // a command line: "/residuel off"
};

// A {placeholder} of a step's text (lesson_text.h), where it was written.
struct LessonField {
    int line = 0;
    PlaceholderUse use;
    bool in_question = false;  // shown before the step's commands run, too
};

struct LessonStep {
    int line = 0;  // the [étape] line
    std::string title_fr, title_en;
    std::vector<LessonLine> commands;  // run in order when the step's consequence is shown
    std::string text_fr, text_en;      // what to look at (several lines join into one paragraph)
    std::string question_fr, question_en;  // the « prédis d'abord » question (optional, both or none)
    std::string answer_fr, answer_en;      // its answer, revealed with the consequence
    std::vector<LessonLine> expected;      // commands that must change nothing once the step ran
    std::vector<LessonField> fields;       // the {placeholders} of its question, text and answer
    bool has_question() const { return !question_fr.empty(); }
};

struct Lesson {
    std::string title_fr, title_en;
    std::vector<LessonStep> steps;
};

struct LessonError {
    int line = 0;         // 1-based; 0 for the file as a whole
    std::string message;  // French, starting with "ligne N : "
    std::string english;  // its English twin
};

struct LessonParse {
    std::optional<Lesson> lesson;  // set when the text is a valid lesson
    LessonError error;             // otherwise, the first problem
    bool ok() const { return lesson.has_value(); }
};

// The syntax only: every malformed line is reported with its number and what was expected.
LessonParse parse_lesson(std::string_view text);

// What a lesson's /entrainer lines may ask in all: about 2 s of training at L 6, d 16, w 64 on a
// 2-core machine (Release), twice that with A/B, on the window's worker. (The check used to train
// them all on the drawing thread: 6 to 8 s of frozen window on a slower machine; it no longer does.)
constexpr int kMaxLessonTrainingSteps = 2000;

// Runs every step's commands from /reinit on `scratch` (a copy: the caller's session is not
// touched) with the channel's commands (a lesson drives the model, not the window), checks each
// step's `attendu:` lines and that each {placeholder} can be filled where it is shown ({cos_bloc4}
// needs L ≥ 4). The first refused command, unmet expectation or unfillable placeholder is
// returned with its line. /entrainer is checked without training (its argument, its corpus, and
// the lesson's steps in all at most kMaxLessonTrainingSteps, else refused naming the cap).
std::optional<LessonError> check_lesson(const Lesson& lesson, Session scratch);

// parse_lesson, then check_lesson: what opening a lesson file needs.
LessonParse load_lesson(std::string_view text, const Session& session);

// Reads a lesson file (at most 256 KiB of UTF-8); a missing or unreadable file is an error.
LessonParse read_lesson_file(const std::string& path, const Session& session);

// Runs step `index`'s commands in order with `registry`, stopping at the first failure.
std::vector<CommandResult> run_lesson_step(const Lesson& lesson, int index, CommandRegistry& registry,
                                           Session& session);

}  // namespace tb
