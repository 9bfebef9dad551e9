#include "commands/comparison.h"

#include <algorithm>

#include "commands/training_commands.h"
#include "model/settings_table.h"
#include "base/utf8.h"

namespace tb {

void mark_changes(Overrides& o, const Settings& before, const Settings& after) {
    for (const auto& e : settings_table())
        if (e.side_b && !e.same(before, after)) o.mark(e.key);
}

Settings merge_b(const Settings& a, const Settings& b, const Overrides& o) {
    Settings m = a;
    for (const auto& e : settings_table())
        if (e.side_b && o.has(e.key)) e.copy(b, m);
    m.step = a.step >= a.top_level() ? m.top_level() : std::min(a.step, m.top_level());
    return m;
}

std::string describe(const Settings& b, const Overrides& o, bool named) {
    std::string out;
    for (const auto& e : settings_table())
        if (e.side_b && o.has(e.key)) out += (out.empty() ? "" : " · ") + (named ? e.spoken + " " : "") + value_word(e, b);
    return out;
}

bool allowed_on_b(std::string_view name) {
    if (name == "recette") return true;  // several side-B settings at once (recipes.h)
    const auto entries = settings_of_command(name);  // /tetes: heads and kv_heads
    return !entries.empty() && std::all_of(entries.begin(), entries.end(), [](const SettingEntry* e) { return e->side_b; });
}

void SideBState::open(const Overrides& overrides, const Settings& b) {
    // B owns a copy of the vocabulary (small): it never depends on A's lifetime.
    b_ = std::make_unique<Session>(std::make_shared<const Vocabulary>(a_.vocabulary()), merge_b(a_.settings(), b, overrides));
    b_->apply(b_->settings(), a_.typed_places());
    overrides_ = overrides;
    seen_a_replay_ = a_.replay_count();
}

void SideBState::sync() {
    if (!b_) return;
    const bool a_replayed = a_.replay_count() != seen_a_replay_;
    seen_a_replay_ = a_.replay_count();
    Settings want = merge_b(a_.settings(), b_->settings(), overrides_);
    // A change of A's can leave one of B's own values inconsistent (B's h = 8 when A goes to d = 8):
    // B then follows A for that setting rather than stay on its old block.
    for (bool dropped = true; dropped;) {
        dropped = false;
        for (const auto& e : settings_table())
            if (overrides_.has(e.key) && setting_refusal(e, want)) {
                overrides_.forget(e.key);
                want = merge_b(a_.settings(), b_->settings(), overrides_);
                dropped = true;
                break;
            }
    }
    // B shares A's sentence, so its tokens keep A's identities (after /melanger too).
    if (!same_model(want, b_->settings()) || b_->typed_places() != a_.typed_places()) {
        b_->apply(want, a_.typed_places());  // replays B
        return;
    }
    // What same_model leaves out: the step, and A's /lot, /taux and /echauffement (B trains on A's batches: both
    // sides end their run alike). Any entry B does not hold as A wants it, B follows.
    const Settings& b = b_->settings();
    if (std::any_of(settings_table().begin(), settings_table().end(), [&](const SettingEntry& e) { return !e.same(want, b); }))
        b_->apply(want, a_.typed_places());
    if (a_replayed) b_->replay();  // A replayed (/propager with its seed, a lesson step): B too
}

CommandResult SideBState::run_on_b(CommandRegistry& registry, const Args& args) {
    if (!b_) return {false, "/b : ouvrez d'abord la comparaison (/comparer on)", "/b: open the comparison first (/comparer on)"};
    sync();
    std::string line = args.text();
    line.erase(0, line.find_first_not_of(" \t/"));
    const std::string name = utf8::is_valid(line) ? utf8::fold(line.substr(0, line.find_first_of(" \t"))) : std::string();
    if (!allowed_on_b(name)) {
        // The setting commands, as the registry lists them.
        std::vector<std::string> names;
        for (const Command& c : registry.commands())
            if (allowed_on_b(c.name)) names.push_back("/" + c.name);
        CommandResult refused = expected("b", Text{"une commande de réglage : ", "a setting command: "} + one_of(names), args);
        refused.message += " ; la phrase, la graine et l'étape sont communes aux deux côtés";
        refused.english += "; the sentence, seed and step are shared";
        return refused;
    }
    const Settings before = b_->settings();
    const CommandResult r = registry.execute(*b_, "/" + line);
    if (!r.ok) return {false, "côté B : " + r.message, "side B: " + r.message};
    mark_changes(overrides_, before, b_->settings());
    sync();
    return {true, "côté B : " + r.message, "side B: " + r.message};
}

std::vector<Command> comparison_commands(std::shared_ptr<SideBState> state, CommandRegistry& registry, std::function<void()> after_b) {
    std::vector<Command> out;
    out.emplace_back("comparer", "/comparer <on|off>",
                     "Coupe la vue en deux piles A | B, même phrase et même graine ; /b change un réglage du côté B.",
                     std::vector<std::string>{"on", "off"},
                     on_off("comparer",
                            [state](bool on) -> CommandResult {
                                if (!on) {
                                    state->close();
                                    return {true, "comparaison fermée", "comparison closed"};
                                }
                                state->open({}, state->a().settings());  // B starts as a copy of A
                                return {true,
                                        "comparaison A | B : même phrase, même graine ; changez le côté B avec /b, "
                                        "par exemple /b /residuel off",
                                        "A | B comparison: same sentence, same seed; change side B with /b, for "
                                        "example /b /residuel off"};
                            }),
                     "Splits the view into two stacks A | B, same sentence and seed; /b changes a setting on side B.");
    out.emplace_back("b", "/b <commande>",
                     "Applique une commande de réglage au côté B seulement (/b /residuel off), pendant /comparer on.",
                     std::vector<std::string>{},
                     [state, &registry, after_b](Session&, const Args& args) {
                         const CommandResult r = state->run_on_b(registry, args);
                         if (r.ok && after_b) after_b();
                         return r;
                     },
                     "Runs a setting command on side B only (/b /residuel off), while /comparer is on.");
    return out;
}

void train_side_b_too(CommandRegistry& registry, std::shared_ptr<SideBState> state) {
    Command* c = registry.find("entrainer");
    if (!c) return;
    c->run = [state, inner = c->run](Session& session, const Args& args) -> CommandResult {
        const std::optional<int> count = training_steps_argument(args);
        if (!count || !state->is_open() || &state->a() != &session) return inner(session, args);
        state->sync();
        return train_sides(session, state->b(), *count);
    };
}

}  // namespace tb
