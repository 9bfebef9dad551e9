#include "commands/link_command.h"

#include <algorithm>
#include <cstdio>

#include "commands/link.h"
#include "base/numbers.h"

namespace tb {
namespace {

// One command of the link and what it does to the settings.
struct Change {
    std::string line;
    std::function<void(Settings&)> apply;
};

// Every field in its range and tied to the others as the settings table wants (the sentence's
// words are the target's own, checked when it was set).
bool consistent(const Settings& s) {
    return std::none_of(settings_table().begin(), settings_table().end(), [&s](const SettingEntry& e) {
        return e.kind != SettingKind::FreeText && e.kind != SettingKind::Seed && setting_refusal(e, s).has_value();
    });
}

// The command that sets entry `e` to its value in `to`; nothing for the step (last) and the
// entries without a command of their own (/tetes is made once, for heads and kv_heads together).
std::optional<Change> change_of(const SettingEntry& e, const Settings& to) {
    if (e.key == "step" || e.command.empty()) return std::nullopt;
    switch (e.kind) {
        case SettingKind::Seed: return Change{"/" + e.command + " " + std::to_string(to.seed), [&to](Settings& s) { s.seed = to.seed; }};
        case SettingKind::FreeText:
            return Change{"/" + e.command + " " + to.sentence, [&to](Settings& s) { s.sentence = to.sentence; }};
        case SettingKind::Decimal:
            return Change{"/" + e.command + " " + link_decimal(e.get_decimal(to)),
                          [&e, &to](Settings& s) { e.set_decimal(s, e.get_decimal(to)); }};
        default: return Change{"/" + e.command + " " + value_word(e, to), [&e, &to](Settings& s) { e.change(s, e.get(to)); }};
    }
}

// The shortest fixed-point digits of `v` (point as separator) that `reads_back`, within 16 characters.
template <class ReadsBack>
std::string shortest_digits(double v, ReadsBack reads_back) {
    std::string best = "0";
    for (int decimals = 0; decimals <= 15; ++decimals) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
        std::string text = buffer;
        std::replace(text.begin(), text.end(), ',', '.');  // whatever the C locale
        if (text.size() > 16) break;
        best = text;
        if (const auto parsed = parse_decimal(text); parsed && reads_back(*parsed)) break;
    }
    if (best.find('.') != std::string::npos) {
        best.erase(best.find_last_not_of('0') + 1);
        if (best.back() == '.') best.pop_back();
    }
    std::replace(best.begin(), best.end(), '.', ',');
    return best;
}

}  // namespace

std::vector<std::string> settings_lines(const Settings& from, const Settings& to,
                                        const std::function<bool(const SettingEntry&)>& include) {
    const auto kept = [&include](const SettingEntry& e) { return !include || include(e); };
    std::vector<Change> pending;
    bool heads_done = false;
    Settings now = from;
    for (const SettingEntry& e : settings_table()) {
        if (!kept(e) || e.same(from, to)) continue;
        if (e.shared_command == "tetes" && !heads_done) {
            heads_done = true;
            pending.push_back({"/tetes " + std::to_string(to.heads) + " " + std::to_string(to.kv_heads),
                               [&to](Settings& s) { s.heads = to.heads, s.kv_heads = to.kv_heads; }});
        } else if (auto change = change_of(e, to)) {
            pending.push_back(std::move(*change));
        }
    }
    // In the table's order, but each change only once the state it leads to is valid.
    std::vector<std::string> out;
    while (!pending.empty()) {
        auto next = std::find_if(pending.begin(), pending.end(), [&now](const Change& c) {
            Settings after = now;
            c.apply(after);
            return consistent(after);
        });
        if (next == pending.end()) next = pending.begin();  // no order helps: the command will say why
        next->apply(now);
        out.push_back(std::move(next->line));
        pending.erase(next);
    }
    const SettingEntry* step = find_setting("step");
    if (kept(*step) && now.step != to.step) out.push_back("/" + step->command + " " + std::to_string(to.step));
    return out;
}

std::string link_decimal(double v) {
    return shortest_digits(v, [v](double read) { return read == v; });
}

std::string link_decimal(float v) {
    return shortest_digits(static_cast<double>(v), [v](double read) { return static_cast<float>(read) == v; });
}

StateLink model_link(const Session& session) {
    StateLink link{settings_lines(Settings{}, session.settings()), {}};
    if (const int steps = session.trained_steps(); steps > 0)
        link.notes.push_back(Text{"les poids entraînés (" + format_count(steps, Language::French) +
                                      " pas) ne sont pas dans le lien : il redonne les poids tirés de la graine",
                                  "the trained weights (" + format_count(steps, Language::English) +
                                      " steps) are not in the link: it gives back the weights drawn from the seed"});
    return link;
}

CommandResult link_reply(const StateLink& link) {
    if (auto why = link_refusal(link.lines)) return {false, Text{"/lien : ", "/lien: "} + *why};
    const std::string fragment = encode_link(link.lines);
    if (fragment.size() > kMaxLinkBytes || link.lines.size() > kMaxLinkLines)
        return {false, Text{"/lien : l'état ne tient pas dans un lien (" + std::to_string(link.lines.size()) + " commandes, " +
                                std::to_string(fragment.size()) + " octets)",
                            "/lien: the state does not fit in a link (" + std::to_string(link.lines.size()) + " commands, " +
                                std::to_string(fragment.size()) + " bytes)"}};
    Text reply = Text{"lien : ", "link: "} + same(fragment);
    if (link.lines.empty()) reply = reply + Text{" (l'état de départ)", " (the start-up state)"};
    for (const Text& note : link.notes) reply = reply + Text{" ; ", "; "} + note;
    return {true, reply};
}

void add_link_command(CommandRegistry& registry, LinkMaker make, LinkCopier copy) {
    Handler run = no_argument("lien", [make, copy](Session& session) {
        StateLink link = make ? make(session) : model_link(session);
        if (link_refusal(link.lines)) return link_reply(link);
        if (copy)
            if (std::optional<Text> note = copy(encode_link(link.lines))) link.notes.push_back(*note);
        return link_reply(link);
    });
    registry.add({"lien", "/lien",
                  "Donne l'état courant comme un lien pour la page web (#/couches%206;/residuel%20off) : les commandes qui le "
                  "refont depuis l'état de départ (réglages, graine, phrase, étape, vue) ; copié dans le presse-papiers avec la fenêtre.",
                  {}, run,
                  "Gives the current state as a link for the web page (#/couches%206;/residuel%20off): the commands that "
                  "rebuild it from the start-up state (settings, seed, sentence, step, view); copied to the clipboard with the window."});
}

}  // namespace tb
