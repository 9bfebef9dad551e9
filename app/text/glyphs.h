#pragma once
// The Unicode ranges the interface font is built with (French, Greek, punctuation, maths).
// Pure data, so a test can check that every interface string is covered without a window.
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// Pairs of (first, last), zero-terminated, in ImGui's format (ImWchar is 16-bit here).
const unsigned short* glyph_ranges();
// The code points of `utf8` outside the ranges (empty when everything can be drawn).
std::vector<std::uint32_t> uncovered_code_points(const std::string& utf8);

}  // namespace tb
