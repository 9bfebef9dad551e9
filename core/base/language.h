#pragma once
// The two languages the program speaks: French (the channel's, the default) and English.
#include <optional>
#include <string_view>

namespace tb {

enum class Language { French, English };

// "fr", "francais", "français", "en", "anglais", "english" (case- and accent-insensitive).
std::optional<Language> parse_language(std::string_view word);
const char* to_string(Language language);  // "fr", "en"

}  // namespace tb
