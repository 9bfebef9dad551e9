#include "commands/commands.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include "commands/heads_command.h"
#include "commands/melanger.h"
#include "base/numbers.h"
#include "model/random.h"
#include "commands/recipes.h"
#include "commands/sentence_command.h"
#include "model/settings_table.h"
#include "commands/generation_commands.h"
#include "commands/sweep.h"
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

// The commands written by hand: the sentence, the step and the seed (their own argument shapes),
// then those with no setting of their own. /langue and /aide are bound by the registry.
std::vector<Command> other_commands() {
    const Text words = sentence_length();
    // The start-up values, from the table.
    const std::string start = as_commands(Settings{}, Language::French);
    const std::string start_en = as_commands(Settings{}, Language::English);
    return {
        heads_command(),
        {"phrase", "/phrase <mots>", "Remplace la phrase propagée (toute la ligne, " + words.fr + ").", {}, phrase_command,
         "Replaces the sentence sent through the stack (the whole line, " + words.en + ")."},
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
        {"reinit", "/reinit", "Revient à l'état de départ : " + start + ".", {},
         no_argument("reinit", [](Session& session) -> CommandResult {
             // The start-up state whole: the sentence as typed, /melanger's count back to 0.
             if (auto error = session.apply(Settings{}, {})) return {false, *error};
             session.forget_training();
             session.set_melanger_count(0);
             return reply(true, Text{"retour à l'état de départ", "back to the start-up state"});
         }),
         "Back to the start-up state: " + start_en + "."},
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
    commands_.push_back(sweep_command());  // side A alone until set_sweep_side_b
    for (auto& c : generation_commands()) commands_.push_back(std::move(c));
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

}  // namespace tb
