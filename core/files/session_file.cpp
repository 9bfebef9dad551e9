#include "files/session_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "training/corpus.h"
#include "base/files.h"
#include "files/exports.h"
#include "base/numbers.h"
#include "model/trace_json.h"
#include "base/utf8.h"
#include "model/weights_reader.h"

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

std::optional<std::string> recipe_entry(const json& r, const Settings& base, TrainingRecipe& out) {
    const std::string what = "« training » : une liste de {corpus, corpus_identity, batch_size, learning_rate, warmup_steps, steps} attendue";
    // warmup_steps may be absent (files written before /echauffement): 0.
    if (!r.is_object() || r.size() != (r.contains("warmup_steps") ? 6u : 5u)) return what + found_value(r);
    // Each field: its kind, then the value found.
    const auto is = [&r](const char* key, bool (json::*kind)() const noexcept) { return r.contains(key) && (r.at(key).*kind)(); };
    for (const auto& [key, kind, ok] :
         {std::tuple{"corpus", "du texte non vide", is("corpus", &json::is_string) && !r.at("corpus").get<std::string>().empty()},
          std::tuple{"corpus_identity", "un entier positif", is("corpus_identity", &json::is_number_unsigned)},
          std::tuple{"batch_size", "un entier", is("batch_size", &json::is_number_integer)},
          std::tuple{"learning_rate", "un nombre", is("learning_rate", &json::is_number)},
          std::tuple{"warmup_steps", "un entier", !r.contains("warmup_steps") || is("warmup_steps", &json::is_number_integer)},
          std::tuple{"steps", "un entier", is("steps", &json::is_number_integer)}})
        if (!ok)
            return "« training » : " + quoted_key(key) + " : " + kind + " attendu" + (r.contains(key) ? found_value(r.at(key)) : " (absent)");
    const std::int64_t steps = r.at("steps").get<std::int64_t>();
    TrainingRecipe recipe{r.at("corpus").get<std::string>(), r.at("corpus_identity").get<std::uint64_t>(),
                          static_cast<int>(std::clamp<std::int64_t>(r.at("batch_size").get<std::int64_t>(), -1, 1000)),
                          r.at("learning_rate").get<double>(),
                          static_cast<int>(std::clamp<std::int64_t>(r.value("warmup_steps", std::int64_t{0}), -1, 1000000)),
                          static_cast<int>(std::clamp<std::int64_t>(steps, -1, kMaxTrainedSteps))};
    Settings s = base;  // /lot's, /taux's and /echauffement's ranges, from the settings table
    s.batch_size = recipe.batch_size;
    s.learning_rate = recipe.learning_rate;
    s.warmup_steps = recipe.warmup_steps;
    for (const char* key : {"batch_size", "learning_rate", "warmup_steps"})
        if (auto reason = setting_refusal(*find_setting(key), s))
            return "« training » : " + quoted_key(key) + " : " + *reason + found_value(r.at(key));
    if (steps < 1 || steps > kMaxTrainedSteps)
        return "« training » : « steps » : un entier de 1 à " + format_count(kMaxTrainedSteps, Language::French) + " attendu" +
               found_value(r.at("steps"));
    out = std::move(recipe);
    return std::nullopt;
}

std::optional<std::string> training_from_json(const json& j, const Settings& base, std::vector<TrainingRecipe>& out) {
    const std::string what = "« training » : une liste de {corpus, corpus_identity, batch_size, learning_rate, warmup_steps, steps} attendue";
    if (!j.is_array() || j.size() > kMaxRuns) return what + found_value(j);
    std::int64_t total = 0;
    for (const json& r : j) {
        TrainingRecipe recipe;
        if (auto error = recipe_entry(r, base, recipe)) return error;
        total += recipe.steps;
        if (total > kMaxTrainedSteps)
            return "« training » : plus de " + format_count(kMaxTrainedSteps, Language::French) + " pas en tout";
        out.push_back(std::move(recipe));
    }
    return std::nullopt;
}

// The keys of a session file; the weights from version 2.
bool known_key(const std::string& key, int version) {
    for (const char* k : {"format", "version", "settings", "view", "typed_places", "melanger_count", "training", "training_b",
                          "generation", "sweep"})
        if (key == k) return true;
    return version >= 2 && (key == "weights" || key == "weights_b");
}

