#include "commands/commands.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "commands/melanger.h"
#include "base/numbers.h"
#include "model/random.h"
#include "commands/recipes.h"
#include "commands/sentence_command.h"
#include "model/settings_table.h"
#include "commands/training_commands.h"
#include "base/utf8.h"

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

Text level_range(const Settings& s) {
    const std::string top = std::to_string(s.top_level()), last = std::to_string(2 * s.layers);
    return {"un entier de 0 à " + top + " (0 = entrée, 1.." + last + " = sous-couches, " + top + " = sortie)",
            "an integer from 0 to " + top + " (0 = input, 1.." + last + " = sublayers, " + top + " = output)"};
}

// A number among a few (/dimension 8|16): read as an integer, so that "08" is 8.
template <class Act>
Handler integer_among(const SettingEntry& e, Act act) {
    return [&e, act](Session& session, const Args& args) -> CommandResult {
        const auto v = args.size() == 1 ? parse_int(args.word(0)) : std::nullopt;
        if (!v || *v < e.lo || *v > e.hi || !allowed_value(e, static_cast<int>(*v)))
            return expected(e.command, setting_expectation(e), args);
        return act(session, static_cast<int>(*v));
    };
}

// A setting's command, built from its table entry: parse with the kit, change a copy, confirm.
Command setting_command(const SettingEntry& e) {
    auto act = [&e](Session& session, int value) {
        Settings next = session.settings();
        e.change(next, value);
        if (auto error = session.apply(next)) return CommandResult{false, *error};
        return reply(true, e.confirm(session.settings()));
    };
    Handler run;
    if (e.kind == SettingKind::Decimal)
        run = decimal(e.command, e.decimal_lo, e.decimal_hi, [&e](Session& session, double value) {
            Settings next = session.settings();
            e.set_decimal(next, value);
            if (auto error = session.apply(next)) return CommandResult{false, *error};
            return reply(true, e.confirm(session.settings()));
        });
    else if (e.kind == SettingKind::Integer && e.words.empty()) run = integer(e.command, e.lo, e.hi, act);
    else if (e.kind == SettingKind::Integer) run = integer_among(e, act);
    else {
        std::vector<std::pair<std::string, int>> words;
        for (const auto& w : e.words) words.emplace_back(w.word, w.value);
        run = choice<int>(e.command, words, setting_expectation(e), act);
    }
    Command command{e.command, setting_usage(e), e.help.fr, setting_completions(e), run, e.help.en};
    command.usage_en = setting_usage(e, Language::English);
    return command;
}

// The numbers of heads h that split d into heads of even dimension d_h: "1, 2 ou 4" at d = 8.
std::vector<std::string> heads_for(int d) {
    std::vector<std::string> out;
    for (int h = 1; h <= 8; ++h)
        if (d % h == 0 && (d / h) % 2 == 0) out.push_back(std::to_string(h));
    return out;
}

