#pragma once
// Words -> ids. Id 0 is the unknown token; the words of assets/vocabulary.txt follow in file
// order, and the mask token <masque> comes last (channel.md §7), so V = words + 2 and adding words
// to the file keeps every earlier id. Tokenizing lower-cases the sentence and splits it into
// words, an apostrophe staying with the word before it ("l'homme" -> "l'", "homme"); `[masque]`
// (or `<masque>`) is the mask token, whose word is "<masque>".
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
    static constexpr const char* kMask = "<masque>";

    // Reads one word a line; throws std::runtime_error with a French message naming the file.
    static Vocabulary load(const std::string& path);
    // The same from a file's text (`name` for the messages); no folder, so no built-in corpora.
    static Vocabulary parse(const std::string& text, const std::string& name);
    explicit Vocabulary(std::vector<std::string> words);

    int size() const { return static_cast<int>(words_.size()); }  // V, unknown and mask tokens included
    int mask_id() const { return size() - 1; }
    // The folder of the file it was loaded from ("" when built from a list): the built-in corpora
    // live beside it, in corpus/.
    const std::string& directory() const { return directory_; }
    const std::string& word(int id) const { return words_.at(id); }
    std::optional<int> find(std::string_view word) const;

    std::vector<Token> tokenize(std::string_view sentence) const;

private:
    std::vector<std::string> words_;  // words_[0] is the unknown token, words_.back() the mask token
    std::string directory_;
    std::unordered_map<std::string, int> ids_;
};

// The words of a sentence, lower-cased, punctuation dropped, apostrophes kept with the word
// before them (’ is read as '), `[masque]` and `<masque>` read as the word "<masque>". Input must be
// valid UTF-8.
std::vector<std::string> split_words(std::string_view sentence);

}  // namespace tb
