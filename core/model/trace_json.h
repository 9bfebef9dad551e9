#pragma once
// The trace as JSON, exactly as shared/spec/cli.md describes it, so that anyone can recompute
// every level with an independent implementation.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "model/trace.h"

namespace tb {

// The weights as the trace's "weights" writes them (the tensors the settings use; `position` is
// the table added at level 0). Throws std::runtime_error if a number is not finite.
nlohmann::json weights_json(const Weights& w, const Settings& s, const Matrix& position);

// JSON text on one line with every floating-point number in 17 significant digits ("%.17g"), so
// that it reads back to the same double (the training log, cli.md).
std::string dump_exact(const nlohmann::json& j);

// Throws std::runtime_error (French message) if any number in the trace is not finite.
nlohmann::json to_json(const Trace& trace);

// The text write_trace writes: the JSON indented by one space, then a new line. Throws
// std::runtime_error (French message) if any number is not finite.
std::string trace_text(const Trace& trace);

// Writes the JSON to `path` (via a temporary file renamed into place); returns the French reason
// on failure, nothing on success.
std::optional<std::string> write_trace(const Trace& trace, const std::string& path);

}  // namespace tb
