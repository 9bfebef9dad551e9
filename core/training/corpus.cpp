#include "training/corpus.h"

#include <algorithm>

#include "base/files.h"
#include "base/numbers.h"
#include "model/settings.h"
#include "base/utf8.h"

namespace tb {
namespace {

CorpusResult refused(const std::string& fr, const std::string& en) {
    return {std::nullopt, "/corpus : " + fr, "/corpus: " + en};
}

// The name with its control characters made visible: a file name can hold ESC.
std::string fr_name(const std::string& name) { return quoted_path(name); }
std::string en_name(const std::string& name) { return "\"" + utf8::visible(name, 4096) + "\""; }

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

// "1 048 576 octets" / "1,048,576 bytes"
std::string bytes(std::uint64_t n, Language l) {
    return format_count(static_cast<std::int64_t>(n), l) + (l == Language::French ? " octets" : " bytes");
}

CorpusResult too_large(const std::string& name, std::uint64_t size) {
    return refused(fr_name(name) + " dépasse 1 Mio (" + bytes(size, Language::French) + ", " +
                       bytes(kMaxCorpusBytes, Language::French) + " au plus)",
                   en_name(name) + " exceeds 1 MiB (" + bytes(size, Language::English) + ", at most " +
                       bytes(kMaxCorpusBytes, Language::English) + ")");
}

std::string_view trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

}  // namespace

CorpusResult parse_corpus(std::string_view text, const Vocabulary& vocabulary, std::string name) {
    if (text.size() > kMaxCorpusBytes) return too_large(name, text.size());
    if (text.empty()) return refused(fr_name(name) + " est vide", en_name(name) + " is empty");
    if (text.find('\0') != std::string_view::npos)
        return refused(fr_name(name) + " n'est pas un texte (octet nul)", en_name(name) + " is not text (a NUL byte)");
    if (!utf8::is_valid(text))
        return refused(fr_name(name) + " n'est pas du texte UTF-8 (enregistrez-le en UTF-8)",
                       en_name(name) + " is not UTF-8 text (save it as UTF-8)");

    Corpus corpus;
    corpus.name = std::move(name);
    corpus.identity = fnv1a64(text);
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a BOM some editors write
    int kept = 0;
    // A line ends at LF, CRLF or a lone CR (old Mac files): a CRLF's LF ends an empty line, skipped.
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find_first_of("\r\n", start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = trimmed(text.substr(start, end - start));
        start = end + 1;
        if (line.empty() || line.front() == '#') continue;

        const std::vector<Token> tokens = vocabulary.tokenize(line);
        const bool any_known = std::any_of(tokens.begin(), tokens.end(), [](const Token& t) { return t.known; });
        if (tokens.size() < 2 || tokens.size() > static_cast<std::size_t>(Settings::kMaxTokens) || !any_known) {
            ++corpus.skipped_lines;
            continue;
        }
        std::vector<int> ids;
        for (const Token& t : tokens) {
            ids.push_back(t.id);
            const auto& seen = corpus.unknown_words;
            if (!t.known && std::find(seen.begin(), seen.end(), t.word) == seen.end()) corpus.unknown_words.push_back(t.word);
        }
        (++kept % kHeldOutEvery == 0 ? corpus.held_out : corpus.training).push_back(std::move(ids));
    }

    const std::string why_fr = " (de 2 à " + std::to_string(Settings::kMaxTokens) + " mots, dont au moins un connu)";
    const std::string why_en = " (2 to " + std::to_string(Settings::kMaxTokens) + " words, at least one known)";
    if (kept == 0)
        return refused(fr_name(corpus.name) + " ne contient aucune phrase utilisable" + why_fr,
                       en_name(corpus.name) + " holds no usable sentence" + why_en);
    if (corpus.training.size() < 2)
        return refused(fr_name(corpus.name) + " ne contient qu'une phrase utilisable ; il en faut au moins 2" + why_fr,
                       en_name(corpus.name) + " holds only one usable sentence; at least 2 are needed" + why_en);
    return {std::move(corpus), "", ""};
}

CorpusResult load_corpus_file(const std::string& path, const Vocabulary& vocabulary) {
    // The one safe reader (files.h): never blocks on a FIFO, regular files only, stops at the limit.
    const ReadResult file = read_text_file(path, kMaxCorpusBytes);
    if (!file.ok) return refused(file.error, file.error_en);
    return parse_corpus(file.text, vocabulary, path);
}

CorpusResult builtin_corpus(std::string_view which, const Vocabulary& vocabulary) {
    if (which != "interne" && which != "grammaire")
        return refused("corpus intégré inconnu " + fr_name(std::string(which)) + " (attendu : interne, grammaire)",
                       "unknown built-in corpus " + en_name(std::string(which)) + " (expected: interne, grammaire)");
    if (vocabulary.directory().empty())
        return refused("corpus intégré introuvable : le vocabulaire ne vient pas d'un fichier",
                       "built-in corpus not found: the vocabulary does not come from a file");
    CorpusResult result = load_corpus_file(vocabulary.directory() + "/corpus/" + std::string(which) + ".txt", vocabulary);
    if (result.corpus) result.corpus->name = std::string(which), result.corpus->builtin = true;
    return result;
}

std::string describe(const Corpus& corpus, Language language) {
    const bool fr = language == Language::French;
    const auto count = [&](std::size_t n, const char* one_fr, const char* many_fr, const char* one_en, const char* many_en) {
        return format_count(static_cast<std::int64_t>(n), language) + " " +
               (fr ? (n > 1 ? many_fr : one_fr) : (n == 1 ? one_en : many_en));
    };
    std::string out = (fr ? "corpus " + fr_name(corpus.name) + " : " : "corpus " + en_name(corpus.name) + ": ") +
                      count(corpus.training.size(), "phrase d'entraînement", "phrases d'entraînement", "training sentence",
                            "training sentences") +
                      ", " + count(corpus.held_out.size(), "mise de côté", "mises de côté", "held out", "held out");
    if (!corpus.unknown_words.empty()) {
        constexpr std::size_t kShown = 20;  // a foreign file can have hundreds
        out += fr ? (corpus.unknown_words.size() > 1 ? " ; mots inconnus (appris comme <inconnu>) : "
                                                     : " ; mot inconnu (appris comme <inconnu>) : ")
                  : (corpus.unknown_words.size() > 1 ? "; unknown words (learnt as <inconnu>): "
                                                     : "; unknown word (learnt as <inconnu>): ");
        for (std::size_t i = 0; i < std::min(kShown, corpus.unknown_words.size()); ++i) {
            const std::string word = utf8::visible(corpus.unknown_words[i], 40);  // a word of a file can be 1 MiB long
            out += (i ? ", " : "") + (fr ? fr_name(word) : en_name(word));
        }
        if (corpus.unknown_words.size() > kShown)
            out += fr ? " … (" + format_count(static_cast<std::int64_t>(corpus.unknown_words.size()), language) + " en tout)"
                      : " … (" + format_count(static_cast<std::int64_t>(corpus.unknown_words.size()), language) + " in all)";
    }
    if (corpus.skipped_lines > 0)
        out += (fr ? " ; " : "; ") +
               count(static_cast<std::size_t>(corpus.skipped_lines), "ligne ignorée", "lignes ignorées", "line skipped",
                     "lines skipped") +
               (fr ? " (moins de 2 ou plus de " + std::to_string(Settings::kMaxTokens) + " mots, ou aucun mot connu)"
                   : " (fewer than 2 or more than " + std::to_string(Settings::kMaxTokens) + " words, or no known word)");
    return out;
}

}  // namespace tb
