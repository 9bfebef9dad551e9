#include "commands/training_commands.h"

#include <cmath>
#include <cstdio>

#include "model/settings_table.h"
#include "model/trace_json.h"
#include "base/utf8.h"

namespace tb {
namespace {

constexpr int kMaxSteps = 10000;

// A loss for people: "2,31" in French, "2.31" in English.
Text loss_text(double loss) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, std::abs(loss) < 1e6 ? "%.2f" : "%.3g", loss);  // a blow-up: 6.22e+46
    std::string s = buffer;
    std::string fr = s;
    for (char& c : fr) c = c == '.' ? ',' : c;
    return {fr, s};
}

// The step lines of one side ("step 3 loss 2.302585"), about 20 of them and the last.
std::string step_lines(const std::vector<StepRecord>& steps, std::size_t from, int count, const char* prefix) {
    const int every = std::max(1, count / 20);
    std::string lines;
    for (std::size_t k = from; k < steps.size(); ++k) {
        const int i = static_cast<int>(k - from) + 1;
        if (i % every == 0 || i == count) {
            char line[96];
            std::snprintf(line, sizeof line, "%sstep %d loss %.6f\n", prefix, steps[k].step, steps[k].loss);
            lines += line;  // for programs: digits and a point, whatever the language (cli.md)
        }
    }
    return lines;
}

CommandResult train(Session& session, int count) { return train_sides(session, nullptr, count); }

}  // namespace

CommandResult train_sides(Session& a, Session* b, int count) {
    if (auto error = ensure_corpus(a)) return {false, *error};
    if (b && b->corpus() != a.corpus()) b->set_corpus(a.corpus());  // both sides read the same sentences
    TrainingRun* runs[2] = {&a.training_run(), b ? &b->training_run() : nullptr};
    std::size_t from[2] = {runs[0]->steps.size(), runs[1] ? runs[1]->steps.size() : 0};
    const int first_step[2] = {runs[0]->state.steps + 1, runs[1] ? runs[1]->state.steps + 1 : 0};
    Text stopped[2];
    // B's step right after A's, as the window's live training does; the first non-finite step of
    // either side ends both.
    for (int i = 1; i <= count; ++i) {
        bool over = false;
        for (int side = 0; side < 2 && !over; ++side) {
            TrainingRun* run = runs[side];
            if (!run) continue;
            StepRecord record = train_step(run->setup, run->state, *run->work, run->gradients);
            if (!record.finite) stopped[side] = non_finite_text(record.step), over = true;
            else run->steps.push_back(std::move(record));
        }
        if (over) break;
    }
    Text replies[2];
    Session* sides[2] = {&a, b};
    for (int side = 0; side < 2; ++side) {
        if (!runs[side]) continue;
        const TrainingRun& run = *runs[side];
        const int done = run.state.steps - first_step[side] + 1;
        const double first = done > 0 ? run.steps[from[side]].loss : NAN, last = done > 0 ? run.steps.back().loss : NAN;
        const std::string lines = step_lines(run.steps, from[side], count, side == 0 ? "" : "B ");
        sides[side]->adopt_training();
        replies[side] = same(lines) + training_summary(*sides[side], done, first, last) + stopped[side];
    }
    if (!b) return {true, replies[0]};
    return {true, Text{"A : ", "A: "} + replies[0] + same("\nB : ") + replies[1]};
}

