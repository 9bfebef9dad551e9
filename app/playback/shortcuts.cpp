#include "playback/shortcuts.h"

namespace tb {

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

std::optional<std::string> shortcut_command(Shortcut shortcut, const Settings& s, bool presenter) {
    switch (shortcut) {
        case Shortcut::Propagate: return "/propager";
        case Shortcut::StepBack:
            if (s.step == 0) return std::nullopt;
            return "/etape " + std::to_string(s.step - 1);
        case Shortcut::StepForward:
            if (s.step == s.top_level()) return std::nullopt;
            return "/etape " + std::to_string(s.step + 1);
        case Shortcut::Residual: return s.residual ? "/residuel off" : "/residuel on";
        case Shortcut::Norm:
            return s.norm == Norm::Pre ? "/norme post" : s.norm == Norm::Post ? "/norme aucune" : "/norme pre";
        case Shortcut::Position:
            return s.position == Position::Sinus     ? "/position appris"
                   : s.position == Position::Learned ? "/position aucun"
                                                     : "/position sinus";
        case Shortcut::MoreLayers:
            if (s.layers == Settings::kMaxLayers) return std::nullopt;
            return "/couches " + std::to_string(s.layers + 1);
        case Shortcut::FewerLayers:
            if (s.layers == Settings::kMinLayers) return std::nullopt;
            return "/couches " + std::to_string(s.layers - 1);
        case Shortcut::Presenter: return presenter ? "/presentateur off" : "/presentateur on";
    }
    return std::nullopt;
}

}  // namespace tb
