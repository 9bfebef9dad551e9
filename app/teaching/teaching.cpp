#include "teaching/teaching.h"

#include <filesystem>

#include "course/lesson.h"
#include "persist/data_dir.h"

namespace tb {
namespace {

// A lesson named as given, else among the shipped ones: "transformer-bloc" finds
// <data>/assets/lessons/transformer-bloc.txt.
std::string resolve_lesson_path(const std::string& given) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_regular_file(given, ec)) return given;
    if (const auto data = find_data_dir()) {
        for (const std::string& candidate : {*data + "/assets/lessons/" + given, *data + "/assets/lessons/" + given + ".txt"})
            if (fs::is_regular_file(candidate, ec)) return candidate;
    }
    return given;
}

std::string step_line(const LessonPlayer& p, bool english) {
    const LessonStep& s = p.step();
    return (english ? "step " : "étape ") + std::to_string(p.index() + 1) + "/" + std::to_string(p.count()) +
           (english ? ": " : " : ") +
           (english ? s.title_en : s.title_fr) + (p.revealed() ? "" : english ? " — predict first" : " — prédis d'abord");
}

CommandResult not_open() {
    return {false, "aucune leçon ouverte (/lecon ouvrir FICHIER)", "no lesson open (/lecon ouvrir FILE)"};
}

}  // namespace

void Teaching::run_lines(const std::vector<std::string>& lines) {
    // Lines from /reinit replay the lesson from the start-up state: those still waiting are void.
    if (!lines.empty() && lines.front() == "/reinit") waiting_.clear();
    waiting_.insert(waiting_.end(), lines.begin(), lines.end());
    resume();
}

void Teaching::resume() {
    while (!waiting_.empty() && !runner_.busy()) {
        const std::string line = waiting_.front();
        waiting_.pop_front();
        if (!runner_.run(line).ok) waiting_.clear();  // cannot happen: the lesson was checked when it opened
    }
}

CommandResult Teaching::open(const std::string& given) {
    if (given.empty())
        return expected("lecon ouvrir",
                        Text{"un fichier de leçon (par exemple transformer-bloc)", "a lesson file (for example transformer-bloc)"},
                        given);
    const std::string path = resolve_lesson_path(given);
    const LessonParse parsed = read_lesson_file(path, session_);  // channel commands only
    if (!parsed.ok())  // nothing changes: the current lesson, if any, stays open
        return {false, "leçon « " + given + " » refusée : " + parsed.error.message,
                "lesson \"" + given + "\" refused: " + parsed.error.english};
    const Lesson& l = *parsed.lesson;
    const std::string title_fr = l.title_fr.empty() ? given : l.title_fr, title_en = l.title_en.empty() ? given : l.title_en;
    const std::string count = std::to_string(l.steps.size());
    run_lines(lesson_.open(*parsed.lesson, path));
    const bool one = l.steps.size() == 1;
    return {true, "leçon « " + title_fr + " » : " + count + (one ? " étape" : " étapes") + ", depuis l'état de départ — " + step_line(lesson_, false),
            "lesson \"" + title_en + "\": " + count + (one ? " step" : " steps") + ", from the start-up state — " + step_line(lesson_, true)};
}

CommandResult Teaching::move(std::vector<std::string> (LessonPlayer::*step)()) {
    if (!lesson_.is_open()) return not_open();
    run_lines((lesson_.*step)());
    return {true, step_line(lesson_, false), step_line(lesson_, true)};
}

