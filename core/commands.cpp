#include "commands.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "random.h"
#include "utf8.h"

namespace tb {
namespace {

// A reply in both languages; execute() keeps the one the registry speaks.
struct Text {
    std::string fr, en;
};
Text operator+(const Text& a, const Text& b) { return {a.fr + b.fr, a.en + b.en}; }
Text same(const std::string& s) { return {s, s}; }  // numbers, names, formulas
CommandResult reply(bool ok, const Text& t) { return {ok, t.fr, t.en}; }

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(first, last - first + 1));
}

// "« text »", cut after 40 characters so that a 10 000-character paste stays readable.
std::string quoted(const std::string& text) {
    std::size_t bytes = 0, chars = 0;
    while (bytes < text.size() && chars < 40) {
        ++bytes;
        while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) ++bytes;
        ++chars;
    }
    return "« " + text.substr(0, bytes) + (bytes < text.size() ? "…" : "") + " »";
}

// " (reçu « 9 »)" or " (rien reçu)".
Text received(const std::string& args) {
    if (args.empty()) return {" (rien reçu)", " (nothing given)"};
    return {" (reçu " + quoted(args) + ")", " (got " + quoted(args) + ")"};
}

CommandResult fail(const std::string& name, const Text& expectation, const std::string& args) {
    return reply(false, Text{"/" + name + " attend ", "/" + name + " expects "} + expectation + received(args));
}

Text integer_range(long long lo, long long hi) {
    return {"un entier de " + std::to_string(lo) + " à " + std::to_string(hi),
            "an integer from " + std::to_string(lo) + " to " + std::to_string(hi)};
}

// A whole decimal integer, optional minus sign, nothing else; nullopt when not one or too long.
std::optional<long long> parse_int(const std::string& s) {
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

std::optional<std::uint64_t> parse_seed(const std::string& s) {
    if (s.empty() || s.size() > 20) return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
        if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
        v = v * 10 + digit;
    }
    return v;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// Runs `change` on a copy of the settings and applies it: all or nothing.
template <class Change>
CommandResult change_settings(Session& session, Change change, const Text& confirmation) {
    Settings next = session.settings();
    change(next);
    if (auto error = session.apply(next)) return {false, *error};
    return reply(true, confirmation);
}

Text unknown_words_note(const std::vector<Token>& tokens) {
    std::string list;
    int count = 0;
    for (const auto& t : tokens)
        if (!t.known) list += std::string(count++ ? ", " : "") + "« " + t.word + " »";
    if (count == 0) return {};
    return Text{count > 1 ? " ; mots inconnus remplacés par " : " ; mot inconnu remplacé par ",
                count > 1 ? "; unknown words replaced by " : "; unknown word replaced by "} +
           same(std::string(Vocabulary::kUnknown) + " : " + list);
}

Text level_range(const Settings& s) {
    const std::string top = std::to_string(s.top_level()), last = std::to_string(2 * s.layers);
    return {"un entier de 0 à " + top + " (0 = entrée, 1.." + last + " = sous-couches, " + top + " = sortie)",
            "an integer from 0 to " + top + " (0 = input, 1.." + last + " = sublayers, " + top + " = output)"};
}

template <class T>
using Words = std::vector<std::pair<std::string, T>>;

}  // namespace

