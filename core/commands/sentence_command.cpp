#include "commands/sentence_command.h"

#include <string>

#include "commands/session.h"
#include "base/utf8.h"

namespace tb {

Text unknown_words_note(const std::vector<Token>& tokens) {
    std::string list, list_en;
    int count = 0;
    for (const auto& t : tokens) {
        if (t.known) continue;
        const std::string word = utf8::visible(t.word, Settings::kMaxWordChars), comma = count++ ? ", " : "";
        list += comma + "« " + word + " »";
        list_en += comma + "\u201C" + word + "\u201D";
    }
    if (count == 0) return {};
    return Text{count > 1 ? " ; mots inconnus remplacés par " : " ; mot inconnu remplacé par ",
                count > 1 ? "; unknown words replaced by " : "; unknown word replaced by "} +
           same(std::string(Vocabulary::kUnknown)) + Text{" : " + list, ": " + list_en};
}

Text sentence_length() {
    const std::string lo = std::to_string(Settings::kMinWords), hi = std::to_string(Settings::kMaxTokens);
    return {lo + " à " + hi + " mots", lo + " to " + hi + " words"};
}

namespace {
// The sentence as the reply quotes it, whole (its bytes' limit): « … » | “…”.
Text sentence_quoted(const std::string& sentence) {
    const std::string shown = utf8::visible(sentence, Settings::kMaxSentenceBytes);
    return {"« " + shown + " »", "\u201C" + shown + "\u201D"};
}
}  // namespace

CommandResult phrase_command(Session& session, const Args& args) {
    const std::string& sentence = args.text();
    // ESC, DEL, a tab or a C1 character: no word holds one, and echoed raw they would drive the terminal.
    if (utf8::is_valid(sentence) && utf8::first_control(sentence))
        return expected("phrase", Text{"des mots sans caractère de contrôle", "words without control characters"}, sentence);
    const auto tokens = session.vocabulary().tokenize(sentence);
    const auto n = tokens.size();
    if (n < static_cast<std::size_t>(Settings::kMinWords) || n > static_cast<std::size_t>(Settings::kMaxTokens)) {
        const std::string count = std::to_string(n), plural = n > 1 ? "s" : "";
        const std::string what = args.empty() ? "" : " : " + quoted(sentence);
        const std::string what_en = args.empty() ? "" : ": " + quoted(sentence, Language::English);
        return refused("phrase", Text{"de ", ""} + sentence_length(), Text{count + " mot" + plural + what, count + " word" + plural + what_en});
    }
    // The sentence as typed: its tokens back at their own places (the identity colours).
    Settings next = session.settings();
    next.sentence = sentence;
    if (auto error = session.apply(next, {})) return {false, *error};
    session.generation().draws = 0;  // the sentence set again, even the same: generation draws afresh
    return CommandResult(true, Text{"phrase : ", "sentence: "} +
                                   sentence_quoted(sentence) + same(" (" + std::to_string(n) + " tokens)") +
                                   unknown_words_note(tokens));
}

}  // namespace tb
