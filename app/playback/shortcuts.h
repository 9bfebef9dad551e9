#pragma once
// The single-key shortcuts, each a channel command (so the log shows it and a test can check
// it): Space /propager, R /residuel, N /norme (pre → post → aucune), P /position (sinus → appris
// → aucun), +/− /couches ±1, F5 /presentateur. Letters are read as typed characters, so that
// they follow the keyboard layout (AZERTY or QWERTY).
// The clicker keys (channel.md §7): PageDown and → go forward, PageUp and ← go back. With a
// lesson open, forward reveals the pending answer, else goes to the next step, and back goes to
// the previous step (/lecon); with none, they are /etape ± 1.
#include <optional>
#include <string>

#include "model/settings.h"

namespace tb {

enum class Shortcut { Propagate, StepBack, StepForward, Residual, Norm, Position, MoreLayers, FewerLayers, Presenter };

// What a key's command depends on besides the settings: presenter mode and the lesson.
struct KeyContext {
    bool presenter = false;
    bool lesson_open = false;
    bool lesson_revealed = true;  // false while the lesson's « prédis d'abord » question waits
};

std::optional<Shortcut> shortcut_for_character(char32_t typed);
// The command a shortcut sends in the current state, or nothing when it cannot apply (the step
// already at 0, L already 6, ...).
std::optional<std::string> shortcut_command(Shortcut shortcut, const Settings& s, const KeyContext& context);

}  // namespace tb