CommandRegistry::CommandRegistry() {
    // An integer setting in [lo, hi]: `set` stores it, `confirm` says what changed.
    auto integer = [](const char* name, int lo, int hi, auto set, auto confirm) {
        return [=](Session& session, const std::string& args) -> CommandResult {
            const auto v = parse_int(args);
            if (!v || *v < lo || *v > hi) return fail(name, integer_range(lo, hi), args);
            const int value = static_cast<int>(*v);
            return change_settings(session, [&](Settings& s) { set(s, value); }, confirm(value));
        };
    };
    auto no_argument = [](const char* name, auto action) {
        return [=](Session& session, const std::string& args) -> CommandResult {
            if (!args.empty())
                return reply(false, Text{std::string("/") + name + " n'attend pas d'argument",
                                         std::string("/") + name + " takes no argument"} + received(args));
            return action(session);
        };
    };
    // A setting chosen among words: each accepted (unaccented, lower-case) word and its value.
    auto choice = [](const char* name, auto words, const Text& expected, auto set, auto confirm) {
        return [=](Session& session, const std::string& args) -> CommandResult {
            const std::string typed = utf8::fold(args);
            for (const auto& entry : words) {
                const auto value = entry.second;
                if (typed == entry.first) return change_settings(session, [&](Settings& s) { set(s, value); }, confirm(value));
            }
            return fail(name, expected, args);
        };
    };
    auto named = [](const char* label_fr, const char* label_en, auto value) {
        return Text{label_fr, label_en} + same(to_string(value));
    };

    commands_ = {
        {"propager", "/propager",
         "Retire les poids (nouvelle graine) et rejoue la phrase sous-couche par sous-couche.", {},
         no_argument("propager", [](Session& session) {
             const auto seed = next_seed(session.settings().seed);
             return change_settings(session, [&](Settings& s) { s.seed = seed; s.step = s.top_level(); },
                                    Text{"graine " + std::to_string(seed) + " : la phrase repart de l'entrée",
                                         "seed " + std::to_string(seed) + ": the sentence starts again from the input"});
         }),
         "Draws new weights (a new seed) and replays the sentence sublayer by sublayer."},
        {"couches", "/couches <1..6>", "Nombre L de blocs empilés.", {"1", "2", "3", "4", "5", "6"},
         integer("couches", Settings::kMinLayers, Settings::kMaxLayers, set_layers, [](int v) {
             return same("L = " + std::to_string(v)) +
                    Text{" : " + std::to_string(2 * v) + " sous-couches", ": " + std::to_string(2 * v) + " sublayers"};
         }),
         "Number L of stacked blocks."},
        {"position", "/position <sinus|appris|aucun>",
         "Encodage positionnel ajouté aux embeddings : sinus, table apprise ou rien.", {"sinus", "appris", "aucun"},
         choice("position", Words<Position>{{"sinus", Position::Sinus}, {"appris", Position::Learned},
                                            {"apprise", Position::Learned}, {"aucun", Position::None},
                                            {"aucune", Position::None}},
                Text{"sinus, appris ou aucun", "sinus, appris or aucun"}, [](Settings& s, Position p) { s.position = p; },
                [=](Position p) { return named("position : ", "position: ", p); }),
         "Positional encoding added to the embeddings: sinusoidal (sinus), a learned table (appris) or none (aucun)."},
        {"residuel", "/residuel <on|off>", "Active ou coupe la connexion résiduelle autour de chaque sous-couche.",
         {"on", "off"},
         choice("residuel", Words<bool>{{"on", true}, {"oui", true}, {"off", false}, {"non", false}},
                Text{"on ou off", "on or off"}, [](Settings& s, bool on) { s.residual = on; },
                [](bool on) {
                    return on ? Text{"connexion résiduelle active : x + F(x)", "residual connection on: x + F(x)"}
                              : Text{"connexion résiduelle coupée : x ← F(x)", "residual connection cut: x ← F(x)"};
                }),
         "Turns the residual connection around each sublayer on or off."},
        {"norme", "/norme <pre|post|aucune>", "Place la normalisation de couche avant (pre), après (post) ou nulle part.",
         {"pre", "post", "aucune"},
         choice("norme", Words<Norm>{{"pre", Norm::Pre}, {"post", Norm::Post}, {"aucune", Norm::None}, {"aucun", Norm::None}},
                Text{"pre, post ou aucune", "pre, post or aucune"}, [](Settings& s, Norm n) { s.norm = n; },
                [=](Norm n) { return named("normalisation : ", "normalization: ", n); }),
         "Places layer normalization before (pre), after (post) the sublayers, or nowhere (aucune)."},
        {"ffn", "/ffn <8..64>", "Largeur w de la couche cachée du réseau feed-forward.", {},
         integer("ffn", Settings::kMinFfn, Settings::kMaxFfn, [](Settings& s, int v) { s.ffn = v; },
                 [](int v) { return Text{"largeur du FFN : w = ", "FFN width: w = "} + same(std::to_string(v)); }),
         "Width w of the feed-forward network's hidden layer."},
        {"dimension", "/dimension <8|16>", "Dimension d des vecteurs (8 ou 16).", {"8", "16"},
         [](Session& session, const std::string& args) -> CommandResult {
             const auto v = parse_int(args);
             if (!v || (*v != 8 && *v != 16)) return fail("dimension", Text{"8 ou 16", "8 or 16"}, args);
             return change_settings(session, [&](Settings& s) { s.dimension = static_cast<int>(*v); },
                                    Text{"dimension : d = ", "dimension: d = "} + same(std::to_string(*v)));
         },
         "Dimension d of the vectors (8 or 16)."},
        {"masque", "/masque <aucun|causal>",
         "Ajout : masque causal (un token ne voit que lui-même et ceux qui le précèdent, comme GPT) ou aucun.",
         {"aucun", "causal"},
         choice("masque", Words<Mask>{{"aucun", Mask::None}, {"aucune", Mask::None}, {"causal", Mask::Causal}},
                Text{"aucun ou causal", "aucun or causal"}, [](Settings& s, Mask m) { s.mask = m; },
                [](Mask m) {
                    return m == Mask::Causal ? Text{"masque causal : chaque token ne voit que le passé",
                                                    "causal mask: each token sees only the past"}
                                             : Text{"sans masque : chaque token voit toute la phrase",
                                                    "no mask: each token sees the whole sentence"};
                }),
         "Addition: a causal mask (a token sees only itself and those before it, as in GPT) or none (aucun)."},
        {"activation", "/activation <gelu|relu>", "Ajout : non-linéarité du FFN, GELU (lisse) ou ReLU (porte ET).",
         {"gelu", "relu"},
         choice("activation", Words<Activation>{{"gelu", Activation::Gelu}, {"relu", Activation::Relu}},
                Text{"gelu ou relu", "gelu or relu"}, [](Settings& s, Activation a) { s.activation = a; },
                [=](Activation a) { return named("activation du FFN : ", "FFN activation: ", a); }),
         "Addition: the FFN's non-linearity, GELU (smooth) or ReLU (an AND gate)."},
        {"phrase", "/phrase <mots>", "Remplace la phrase propagée (toute la ligne, 2 à 8 mots).", {},
         [](Session& session, const std::string& args) -> CommandResult {
             const auto tokens = session.vocabulary().tokenize(args);
             const auto n = tokens.size();
             if (n < static_cast<std::size_t>(Settings::kMinWords) || n > static_cast<std::size_t>(Settings::kMaxTokens)) {
                 const std::string count = std::to_string(n), plural = n > 1 ? "s" : "";
                 const std::string what = args.empty() ? ")" : " : " + quoted(args) + ")";
                 return reply(false, Text{"/phrase attend de 2 à 8 mots (reçu " + count + " mot" + plural + what,
                                          "/phrase expects 2 to 8 words (got " + count + " word" + plural + what});
             }
             return change_settings(session, [&](Settings& s) { s.sentence = args; },
                                    Text{"phrase : ", "sentence: "} + same("« " + args + " » (" + std::to_string(n) + " tokens)") +
                                        unknown_words_note(tokens));
         },
         "Replaces the sentence sent through the stack (the whole line, 2 to 8 words)."},
        {"etape", "/etape <n=0..2L+1>", "Arrête les billes au niveau n : 0 = entrée, 1..2L = sous-couches, 2L+1 = sortie.", {},
         [](Session& session, const std::string& args) -> CommandResult {
             const auto v = parse_int(args);
             const Settings& now = session.settings();
             if (!v || *v < 0 || *v > now.top_level()) return fail("etape", level_range(now), args);
             const int level = static_cast<int>(*v);
             return change_settings(session, [&](Settings& s) { s.step = level; },
                                    Text{"étape " + std::to_string(level) + " : " + level_name(level, now.layers),
                                         "step " + std::to_string(level) + ": " + level_name(level, now.layers, Language::English)});
         },
         "Stops the beads at level n: 0 = input, 1..2L = sublayers, 2L+1 = output."},
        {"graine", "/graine <entier>", "Fixe la graine des poids, pour retrouver la même image d'une année à l'autre.", {},
         [](Session& session, const std::string& args) -> CommandResult {
             const auto v = parse_seed(args);
             if (!v) return fail("graine", Text{"un entier de 0 à ", "an integer from 0 to "} + same("18446744073709551615"), args);
             return change_settings(session, [&](Settings& s) { s.seed = *v; }, Text{"graine ", "seed "} + same(std::to_string(*v)));
         },
         "Sets the weights' seed, to get the same picture year after year."},
        {"parametres", "/parametres", "Détaille le calcul du nombre de paramètres.", {},
         no_argument("parametres", [](Session& session) {
             const auto& t = *session.trace();
             const Architecture toy = toy_architecture(t.settings, t.vocabulary_size);
             return reply(true, Text{format_breakdown(toy), format_breakdown(toy, Language::English)});
         }),
         "Details how the number of parameters is counted."},
        {"reinit", "/reinit", "Revient à L = 2, d = 8, w = 32, positions sinus, résidu actif, pré-norme.", {},
         no_argument("reinit", [](Session& session) {
             return change_settings(session, [](Settings& s) { s = Settings{}; },
                                    Text{"retour à l'état de départ", "back to the start-up state"});
         }),
         "Back to L = 2, d = 8, w = 32, sinusoidal positions, residual on, pre-norm."},
        {"langue", "/langue <fr|en>", "Langue des réponses et de l'interface : français ou anglais.", {"fr", "en"}, {},
         "Language of the replies and of the interface: French or English."},
        {"aide", "/aide [commande]", "Liste les commandes, ou explique celle qu'on nomme.", {}, {},
         "Lists the commands, or explains the one named."},
    };
    // /langue and /aide act on the registry itself, so they are bound once the list exists.
    find("langue")->run = [this](Session&, const std::string& args) -> CommandResult {
        const auto language = parse_language(args);
        if (!language) return fail("langue", Text{"fr ou en", "fr or en"}, args);
        language_ = *language;
        return reply(true, Text{"langue : français", "language: English"});
    };
    find("aide")->run = [this](Session&, const std::string& args) -> CommandResult {
        if (args.empty()) return {true, help_text()};
        const Command* c = find(args);
        if (!c) return fail("aide", Text{"le nom d'une commande", "the name of a command"}, args);
        return {true, c->usage + " — " + (language_ == Language::English && !c->help_en.empty() ? c->help_en : c->help)};
    };
}