std::vector<Command> Teaching::commands() {
    const std::vector<Verb> lesson_verbs = {
        verb({"ouvrir", "open"}, [this](const Args& rest) { return open(rest.text()); }),
        verb({"suivant", "suivante", "next"},
             [this](const Args&) -> CommandResult {
                 if (lesson_.is_open() && lesson_.index() + 1 >= lesson_.count() && lesson_.revealed())
                     return {true, "dernière étape : /lecon precedent, ou /lecon fermer", "last step: /lecon precedent, or /lecon fermer"};
                 return move(&LessonPlayer::next);
             }),
        verb({"precedent", "precedente", "previous"}, [this](const Args&) { return move(&LessonPlayer::previous); }),
        verb({"reveler", "reponse", "reveal"},
             [this](const Args&) -> CommandResult {
                 if (!lesson_.is_open()) return not_open();
                 if (lesson_.revealed()) return {true, "déjà révélé", "already revealed"};
                 run_lines(lesson_.reveal());
                 return {true, "réponse révélée", "answer revealed"};
             }),
        verb({"fermer", "close"},
             [this](const Args&) -> CommandResult {
                 if (!lesson_.is_open()) return not_open();
                 lesson_.close();
                 waiting_.clear();
                 return {true, "leçon fermée (l'état reste tel quel)", "lesson closed (the state stays as it is)"};
             }),
    };
    const Handler lesson_handler = verbs("lecon", lesson_verbs,
                                         Text{"ouvrir FICHIER, suivant, precedent, reveler ou fermer",
                                              "ouvrir FILE, suivant, precedent, reveler or fermer"});
    std::vector<Command> out;
    out.emplace_back("lecon", "/lecon <ouvrir FICHIER|suivant|precedent|reveler|fermer>",
                     "Joue une leçon guidée pas à pas : chaque étape lance ses commandes et dit quoi regarder.",
                     std::vector<std::string>{"ouvrir", "suivant", "precedent", "reveler", "fermer"},
                     [this, lesson_handler](Session& session, const Args& args) -> CommandResult {
                         if (!args.empty()) return lesson_handler(session, args);
                         if (!lesson_.is_open()) return not_open();  // /lecon alone: where the lesson is
                         return {true, step_line(lesson_, false), step_line(lesson_, true)};
                     },
                     "Plays a guided lesson step by step: each step runs its commands and says what to look at.");
    out.emplace_back("presentateur", "/presentateur <on|off>",
                     "Mode présentateur (F5) : la coupe, le profil des normes, la grille de similarité et la leçon seuls, en grand.",
                     std::vector<std::string>{"on", "off"},
                     on_off("presentateur", [this](bool on) -> CommandResult {
                         presenter_ = on;
                         return {true, on ? "mode présentateur : la coupe, le profil, la grille et la leçon, en grand (F5 pour sortir)"
                                          : "mode présentateur quitté",
                                 on ? "presenter mode: the cross-section, the profile, the grid and the lesson, large (F5 to leave)"
                                    : "presenter mode left"};
                     }),
                     "Presenter mode (F5): only the cross-section, the norm profile, the similarity grid and the lesson, large.");
    out.emplace_back("theme", "/theme <clair|sombre>", "Thème clair (contraste fort, pour un projecteur délavé) ou sombre.",
                     std::vector<std::string>{"clair", "sombre"},
                     choice<Theme>("theme",
                                   {{"clair", Theme::Light}, {"light", Theme::Light}, {"sombre", Theme::Dark}, {"dark", Theme::Dark}},
                                   Text{"clair ou sombre", "clair or sombre"},
                                   [this](Theme theme) -> CommandResult {
                                       theme_ = theme;
                                       return {true, theme == Theme::Light ? "thème clair" : "thème sombre",
                                               theme == Theme::Light ? "light theme" : "dark theme"};
                                   }),
                     "Light theme (high contrast, for a washed-out projector) or dark.");
    return out;
}

std::optional<LessonBookmark> Teaching::bookmark() const {
    if (!lesson_.is_open()) return std::nullopt;
    return LessonBookmark{lesson_.path(), lesson_.index()};
}

void Teaching::save(ViewState& v) const {
    v.light_theme = theme_ == Theme::Light;
    v.lesson = bookmark();
}

std::optional<std::string> Teaching::check(const ViewState& v) const {
    if (!v.lesson) return std::nullopt;
    const LessonParse parsed = read_lesson_file(resolve_lesson_path(v.lesson->file), session_);
    if (!parsed.ok()) return "la leçon de la session ne se rouvre pas : " + parsed.error.message;
    if (v.lesson->step >= static_cast<int>(parsed.lesson->steps.size()))
        return "la leçon de la session n'a que " + std::to_string(parsed.lesson->steps.size()) + " étapes (étape " +
               std::to_string(v.lesson->step + 1) + " enregistrée)";
    return std::nullopt;
}

void Teaching::restore(const ViewState& v) {
    theme_ = v.light_theme ? Theme::Light : Theme::Dark;
    waiting_.clear();
    if (!v.lesson) return;
    const std::string path = resolve_lesson_path(v.lesson->file);
    LessonParse parsed = read_lesson_file(path, session_);
    if (!parsed.ok()) return;  // check() said so before anything applied: cannot happen
    lesson_.open(std::move(*parsed.lesson), path);  // the lines it returns are not run: see teaching.h
    lesson_.go_to(v.lesson->step);
}

}  // namespace tb
