#include "session_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "corpus.h"
#include "files.h"
#include "exports.h"
#include "numbers.h"
#include "utf8.h"

namespace tb {
namespace {

using nlohmann::json;

std::string quoted_key(const std::string& key) { return "« " + utf8::visible(key) + " »"; }

// Deeper nesting is refused before parsing: copying a nlohmann value recurses once per level, and
// no session needs more than a few.
constexpr int kMaxJsonDepth = 64;
bool too_deep(std::string_view text) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

constexpr std::size_t kMaxRuns = 1000;  // /lot, /taux or /corpus between runs: more than a lesson makes

std::optional<std::string> training_from_json(const json& j, const Settings& base, std::vector<TrainingRecipe>& out) {
    const std::string what = "« training » : une liste de {corpus, corpus_identity, batch_size, learning_rate, steps} attendue";
    if (!j.is_array() || j.size() > kMaxRuns) return what + found_value(j);
    for (const json& r : j) {
        if (!r.is_object() || r.size() != 5) return what + found_value(r);
        // Each field: its kind, then the value found.
        const auto is = [&r](const char* key, bool (json::*kind)() const noexcept) { return r.contains(key) && (r.at(key).*kind)(); };
        for (const auto& [key, kind, ok] :
             {std::tuple{"corpus", "du texte non vide", is("corpus", &json::is_string) && !r.at("corpus").get<std::string>().empty()},
              std::tuple{"corpus_identity", "un entier positif", is("corpus_identity", &json::is_number_unsigned)},
              std::tuple{"batch_size", "un entier", is("batch_size", &json::is_number_integer)},
              std::tuple{"learning_rate", "un nombre", is("learning_rate", &json::is_number)},
              std::tuple{"steps", "un entier", is("steps", &json::is_number_integer)}})
            if (!ok)
                return "« training » : " + quoted_key(key) + " : " + kind + " attendu" +
                       (r.contains(key) ? found_value(r.at(key)) : " (absent)");
        TrainingRecipe recipe{r.at("corpus").get<std::string>(), r.at("corpus_identity").get<std::uint64_t>(),
                              static_cast<int>(std::clamp<std::int64_t>(r.at("batch_size").get<std::int64_t>(), -1, 1000)),
                              r.at("learning_rate").get<double>(),
                              static_cast<int>(std::clamp<std::int64_t>(r.at("steps").get<std::int64_t>(), -1, 1000000))};
        Settings s = base;  // /lot's and /taux's ranges, from the settings table
        s.batch_size = recipe.batch_size;
        s.learning_rate = recipe.learning_rate;
        for (const char* key : {"batch_size", "learning_rate"})
            if (auto reason = setting_refusal(*find_setting(key), s))
                return "« training » : " + quoted_key(key) + " : " + *reason + found_value(r.at(key));
        if (recipe.steps < 1 || recipe.steps > 10000)
            return "« training » : « steps » : un entier de 1 à 10000 attendu" + found_value(r.at("steps"));
        out.push_back(std::move(recipe));
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> settings_from_json(const json& j, const Vocabulary& vocabulary, Settings& out) {
    if (!j.is_object()) return "« settings » doit être un objet" + found_value(j);
    for (const auto& item : j.items())
        if (!find_setting(item.key())) return "réglage inconnu " + quoted_key(item.key());
    for (const auto& e : settings_table())
        if (!j.contains(e.key) && !e.added_later) return "réglage manquant " + quoted_key(e.key);
    Settings s;
    for (const auto& e : settings_table())
        if (j.contains(e.key) && !e.from_json(j.at(e.key), s))
            return "réglage " + quoted_key(e.key) + " : " + json_expectation(e) + " attendu" + found_value(j.at(e.key));
    // Each range in the table's order (validate's), naming the value the file held.
    for (const auto& e : settings_table())
        if (auto reason = setting_refusal(e, s))
            return "réglage " + quoted_key(e.key) + " : " + *reason + (j.contains(e.key) ? found_value(j.at(e.key)) : "");
    if (auto error = validate(s, vocabulary)) return "réglage « sentence » : " + *error + found_value(j.at("sentence"));
    out = s;
    return std::nullopt;
}

std::string found_value(const json& value) {
    // replace: a string that is not UTF-8 cannot stop the message that names it.
    return " (reçu " + quoted(value.dump(-1, ' ', false, json::error_handler_t::replace)) + ")";
}

std::string session_to_text(const SessionFile& file) {
    json j = {{"format", kSessionFormat},
                    {"version", kSessionVersion},
                    {"settings", settings_to_json(file.settings)},
                    {"view", file.view.is_object() ? file.view : json::object()},
                    {"typed_places", file.typed_places.empty()
                                         ? identity_places(static_cast<int>(split_words(file.settings.sentence).size()))
                                         : file.typed_places},
                    {"melanger_count", file.melanger_count}};
    auto recipe = [](const std::vector<TrainingRecipe>& runs) {
        json out = json::array();
        for (const TrainingRecipe& r : runs)
            out.push_back({{"corpus", r.corpus}, {"corpus_identity", r.corpus_identity}, {"batch_size", r.batch_size},
                           {"learning_rate", r.learning_rate}, {"steps", r.steps}});
        return out;
    };
    j["training"] = recipe(file.training);
    if (!file.training_b.empty()) j["training_b"] = recipe(file.training_b);
    return j.dump(2) + "\n";
}

std::optional<std::string> parse_session(const std::string& text, const Vocabulary& vocabulary, SessionFile& out) {
    if (!utf8::is_valid(text)) return std::string("le fichier n'est pas du texte UTF-8");
    if (too_deep(text)) return "le JSON s'imbrique sur plus de " + std::to_string(kMaxJsonDepth) + " niveaux";
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception&) {
        return std::string("le fichier n'est pas du JSON complet (tronqué ou abîmé ?)");
    }
    if (!j.is_object() || !j.contains("format") || j["format"] != kSessionFormat)
        return std::string("ce n'est pas une session de transformer-bloc (« format » attendu : ") + kSessionFormat + ")" +
               (!j.is_object() ? found_value(j) : j.contains("format") ? found_value(j["format"]) : " (« format » absent)");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<std::int64_t>() != kSessionVersion)
        return "version de session inconnue (attendue : " + std::to_string(kSessionVersion) + ")" +
               (j.contains("version") ? found_value(j["version"]) : " (« version » absente)");
    for (const auto& item : j.items())
        if (item.key() != "format" && item.key() != "version" && item.key() != "settings" && item.key() != "view" &&
            item.key() != "typed_places" && item.key() != "melanger_count" && item.key() != "training" &&
            item.key() != "training_b")
            return "clé inconnue " + quoted_key(item.key());
    if (!j.contains("settings")) return std::string("réglages absents (« settings »)");
    SessionFile file;
    if (auto error = settings_from_json(j["settings"], vocabulary, file.settings)) return error;
    if (j.contains("view")) {
        if (!j["view"].is_object()) return "« view » doit être un objet" + found_value(j["view"]);
        file.view = j["view"];
    }
    if (j.contains("typed_places")) {
        const json& places = j["typed_places"];
        if (!places.is_array()) return "« typed_places » doit être une liste d'entiers" + found_value(places);
        for (const auto& p : places) {
            if (!p.is_number_integer() || p.get<std::int64_t>() < -1000000 || p.get<std::int64_t>() > 1000000)
                return "« typed_places » doit être une liste d'entiers" + found_value(p);
            file.typed_places.push_back(p.get<int>());
        }
        const int n = static_cast<int>(vocabulary.tokenize(file.settings.sentence).size());
        if (auto error = typed_places_refusal(file.typed_places, n)) return "« typed_places » : " + *error + found_value(places);
    }
    if (j.contains("melanger_count")) {
        const json& count = j["melanger_count"];
        if (!count.is_number_integer() || count.get<std::int64_t>() < 0 || count.get<std::int64_t>() > Session::kMaxMelangerCount)
            return "« melanger_count » doit être un entier de 0 à " + format_count(Session::kMaxMelangerCount, Language::French) +
                   found_value(count);
        file.melanger_count = count.get<int>();
    }
    if (j.contains("training"))
        if (auto error = training_from_json(j["training"], file.settings, file.training)) return error;
    if (j.contains("training_b"))  // side B's /lot and /taux have A's ranges
        if (auto error = training_from_json(j["training_b"], file.settings, file.training_b))
            return "côté B : " + *error;
    out = std::move(file);
    return std::nullopt;
}

std::optional<std::string> save_session_file(const std::string& path, const SessionFile& file) {
    return write_file_atomically(path, session_to_text(file));
}

std::optional<std::string> load_session_file(const std::string& path, const Vocabulary& vocabulary, SessionFile& out) {
    const ReadResult read = read_text_file(path, kMaxSessionBytes);
    if (!read.ok) return read.error;
    if (auto error = parse_session(read.text, vocabulary, out)) return "« " + path + " » : " + *error;
    return std::nullopt;
}

namespace {

// The recipe's runs again, from the seed's weights: the same steps give the same model. The
// settings end as the file's (its /lot and /taux), the last run still open (a next /entrainer
// continues it, Adam's state kept).
std::optional<std::string> retrain(Session& session, const std::vector<TrainingRecipe>& recipe,
                                   const std::vector<std::shared_ptr<const Corpus>>& corpora, int& done,
                                   const std::function<bool(int)>& go_on) {
    const Settings saved = session.settings();
    for (std::size_t i = 0; i < recipe.size(); ++i) {
        Settings s = saved;
        s.batch_size = recipe[i].batch_size;
        s.learning_rate = recipe[i].learning_rate;
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
    if (!recipe.empty() && (saved.batch_size != session.settings().batch_size || saved.learning_rate != session.settings().learning_rate))
        return session.apply(saved);
    return std::nullopt;
}

// Each run's corpus, read again and checked to be the one it trained on.
std::optional<Text> read_corpora(const std::vector<TrainingRecipe>& recipe, const Vocabulary& vocabulary,
                                 std::vector<std::shared_ptr<const Corpus>>& out) {
    for (const TrainingRecipe& r : recipe) {
        CorpusResult loaded = r.corpus == "interne" || r.corpus == "grammaire" ? builtin_corpus(r.corpus, vocabulary)
                                                                               : load_corpus_file(r.corpus, vocabulary);
        if (!loaded.corpus || loaded.corpus->identity != r.corpus_identity)
            return Text{"le corpus « " + r.corpus + " » de son entraînement " + (loaded.corpus ? "a changé depuis" : "est illisible"),
                        "the corpus « " + r.corpus + " » of its training " + (loaded.corpus ? "has changed since" : "cannot be read")};
        out.push_back(std::make_shared<const Corpus>(std::move(*loaded.corpus)));
    }
    return std::nullopt;
}

CommandResult refusal(const std::string& fr, const std::string& en) {
    return CommandResult(false, "session non ouverte : " + fr + " ; rien n'a changé", "session not opened: " + en + "; nothing changed");
}

int steps_of(const std::vector<TrainingRecipe>& recipe) {
    int steps = 0;
    for (const TrainingRecipe& r : recipe) steps += r.steps;
    return steps;
}

}  // namespace

int SessionOpening::steps() const { return steps_of(file.training) + (b ? steps_of(file.training_b) : 0); }

CommandResult check_opening(const Session& session, const std::string& path, const SessionView* view, SessionOpening& out) {
    SessionOpening opening;
    opening.path = path;
    if (auto error = load_session_file(path, session.vocabulary(), opening.file)) return refusal(*error, *error);
    if (view) {
        if (auto error = view->check_view(opening.file.view)) return refusal("« " + path + " » : " + *error, "« " + path + " »: " + *error);
        opening.b = view->side_b_settings(opening.file.view, opening.file.settings);
        if (opening.b)
            if (auto error = validate(*opening.b, session.vocabulary()))
                return refusal("« " + path + " » : côté B : " + *error, "« " + path + " »: side B: " + *error);
    }
    // The training's corpora, each as it was (its identity), before anything changes.
    if (auto error = read_corpora(opening.file.training, session.vocabulary(), opening.corpora)) return refusal(error->fr, error->en);
    if (opening.b)
        if (auto error = read_corpora(opening.file.training_b, session.vocabulary(), opening.corpora_b))
            return refusal("côté B : " + error->fr, "side B: " + error->en);
    out = std::move(opening);
    return CommandResult(true, "");
}

std::optional<std::string> train_opening(const SessionOpening& opening, std::shared_ptr<const Vocabulary> vocabulary,
                                         TrainedModels& out, const std::function<bool(int)>& go_on) {
    const SessionFile& file = opening.file;
    int done = 0;
    auto model = [&](const Settings& settings, const std::vector<TrainingRecipe>& recipe,
                     const std::vector<std::shared_ptr<const Corpus>>& corpora, std::unique_ptr<Session>& trained) {
        auto session = std::make_unique<Session>(vocabulary, settings);
        if (auto error = session->apply(settings, file.typed_places)) return error;  // checked: cannot fail
        if (auto error = retrain(*session, recipe, corpora, done, go_on)) return error;
        trained = std::move(session);
        return std::optional<std::string>();
    };
    TrainedModels models;
    if (auto error = model(file.settings, file.training, opening.corpora, models.a)) return error;
    if (opening.b)
        if (auto error = model(*opening.b, file.training_b, opening.corpora_b, models.b)) return "côté B : " + *error;
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
    const std::string steps = std::to_string(session.trained_steps());
    const bool trained = !file.training.empty();
    return CommandResult(true, "session ouverte : « " + path + " » (graine " + std::to_string(file.settings.seed) + ")" +
                                   (trained ? " ; entraînement refait : " + steps + " pas" : ""),
                         "session opened: « " + path + " » (seed " + std::to_string(file.settings.seed) + ")" +
                             (trained ? "; training redone: " + steps + " steps" : ""));
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

CommandResult save_session(const Session& session, const std::string& path, const SessionView* view) {
    SessionFile file;
    file.settings = session.settings();
    file.typed_places = session.typed_places();
    file.melanger_count = session.melanger_count();
    file.training = session.training_recipe();
    if (view) {
        file.view = view->save_view();
        if (const Session* b = view->side_b()) file.training_b = b->training_recipe();
    }
    if (auto error = save_session_file(path, file))
        return CommandResult(false, "session non enregistrée : " + *error, "session not saved: cannot write « " + path + " »");
    std::error_code ec;
    const std::string where = std::filesystem::absolute(path, ec).lexically_normal().string();
    return CommandResult(true, "session enregistrée dans « " + where + " »", "session saved to « " + where + " »");
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
                  "Enregistre tout l'état (réglages, graine, étape, vue) dans un fichier JSON, ou le rouvre.",
                  {"enregistrer", "ouvrir"}, run,
                  "Saves the whole state (settings, seed, step, view) to a JSON file, or reopens it."});
}

}  // namespace tb