namespace {

CommandResult entrainer(Session& session, const Args& args) {
    if (args.size() == 1 && args.folded(0) == "stop")  // headless, a run never outlives its command
        return {true, Text{"aucun entraînement en cours", "no training is running"}};
    const auto n = training_steps_argument(args);
    if (!n) return expected("entrainer", Text{"un entier de 1 à 10\u202F000 (le nombre de pas) ou stop", "an integer from 1 to 10,000 (the number of steps) or stop"}, args);
    return train(session, *n);
}

CommandResult use_corpus(Session& session, CorpusResult loaded) {
    if (!loaded.corpus) return {false, Text{loaded.error_fr, loaded.error_en}};
    auto corpus = std::make_shared<const Corpus>(std::move(*loaded.corpus));
    const Text described{describe(*corpus, Language::French), describe(*corpus, Language::English)};
    session.set_corpus(std::move(corpus));
    const Text kept = session.trained_steps() > 0
                          ? Text{" ; les poids entraînés restent, le prochain /entrainer repart d'eux avec un nouvel Adam",
                                 "; the trained weights stay, the next /entrainer starts from them with a new Adam"}
                          : Text{};
    return {true, described + kept};
}

Handler corpus_handler() {
    const Text expectation{"interne, grammaire ou ouvrir FICHIER", "interne, grammaire or ouvrir FICHIER"};
    return verbs("corpus",
                 {{{"interne"}, [](Session& s, const Args& rest) -> CommandResult {
                       if (!rest.empty()) return expected("corpus", Text{"interne seul", "interne alone"}, rest);
                       return use_corpus(s, builtin_corpus("interne", s.vocabulary()));
                   }},
                  {{"grammaire"}, [](Session& s, const Args& rest) -> CommandResult {
                       if (!rest.empty()) return expected("corpus", Text{"grammaire seul", "grammaire alone"}, rest);
                       return use_corpus(s, builtin_corpus("grammaire", s.vocabulary()));
                   }},
                  {{"ouvrir"}, [](Session& s, const Args& rest) { return use_corpus(s, load_corpus_file(rest.text(), s.vocabulary())); },
                   true}},
                 expectation);
}

nlohmann::json batch_json(const Batch& batch) {
    nlohmann::json out = nlohmann::json::array();
    for (const Example& e : batch) {
        nlohmann::json targets = nlohmann::json::array();
        for (const auto& [p, id] : e.targets) targets.push_back({p, id});
        out.push_back({{"ids", e.ids}, {"targets", targets}});
    }
    return out;
}

}  // namespace

std::optional<Text> ensure_corpus(Session& session) {
    if (session.corpus()) return std::nullopt;
    CorpusResult loaded = builtin_corpus("interne", session.vocabulary());
    if (!loaded.corpus) return Text{loaded.error_fr, loaded.error_en};
    session.set_corpus(std::make_shared<const Corpus>(std::move(*loaded.corpus)));
    return std::nullopt;
}

std::optional<int> training_steps_argument(const Args& args) {
    const auto n = args.size() == 1 ? parse_int(args.word(0)) : std::nullopt;
    if (!n || *n < 1 || *n > kMaxSteps) return std::nullopt;
    return static_cast<int>(*n);
}

Text training_summary(const Session& session, int done, double first_loss, double last_loss) {
    const TrainingRun* run = session.training();
    const Settings& s = run ? run->setup.settings : session.settings();
    const std::string name = run ? utf8::visible(run->corpus->name, 4096) : std::string();  // a file name can hold ESC
    const std::string total = std::to_string(session.trained_steps());
    Text summary = Text{"entraînement : " + std::to_string(done) + " pas (", "training: " + std::to_string(done) + " steps ("} +
                   same(to_string(objective_of(s))) +
                   Text{", corpus « " + name + " », lot " + std::to_string(s.batch_size) + ", taux ",
                        ", corpus \u201C" + name + "\u201D, batch " + std::to_string(s.batch_size) + ", rate "} +
                   decimal_text(s.learning_rate) +
                   (s.warmup_steps > 0 ? Text{", échauffement " + std::to_string(s.warmup_steps) + " pas", ", warm-up " + std::to_string(s.warmup_steps) + " steps"}
                                       : Text{}) +
                   same(")");
    if (run && !std::isnan(first_loss)) {
        const double frequencies = frequency_only_loss(*run->setup.sentences, objective_of(s));
        summary = summary + Text{" ; perte ", "; loss "} + loss_text(first_loss) + same(" → ") + loss_text(last_loss) +
                  Text{" (hasard : ln V = ", " (chance: ln V = "} + loss_text(std::log(session.vocabulary().size())) +
                  Text{" ; fréquences seules : ", "; word frequencies alone: "} + loss_text(frequencies) + same(")");
        // Below the frequencies' entropy only a model that reads the sentence can go; the mean of
        // the last 30 steps, since one batch's loss jitters.
        const std::size_t last = std::min<std::size_t>(30, run->steps.size());
        double recent = 0.0;
        for (std::size_t i = run->steps.size() - last; i < run->steps.size(); ++i) recent += run->steps[i].loss / static_cast<double>(last);
        if (last > 0 && recent >= frequencies)
            summary = summary + Text{" ; pas encore sous les fréquences seules (" + loss_text(recent).fr + " sur les derniers pas) : le modèle ne tire pas encore parti du contexte",
                                     "; not yet below the word frequencies alone (" + loss_text(recent).en + " over the last steps): the model does not use the context yet"};
    }
    return summary + Text{" ; poids entraînés : " + total + " pas", "; trained weights: " + total + " steps"};
}

