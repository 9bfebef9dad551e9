#pragma once
// The single-key shortcuts, each a channel command (so the log shows it and a test can check
// it): Space /propager, ←/→ /etape ∓1, R /residuel, N /norme (pre → post → aucune), P /position
// (sinus → appris → aucun), +/− /couches ±1, F5 /presentateur. Letters are read as typed
// characters, so that they follow the keyboard layout (AZERTY or QWERTY).
#include <optional>
#include <string>

#include "settings.h"

namespace tb {

enum class Shortcut { Propagate, StepBack, StepForward, Residual, Norm, Position, MoreLayers, FewerLayers, Presenter };

std::optional<Shortcut> shortcut_for_character(char32_t typed);
// The command a shortcut sends in the current state, or nothing when it cannot apply (the step
// already at 0, L already 6, ...).
std::optional<std::string> shortcut_command(Shortcut shortcut, const Settings& s, bool presenter);

}  // namespace tb
