#pragma once
// The trace as JSON, exactly as shared/spec/cli.md describes it, so that anyone can recompute
// every level with an independent implementation.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "trace.h"

namespace tb {

// Throws std::runtime_error (French message) if any number in the trace is not finite.
nlohmann::json to_json(const Trace& trace);

// Writes the JSON to `path` (via a temporary file renamed into place); returns the French reason
// on failure, nothing on success.
std::optional<std::string> write_trace(const Trace& trace, const std::string& path);

}  // namespace tb