void CommandRegistry::add(Command command) {
    if (find(command.name)) throw std::logic_error("commande déjà définie : /" + command.name);
    commands_.push_back(std::move(command));
}

Command* CommandRegistry::find(std::string_view name) {
    return const_cast<Command*>(static_cast<const CommandRegistry&>(*this).find(name));
}

const Command* CommandRegistry::find(std::string_view name) const {
    std::string key = utf8::fold(name);
    if (!key.empty() && key[0] == '/') key.erase(0, 1);
    for (const auto& c : commands_)
        if (c.name == key) return &c;
    return nullptr;
}

std::optional<std::string> CommandRegistry::suggest(std::string_view name) const {
    std::string key = utf8::fold(name);
    if (!key.empty() && key[0] == '/') key.erase(0, 1);
    if (key.empty()) return std::nullopt;
    const Command* best = nullptr;
    std::size_t best_distance = 3;  // at most two edits away
    for (const auto& c : commands_) {
        const bool prefix = c.name.compare(0, key.size(), key) == 0 && key.size() >= 2;
        const std::size_t dist = prefix ? 0 : edit_distance(key, c.name);
        if (dist < best_distance) best_distance = dist, best = &c;
    }
    return best ? std::optional<std::string>(best->name) : std::nullopt;
}

CommandResult CommandRegistry::execute(Session& session, std::string_view raw) const {
    CommandResult result = run_line(session, raw);
    if (language_ == Language::English && !result.english.empty()) result.message = result.english;
    result.english.clear();
    return result;
}

