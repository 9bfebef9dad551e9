// Opening and saving a session (session_file.h): the three parts of an opening, the corpus paths
// as the file stores them, the /session command.
#include <filesystem>

#include "training/corpus.h"
#include "base/files.h"
#include "base/numbers.h"
#include "files/session_file.h"
#include "files/session_paths.h"
#include "model/trace_json.h"
#include "model/weights_reader.h"

namespace tb {
namespace {

// The recipe's runs again, from the seed's weights: the same steps give the same model. The
// settings end as the file's (its /lot, /taux and /echauffement), the last run still open (a next /entrainer
// continues it, Adam's state kept).
std::optional<std::string> retrain(Session& session, const std::vector<TrainingRecipe>& recipe,
                                   const std::vector<std::shared_ptr<const Corpus>>& corpora, int& done,
                                   const std::function<bool(int)>& go_on) {
    const Settings saved = session.settings();
    for (std::size_t i = 0; i < recipe.size(); ++i) {
        Settings s = saved;
        s.batch_size = recipe[i].batch_size;
        s.learning_rate = recipe[i].learning_rate;
        s.warmup_steps = recipe[i].warmup_steps;
        if (auto error = session.apply(s)) return error;
        session.set_corpus(corpora[i]);  // ends the run before
        TrainingRun& run = session.training_run();
        for (int k = 0; k < recipe[i].steps; ++k) {
            StepRecord record = train_step(run.setup, run.state, *run.work, run.gradients);
            if (!record.finite) return "l'entraînement enregistré n'est plus fini au pas " + std::to_string(record.step);
            run.steps.push_back(std::move(record));
            ++done;
            if (go_on && !go_on(done)) return std::string("réentraînement interrompu");
        }
        session.adopt_training();
    }
    const Settings& now = session.settings();
    if (!recipe.empty() && (saved.batch_size != now.batch_size || saved.learning_rate != now.learning_rate ||
                            saved.warmup_steps != now.warmup_steps))
        return session.apply(saved);
    return std::nullopt;
}

// The loader's reason without its « /corpus : » head.
std::string reason_of(const std::string& error, const char* head) {
    const std::string h = head;
    return error.rfind(h, 0) == 0 ? error.substr(h.size()) : error;
}

CorpusResult load_corpus(const std::string& path, const Vocabulary& vocabulary) {
    return is_builtin_corpus_name(path) ? builtin_corpus(path, vocabulary) : load_corpus_file(path, vocabulary);
}

// A run's corpus, read again and checked to be the one it trained on: the first of its candidate
// paths (session_paths.h) that reads with its identity. Otherwise why not, with the loader's reason.
std::optional<Text> read_corpus(const TrainingRecipe& r, const std::vector<std::string>& candidates, const Vocabulary& vocabulary,
                                std::shared_ptr<const Corpus>& out) {
    std::optional<Text> why;
    for (const std::string& path : candidates) {
        CorpusResult loaded = load_corpus(path, vocabulary);
        if (loaded.corpus && loaded.corpus->identity == r.corpus_identity) {
            out = std::make_shared<const Corpus>(std::move(*loaded.corpus));
            return std::nullopt;
        }
        const Text said = loaded.corpus
                              ? Text{"le corpus " + quoted_path(path) + " de son entraînement a changé depuis",
                                     "the corpus " + quoted_path(path, Language::English) + " of its training has changed since"}
                              : Text{"le corpus " + quoted_path(path) + " de son entraînement est illisible : " + reason_of(loaded.error_fr, "/corpus : "),
                                     "the corpus " + quoted_path(path, Language::English) + " of its training cannot be read: " + reason_of(loaded.error_en, "/corpus: ")};
        if (!why || loaded.corpus) why = said;  // a file that changed says more than one that is missing
    }
    return why;
}

CommandResult refusal(const std::string& fr, const std::string& en) {
    return CommandResult(false, "session non ouverte : " + fr + " ; rien n'a changé", "session not opened: " + en + "; nothing changed");
}

int steps_of(const std::vector<TrainingRecipe>& recipe) {
    int steps = 0;
    for (const TrainingRecipe& r : recipe) steps += r.steps;
    return steps;
}

// One side of the file: its runs with their corpus paths resolved; its weights, read; or, a recipe
// alone, each run's corpus as it was (a run of more than kMaxRetrainSteps steps in all is refused).
std::optional<Text> prepare_side(const std::vector<TrainingRecipe>& runs, const nlohmann::json& weights, const Settings& settings,
                                 const SessionOpening& opening, const Vocabulary& vocabulary, OpeningSide& out, Text& note) {
    OpeningSide side;
    std::vector<std::vector<std::string>> candidates;
    for (TrainingRecipe r : runs) {
        candidates.push_back(corpus_candidates(r.corpus, opening.path, opening.file.version));
        r.corpus = candidates.back().front();
        side.recipe.push_back(std::move(r));
    }
    if (!weights.is_null()) {
        Weights w;
        if (auto error = weights_from_json(weights, settings, vocabulary.size(), w)) return Text{quoted_path(opening.path) + " : " + *error,
                                                                                                  quoted_path(opening.path, Language::English) + ": " + *error};
        side.weights = std::make_shared<const Weights>(std::move(w));
        // The corpus a next /entrainer draws from: the last run's, as it reads now (it may have changed).
        CorpusResult last = load_corpus(side.recipe.back().corpus, vocabulary);
        if (last.corpus) side.corpus = std::make_shared<const Corpus>(std::move(*last.corpus));
        else note = Text{"le corpus " + quoted_path(side.recipe.back().corpus) + " de son dernier entraînement est illisible (" +
                             reason_of(last.error_fr, "/corpus : ") + ") : /entrainer prendra le corpus interne",
                         "the corpus " + quoted_path(side.recipe.back().corpus, Language::English) + " of its last training cannot be read (" +
                             reason_of(last.error_en, "/corpus: ") + "): /entrainer will use the built-in corpus"};
        out = std::move(side);
        return std::nullopt;
    }
    const int steps = steps_of(side.recipe);
    if (steps > kMaxRetrainSteps)
        return Text{quoted_path(opening.path) + " garde son entraînement sans ses poids, à refaire : " + format_count(steps, Language::French) +
                        " pas, plus que les " + format_count(kMaxRetrainSteps, Language::French) + " permis",
                    quoted_path(opening.path, Language::English) + " keeps its training without its weights, to be redone: " +
                        format_count(steps, Language::English) + " steps, more than the " +
                        format_count(kMaxRetrainSteps, Language::English) + " allowed"};
    for (std::size_t i = 0; i < side.recipe.size(); ++i) {
        std::shared_ptr<const Corpus> corpus;
        if (auto error = read_corpus(side.recipe[i], candidates[i], vocabulary, corpus)) return error;
        side.recipe[i].corpus = corpus->name;  // the path that read (a built-in's name)
        side.corpora.push_back(std::move(corpus));
    }
    out = std::move(side);
    return std::nullopt;
}

}  // namespace

int OpeningSide::steps_to_train() const { return weights ? 0 : steps_of(recipe); }

int SessionOpening::steps() const { return a.steps_to_train() + (b ? side_b.steps_to_train() : 0); }

CommandResult check_opening(const Session& session, const std::string& path, const SessionView* view, SessionOpening& out) {
    SessionOpening opening;
    opening.path = path;
    if (auto error = load_session_file(path, session.vocabulary(), opening.file)) return refusal(*error, *error);
    if (view) {
        if (auto error = view->check_view(opening.file.view)) return refusal(quoted_path(path) + " : " + *error, quoted_path(path, Language::English) + ": " + *error);
        opening.b = view->side_b_settings(opening.file.view, opening.file.settings);
        if (opening.b)
            if (auto error = validate(*opening.b, session.vocabulary()))
                return refusal(quoted_path(path) + " : côté B : " + *error, quoted_path(path, Language::English) + ": side B: " + *error);
    }
    // Each side's weights, or its training's corpora each as it was, before anything changes.
    const SessionFile& file = opening.file;
    Text note_a, note_b;
    if (auto error = prepare_side(file.training, file.weights, file.settings, opening, session.vocabulary(), opening.a, note_a))
        return refusal(error->fr, error->en);
    if (opening.b)
        if (auto error = prepare_side(file.training_b, file.weights_b, *opening.b, opening, session.vocabulary(), opening.side_b, note_b))
            return refusal("côté B : " + error->fr, "side B: " + error->en);
    if (!note_a.fr.empty()) opening.note = Text{" ; " + note_a.fr, "; " + note_a.en};
    if (!note_b.fr.empty()) opening.note = opening.note + Text{" ; côté B : " + note_b.fr, "; side B: " + note_b.en};
    out = std::move(opening);
    return CommandResult(true, "");
}

std::optional<std::string> train_opening(const SessionOpening& opening, std::shared_ptr<const Vocabulary> vocabulary,
                                         TrainedModels& out, const std::function<bool(int)>& go_on) {
    const SessionFile& file = opening.file;
    int done = 0;
    auto model = [&](const Settings& settings, const OpeningSide& side, std::unique_ptr<Session>& made) {
        auto session = std::make_unique<Session>(vocabulary, settings);
        if (auto error = session->apply(settings, file.typed_places)) return error;  // checked: cannot fail
        if (side.weights) session->restore_training(side.weights, side.recipe, side.corpus);
        else if (auto error = retrain(*session, side.recipe, side.corpora, done, go_on)) return error;
        made = std::move(session);
        return std::optional<std::string>();
    };
    TrainedModels models;
    if (auto error = model(file.settings, opening.a, models.a)) return error;
    if (opening.b)
        if (auto error = model(*opening.b, opening.side_b, models.b)) return "côté B : " + *error;
    // The last generation, made again on A's weights (those the session takes): the saved tokens or nothing.
    if (file.generation && file.generation->last)
        if (auto error = rebuild_generation(*file.generation->last, *vocabulary, models.a->trace()->weights, models.generation))
            return quoted_path(opening.path) + " : " + *error;
    out = std::move(models);
    return std::nullopt;
}

CommandResult finish_opening(Session& session, const SessionOpening& opening, TrainedModels&& models, SessionView* view) {
    const SessionFile& file = opening.file;
    const std::string& path = opening.path;
    // Checked whole: now apply. Session::apply validates again (it cannot fail here).
    if (auto error = session.apply(file.settings, file.typed_places))
        return CommandResult(false, "session non ouverte : " + *error, "session not opened: " + *error);
    if (view) {
        view->apply_view(file.view);
        // A view that reopens a lesson replays /reinit, then puts the saved settings back: the
        // identity of the words comes back last, with the sentence it belongs to.
        if (session.settings().sentence == file.settings.sentence && !file.typed_places.empty() &&
            session.typed_places() != file.typed_places)
            session.apply(session.settings(), file.typed_places);
    }
    // Last: a view that reopens a lesson replays /reinit, which would forget the training.
    if (models.a) session.take_training(std::move(*models.a));
    if (view && models.b)
        if (Session* b = view->side_b()) b->take_training(std::move(*models.b));
    session.set_melanger_count(file.melanger_count);
    if (const auto& g = file.generation)  // last: the sentence set above put the draws back to 0
        session.generation() = GenerationState{g->temperature, g->cache, g->draws, models.generation};
    session.last_sweep() = file.sweep;  // the file is the whole state: none when it holds none
    const std::string steps = std::to_string(session.trained_steps());
    Text said{"session ouverte : " + quoted_path(path) + " (graine " + std::to_string(file.settings.seed) + ")",
              "session opened: " + quoted_path(path, Language::English) + " (seed " + std::to_string(file.settings.seed) + ")"};
    if (opening.a.weights) said = said + Text{" ; poids entraînés rechargés : " + steps + " pas", "; trained weights loaded: " + steps + " steps"};
    else if (!file.training.empty()) said = said + Text{" ; entraînement refait : " + steps + " pas", "; training redone: " + steps + " steps"};
    if (models.generation)
        said = said + Text{" ; dernière génération refaite, les mêmes " + std::to_string(models.generation->steps.size()) + " mots",
                           "; last generation made again, the same " + std::to_string(models.generation->steps.size()) + " words"};
    if (const auto& sweep = file.sweep) {
        const std::string seeds = std::to_string(sweep->a.size());
        said = said + Text{" ; balayage des graines rechargé : " + seeds + (sweep->a.size() >= 2 ? " graines" : " graine"),
                           "; sweep over seeds loaded: " + seeds + (sweep->a.size() >= 2 ? " seeds" : " seed")};
    }
    return CommandResult(true, said + opening.note);
}

CommandResult open_session(Session& session, const std::string& path, SessionView* view) {
    SessionOpening opening;
    const CommandResult checked = check_opening(session, path, view, opening);
    if (!checked.ok) return checked;
    TrainedModels models;
    if (auto error = train_opening(opening, std::make_shared<const Vocabulary>(session.vocabulary()), models))
        return refusal(*error, *error);
    return finish_opening(session, opening, std::move(models), view);
}

namespace {

// A side as the file keeps it: its runs, each corpus stored for the file's folder (session_paths.h),
// and its trained weights as the trace writes them (none when untrained).
void keep_side(const Session& side, const std::string& path, std::vector<TrainingRecipe>& runs, nlohmann::json& weights) {
    runs = side.training_recipe();
    for (TrainingRecipe& r : runs) r.corpus = stored_corpus_path(r.corpus, path);
    if (side.trained_steps() > 0 && !runs.empty())
        weights = weights_json(*side.trace()->weights, side.settings(), side.trace()->position);  // throws when not finite
}

}  // namespace

CommandResult save_session(const Session& session, const std::string& path, const SessionView* view) {
    SessionFile file;
    file.settings = session.settings();
    file.typed_places = session.typed_places();
    file.melanger_count = session.melanger_count();
    bool dropped = false;
    file.generation = saved_generation(session, dropped);
    file.sweep = session.last_sweep();
    try {
        keep_side(session, path, file.training, file.weights);
        if (view) {
            file.view = view->save_view();
            if (const Session* b = view->side_b()) keep_side(*b, path, file.training_b, file.weights_b);
        }
    } catch (const std::runtime_error&) {
        return CommandResult(false, "session non enregistrée : le modèle entraîné contient une valeur non finie (NaN ou infini)",
                             "session not saved: the trained model holds a non-finite value (NaN or infinity)");
    }
    if (auto error = write_file(path, session_to_text(file)))
        return CommandResult(false, "session non enregistrée : " + error->fr, "session not saved: " + error->en);
    std::error_code ec;
    const std::string where = std::filesystem::absolute(path, ec).lexically_normal().string();
    Text said{"session enregistrée dans " + quoted_path(where), "session saved to " + quoted_path(where, Language::English)};
    if (dropped)
        said = said + Text{" ; la dernière génération, faite avec d'autres poids que ceux du modèle, n'y est pas (/generer la refait)",
                           "; the last generation, made with other weights than the model's, is not in it (/generer makes it again)"};
    return CommandResult(true, said);
}

void add_session_commands(CommandRegistry& registry, SessionView* view, std::function<CommandResult(const std::string& path)> open) {
    const Handler run = verbs(
        "session",
        {{{"enregistrer", "sauver"}, [view](Session& session, const Args& file) { return save_session(session, file.text(), view); }, true},
         {{"ouvrir"},
          [view, open](Session& session, const Args& file) { return open ? open(file.text()) : open_session(session, file.text(), view); },
          true}},
        Text{"enregistrer ou ouvrir, puis un nom de fichier", "enregistrer or ouvrir, then a file name"});
    registry.add({"session", "/session <enregistrer|ouvrir> FICHIER",
                  "Enregistre tout l'état (réglages, graine, étape, vue, poids entraînés) dans un fichier JSON, ou le rouvre.",
                  {"enregistrer", "ouvrir"}, run,
                  "Saves the whole state (settings, seed, step, view, trained weights) to a JSON file, or reopens it."});
}

}  // namespace tb
