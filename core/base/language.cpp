#include "base/language.h"

#include <string>

#include "base/utf8.h"

namespace tb {

std::optional<Language> parse_language(std::string_view word) {
    if (!utf8::is_valid(word)) return std::nullopt;
    const std::string w = utf8::fold(word);
    if (w == "fr" || w == "francais") return Language::French;
    if (w == "en" || w == "anglais" || w == "english") return Language::English;
    return std::nullopt;
}

const char* to_string(Language language) { return language == Language::English ? "en" : "fr"; }

}  // namespace tb
