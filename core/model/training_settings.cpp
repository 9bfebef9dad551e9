// The training settings of the table (channel.md §7): what a run of Adam reads at its start. None
// replays the sentence or drops the trained weights; a change ends the run, and the next /entrainer
// starts a new one from the weights as they are (training.h).
#include "model/setting_kinds.h"

#include "base/numbers.h"
#include "training/warmup_figures.h"

namespace tb::entry_kinds {

SettingEntry batch_size() {
    SettingEntry e = integer_setting("batch_size", "lot", "lot", &Settings::batch_size, 1, 64);
    e.subject = "la taille du lot";
    e.added_later = true;
    e.model = false, e.drops_training = false;
    e.ends_run = true;  // the run read it at its start
    e.help = {"Entraînement : nombre de phrases tirées du corpus à chaque pas d'Adam (16 au départ).",
              "Training: the number of corpus sentences drawn at each Adam step (16 at start-up)."};
    e.confirm = [](const Settings& s) {
        return Text{"lot : " + std::to_string(s.batch_size) + " phrases par pas", "batch: " + std::to_string(s.batch_size) + " sentences a step"};
    };
    return e;
}

SettingEntry learning_rate() {
    SettingEntry e = field(SettingKind::Decimal, "learning_rate", "taux", "taux", &Settings::learning_rate);
    e.subject = "le taux d'apprentissage";
    e.added_later = true;
    e.model = false, e.drops_training = false;
    e.ends_run = true;  // the run read it at its start
    e.decimal_lo = 0.00001, e.decimal_hi = 1;
    e.get_decimal = [](const Settings& s) { return s.learning_rate; };
    e.set_decimal = [](Settings& s, double v) { s.learning_rate = v; };
    e.help = {"Entraînement : taux d'apprentissage d'Adam (0,003 au départ ; virgule ou point).",
              "Training: Adam's learning rate (0.003 at start-up; a decimal comma or point)."};
    e.to_json = [](const Settings& s) { return json(s.learning_rate); };
    e.from_json = [](const json& j, Settings& s) { return j.is_number() && (s.learning_rate = j.get<double>(), true); };
    e.confirm = [](const Settings& s) { return Text{"taux d'apprentissage : ", "learning rate: "} + decimal_text(s.learning_rate); };
    return e;
}

namespace {

// "−0,10", "+0,06": a median change as the docs' tables write it.
std::string signed_change(double v, Language language) { return (v > 0 ? "+" : "") + format_fixed(v, 2, language); }

// What a warm-up did over seeds (docs/training.md, from core/training/warmup_figures.h, which
// tools/training_table.py writes with the document and ctest docs.training_table checks): « un
// échauffement de 50 pas abaisse la perte de post-norm pour 19 graines sur 24 (écart médian −0,10) ».
std::string measured_warmup(Language l) {
    const bool fr = l == Language::French;
    const std::string of = (fr ? " sur " : " of ") + std::to_string(kWarmupSeeds);
    std::string post, pre;
    for (const WarmupFigure& f : kWarmupFigures) {
        const std::string n = std::to_string(f.warmup_steps), k = std::to_string(f.lowered), m = signed_change(f.median_change, l);
        if (f.post_norm && post.empty())
            post = fr ? "un échauffement de " + n + " pas abaisse la perte de post-norm pour " + k + " graines" + of + " (écart médian " + m + ")"
                      : "a warm-up of " + n + " steps lowers post-norm's loss on " + k + " seeds" + of + " (median change " + m + ")";
        else if (f.post_norm)
            post += fr ? ", de " + n + " pas pour " + k + of + " (" + m + ")" : ", of " + n + " steps on " + k + of + " (" + m + ")";
        else
            pre += (pre.empty() ? "" : ", ") + n + (fr ? " pas : " : " steps: ") + k + of + " (" + m + ")";
    }
    const std::string seeds = std::to_string(kWarmupFirstSeed) + (fr ? " à " : " to ") + std::to_string(kWarmupLastSeed);
    const std::string recipe = "L " + std::to_string(kWarmupLayers) + ", d 16, w 64, corpus grammaire, " + std::to_string(kWarmupRunSteps);
    if (fr) return "\nmesuré sur les graines " + seeds + " (" + recipe + " pas) : " + post + " ; en pre-norm, " + pre;
    return "\nmeasured over seeds " + seeds + " (" + recipe + " steps): " + post + "; in pre-norm, " + pre;
}

}  // namespace

// Linear warm-up (channel.md §7): step k of a run uses lr · min(1, k / N) (training.h's
// warmup_rate); 0, none. Read by the run at its start, as /taux.
SettingEntry warmup_steps() {
    SettingEntry e = integer_setting("warmup_steps", "echauffement", "échauffement", &Settings::warmup_steps, 0, 1000);
    e.subject = "l'échauffement";
    e.added_later = true;
    e.model = false, e.drops_training = false;
    e.ends_run = true;  // the run read it at its start
    e.help = {"Entraînement : échauffement linéaire du taux d'Adam sur N pas, le pas k utilise taux × min(1, k/N) "
              "(0 au départ : aucun ; la recette de 2017 en avait un).",
              "Training: linear warm-up of Adam's rate over N steps, step k uses rate × min(1, k/N) "
              "(0 at start-up: none; the 2017 recipe had one)."};
    e.confirm = [](const Settings& s) {
        if (s.warmup_steps == 0)
            return Text{"échauffement : aucun, le taux d'apprentissage dès le premier pas",
                        "warm-up: none, the full learning rate from the first step"};
        const std::string n = std::to_string(s.warmup_steps);
        return Text{"échauffement : " + n + " pas, le pas k utilise taux × min(1, k/" + n + ")",
                    "warm-up: " + n + " steps, step k uses rate × min(1, k/" + n + ")"} +
               Text{measured_warmup(Language::French), measured_warmup(Language::English)};
    };
    return e;
}

}  // namespace tb::entry_kinds
