#include "features/compare_feature.h"

#include <algorithm>

#include "model/settings_table.h"
#include "base/utf8.h"

namespace tb {

void Comparison::open(const Overrides& overrides, const Settings& b) {
    // B owns a copy of the vocabulary (small): it never depends on A's lifetime.
    b_ = std::make_unique<Session>(std::make_shared<const Vocabulary>(a_.vocabulary()), merge_b(a_.settings(), b, overrides));
    b_->apply(b_->settings(), a_.typed_places());
    overrides_ = overrides;
    seen_a_replay_ = a_.replay_count();
}

void Comparison::sync() {
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

double Comparison::playhead_b(double playhead_a) const {
    const int a_step = a_.settings().step, b_step = b_ ? b_->settings().step : 0;
    if (a_step <= 0) return std::min(playhead_a, static_cast<double>(b_step));
    return std::clamp(playhead_a * b_step / a_step, 0.0, static_cast<double>(b_step));
}

void Comparison::save(ViewState& v) const {
    if (b_) v.comparison = ViewState::Comparison{overrides_, b_->settings()};
}

void Comparison::restore(const ViewState& v) {
    if (v.comparison) open(v.comparison->overrides, v.comparison->b);
    else close();
}

CommandResult Comparison::run_on_b(const Args& args) {
    if (!b_) return {false, "/b : ouvrez d'abord la comparaison (/comparer on)", "/b: open the comparison first (/comparer on)"};
    std::string line = args.text();
    line.erase(0, line.find_first_not_of(" \t/"));
    const std::string name = utf8::is_valid(line) ? utf8::fold(line.substr(0, line.find_first_of(" \t"))) : std::string();
    if (!allowed_on_b(name)) {
        // The setting commands, as the registry lists them.
        std::vector<std::string> names;
        for (const Command& c : registry_.commands())
            if (allowed_on_b(c.name)) names.push_back("/" + c.name);
        CommandResult refused = expected("b", Text{"une commande de réglage : ", "a setting command: "} + one_of(names), args);
        refused.message += " ; la phrase, la graine et l'étape sont communes aux deux côtés";
        refused.english += "; the sentence, seed and step are shared";
        return refused;
    }
    const Settings before = b_->settings();
    const CommandResult r = registry_.execute(*b_, "/" + line);
    if (!r.ok) return {false, "côté B : " + r.message, "side B: " + r.message};
    mark_changes(overrides_, before, b_->settings());
    sync();
    playback_.restart();  // both stacks rise again together: the class watches the difference unfold
    return {true, "côté B : " + r.message, "side B: " + r.message};
}

std::vector<Command> Comparison::commands() {
    std::vector<Command> out;
    out.emplace_back("comparer", "/comparer <on|off>",
                     "Coupe la vue en deux piles A | B, même phrase et même graine ; /b change un réglage du côté B.",
                     std::vector<std::string>{"on", "off"},
                     on_off("comparer",
                            [this](bool on) -> CommandResult {
                                if (!on) {
                                    close();
                                    return {true, "comparaison fermée", "comparison closed"};
                                }
                                open({}, a_.settings());  // B starts as a copy of A
                                return {true,
                                        "comparaison A | B : même phrase, même graine ; changez le côté B avec /b, "
                                        "par exemple /b /residuel off",
                                        "A | B comparison: same sentence, same seed; change side B with /b, for "
                                        "example /b /residuel off"};
                            }),
                     "Splits the view into two stacks A | B, same sentence and seed; /b changes a setting on side B.");
    out.emplace_back("b", "/b <commande>",
                     "Applique une commande de réglage au côté B seulement (/b /residuel off), pendant /comparer on.",
                     std::vector<std::string>{}, [this](Session&, const Args& args) { return run_on_b(args); },
                     "Runs a setting command on side B only (/b /residuel off), while /comparer is on.");
    return out;
}

}  // namespace tb
