#pragma once
// Reads the back buffer (before the swap) and writes it as PNG. Returns an error or nothing.
#include <optional>
#include <string>

namespace tb {
std::optional<std::string> write_screenshot(const std::string& path, int width, int height);
}
