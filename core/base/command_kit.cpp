#include "base/command_kit.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cmath>
#include <cstdio>

#include "base/numbers.h"
#include "base/utf8.h"

namespace tb {

Text operator+(const Text& a, const Text& b) { return {a.fr + b.fr, a.en + b.en}; }
Text same(const std::string& s) { return {s, s}; }

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(first, last - first + 1));
}

Args::Args(std::string_view text) : text_(trim(text)) {
    std::size_t i = 0;
    while (i < text_.size()) {
        const auto start = text_.find_first_not_of(" \t\r\n", i);
        if (start == std::string::npos) break;
        auto end = text_.find_first_of(" \t\r\n", start);
        if (end == std::string::npos) end = text_.size();
        words_.push_back(text_.substr(start, end - start));
        ends_.push_back(end);
        i = end;
    }
}

const std::string& Args::word(std::size_t i) const {
    static const std::string none;
    return i < words_.size() ? words_[i] : none;
}

std::string Args::folded(std::size_t i) const {
    const std::string& w = word(i);
    return utf8::is_valid(w) ? utf8::fold(w) : std::string();
}

std::string Args::rest(std::size_t i) const { return i < ends_.size() ? trim(std::string_view(text_).substr(ends_[i])) : ""; }

std::string quoted(const std::string& text, Language language) {
    const std::string shown = utf8::visible(text, 40);
    return language == Language::English ? "\u201C" + shown + "\u201D" : "« " + shown + " »";
}

Text quoted_text(const std::string& text) { return {quoted(text), quoted(text, Language::English)}; }

CommandResult refused(std::string_view name, const Text& expectation, const Text& got) {
    const std::string n(name);
    return {false, Text{"/" + n + " attend ", "/" + n + " expects "} + expectation + Text{" (reçu ", " (got "} + got + same(")")};
}

CommandResult expected(std::string_view name, const Text& expectation, const std::string& got) {
    if (got.empty()) {
        const std::string n(name);
        return {false, Text{"/" + n + " attend ", "/" + n + " expects "} + expectation + Text{" (rien reçu)", " (nothing given)"}};
    }
    return refused(name, expectation, quoted_text(got));
}

Text integer_range(long long lo, long long hi) {
    return {"un entier de " + format_count(lo, Language::French) + " à " + format_count(hi, Language::French),
            "an integer from " + format_count(lo, Language::English) + " to " + format_count(hi, Language::English)};
}

Text decimal_text(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.5f", v);
    std::string s = buffer;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return {localize_decimals(Language::French, s), s};
}

Text decimal_range(double lo, double hi) {
    return Text{"un nombre de ", "a number from "} + decimal_text(lo) + Text{" à ", " to "} + decimal_text(hi);
}

Text one_of(const std::vector<std::string>& words) {
    Text out;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const bool last = i + 1 == words.size();
        if (i) out = out + (last ? Text{" ou ", " or "} : same(", "));
        out = out + same(words[i]);
    }
    return out;
}

std::optional<long long> parse_int(std::string_view s) {
    if (s.empty()) return std::nullopt;
    const std::size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size() || s.size() - i > 12) return std::nullopt;
    long long v = 0;
    for (std::size_t k = i; k < s.size(); ++k) {
        if (!std::isdigit(static_cast<unsigned char>(s[k]))) return std::nullopt;
        v = v * 10 + (s[k] - '0');
    }
    return i ? -v : v;
}

std::optional<std::uint64_t> parse_unsigned(std::string_view s) {
    if (s.empty() || s.size() > 20) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        const auto digit = static_cast<std::uint64_t>(c - '0');
        if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
        v = v * 10 + digit;
    }
    return v;
}

std::optional<double> parse_decimal(std::string_view s) {
    // An optional minus, digits, at most one ',' or '.', digits; at least one digit; short. Read as
    // the nearest double (from_chars), so that "0,003" is exactly the double 0.003.
    if (s.empty() || s.size() > 16) return std::nullopt;
    std::string text;
    bool digits = false, separator = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '-' && i == 0) text += c;
        else if (c == ',' || c == '.') {
            if (separator) return std::nullopt;
            separator = true;
            text += '.';
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            digits = true;
            text += c;
        } else {
            return std::nullopt;
        }
    }
    if (!digits) return std::nullopt;
    if (text[0] == '.' || (text.size() > 1 && text[0] == '-' && text[1] == '.')) text.insert(text[0] == '-' ? 1 : 0, "0");
    double v = 0.0;
#if defined(__cpp_lib_to_chars)
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
#else  // libc++ (the web page's) reads no double with from_chars; strtod rounds to nearest too, and
       // the text holds only digits and '.', read the same in any locale the program runs in (C)
    char* end = nullptr;
    v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
#endif
    return v;
}

std::optional<std::string> unquote_file_name(std::string_view text) {
    if (text.empty() || text.front() != '"') return std::nullopt;
    std::string out;
    for (std::size_t i = 1; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) {
            out += text[++i];
        } else if (c == '"') {
            if (!trim(text.substr(i + 1)).empty()) return std::nullopt;
            return out;
        } else {
            out += c;
        }
    }
    return std::nullopt;  // never closed
}

Handler verbs(std::string name, std::vector<Verb> verbs, Text expectation) {
    return [name, verbs, expectation](Session& session, const Args& args) -> CommandResult {
        const std::string typed = args.folded(0);
        for (const Verb& v : verbs)
            for (const auto& w : v.words)
                if (typed == w) {
                    Args rest(args.rest(0));
                    if (!rest.empty() && rest.text().front() == '"') {
                        const auto unquoted = unquote_file_name(rest.text());
                        if (!unquoted || unquoted->empty())
                            return expected(name + " " + w,
                                            Text{"un nom de fichier entre guillemets fermés (\\\" et \\\\ à l'intérieur)",
                                                 "a file name in closed double quotes (\\\" and \\\\ inside)"},
                                            rest);
                        rest = Args(*unquoted);
                    }
                    if (v.needs_rest && rest.empty()) break;
                    return v.run(session, rest);
                }
        return expected(name, expectation, args);
    };
}

Verb verb(std::vector<std::string> words, std::function<CommandResult(const Args& rest)> run, bool needs_rest) {
    return {std::move(words), [run](Session&, const Args& rest) { return run(rest); }, needs_rest};
}

}  // namespace tb
