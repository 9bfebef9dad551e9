#pragma once
// The little UTF-8 the command language needs: validation, lower-casing of French letters,
// and accent folding so that "/Résiduel" and "/residuel" are the same command.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tb::utf8 {

bool is_valid(std::string_view text);
// Lower-case ASCII and the Latin-1 / Latin Extended-A capitals French uses (É -> é, Œ -> œ).
std::string to_lower(std::string_view text);
// Lower-case and strip accents: "Résiduel" -> "residuel", "œ" -> "oe". Input must be valid UTF-8.
std::string fold(std::string_view text);
// What a typed line means, whatever the keyboard or editor made of it: decomposed accents
// composed ("e" + U+0301 -> "é", the Latin letters), invisible characters (zero-width, bidi marks,
// BOM, soft hyphen) dropped, no-break spaces made plain spaces. Input must be valid UTF-8.
std::string normalize(std::string_view text);
// Whether `text` (valid UTF-8) holds a letter or a digit: a word needs one.
bool has_letter(std::string_view text);
// A control character: C0 (tab and line ends included), DEL, C1, the line and paragraph separators
// and the bidirectional embeddings, overrides and isolates (which reorder what a terminal shows).
bool is_control(char32_t cp);
// The index (in characters) of the first control character of `text` (valid UTF-8), if any.
std::optional<std::size_t> first_control(std::string_view text);
// `text` cut after `max_chars` characters (then "…"), C0, DEL and bytes that are not UTF-8 shown as
// \x1b, the other control characters (is_control) as \u0085: safe to echo on a terminal, whatever
// the input.
std::string visible(std::string_view text, std::size_t max_chars = 80);
// `text` as a terminal may show it: what visible() shows, uncut, line ends and tabs kept (the last
// guard of every reply and error the program prints).
std::string terminal_text(std::string_view text);
// Appends code point `cp` written in UTF-8.
void append(std::string& out, char32_t cp);
// Number of code points (for valid UTF-8).
std::size_t length(std::string_view text);

}  // namespace tb::utf8
