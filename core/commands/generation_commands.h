#pragma once
// The generation commands (channel.md §7, seed 002): /generer <1..7>, /temperature <0..2> and
// /cache <on|off>, and the generation log that /exporter generation writes (cli.md "The
// generation log"). The engine is model/generation.h.
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"

namespace tb {

std::vector<Command> generation_commands();

// The session's last generation as cli.md writes it (every double in 17 significant digits), or
// nothing when none was made.
std::optional<std::string> generation_log(const Session& session);

}  // namespace tb
