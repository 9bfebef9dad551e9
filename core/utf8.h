#pragma once
// The little UTF-8 the command language needs: validation, lower-casing of French letters,
// and accent folding so that "/Résiduel" and "/residuel" are the same command.
#include <string>
#include <string_view>

namespace tb::utf8 {

bool is_valid(std::string_view text);
// Lower-case ASCII and the Latin-1 / Latin Extended-A capitals French uses (É -> é, Œ -> œ).
std::string to_lower(std::string_view text);
// Lower-case and strip accents: "Résiduel" -> "residuel", "œ" -> "oe". Input must be valid UTF-8.
std::string fold(std::string_view text);
// Appends code point `cp` written in UTF-8.
void append(std::string& out, char32_t cp);
// Number of code points (for valid UTF-8).
std::size_t length(std::string_view text);

}  // namespace tb::utf8
