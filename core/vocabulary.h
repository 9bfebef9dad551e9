#pragma once
// Words -> ids. Id 0 is the unknown token; the words of assets/vocabulary.txt follow in file
// order, so V = words + 1. Tokenizing lower-cases the sentence and splits it into words, an
// apostrophe staying with the word before it ("l'homme" -> "l'", "homme").
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tb {

struct Token {
    std::string word;  // as the user wrote it, lower-cased
    int id;            // 0 when unknown
    bool known;
};

class Vocabulary {
public:
    static constexpr const char* kUnknown = "<inconnu>";

    // Reads one word a line; throws std::runtime_error with a French message naming the file.
    static Vocabulary load(const std::string& path);
    explicit Vocabulary(std::vector<std::string> words);

    int size() const { return static_cast<int>(words_.size()); }  // V, unknown token included
    const std::string& word(int id) const { return words_.at(id); }
    std::optional<int> find(std::string_view word) const;

    std::vector<Token> tokenize(std::string_view sentence) const;

private:
    std::vector<std::string> words_;  // words_[0] is the unknown token
    std::unordered_map<std::string, int> ids_;
};

// The words of a sentence, lower-cased, punctuation dropped, apostrophes kept with the word
// before them (’ is read as '). Input must be valid UTF-8.
std::vector<std::string> split_words(std::string_view sentence);

}  // namespace tb
