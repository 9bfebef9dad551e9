#include "commands.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "random.h"
#include "utf8.h"

namespace tb {
namespace {

CommandResult reply(bool ok, const Text& t) { return {ok, t}; }

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

}  // namespace

CommandRegistry::CommandRegistry() {
    auto named = [](const char* label_fr, const char* label_en, auto value) {
        return Text{label_fr, label_en} + same(to_string(value));
    };
    // A setting command's action: the change on a copy of the settings, then the confirmation.
    auto setting = [](auto set, auto confirm) {
        return [=](Session& session, auto value) { return change_settings(session, [&](Settings& s) { set(s, value); }, confirm(value)); };
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
         integer("couches", Settings::kMinLayers, Settings::kMaxLayers, setting(set_layers, [](int v) {
             return same("L = " + std::to_string(v)) +
                    Text{" : " + std::to_string(2 * v) + " sous-couches", ": " + std::to_string(2 * v) + " sublayers"};
         })),
         "Number L of stacked blocks."},
        {"position", "/position <sinus|appris|aucun>",
         "Encodage positionnel ajouté aux embeddings : sinus, table apprise ou rien.", {"sinus", "appris", "aucun"},
         choice<Position>("position", {{"sinus", Position::Sinus}, {"appris", Position::Learned},
                                            {"apprise", Position::Learned}, {"aucun", Position::None},
                                            {"aucune", Position::None}},
                Text{"sinus, appris ou aucun", "sinus, appris or aucun"}, setting([](Settings& s, Position p) { s.position = p; },
                [=](Position p) { return named("position : ", "position: ", p); })),
         "Positional encoding added to the embeddings: sinusoidal (sinus), a learned table (appris) or none (aucun)."},
        {"residuel", "/residuel <on|off>", "Active ou coupe la connexion résiduelle autour de chaque sous-couche.",
         {"on", "off"},
         on_off("residuel", setting([](Settings& s, bool on) { s.residual = on; },
                [](bool on) {
                    return on ? Text{"connexion résiduelle active : x + F(x)", "residual connection on: x + F(x)"}
                              : Text{"connexion résiduelle coupée : x ← F(x)", "residual connection cut: x ← F(x)"};
                })),
         "Turns the residual connection around each sublayer on or off."},
        {"norme", "/norme <pre|post|aucune>", "Place la normalisation de couche avant (pre), après (post) ou nulle part.",
         {"pre", "post", "aucune"},
         choice<Norm>("norme", {{"pre", Norm::Pre}, {"post", Norm::Post}, {"aucune", Norm::None}, {"aucun", Norm::None}},
                Text{"pre, post ou aucune", "pre, post or aucune"}, setting([](Settings& s, Norm n) { s.norm = n; },
                [=](Norm n) { return named("normalisation : ", "normalization: ", n); })),
         "Places layer normalization before (pre), after (post) the sublayers, or nowhere (aucune)."},
        {"ffn", "/ffn <8..64>", "Largeur w de la couche cachée du réseau feed-forward.", {},
         integer("ffn", Settings::kMinFfn, Settings::kMaxFfn, setting([](Settings& s, int v) { s.ffn = v; },
                 [](int v) { return Text{"largeur du FFN : w = ", "FFN width: w = "} + same(std::to_string(v)); })),
         "Width w of the feed-forward network's hidden layer."},
        {"dimension", "/dimension <8|16>", "Dimension d des vecteurs (8 ou 16).", {"8", "16"},
         choice<int>("dimension", {{"8", 8}, {"16", 16}}, Text{"8 ou 16", "8 or 16"},
                     setting([](Settings& s, int d) { s.dimension = d; },
                             [](int d) { return Text{"dimension : d = ", "dimension: d = "} + same(std::to_string(d)); })),
         "Dimension d of the vectors (8 or 16)."},
        {"masque", "/masque <aucun|causal>",
         "Ajout : masque causal (un token ne voit que lui-même et ceux qui le précèdent, comme GPT) ou aucun.",
         {"aucun", "causal"},
         choice<Mask>("masque", {{"aucun", Mask::None}, {"aucune", Mask::None}, {"causal", Mask::Causal}},
                Text{"aucun ou causal", "aucun or causal"}, setting([](Settings& s, Mask m) { s.mask = m; },
                [](Mask m) {
                    return m == Mask::Causal ? Text{"masque causal : chaque token ne voit que le passé",
                                                    "causal mask: each token sees only the past"}
                                             : Text{"sans masque : chaque token voit toute la phrase",
                                                    "no mask: each token sees the whole sentence"};
                })),
         "Addition: a causal mask (a token sees only itself and those before it, as in GPT) or none (aucun)."},
        {"activation", "/activation <gelu|relu>", "Ajout : non-linéarité du FFN, GELU (lisse) ou ReLU (porte ET).",
         {"gelu", "relu"},
         choice<Activation>("activation", {{"gelu", Activation::Gelu}, {"relu", Activation::Relu}},
                Text{"gelu ou relu", "gelu or relu"}, setting([](Settings& s, Activation a) { s.activation = a; },
                [=](Activation a) { return named("activation du FFN : ", "FFN activation: ", a); })),
         "Addition: the FFN's non-linearity, GELU (smooth) or ReLU (an AND gate)."},
        {"phrase", "/phrase <mots>", "Remplace la phrase propagée (toute la ligne, 2 à 8 mots).", {},
         [](Session& session, const Args& args) -> CommandResult {
             const std::string& sentence = args.text();
             const auto tokens = session.vocabulary().tokenize(sentence);
             const auto n = tokens.size();
             if (n < static_cast<std::size_t>(Settings::kMinWords) || n > static_cast<std::size_t>(Settings::kMaxTokens)) {
                 const std::string count = std::to_string(n), plural = n > 1 ? "s" : "";
                 const std::string what = args.empty() ? ")" : " : " + quoted(sentence) + ")";
                 return reply(false, Text{"/phrase attend de 2 à 8 mots (reçu " + count + " mot" + plural + what,
                                          "/phrase expects 2 to 8 words (got " + count + " word" + plural + what});
             }
             return change_settings(session, [&](Settings& s) { s.sentence = sentence; },
                                    Text{"phrase : ", "sentence: "} + same("« " + sentence + " » (" + std::to_string(n) + " tokens)") +
                                        unknown_words_note(tokens));
         },
         "Replaces the sentence sent through the stack (the whole line, 2 to 8 words)."},
        {"etape", "/etape <n=0..2L+1>", "Arrête les billes au niveau n : 0 = entrée, 1..2L = sous-couches, 2L+1 = sortie.", {},
         [](Session& session, const Args& args) -> CommandResult {
             const auto v = args.size() == 1 ? parse_int(args.word(0)) : std::nullopt;
             const Settings& now = session.settings();
             if (!v || *v < 0 || *v > now.top_level()) return expected("etape", level_range(now), args);
             const int level = static_cast<int>(*v);
             return change_settings(session, [&](Settings& s) { s.step = level; },
                                    Text{"étape " + std::to_string(level) + " : " + level_name(level, now.layers),
                                         "step " + std::to_string(level) + ": " + level_name(level, now.layers, Language::English)});
         },
         "Stops the beads at level n: 0 = input, 1..2L = sublayers, 2L+1 = output."},
        {"graine", "/graine <entier>", "Fixe la graine des poids, pour retrouver la même image d'une année à l'autre.", {},
         [](Session& session, const Args& args) -> CommandResult {
             const auto v = args.size() == 1 ? parse_unsigned(args.word(0)) : std::nullopt;
             if (!v) return expected("graine", Text{"un entier de 0 à ", "an integer from 0 to "} + same("18446744073709551615"), args);
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
    find("langue")->run = [this](Session&, const Args& args) -> CommandResult {
        const auto language = args.size() == 1 ? parse_language(args.word(0)) : std::nullopt;
        if (!language) return expected("langue", Text{"fr ou en", "fr or en"}, args);
        language_ = *language;
        return reply(true, Text{"langue : français", "language: English"});
    };
    find("aide")->run = [this](Session&, const Args& args) -> CommandResult {
        if (args.empty()) return {true, help_text()};
        const Command* c = args.size() == 1 ? find(args.word(0)) : nullptr;
        if (!c) return expected("aide", Text{"le nom d'une commande", "the name of a command"}, args);
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

CommandResult CommandRegistry::execute(Session& session, std::string_view raw) {
    CommandResult result = run_line(session, raw);
    if (language_ == Language::English && !result.english.empty()) result.message = result.english;
    result.english.clear();
    return result;
}

CommandResult CommandRegistry::run_line(Session& session, std::string_view raw) {
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
    return command->run(session, Args(args));
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

std::vector<CommandResult> run_script(CommandRegistry& registry, Session& session, std::string_view text) {
    std::vector<CommandResult> results;
    for (const auto& line : split_script(text)) {
        results.push_back(registry.execute(session, line));
        if (!results.back().ok) break;
    }
    return results;
}

}  // namespace tb
