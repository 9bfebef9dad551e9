#pragma once
// The kit to write a command: the arguments as tokens, the parsers, the builders for the usual
// shapes (a choice of words, an integer in a range, a decimal with a comma or a point, on/off,
// verbs, no argument) and the bilingual replies. Every refusal has the channel's one form:
//   /couches attend un entier de 1 à 6 (reçu « 9 »)   |   /couches expects an integer from 1 to 6 (got “9”)
// A window feature writes its commands with the same kit as /couches.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "base/language.h"

namespace tb {

class Session;

// A reply in both languages; the registry keeps the one it speaks.
struct Text {
    std::string fr, en;
};
Text operator+(const Text& a, const Text& b);
Text same(const std::string& s);  // numbers, names, formulas: the same in both languages

struct CommandResult {
    CommandResult(bool ok_ = true, std::string message_ = {}, std::string english_ = {})
        : ok(ok_), message(std::move(message_)), english(std::move(english_)) {}
    CommandResult(bool ok_, const Text& text) : ok(ok_), message(text.fr), english(text.en) {}
    bool ok = true;
    std::string message;  // a confirmation, a report (/parametres, /aide) or the error
    std::string english;  // its English twin, when the command wrote one; execute() answers in
                          // the registry's language (/langue) and moves it into `message`
};

std::string trim(std::string_view s);  // without the blanks (space, tab, CR, LF) at both ends

// A command's argument part, trimmed, and its words (split on blanks).
class Args {
public:
    Args() = default;
    explicit Args(std::string_view text);
    const std::string& text() const { return text_; }  // as typed: a sentence, /b's command
    bool empty() const { return text_.empty(); }
    std::size_t size() const { return words_.size(); }
    const std::string& word(std::size_t i) const;  // as typed; "" past the end
    std::string folded(std::size_t i) const;       // unaccented, lower case; "" past the end
    std::string rest(std::size_t i) const;         // the text after word i, as typed (a file name)

private:
    std::string text_;
    std::vector<std::string> words_;
    std::vector<std::size_t> ends_;  // where each word ends in text_
};

// "« text »" in French, "“text”" in English, cut after 40 characters so that a 10 000-character
// paste stays readable.
std::string quoted(const std::string& text, Language language = Language::French);
Text quoted_text(const std::string& text);  // both
// "/name attend <expectation> (reçu <got>)": the one form of a refusal.
CommandResult refused(std::string_view name, const Text& expectation, const Text& got);
// The same with the text received quoted: (reçu « 9 ») | (got “9”), or (rien reçu) when nothing was given.
CommandResult expected(std::string_view name, const Text& expectation, const std::string& got);
inline CommandResult expected(std::string_view name, const Text& expectation, const Args& got) {
    return expected(name, expectation, got.text());
}

// The usual expectations.
Text integer_range(long long lo, long long hi);  // "un entier de 1 à 6"
Text decimal_range(double lo, double hi);        // "un nombre de 0,25 à 4" (a decimal comma in French)
Text one_of(const std::vector<std::string>& words);  // "pre, post ou aucune"
// A decimal as the interface writes it: "0,5" in French, "0.5" in English, at most 5 decimals.
Text decimal_text(double v);

// Parsers: nothing when the text is not one (signs, blanks or letters inside, too long).
std::optional<long long> parse_int(std::string_view s);
std::optional<std::uint64_t> parse_unsigned(std::string_view s);  // up to 2^64 - 1
std::optional<double> parse_decimal(std::string_view s);          // "0,5", "0.5", "2", "-1,25"

using Handler = std::function<CommandResult(Session&, const Args&)>;

namespace kit_detail {
// A builder's action is `act(session, value)` for a model command, or `act(value)` for a window
// feature, which acts on its own object and has no use for the session.
template <class Act, class... V>
CommandResult call(const Act& act, Session& session, V&&... value) {
    if constexpr (std::is_invocable_v<const Act&, Session&, V...>) return act(session, std::forward<V>(value)...);
    else return act(std::forward<V>(value)...);
}
}  // namespace kit_detail

// An action with nothing to parse; anything given is refused.
template <class Act>
Handler no_argument(std::string name, Act act) {
    return [name, act](Session& session, const Args& args) -> CommandResult {
        if (!args.empty())
            return {false, Text{"/" + name + " n'attend pas d'argument", "/" + name + " takes no argument"} +
                               (Text{" (reçu ", " (got "} + quoted_text(args.text()) + same(")"))};
        return kit_detail::call(act, session);
    };
}

// One word among `words` (typed unaccented, in any case; aliases are more entries with the same
// value); `expectation` says what is accepted.
template <class T, class Act>
Handler choice(std::string name, std::vector<std::pair<std::string, T>> words, Text expectation, Act act) {
    return [name, words, expectation, act](Session& session, const Args& args) -> CommandResult {
        if (args.size() == 1)
            for (const auto& [word, value] : words)
                if (args.folded(0) == word) return kit_detail::call(act, session, value);
        return expected(name, expectation, args);
    };
}

// on|oui or off|non.
template <class Act>
Handler on_off(std::string name, Act act) {
    return choice<bool>(std::move(name), {{"on", true}, {"oui", true}, {"off", false}, {"non", false}},
                        Text{"on ou off", "on or off"}, act);
}

// A whole number in [lo, hi].
template <class Act>
Handler integer(std::string name, int lo, int hi, Act act) {
    return [name, lo, hi, act](Session& session, const Args& args) -> CommandResult {
        const auto v = args.size() == 1 ? parse_int(args.word(0)) : std::nullopt;
        if (!v || *v < lo || *v > hi) return expected(name, integer_range(lo, hi), args);
        return kit_detail::call(act, session, static_cast<int>(*v));
    };
}

// A decimal in [lo, hi], written with a comma or a point.
template <class Act>
Handler decimal(std::string name, double lo, double hi, Act act) {
    return [name, lo, hi, act](Session& session, const Args& args) -> CommandResult {
        const auto v = args.size() == 1 ? parse_decimal(args.word(0)) : std::nullopt;
        if (!v || !(*v >= lo - 1e-12) || !(*v <= hi + 1e-12)) return expected(name, decimal_range(lo, hi), args);
        return kit_detail::call(act, session, *v);
    };
}

// A verb, then what follows it: /lecon suivant, /session ouvrir FICHIER. `run` gets the words
// after the verb (`rest.text()` is a file name with its spaces).
struct Verb {
    std::vector<std::string> words;  // the verb and its aliases, unaccented
    std::function<CommandResult(Session&, const Args& rest)> run;
    bool needs_rest = false;  // refused with the command's expectation when nothing follows
};
// What follows a verb may be a file name in double quotes, the one way to hold # ; or spaces at its
// ends in a script: "mes notes; v2.csv", with \" and \\ inside (apostrophes never quote).
Handler verbs(std::string name, std::vector<Verb> verbs, Text expectation);
// The name inside `text` = "…" (escapes undone); nothing when the quote is not closed or text follows it.
std::optional<std::string> unquote_file_name(std::string_view text);
// A Verb acting on a window feature (no session).
Verb verb(std::vector<std::string> words, std::function<CommandResult(const Args& rest)> run, bool needs_rest = false);

}  // namespace tb