Text non_finite_text(int step) {
    const std::string k = std::to_string(step), before = std::to_string(step - 1);
    return Text{"\nentraînement arrêté au pas " + k + " : perte ou gradient non fini (NaN ou infini) ; le modèle reste au pas " + before,
                "\ntraining stopped at step " + k + ": a non-finite loss or gradient (NaN or infinity); the model stays at step " + before};
}

std::vector<Command> training_commands() {
    return {
        {"entrainer", "/entrainer <1..10000|stop>",
         "Entraîne le modèle N pas d'Adam sur le corpus (mot masqué, ou mot suivant avec le masque causal) ; "
         "un second /entrainer continue ; stop arrête un entraînement en cours, ou annule un /graines.",
         {"stop", "100", "300", "1000"}, entrainer,
         "Trains the model for N Adam steps on the corpus (the masked word, or the next word with the causal "
         "mask); a second /entrainer continues; stop ends a running training, or cancels a /graines."},
        {"corpus", "/corpus <interne|grammaire|ouvrir FICHIER>",
         "Les phrases d'entraînement : le corpus intégré (interne), la grammaire seule du tableau de l'issue "
         "(grammaire, un ajout) ou un fichier, une phrase par ligne (une phrase sur dix mise de côté).",
         {"interne", "grammaire", "ouvrir"}, corpus_handler(),
         "The training sentences: the built-in corpus (interne), the grammar alone of the issue's table "
         "(grammaire, an addition) or a file, one sentence a line (one sentence in ten set aside)."},
    };
}

std::optional<std::string> training_log(const Session& session) {
    const TrainingRun* run = session.training();
    if (!run) return std::nullopt;
    const Settings& s = run->setup.settings;
    const AdamOptions& adam = run->setup.adam;
    nlohmann::json log;
    log["settings"] = settings_to_json(s);
    log["vocabulary_size"] = session.vocabulary().size();
    log["layer_norm_eps"] = session.trace()->layer_norm_eps;
    log["objective"] = to_string(objective_of(s));
    log["mask_id"] = objective_of(s) == Objective::MaskedWord ? nlohmann::json(run->setup.mask_id) : nlohmann::json(nullptr);
    log["optimizer"] = {{"name", "adam"}, {"lr", adam.lr}, {"beta1", adam.beta1}, {"beta2", adam.beta2},
                        {"eps", adam.eps}, {"weight_decay", adam.weight_decay}, {"clip_norm", nullptr},
                        {"warmup_steps", adam.warmup_steps}};
    const Matrix initial_position = position_table(s.position, *run->initial);
    log["initial_weights"] = weights_json(*run->initial, s, initial_position);
    nlohmann::json steps = nlohmann::json::array();
    for (const StepRecord& r : run->steps) {
        nlohmann::json step{{"step", r.step}, {"batch", batch_json(r.batch)}, {"loss", r.loss}};
        if (!r.sublayer_gradients.empty()) step["sublayer_gradients"] = r.sublayer_gradients;  // what the gradients panel draws
        steps.push_back(std::move(step));
    }
    log["steps"] = std::move(steps);
    log["final_weights"] = weights_json(run->state.weights, s, position_table(s.position, run->state.weights));
    return dump_exact(log) + "\n";
}

}  // namespace tb