// /tetes h [h_kv]: two entries of the table (heads, kv_heads) in one command; h_kv omitted = h.
// The ranges and ties are the entries' own checks (settings_table.cpp); here the refusal names
// the values that fit the current d, and the reply says MHA, GQA or MQA.
CommandResult tetes(Session& session, const Args& args) {
    const int d = session.settings().dimension;
    const auto h = args.size() >= 1 && args.size() <= 2 ? parse_int(args.word(0)) : std::nullopt;
    const auto kv = args.size() == 2 ? parse_int(args.word(1)) : h;
    const Text h_values = one_of(heads_for(d));
    const Text usage = Text{"h = ", "h = "} + h_values + Text{" à d = " + std::to_string(d) + " (d_h = d/h entier pair), puis h_kv qui divise h (facultatif)",
                                                               " at d = " + std::to_string(d) + " (d_h = d/h an even integer), then h_kv dividing h (optional)"};
    if (!h || !kv) return expected("tetes", usage, args);
    if (*h < 1 || *h > 8 || d % *h != 0 || (d / *h) % 2 != 0)
        return refused("tetes", Text{"h = ", "h = "} + h_values + Text{" à d = " + std::to_string(d) + " : d_h = d/h doit être un entier pair",
                                                                        " at d = " + std::to_string(d) + ": d_h = d/h must be an even integer"},
                       quoted_text(args.word(0)));
    if (*kv < 1 || *kv > *h || *h % *kv != 0)
        return refused("tetes", Text{"h_kv qui divise h = " + std::to_string(*h) + " (têtes K/V : MHA h_kv = h, GQA un diviseur, MQA 1)",
                                     "h_kv dividing h = " + std::to_string(*h) + " (K/V heads: MHA h_kv = h, GQA a divisor, MQA 1)"},
                       quoted_text(args.word(1)));
    Settings next = session.settings();
    next.heads = static_cast<int>(*h), next.kv_heads = static_cast<int>(*kv);
    if (auto error = session.apply(next)) return {false, *error};
    const std::string H = std::to_string(*h), KV = std::to_string(*kv), DH = std::to_string(d / *h), R = std::to_string(*h / *kv);
    if (*kv == *h)
        return reply(true, Text{"têtes : h = " + H + " (d_h = " + DH + ") — MHA : chaque tête de requête a sa propre tête K/V",
                                "heads: h = " + H + " (d_h = " + DH + ") — MHA: every query head has its own K/V head"});
    if (*kv == 1)
        return reply(true, Text{"têtes : h = " + H + ", h_kv = 1 (d_h = " + DH + ") — MQA : les " + H + " têtes de requête partagent une seule tête K/V",
                                "heads: h = " + H + ", h_kv = 1 (d_h = " + DH + ") — MQA: the " + H + " query heads share a single K/V head"});
    return reply(true, Text{"têtes : h = " + H + ", h_kv = " + KV + " (d_h = " + DH + ") — GQA : " + R +
                                " têtes de requête par tête K/V (la tête i lit la tête K/V ⌊i/" + R + "⌋)",
                            "heads: h = " + H + ", h_kv = " + KV + " (d_h = " + DH + ") — GQA: " + R +
                                " query heads per K/V head (head i reads K/V head ⌊i/" + R + "⌋)"});
}

// The commands written by hand: the sentence, the step and the seed (their own argument shapes),
// then those with no setting of their own. /langue and /aide are bound by the registry.
std::vector<Command> other_commands() {
    return {
        {"tetes", "/tetes <h> [h_kv]",
         "Nombre h de têtes d'attention (d_h = d/h pair : 1, 2, 4 à d = 8 ; 1, 2, 4, 8 à d = 16) et, ajout, h_kv "
         "têtes K/V qui divise h : MHA si h_kv = h (par défaut), GQA entre les deux, MQA si h_kv = 1.",
         {"1", "2", "4", "8", "4 1", "4 2", "8 1", "8 2", "8 4"}, tetes,
         "Number h of attention heads (d_h = d/h even: 1, 2, 4 at d = 8; 1, 2, 4, 8 at d = 16) and, an addition, "
         "h_kv K/V heads dividing h: MHA when h_kv = h (the default), GQA in between, MQA when h_kv = 1."},
        {"phrase", "/phrase <mots>", "Remplace la phrase propagée (toute la ligne, 2 à 8 mots).", {}, phrase_command,
         "Replaces the sentence sent through the stack (the whole line, 2 to 8 words)."},
        {"melanger", "/melanger",
         "Ajout : met les mots de la phrase dans un autre ordre, tiré de la graine ; sans positions ni masque, "
         "chaque bille garde son vecteur.",
         {}, no_argument("melanger", [](Session& session) { return melanger(session); }),
         "Addition: puts the sentence's words in another order, drawn from the seed; with no positions and no "
         "mask, every bead keeps its vector."},
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
             const Text range{"un entier de 0 à 18\u202F446\u202F744\u202F073\u202F709\u202F551\u202F615",  // 2⁶⁴ − 1
                              "an integer from 0 to 18,446,744,073,709,551,615"};
             if (!v) return expected("graine", range, args);
             const CommandResult changed =
                 change_settings(session, [&](Settings& s) { s.seed = *v; }, Text{"graine ", "seed "} + same(std::to_string(*v)));
             if (changed.ok) session.forget_training();  // the same seed again too: its random weights
             return changed;
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
         no_argument("reinit", [](Session& session) -> CommandResult {
             // The start-up state whole: the sentence as typed, /melanger's count back to 0.
             if (auto error = session.apply(Settings{}, {})) return {false, *error};
             session.forget_training();
             session.set_melanger_count(0);
             return reply(true, Text{"retour à l'état de départ", "back to the start-up state"});
         }),
         "Back to L = 2, d = 8, w = 32, sinusoidal positions, residual on, pre-norm."},
        {"langue", "/langue <fr|en>", "Langue des réponses et de l'interface : français ou anglais.", {"fr", "en"}, {},
         "Language of the replies and of the interface: French or English."},
        {"aide", "/aide [commande]", "Liste les commandes, ou explique celle qu'on nomme.", {}, {},
         "Lists the commands, or explains the one named."},
    };
}

}  // namespace

