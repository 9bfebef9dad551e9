#pragma once
// The training sentences (channel.md §7, /corpus): the built-in ones of assets/corpus/ or a
// teacher's file, one sentence a line, tokenized by the vocabulary. Every tenth sentence is set
// aside, so the same file always gives the same split.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/language.h"
#include "model/vocabulary.h"

namespace tb {

inline constexpr std::size_t kMaxCorpusBytes = std::size_t{1} << 20;  // 1 MiB
inline constexpr int kHeldOutEvery = 10;                              // the 10th, 20th, … sentence

struct Corpus {
    std::string name;                            // "interne", "grammaire" or the file's path as given
    std::vector<std::vector<int>> training;      // token ids of each training sentence, in file order
    std::vector<std::vector<int>> held_out;      // the sentences set aside (every 10th kept one)
    std::vector<std::string> unknown_words;      // distinct unknown words met, in order of first meeting
    int skipped_lines = 0;                       // lines refused (too short/long, no known word)
    std::uint64_t identity = 0;                  // FNV-1a 64 of the file's bytes: a session names its corpus by it
    bool builtin = false;                        // "interne" or "grammaire" of assets/corpus/, not a teacher's file
};

// Either a corpus, or why not: error_fr and error_en are whole replies (« /corpus : … »).
struct CorpusResult {
    std::optional<Corpus> corpus;
    std::string error_fr, error_en;
};

// One sentence a line ('#' comment lines and blank lines ignored), tokenized by `vocabulary`.
// A line of fewer than 2 or more than Settings::kMaxTokens tokens, or with no known word, is skipped
// and counted; the unknown words are those of the kept lines (they train as <inconnu>). Held out:
// every 10th kept sentence (the 10th, 20th, …). Refused when the text is empty, not UTF-8, binary
// (a NUL byte), larger than kMaxCorpusBytes, or keeps fewer than 2 training sentences.
CorpusResult parse_corpus(std::string_view text, const Vocabulary& vocabulary, std::string name);
// The size is checked before the file is read; a folder, FIFO or device is refused without blocking.
CorpusResult load_corpus_file(const std::string& path, const Vocabulary& vocabulary);
// "interne" or "grammaire": assets/corpus/<which>.txt, found beside the vocabulary's file.
CorpusResult builtin_corpus(std::string_view which, const Vocabulary& vocabulary);

// « corpus « interne » : 312 phrases d'entraînement, 35 mises de côté ; mots inconnus : … »
std::string describe(const Corpus& corpus, Language language);

}  // namespace tb
