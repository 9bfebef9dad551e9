#pragma once
// The reader of the trace's "weights" (trace_json.h's weights_json, cli.md): what a session file
// keeps of a trained model. It reads back exactly what the writer wrote (every double in 17
// significant digits reads back to the same double).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "model/weights.h"

namespace tb {

// Reads `j`, the weights as weights_json writes them for settings `s` and a vocabulary of
// `vocabulary_size` words, into `out`. The tensors the settings leave out (a gated FFN's W3 without
// gating, the norms with /norme aucune, the learned table without /position appris, ...) are the
// seed's draw, as training leaves them. The "position" table is read only with /position appris
// (it is a constant otherwise: its shape is checked, its values are not, so that another platform's
// sine does not refuse a file). Every key known, every shape exact, every number finite; otherwise
// the French reason, and `out` untouched.
std::optional<std::string> weights_from_json(const nlohmann::json& j, const Settings& s, int vocabulary_size, Weights& out);

}  // namespace tb
