#pragma once
// A session file's "sweep" key (session_file.h): the last /graines A..B N (commands/sweep.h), kept
// whole so that opening gives Session::last_sweep back exactly (/exporter graines writes the same
// bytes, the sweep panel draws the same curves) without training anything:
//   "sweep": {
//     "first_seed": 1,
//     "steps": 300,
//     "a": [
//       {"stopped": false, "losses": [2.5749230563306426,...]},   one run a line, seed first_seed + i
//       ...
//     ],
//     "b": []                                                    side B's runs, or empty without side B
//   }
// Every loss in 17 significant digits (as the weights): it reads back to the same bits. Opening
// checks the key whole, as /graines would have made it: 1 to 32 seeds that do not pass the largest
// seed, N from 1 to 10 000, side B empty or one run a seed, each run's losses finite and N of them,
// fewer only when "stopped" (a non-finite step ended it). Any flaw refuses the whole file.
#include <nlohmann/json.hpp>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "commands/sweep.h"

namespace tb {

// The longest sweep written: 32 seeds, both sides, 10 000 losses each, every loss at its longest
// (25 bytes: "-1.2345678901234567e-308,") takes 16 000 000 bytes and a little; a session file's
// limit is its own plus this (tests/core/session_sweep_test.cpp writes that sweep).
inline constexpr std::size_t kMaxSweepBytes = std::size_t{16} << 20;
inline constexpr int kMaxSweepSteps = 10000;  // /graines' N

// The key's value as the file writes it (indented for its place in the file: two spaces).
std::string sweep_to_text(const Sweep& sweep);

// Reads and checks the key. The French reason otherwise, naming what is wrong: « balayage des
// graines (« sweep ») : graine 7, côté A : 299 pertes pour 300 pas, sans arrêt ».
std::optional<std::string> sweep_from_json(const nlohmann::json& j, std::shared_ptr<const Sweep>& out);

}  // namespace tb
