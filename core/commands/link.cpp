#include "commands/link.h"

#include <algorithm>
#include <cstdint>

#include "base/numbers.h"
#include "model/settings_table.h"
#include "base/utf8.h"

namespace tb {
namespace {

const Text kNothingChanged{" (rien n'a été changé)", " (nothing was changed)"};

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

Text invalid(const Text& why) { return Text{"lien refusé : ", "link refused: "} + why + kNothingChanged; }

// One piece between two ';', decoded; `number` (1-based) names it in the refusal.
std::optional<Text> decode_piece(std::string_view piece, std::size_t number, std::string& out) {
    const std::string n = std::to_string(number);
    for (std::size_t i = 0; i < piece.size(); ++i) {
        if (piece[i] != '%') {
            out += piece[i];
            continue;
        }
        const int high = i + 1 < piece.size() ? hex_value(piece[i + 1]) : -1;
        const int low = i + 2 < piece.size() ? hex_value(piece[i + 2]) : -1;
        if (high < 0 || low < 0) {
            const std::string got = utf8::visible(piece.substr(i, 3), 3);
            return Text{"« " + got + " » dans la commande " + n + " n'est pas un octet codé %XX (deux chiffres hexadécimaux ; %25 pour un %)",
                        "\u201C" + got + "\u201D in command " + n + " is not an encoded byte %XX (two hexadecimal digits; %25 for a %)"};
        }
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    if (!utf8::is_valid(out))
        return Text{"la commande " + n + " n'est pas du texte UTF-8 valide une fois décodée",
                    "command " + n + " is not valid UTF-8 text once decoded"};
    if (utf8::first_control(out))
        return Text{"la commande " + n + " contient un caractère de contrôle (retour à la ligne, tabulation…)",
                    "command " + n + " holds a control character (a new line, a tab…)"};
    return std::nullopt;
}

bool kept_raw(unsigned char c) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
    return std::string_view("-._~!$&'()*+,=:@/?").find(static_cast<char>(c)) != std::string_view::npos;
}

// The refusals, each naming what a link may not do, then the line.
Text refused_line(const Text& why, std::string_view line) {
    const std::string shown = utf8::visible(line, 60);
    return why + Text{" : « " + shown + " » refusé", ": \u201C" + shown + "\u201D refused"};
}

Text steps_cap() { return same(format_count(kMaxLinkTrainingSteps, Language::French)); }

Text no_files() {
    return {"un lien ne peut pas enregistrer, exporter ni ouvrir de fichier", "a link may not save, export or open a file"};
}

Text training_cap() {
    return Text{"un lien entraîne au plus ", "a link trains at most "} + steps_cap() +
           Text{" pas (/entrainer 1 à ", " steps (/entrainer 1 to "} + steps_cap() + same(", stop)");
}

Text sweep_cap() {
    return Text{"un lien entraîne au plus ", "a link trains at most "} + steps_cap() +
           Text{" pas en tout (/graines A..B N : graines × N, au plus " + std::to_string(kMaxLinkSeeds) + " graines)",
                " steps in all (/graines A..B N: seeds × N, at most " + std::to_string(kMaxLinkSeeds) + " seeds)"};
}

Text lesson_by_name() {
    return {"un lien n'ouvre qu'une leçon intégrée, par son nom (/lecon ouvrir transformer-bloc), sans chemin ni fichier",
            "a link opens only a built-in lesson, by its name (/lecon ouvrir transformer-bloc), no path nor file"};
}

Text not_from_links(const std::string& name) {
    return Text{"/" + name + " ne peut pas venir d'un lien (un lien règle le modèle, la vue et l'étape, génère, ouvre une leçon intégrée et entraîne au plus ",
                "/" + name + " cannot come from a link (a link sets the model, the view and the step, generates, opens a built-in lesson and trains at most "} +
           steps_cap() + Text{" pas)", " steps)"};
}

// A built-in lesson's name as /lecon ouvrir finds it among the shipped ones (assets/lessons/NAME.txt):
// letters, digits, '-' and '_', not starting with '-'; nothing that reads as a path or a file.
bool lesson_name(std::string_view name) {
    if (name.empty() || name.size() > 64 || name[0] == '-') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

bool is_one_of(const std::string& word, std::initializer_list<const char*> words) {
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return word == w; });
}

// /graines A..B N within the caps: B − A + 1 seeds (1 to kMaxLinkSeeds), seeds × N steps in all.
bool sweep_within_caps(const Args& args) {
    if (args.size() != 2) return false;
    const std::string range = args.word(0);
    const auto dots = range.find("..");
    if (dots == std::string::npos) return false;
    const auto a = parse_unsigned(range.substr(0, dots)), b = parse_unsigned(range.substr(dots + 2));
    const auto n = parse_int(args.word(1));
    if (!a || !b || !n || *b < *a || *b - *a >= static_cast<std::uint64_t>(kMaxLinkSeeds) || *n < 1) return false;
    return static_cast<long long>(*b - *a + 1) * *n <= kMaxLinkTrainingSteps;
}

std::optional<Text> lesson_refusal(const Args& args, std::string_view line) {
    const std::string verb = args.folded(0);
    if (args.empty()) return std::nullopt;  // where the lesson is
    if (args.size() == 1 && is_one_of(verb, {"suivant", "suivante", "next", "precedent", "precedente", "previous", "reveler",
                                             "reponse", "reveal", "fermer", "close"}))
        return std::nullopt;
    if (args.size() == 2 && is_one_of(verb, {"ouvrir", "open"}) && lesson_name(args.word(1))) return std::nullopt;
    return refused_line(lesson_by_name(), line);
}

// A setting's command (the settings table's, /tetes included): state only, its value checked by itself.
bool setting_command(const std::string& name) {
    if (name.empty()) return false;  // entries without a command have an empty one (rope_base)
    if (name == "recette") return true;  // several settings at once (recipes.h)
    return std::any_of(settings_table().begin(), settings_table().end(),
                       [&](const SettingEntry& e) { return e.command == name || e.shared_command == name; });
}

// The command's name (folded, without its slash) and its argument, as the registry reads a line.
std::pair<std::string, Args> split_line(std::string_view line) {
    const std::string text = trim(utf8::normalize(line));
    const auto space = text.find_first_of(" \t");
    std::string name = utf8::fold(text.substr(0, space));
    if (!name.empty() && name[0] == '/') name.erase(0, 1);
    return {name, Args(space == std::string::npos ? std::string() : text.substr(space))};
}

std::optional<Text> refusal(std::string_view line) {
    if (!utf8::is_valid(line)) return refused_line({"un lien ne porte que du texte UTF-8", "a link carries UTF-8 text only"}, line);
    const auto [name, args] = split_line(line);
    if (setting_command(name)) return std::nullopt;
    if (is_one_of(name, {"propager", "melanger", "parametres", "reinit", "langue", "aide", "lien", "vue", "lecture",
                         "panneau", "presentateur", "theme", "comparer"}))
        return std::nullopt;
    // Generation: bounded by the command itself (/generer 1..7, up to 8 tokens; /temperature 0..2),
    // and it touches neither the weights nor a file: a teacher's link may end on a generation.
    if (is_one_of(name, {"generer", "temperature", "cache"})) return std::nullopt;
    if (name == "b") {  // side B of /comparer: a setting command, as /b itself requires
        if (setting_command(split_line(args.text()).first)) return std::nullopt;
        return refused_line({"sur le côté B, un lien ne change que des réglages", "on side B, a link changes settings only"}, line);
    }
    if (name == "entrainer") {
        const auto n = args.size() == 1 ? parse_int(args.word(0)) : std::nullopt;
        if ((args.size() == 1 && args.folded(0) == "stop") || (n && *n >= 1 && *n <= kMaxLinkTrainingSteps)) return std::nullopt;
        return refused_line(training_cap(), line);
    }
    if (name == "graines") return sweep_within_caps(args) ? std::nullopt : std::optional<Text>(refused_line(sweep_cap(), line));
    if (name == "corpus") {
        if (args.size() == 1 && is_one_of(args.folded(0), {"interne", "grammaire"})) return std::nullopt;
        return refused_line(no_files(), line);
    }
    if (name == "lecon") return lesson_refusal(args, line);
    if (is_one_of(name, {"exporter", "session"})) return refused_line(no_files(), line);
    return refused_line(not_from_links(name), line);
}

}  // namespace

