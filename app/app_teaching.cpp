// The App's teaching side: /lecon (the guided lesson), /presentateur (presenter mode, F5),
// /theme (light or dark), the formula strip and the presenter's screen. Every action is a
// command, so buttons, keys, --run, --script and tests reach it alike.
#include <imgui.h>

#include <cmath>
#include <filesystem>

#include "app.h"
#include "persist/data_dir.h"
#include "render/bead_renderer.h"
#include "text/text.h"
#include "ui/panels.h"
#include "ui/teaching_panels.h"
#include "utf8.h"

namespace tb {
namespace {

constexpr float kPresenterTextScale = 1.5f;  // on top of Ctrl +/-: large type for the back row

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

std::string word_of(const std::string& args, std::string& rest) {
    const auto space = args.find(' ');
    rest = space == std::string::npos ? "" : args.substr(space + 1);
    while (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
    return utf8::fold(args.substr(0, space));
}

std::string step_line(const LessonPlayer& p, bool english) {
    const LessonStep& s = p.step();
    return (english ? "step " : "étape ") + std::to_string(p.index() + 1) + "/" + std::to_string(p.count()) +
           (english ? ": " : " : ") +
           (english ? s.title_en : s.title_fr) + (p.revealed() ? "" : english ? " — predict first" : " — prédis d'abord");
}

}  // namespace

float App::font_scale() const { return text_scale * (presenter_ ? kPresenterTextScale : 1.f); }

void App::run_lines(const std::vector<std::string>& lines) {
    const float keep = text_scale;  // /reinit resets the view; the text size stays the teacher's
    for (const auto& line : lines)
        if (!run(line).ok) break;  // cannot happen: the lesson was checked when it opened
    text_scale = keep;
}

CommandResult App::lesson_command(const std::string& args) {
    std::string rest;
    const std::string verb = word_of(args, rest);
    auto not_open = [] {
        return CommandResult{false, "aucune leçon ouverte (/lecon ouvrir FICHIER)", "no lesson open (/lecon ouvrir FILE)"};
    };
    if (verb == "ouvrir" || verb == "open") {
        if (rest.empty())
            return {false, "/lecon ouvrir attend un fichier de leçon (par exemple transformer-bloc)",
                    "/lecon ouvrir expects a lesson file (for example transformer-bloc)"};
        const std::string path = resolve_lesson_path(rest);
        const LessonParse parsed = read_lesson_file(path, session_);  // channel commands only
        if (!parsed.ok())  // nothing changes: the current lesson, if any, stays open
            return {false, "leçon « " + rest + " » refusée : " + parsed.error.message,
                    "lesson \"" + rest + "\" refused: " + parsed.error.english};
        const Lesson& l = *parsed.lesson;
        const std::string title_fr = l.title_fr.empty() ? rest : l.title_fr, title_en = l.title_en.empty() ? rest : l.title_en;
        const std::string count = std::to_string(l.steps.size());
        run_lines(lesson_.open(*parsed.lesson, path));
        return {true, "leçon « " + title_fr + " » : " + count + " étapes, depuis l'état de départ — " + step_line(lesson_, false),
                "lesson \"" + title_en + "\": " + count + " steps, from the start-up state — " + step_line(lesson_, true)};
    }
    if (verb.empty()) {
        if (!lesson_.is_open()) return not_open();
        return {true, step_line(lesson_, false), step_line(lesson_, true)};
    }
    if (verb == "fermer" || verb == "close") {
        if (!lesson_.is_open()) return not_open();
        lesson_.close();
        return {true, "leçon fermée (l'état reste tel quel)", "lesson closed (the state stays as it is)"};
    }
    if (verb == "suivant" || verb == "suivante" || verb == "next") {
        if (!lesson_.is_open()) return not_open();
        if (lesson_.index() + 1 >= lesson_.count() && lesson_.revealed())
            return {true, "dernière étape : /lecon precedent, ou /lecon fermer", "last step: /lecon precedent, or /lecon fermer"};
        run_lines(lesson_.next());
        return {true, step_line(lesson_, false), step_line(lesson_, true)};
    }
    if (verb == "precedent" || verb == "precedente" || verb == "previous") {
        if (!lesson_.is_open()) return not_open();
        run_lines(lesson_.previous());
        return {true, step_line(lesson_, false), step_line(lesson_, true)};
    }
    if (verb == "reveler" || verb == "reponse" || verb == "reveal") {
        if (!lesson_.is_open()) return not_open();
        if (lesson_.revealed()) return {true, "déjà révélé", "already revealed"};
        run_lines(lesson_.reveal());
        return {true, "réponse révélée", "answer revealed"};
    }
    return {false, "/lecon attend ouvrir FICHIER, suivant, precedent, reveler ou fermer (reçu « " + args + " »)",
            "/lecon expects ouvrir FILE, suivant, precedent, reveler or fermer (got « " + args + " »)"};
}

void App::add_teaching_commands(CommandRegistry& registry) {
    registry.add({"lecon", "/lecon <ouvrir FICHIER|suivant|precedent|reveler|fermer>",
                  "Joue une leçon guidée pas à pas : chaque étape lance ses commandes et dit quoi regarder.",
                  {"ouvrir", "suivant", "precedent", "reveler", "fermer"},
                  [this](Session&, const Args& args) { return lesson_command(args.text()); },
                  "Plays a guided lesson step by step: each step runs its commands and says what to look at."});
    registry.add({"presentateur", "/presentateur <on|off>",
                  "Mode présentateur (F5) : la coupe, le profil des normes et la leçon seuls, en grand.",
                  {"on", "off"},
                  on_off("presentateur", [this](bool on) -> CommandResult {
                      presenter_ = on;
                      return {true, presenter_ ? "mode présentateur : la coupe, le profil et la leçon, en grand (F5 pour sortir)"
                                               : "mode présentateur quitté",
                              presenter_ ? "presenter mode: the cross-section, the profile and the lesson, large (F5 to leave)"
                                         : "presenter mode left"};
                  }),
                  "Presenter mode (F5): only the cross-section, the norm profile and the lesson, large."});
    registry.add({"theme", "/theme <clair|sombre>",
                  "Thème clair (contraste fort, pour un projecteur délavé) ou sombre.", {"clair", "sombre"},
                  choice<Theme>("theme", {{"clair", Theme::Light}, {"light", Theme::Light}, {"sombre", Theme::Dark}, {"dark", Theme::Dark}},
                                Text{"clair ou sombre", "clair or sombre"}, [this](Theme theme) -> CommandResult {
                      theme_ = theme;
                      return {true, theme_ == Theme::Light ? "thème clair" : "thème sombre",
                              theme_ == Theme::Light ? "light theme" : "dark theme"};
                  }),
                  "Light theme (high contrast, for a washed-out projector) or dark."});
    // Saved sessions keep the lesson's place (view_state.h).
    lesson_bookmark = [this]() -> std::optional<LessonBookmark> {
        if (!lesson_.is_open()) return std::nullopt;
        return LessonBookmark{lesson_.path(), lesson_.index()};
    };
    reopen_lesson = [this](const LessonBookmark& b) {
        if (!run("/lecon ouvrir " + b.file).ok) return;
        run_lines(lesson_.go_to(b.step));
    };
}

void App::draw_teaching(const ScreenLayout& screen, const Trace& trace, const FrameRecords& frame, const Fonts& fonts,
                        const CommandSink& send) {
    const Settings& s = trace.settings;
    const ThemeColours& colours = theme_colours(theme_);
    // F is the sublayer the beads are in; at rest, either.
    const int k = frame.active_level;
    const bool inside = k >= 1 && k <= 2 * s.layers && frame.phase > 0;
    std::string note;
    if (inside)
        note = "F = " + std::string(k % 2 ? tr("attention ", "attention ") : "FFN ") + std::to_string((k + 1) / 2);
    else
        note = tr("F = attention ou FFN", "F = attention or FFN");
    if (presenter_)
        note += " · " + format_thousands(trace.parameters.blocks) + tr(" paramètres (blocs)", " parameters (blocks)");
    draw_formula(screen.formula, sublayer_formula(s), active_term(s, k, frame.phase), note, fonts, colours);
    if (lesson_.is_open()) draw_lesson(screen.lesson, lesson_, fonts, colours, send);
}

void App::draw_presenter(const ScreenLayout& screen, const Trace& trace, const Trace* previous, const Fonts& fonts,
                         BeadRenderer* beads) {
    const CommandSink send = [this](const std::string& line) { run(line); };
    const Layout layout = make_layout(trace.settings, screen.section);
    const FrameRecords frame = animate(trace, layout, playhead_, animation_);
    BeadPainter painter;
    if (beads) {
        beads->set(frame.beads);
        painter.callback = &BeadRenderer::callback;
        painter.user = beads;
    }
    draw_cross_section(screen.section, layout, frame, trace, fonts, painter, theme_colours(theme_));
    draw_profile(screen.profile, trace, previous, playhead_, log_scale_, fonts);
    draw_teaching(screen, trace, frame, fonts, send);
}

void App::apply_theme_if_changed() {
    if (theme_ == applied_theme_) return;
    apply_theme_style(theme_);
    applied_theme_ = theme_;
}

}  // namespace tb