CommandResult CommandRegistry::run_line(Session& session, std::string_view raw) const {
    if (raw.size() > kMaxLineBytes) {
        const std::string size = std::to_string(raw.size()), most = std::to_string(kMaxLineBytes);
        return reply(false, Text{"ligne trop longue : " + size + " octets (" + most + " au plus)",
                                 "line too long: " + size + " bytes (" + most + " at most)"});
    }
    if (!utf8::is_valid(raw)) return reply(false, Text{"la ligne n'est pas du texte UTF-8 valide", "the line is not valid UTF-8 text"});
    const std::string line = trim(raw);
    if (line.empty()) return {};
    const auto space = line.find_first_of(" \t");
    const std::string name = line.substr(0, space);
    const std::string args = space == std::string::npos ? "" : trim(line.substr(space));
    const Command* command = find(name);
    if (!command) {
        Text message{"commande inconnue « " + name + " »", "unknown command « " + name + " »"};
        if (auto near = suggest(name)) message = message + Text{" — vouliez-vous dire /" + *near + " ?", " — did you mean /" + *near + "?"};
        return reply(false, message + Text{" (/aide pour la liste)", " (/aide for the list)"});
    }
    return command->run(session, args);
}

std::vector<std::string> CommandRegistry::complete(std::string_view partial) const {
    std::string text(partial);
    const bool slash = !text.empty() && text[0] == '/';
    const std::string body = slash ? text.substr(1) : text;
    std::vector<std::string> out;
    const auto space = body.find(' ');
    if (space == std::string::npos) {
        const std::string key = utf8::fold(body);
        for (const auto& c : commands_)
            if (c.name.compare(0, key.size(), key) == 0) out.push_back("/" + c.name + (c.usage.find('<') != std::string::npos ? " " : ""));
        return out;
    }
    const Command* c = find(body.substr(0, space));
    if (!c) return out;
    const std::string value = utf8::fold(trim(body.substr(space)));
    for (const auto& v : c->values)
        if (v.compare(0, value.size(), value) == 0) out.push_back("/" + c->name + " " + v);
    return out;
}

