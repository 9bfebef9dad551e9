#include "persist/view_link.h"

#include <filesystem>

#include "commands/link.h"
#include "base/utf8.h"

namespace tb {
namespace {

// The settings the lesson's lines leave, replayed on a scratch session with the core's commands
// (a lesson runs channel commands only); its training and corpus lines change no setting and are
// left out. Nothing when a line is refused (the lesson changed on disk since it was opened).
std::optional<Settings> lesson_baseline(const Session& session, const std::vector<std::string>& lines) {
    Session scratch(std::make_shared<const Vocabulary>(session.vocabulary()));
    CommandRegistry registry;
    for (const std::string& line : lines) {
        const std::string text = utf8::is_valid(line) ? utf8::fold(trim(line)) : std::string();
        if (text.rfind("/entrainer", 0) == 0 || text.rfind("/corpus", 0) == 0) continue;
        if (!registry.execute(scratch, line).ok) return std::nullopt;
    }
    return scratch.settings();
}

void append(std::vector<std::string>& out, std::vector<std::string> more) {
    for (std::string& line : more) out.push_back(std::move(line));
}

}  // namespace

std::vector<std::string> view_lines(const WindowLink& w) {
    const ViewState start;
    const ViewState& v = w.view;
    std::vector<std::string> out;
    if (v.text_scale != start.text_scale) out.push_back("/vue texte " + link_decimal(v.text_scale));
    if (v.full_screen != start.full_screen) out.push_back(std::string("/vue plein-ecran ") + (v.full_screen ? "on" : "off"));
    if (v.log_scale != start.log_scale) out.push_back(std::string("/vue echelle ") + (v.log_scale ? "log" : "lineaire"));
    if (v.head != start.head) out.push_back("/vue tete " + std::to_string(v.head + 1));
    if (v.seconds_per_level != start.seconds_per_level) out.push_back("/vue vitesse " + link_decimal(v.seconds_per_level));
    if (v.light_theme != start.light_theme) out.push_back(std::string("/theme ") + (v.light_theme ? "clair" : "sombre"));
    if (w.presenter) out.push_back("/presentateur on");
    append(out, inspector_lines(v.inspector));  // the panel's choices, then the panel
    if (!w.panel.empty()) out.push_back("/panneau " + w.panel);
    if (w.parameters_open) out.push_back("/parametres");
    return out;
}

StateLink window_link(const Session& session, const WindowLink& w) {
    StateLink link = model_link(session);  // its notes; its lines are remade from the lesson's state
    link.lines.clear();
    Settings baseline;  // the start-up state
    if (w.lesson) {
        if (const std::optional<Settings> reached = lesson_baseline(session, w.lesson->lines)) {
            baseline = *reached;
            link.lines.push_back("/lecon ouvrir " + w.lesson->name);
            for (int i = 0; i < w.lesson->step; ++i) link.lines.push_back("/lecon suivant");
            if (w.lesson->asks_first && w.lesson->revealed) link.lines.push_back("/lecon reveler");
        } else {
            link.notes.push_back({"la leçon ne se rejoue plus telle qu'elle a été ouverte : elle n'est pas dans le lien",
                                  "the lesson no longer replays as it was opened: it is not in the link"});
        }
    }
    append(link.lines, settings_lines(baseline, session.settings()));
    if (const auto& c = w.view.comparison) {  // B starts as a copy of A, then takes its own values
        link.lines.push_back("/comparer on");
        for (std::string& line : settings_lines(session.settings(), c->b,
                                                [&c](const SettingEntry& e) { return e.side_b && c->overrides.has(e.key); }))
            link.lines.push_back("/b " + line);
    }
    append(link.lines, view_lines(w));
    return link;
}

std::optional<std::string> builtin_lesson_name(const std::string& path, const std::string& lessons_dir) {
    namespace fs = std::filesystem;
    std::error_code ec, ec_dir;
    const fs::path file = fs::weakly_canonical(path, ec), dir = fs::weakly_canonical(lessons_dir, ec_dir);
    if (ec || ec_dir || file.parent_path() != dir || file.extension() != ".txt") return std::nullopt;
    const std::string name = file.stem().string();
    if (link_line_refusal("/lecon ouvrir " + name)) return std::nullopt;  // a name a link may open
    return name;
}

}  // namespace tb