CommandRegistry::CommandRegistry() {
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
    };
    // The settings' commands, in the table's order (/aide lists them so).
    for (const auto& e : settings_table())
        if (!e.command.empty() && !e.own_command) commands_.push_back(setting_command(e));
    commands_.push_back(recipe_command());  // several settings at once (recipes.h)
    for (auto& c : training_commands()) commands_.push_back(std::move(c));
    for (auto& c : other_commands()) commands_.push_back(std::move(c));
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
        return {true, c->usage_in(language_) + " — " + (language_ == Language::English && !c->help_en.empty() ? c->help_en : c->help)};
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
        const auto n = [&raw](Language l) { return format_count(static_cast<std::int64_t>(raw.size()), l); };
        const auto most = [](Language l) { return format_count(static_cast<std::int64_t>(kMaxLineBytes), l); };
        return reply(false, Text{"ligne trop longue : " + n(Language::French) + " octets (" + most(Language::French) + " au plus)",
                                 "line too long: " + n(Language::English) + " bytes (" + most(Language::English) + " at most)"});
    }
    if (!utf8::is_valid(raw)) return reply(false, Text{"la ligne n'est pas du texte UTF-8 valide", "the line is not valid UTF-8 text"});
    const std::string line = trim(utf8::normalize(raw));
    if (line.empty()) return {};
    const auto space = line.find_first_of(" \t");
    const std::string name = line.substr(0, space);
    const std::string args = space == std::string::npos ? "" : trim(line.substr(space));
    const Command* command = find(name);
    if (!command) {
        Text message{"commande inconnue « " + utf8::visible(name) + " »", "unknown command \u201C" + utf8::visible(name) + "\u201D"};
        if (auto near = suggest(name)) message = message + Text{" — vouliez-vous dire /" + *near + " ?", " — did you mean /" + *near + "?"};
        return reply(false, message + Text{" (/aide pour la liste)", " (/aide for the list)"});
    }
    const int trained = session.trained_steps();
    CommandResult result = command->run(session, Args(args));
    if (result.ok && trained > 0 && session.trained_steps() == 0) {  // channel.md §7: and say so
        const Text note{" (poids entraînés abandonnés : retour aux poids aléatoires de la graine)",
                        " (trained weights dropped: back to the seed's random weights)"};
        result.english = (result.english.empty() ? result.message : result.english) + note.en;
        result.message += note.fr;
    }
    return result;
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
        out << "  " << c.usage_in(language_) << " — " << (english && !c.help_en.empty() ? c.help_en : c.help) << '\n';
    for (const auto& [french, english_note] : help_notes_) out << (english ? english_note : french) << '\n';
    return out.str();
}

void CommandRegistry::add_help_note(std::string french, std::string english) {
    help_notes_.emplace_back(std::move(french), std::move(english));
}

// Whether the double quote at `open` is closed on its line (an unbalanced one is plain text).
static bool closes(std::string_view text, std::size_t open) {
    for (std::size_t i = open + 1; i < text.size() && text[i] != '\n'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
        else if (text[i] == '"') return true;
    }
    return false;
}

