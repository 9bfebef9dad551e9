#pragma once
// The training commands (channel.md §7): /entrainer <1..10000>|stop and /corpus
// <interne|grammaire|ouvrir FICHIER>, and the training log that /exporter entrainement writes
// (cli.md "The training log").
#include <optional>
#include <string>
#include <vector>

#include "commands.h"

namespace tb {

std::vector<Command> training_commands();

// The log of the session's run as cli.md writes it (every double in 17 significant digits), or
// nothing when no run exists.
std::optional<std::string> training_log(const Session& session);

}  // namespace tb
