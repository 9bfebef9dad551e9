#pragma once
// Writing a whole file at once: the bytes go to `path`.tmp, which is then renamed into place, so a
// failed write leaves any existing file untouched and no half file behind. Used by every file the
// program writes (exports, sessions, the trace, the PNG pictures).
#include <optional>
#include <string>
#include <string_view>

namespace tb {

// Writes `bytes` to `path` through a temporary file renamed into place. Returns the French reason
// on failure, nothing on success.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace tb
