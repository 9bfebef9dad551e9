#pragma once
// The training commands (channel.md §7): /entrainer <1..10000>|stop and /corpus
// <interne|grammaire|ouvrir FICHIER>, and the training log that /exporter entrainement writes
// (cli.md "The training log").
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"

namespace tb {

std::vector<Command> training_commands();

// What /entrainer shares with the window's live training (app/training):
// the corpus /entrainer draws from: the session's, else « interne » loaded now (its error, if any);
std::optional<Text> ensure_corpus(Session& session);
// N of /entrainer N (1..10000), or nothing;
std::optional<int> training_steps_argument(const Args& args);
// the reply after `done` steps of the session's run (adopted): objective, corpus, batch, rate, the
// first and last step's losses (NaN: none), ln V, the trained steps;
Text training_summary(const Session& session, int done, double first_loss, double last_loss);
// the line that says step `step` was not finite and nothing changed.
Text non_finite_text(int step);

// /entrainer's work: `count` Adam steps of `a` and, when given, of side `b` right after each of A's
// (B reads A's corpus); the step lines (B's prefixed « B ») and the summaries, A's then B's.
CommandResult train_sides(Session& a, Session* b, int count);

// The log of the session's run as cli.md writes it (every double in 17 significant digits), or
// nothing when no run exists.
std::optional<std::string> training_log(const Session& session);

}  // namespace tb
