#include "model/vocabulary.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

#include "base/files.h"
#include "base/utf8.h"

namespace tb {

constexpr std::size_t kMaxVocabularyBytes = 1 << 20;
constexpr std::size_t kMaxWordChars = 48;  // as a sentence's words (Settings::kMaxWordChars): each is drawn

Vocabulary Vocabulary::load(const std::string& path) {
    const ReadResult file = read_text_file(path, kMaxVocabularyBytes);
    if (!file.ok) throw std::runtime_error("vocabulaire illisible : " + file.error);
    Vocabulary vocabulary = parse(file.text, path);
    const auto slash = path.find_last_of('/');
    vocabulary.directory_ = slash == std::string::npos ? "." : path.substr(0, slash);
    return vocabulary;
}

Vocabulary Vocabulary::parse(const std::string& text, const std::string& name) {
    std::vector<std::string> words;
    std::string line;
    std::istringstream in(text);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (utf8::length(line) > kMaxWordChars || !utf8::is_valid(line))
            throw std::runtime_error("vocabulaire illisible : « " + utf8::visible(name, 200) + " » : un mot dépasse " +
                                     std::to_string(kMaxWordChars) + " caractères ou n'est pas de l'UTF-8");
        if (!line.empty() && line != kUnknown && line != kMask) words.push_back(line);  // the two tokens come by themselves
    }
    if (words.empty()) throw std::runtime_error("vocabulaire vide : « " + utf8::visible(name, 200) + " » (aucun mot hors " + kUnknown + " et " + kMask + ")");
    return Vocabulary(std::move(words));
}

Vocabulary::Vocabulary(std::vector<std::string> words) {
    words_.reserve(words.size() + 2);
    words_.push_back(kUnknown);
    for (auto& w : words) {
        if (ids_.count(w) || w == kMask) continue;  // a duplicate line keeps its first id
        ids_.emplace(w, static_cast<int>(words_.size()));
        words_.push_back(std::move(w));
    }
    // Last, so that the words' ids (and the embedding rows drawn for them) never move.
    ids_.emplace(kMask, static_cast<int>(words_.size()));
    words_.push_back(kMask);
}

std::optional<int> Vocabulary::find(std::string_view word) const {
    const auto it = ids_.find(std::string(word));
    if (it == ids_.end()) return std::nullopt;
    return it->second;
}

std::vector<Token> Vocabulary::tokenize(std::string_view sentence) const {
    std::vector<Token> tokens;
    for (auto& w : split_words(sentence)) {
        const auto id = find(w);
        tokens.push_back({std::move(w), id.value_or(0), id.has_value()});
    }
    return tokens;
}

std::vector<std::string> split_words(std::string_view sentence) {
    std::string text = utf8::to_lower(sentence);
    // Typographic apostrophes (U+2019, and U+2018 typed for it) -> '.
    for (const char* quote : {"\xE2\x80\x99", "\xE2\x80\x98"})
        for (std::size_t p; (p = text.find(quote)) != std::string::npos;) text.replace(p, 3, "'");

    std::vector<std::string> words;
    std::string current;
    auto flush = [&] {
        if (utf8::has_letter(current)) words.push_back(std::move(current));  // not an apostrophe or a hyphen alone
        current.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const auto u = static_cast<unsigned char>(c);
        const bool ascii_punct = u < 0x80 && !std::isalnum(u) && c != '\'' && c != '-';
        if ((c == '[' && text.compare(i, 8, "[masque]") == 0) || (c == '<' && text.compare(i, 8, Vocabulary::kMask) == 0)) {
            flush();  // the mask token, typed [masque]; <masque> is how it reads back (/melanger)
            words.push_back(Vocabulary::kMask);
            i += 7;
        } else if (ascii_punct) {
            flush();
        } else if (c == '\'') {
            // "aujourd'hui" stays whole when the vocabulary says so (checked by the caller's
            // lookup); otherwise the apostrophe closes the word before it.
            current += c;
            if (current != "aujourd'") flush();
        } else if (u == 0xC2 && i + 1 < text.size() &&
                   (static_cast<unsigned char>(text[i + 1]) == 0xAB ||
                    static_cast<unsigned char>(text[i + 1]) == 0xBB ||
                    static_cast<unsigned char>(text[i + 1]) == 0xA0)) {
            flush();  // « » and the no-break space separate words
            ++i;
        } else if (u == 0xE2 && i + 2 < text.size() &&
                   (static_cast<unsigned char>(text[i + 1]) & 0xFE) == 0x80) {
            flush();  // General Punctuation (U+2000..U+207F): typographic spaces, dashes, quotes
            i += 2;
        } else {
            current += c;
        }
    }
    flush();
    return words;
}

}  // namespace tb
