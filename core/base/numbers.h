#pragma once
// Numbers for people, as cli.md's rule writes them: French puts a decimal comma and groups
// thousands with a narrow no-break space (U+202F), English a point and a comma. Lines meant for
// programs (total: N, --stats, JSON, CSV) never go through here: they keep digits and the point.
#include <cstdint>
#include <string>

#include "base/language.h"

namespace tb {

inline constexpr const char* kThousandsFrench = "\u202F";  // narrow no-break space

std::string format_count(std::int64_t value, Language language);        // 124 439 808 · 124,439,808
std::string format_fixed(double value, int decimals, Language language);  // 0,371 (−0,500: a true minus)
// `digits` significant digits without exponent from 0,001 to 999 999 (2,83 · 0,0051);
// beyond, a power of ten: 1,2·10⁻⁵.
std::string format_significant(double value, int digits, Language language);
// As printf's %g for people: `digits` significant digits, trailing zeros dropped (9 · −0,5 · 1,5 ·
// 2,83 · 1·10⁻⁵); the decimal mark and the groups of `language`.
std::string format_shortest(double value, int digits, Language language);
// A factor between two figures: "× 3", "× 3,8", "÷ 5,6" (two significant digits below 10, an
// integer above), "=" when equal; "—" when either is zero or not finite.
std::string format_ratio(double from, double to, Language language);
// A percentage with one decimal: "31,6 %" (a no-break space before % in French, none in English).
std::string format_percent(double fraction, Language language);

// A string already written with '.' decimals, put in `language`: only a '.' between two digits
// changes, so "x.y" or "..." stay as they are.
std::string localize_decimals(Language language, std::string text);

}  // namespace tb