LinkLines decode_link(std::string_view fragment) {
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    if (fragment.size() > kMaxLinkBytes)
        return {{}, invalid(Text{"trop long (", "too long ("} + same(format_count(static_cast<std::int64_t>(fragment.size()), Language::French)) +
                            Text{" octets, ", " bytes, "} + same(format_count(static_cast<std::int64_t>(kMaxLinkBytes), Language::French)) +
                            Text{" au plus)", " at most)"})};
    LinkLines out;
    std::size_t number = 0, start = 0;
    while (start <= fragment.size()) {
        const std::size_t end = std::min(fragment.find(';', start), fragment.size());
        std::string line;
        if (auto error = decode_piece(fragment.substr(start, end - start), ++number, line)) return {{}, invalid(*error)};
        if (!(line = trim(line)).empty()) out.lines.push_back(std::move(line));
        start = end + 1;
    }
    if (out.lines.size() > kMaxLinkLines)
        return {{}, invalid(Text{"trop de commandes (" + std::to_string(out.lines.size()) + ", ",
                                 "too many commands (" + std::to_string(out.lines.size()) + ", "} +
                            same(std::to_string(kMaxLinkLines)) + Text{" au plus)", " at most)"})};
    return out;
}

std::string encode_link_line(std::string_view line) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : line) {
        const auto byte = static_cast<unsigned char>(c);
        if (kept_raw(byte)) out += c;
        else out += {'%', digits[byte >> 4], digits[byte & 15]};
    }
    return out;
}

std::string encode_link(const std::vector<std::string>& lines) {
    std::string out = "#";
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? ";" : "") + encode_link_line(lines[i]);
    return out;
}

std::optional<Text> link_line_refusal(std::string_view line) { return refusal(line); }

std::optional<Text> link_refusal(const std::vector<std::string>& lines) {
    for (const std::string& line : lines)
        if (auto why = link_line_refusal(line)) return *why + kNothingChanged;
    return std::nullopt;
}

LinkLines read_link(std::string_view fragment) {
    LinkLines read = decode_link(fragment);
    if (read.error) return read;
    if (auto why = link_refusal(read.lines)) return {{}, why};
    return read;
}

}  // namespace tb