// The format, the version and the keys; the version read into `version`.
std::optional<std::string> check_header(const json& j, int& version) {
    if (!j.is_object() || !j.contains("format") || j["format"] != kSessionFormat)
        return std::string("ce n'est pas une session de transformer-bloc (« format » attendu : ") + kSessionFormat + ")" +
               (!j.is_object() ? found_value(j) : j.contains("format") ? found_value(j["format"]) : " (« format » absent)");
    const json* v = j.contains("version") ? &j["version"] : nullptr;
    if (!v || !v->is_number_integer() || v->get<std::int64_t>() < 1 || v->get<std::int64_t>() > kSessionVersion)
        return "version de session inconnue (attendue : 1 à " + std::to_string(kSessionVersion) + ")" +
               (v ? found_value(*v) : " (« version » absente)");
    version = v->get<int>();
    for (const auto& item : j.items())
        if (!known_key(item.key(), version)) return "clé inconnue " + quoted_key(item.key());
    if (!j.contains("settings")) return std::string("réglages absents (« settings »)");
    return std::nullopt;
}

// The runs of both sides and their weights: A's weights checked against A's settings here, side
// B's (whose settings the view holds) when it is opened.
std::optional<std::string> read_training(const json& j, const Vocabulary& vocabulary, SessionFile& file) {
    if (j.contains("training"))
        if (auto error = training_from_json(j["training"], file.settings, file.training)) return error;
    if (j.contains("training_b"))  // side B's /lot and /taux have A's ranges
        if (auto error = training_from_json(j["training_b"], file.settings, file.training_b)) return "côté B : " + *error;
    for (const auto& [key, runs, out] : {std::tuple{"weights", &file.training, &file.weights},
                                         std::tuple{"weights_b", &file.training_b, &file.weights_b}}) {
        if (!j.contains(key)) continue;
        if (runs->empty())
            return quoted_key(key) + " sans l'entraînement qui les a faits (« " + (out == &file.weights ? "training" : "training_b") + " » vide)";
        if (!j[key].is_object()) return quoted_key(key) + " doit être un objet";
        *out = j[key];
    }
    if (!file.weights.is_null()) {
        Weights w;
        if (auto error = weights_from_json(file.weights, file.settings, vocabulary.size(), w)) return error;
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

std::optional<std::string> exact_keys(const json& j, const char* where, std::initializer_list<const char*> keys) {
    if (!j.is_object()) return std::string(where) + " doit être un objet" + found_value(j);
    for (const char* key : keys)
        if (!j.contains(key)) return std::string(where) + " : « " + key + " » absent";
    if (j.size() != keys.size())
        for (const auto& item : j.items())
            if (std::find_if(keys.begin(), keys.end(), [&item](const char* k) { return item.key() == k; }) == keys.end())
                return std::string(where) + " : clé inconnue « " + item.key() + " »";
    return std::nullopt;
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
                           {"learning_rate", r.learning_rate}, {"warmup_steps", r.warmup_steps}, {"steps", r.steps}});
        return out;
    };
    j["training"] = recipe(file.training);
    if (!file.training_b.empty()) j["training_b"] = recipe(file.training_b);
    if (file.generation) j["generation"] = generation_to_json(*file.generation);
    // The sweep, then the weights, as the trace writes them (17 significant digits), each run or
    // tensor set on one line at the end.
    std::string text = j.dump(2);
    text.erase(text.size() - 2);  // "\n}"
    if (file.sweep) text += ",\n  \"sweep\": " + sweep_to_text(*file.sweep);
    for (const auto& [key, weights] : {std::pair{"weights", &file.weights}, std::pair{"weights_b", &file.weights_b}})
        if (!weights->is_null()) text += ",\n  \"" + std::string(key) + "\": " + dump_exact(*weights);
    return text + "\n}\n";
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
    SessionFile file;
    if (auto error = check_header(j, file.version)) return error;
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
    if (auto error = read_training(j, vocabulary, file)) return error;
    if (j.contains("generation")) {
        SavedGenerationState generation;
        if (auto error = generation_from_json(j["generation"], vocabulary, file.settings, !file.training.empty(), generation))
            return error;
        file.generation = std::move(generation);
    }
    if (j.contains("sweep"))
        if (auto error = sweep_from_json(j["sweep"], file.sweep)) return error;
    out = std::move(file);
    return std::nullopt;
}

std::optional<std::string> save_session_file(const std::string& path, const SessionFile& file) {
    return write_file_atomically(path, session_to_text(file));
}

std::optional<std::string> load_session_file(const std::string& path, const Vocabulary& vocabulary, SessionFile& out) {
    const ReadResult read = read_text_file(path, kMaxSessionBytes);
    if (!read.ok) return read.error;
    if (auto error = parse_session(read.text, vocabulary, out)) return quoted_path(path) + " : " + *error;
    return std::nullopt;
}

}  // namespace tb
