#include "playback/shortcuts.h"

#include "model/settings_table.h"

namespace tb {
namespace {

// The command that moves a setting to its next value in the table's order, cycling.
std::string next_value(const char* command, const Settings& s) {
    return std::string("/") + command + " " + next_value_word(*setting_for_command(command), s);
}

// The command that moves an integer setting by `by`, or nothing at the end of its range.
std::optional<std::string> moved(const char* command, const Settings& s, int by) {
    const SettingEntry& e = *setting_for_command(command);
    const int v = e.get(s) + by;
    if (!allowed_value(e, v)) return std::nullopt;
    return std::string("/") + command + " " + std::to_string(v);
}

}  // namespace

std::optional<Shortcut> shortcut_for_character(char32_t typed) {
    switch (typed) {
        case 'r': case 'R': return Shortcut::Residual;
        case 'n': case 'N': return Shortcut::Norm;
        case 'p': case 'P': return Shortcut::Position;
        case '+': return Shortcut::MoreLayers;
        case '-': return Shortcut::FewerLayers;
        default: return std::nullopt;
    }
}

std::optional<std::string> shortcut_command(Shortcut shortcut, const Settings& s, const KeyContext& context) {
    switch (shortcut) {
        case Shortcut::Propagate: return "/propager";
        case Shortcut::StepBack:
            if (context.lesson_open) return "/lecon precedent";
            if (s.step == 0) return std::nullopt;
            return "/etape " + std::to_string(s.step - 1);
        case Shortcut::StepForward:
            if (context.lesson_open) return context.lesson_revealed ? "/lecon suivant" : "/lecon reveler";
            if (s.step == s.top_level()) return std::nullopt;
            return "/etape " + std::to_string(s.step + 1);
        case Shortcut::Residual: return next_value("residuel", s);
        case Shortcut::Norm: return next_value("norme", s);
        case Shortcut::Position: return next_value("position", s);
        case Shortcut::MoreLayers: return moved("couches", s, +1);
        case Shortcut::FewerLayers: return moved("couches", s, -1);
        case Shortcut::Presenter: return context.presenter ? "/presentateur off" : "/presentateur on";
    }
    return std::nullopt;
}

}  // namespace tb