std::string CommandRegistry::help_text() const {
    std::ostringstream out;
    const bool english = language_ == Language::English;
    out << (english ? "Commands (accents, capitals and the leading / are optional):\n"
                    : "Commandes (sans accents ni majuscules obligatoires, la barre / est facultative) :\n");
    for (const auto& c : commands_)
        out << "  " << c.usage << " — " << (english && !c.help_en.empty() ? c.help_en : c.help) << '\n';
    for (const auto& [french, english_note] : help_notes_) out << (english ? english_note : french) << '\n';
    return out.str();
}

void CommandRegistry::add_help_note(std::string french, std::string english) {
    help_notes_.emplace_back(std::move(french), std::move(english));
}

std::vector<std::string> split_script(std::string_view text) {
    std::vector<std::string> lines;
    std::string current;
    bool comment = false;
    auto flush = [&] {
        std::string piece = trim(current);
        if (!piece.empty()) lines.push_back(std::move(piece));
        current.clear();
    };
    for (char c : text) {
        if (c == '\n') { flush(); comment = false; }
        else if (comment) continue;
        else if (c == '#') comment = true;
        else if (c == ';') flush();
        else current += c;
    }
    flush();
    return lines;
}

std::vector<CommandResult> run_script(const CommandRegistry& registry, Session& session, std::string_view text) {
    std::vector<CommandResult> results;
    for (const auto& line : split_script(text)) {
        results.push_back(registry.execute(session, line));
        if (!results.back().ok) break;
    }
    return results;
}

}  // namespace tb
