#pragma once
// Line breaking that keeps numbers whole (issue 34: « 134, / 217,728 » at 1024×768). ImGui's own
// wrapping breaks after , . ; ! ? as well as at blanks, so an English « 134,217,728 » or a French
// « 2,80 » could end a line at its separator. Here a line breaks at a space only.
#include <functional>
#include <string>
#include <string_view>

namespace tb {

// `text` with a '\n' wherever a line would pass `width`, at a space only (that space dropped); a
// word wider than the line stays whole on a line of its own; its own newlines and a line's leading
// spaces kept. `measure` gives the width of a piece of text.
std::string wrap_at_spaces(std::string_view text, float width, const std::function<float(std::string_view)>& measure);

}  // namespace tb