namespace {

struct Piece {
    std::string text;
    bool after_semicolon = false;  // cut from the piece before it by a ';' of the same line
};

std::vector<Piece> split_pieces(std::string_view text) {
    std::vector<Piece> pieces;
    std::string current;
    bool comment = false, quoted = false, after_semicolon = false;
    // A piece is "after a semicolon" only when the ';' cut it from a piece actually kept: a ';' after
    // nothing (the script's start, a new line, a comment, another ';') cuts nothing.
    auto flush = [&](bool by_semicolon) {
        std::string piece = trim(current);
        const bool kept = !piece.empty();
        if (kept) pieces.push_back({std::move(piece), after_semicolon});
        current.clear();
        after_semicolon = by_semicolon && kept;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool word_start = current.empty() || current.back() == ' ' || current.back() == '\t';
        if (c == '\n') { flush(false); comment = false, quoted = false; }
        else if (comment) continue;
        else if (quoted) {  // a file name in double quotes (command_kit.h): # and ; are its own
            current += c;
            if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) current += text[++i];
            else if (c == '"') quoted = false;
        }
        else if (c == '"' && word_start && closes(text, i)) {
            current += c;
            quoted = true;
        }
        else if (c == '#' && word_start) comment = true;  // as in a shell: "a#b.svg" is a name
        else if (c == ';') flush(true);
        else current += c;
    }
    flush(false);
    return pieces;
}

// `text` in double quotes, as a file argument takes it (\" and \\ inside).
std::string in_quotes(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::vector<std::string> split_script(std::string_view text) {
    std::vector<std::string> lines;
    for (Piece& piece : split_pieces(text)) lines.push_back(std::move(piece.text));
    return lines;
}

ScriptLines CommandRegistry::read_script(std::string_view text) const {
    const std::vector<Piece> pieces = split_pieces(text);
    ScriptLines out;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const std::string& piece = pieces[i].text;
        const std::string line = utf8::is_valid(piece) ? trim(utf8::normalize(piece)) : "";
        // A mistyped command after the ';' ("/couhces") is left to execute(), which suggests the name;
        // a "command" holding a '.' or a second '/' ("a;/b.svg", "a;/tmp/b.svg") is the rest of a path.
        const std::string name = line.substr(0, line.find_first_of(" \t"));
        const bool path_like = !name.empty() && name[0] == '/' && name.find_first_of("./", 1) != std::string::npos;
        if (!pieces[i].after_semicolon || line.empty() || (line[0] == '/' && !path_like) || find(name)) {
            out.lines.push_back(piece);
            continue;
        }
        // A name cut in two by an unquoted ';', most likely: say so, and how to write it whole.
        const std::string& before = pieces[i - 1].text;
        const std::size_t last = before.find_last_of(" \t");
        const std::string example = last == std::string::npos ? "/exporter svg \"a;b.svg\""
                                                              : before.substr(0, last + 1) + in_quotes(before.substr(last + 1) + ";" + piece);
        const std::string cut = utf8::visible(before + ";" + piece), write = utf8::visible(example);
        const auto en = [](const std::string& s) { return "\u201C" + s + "\u201D"; };
        return {{},
                Text{quoted(piece) + " n'est pas une commande : le « ; » de « " + cut + " » sépare deux commandes ; " +
                         "mettez le chemin entre guillemets : « " + write + " » (rien n'a été exécuté)",
                     quoted(piece, Language::English) + " is not a command: the \u201C;\u201D in " + en(cut) +
                         " separates two commands; put the path in double quotes: " + en(write) + " (nothing was run)"}};
    }
    return out;
}

std::vector<CommandResult> run_script(CommandRegistry& registry, Session& session, std::string_view text) {
    const ScriptLines script = registry.read_script(text);
    if (script.error) return {CommandResult(false, registry.language() == Language::English ? script.error->en : script.error->fr)};
    std::vector<CommandResult> results;
    for (const auto& line : script.lines) {
        results.push_back(registry.execute(session, line));
        if (!results.back().ok) break;
    }
    return results;
}

}  // namespace tb
