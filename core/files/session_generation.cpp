#include "files/session_generation.h"

#include <algorithm>

#include "base/numbers.h"
#include "files/session_file.h"
#include "model/forward.h"
#include "model/generation.h"
#include "model/settings_table.h"

namespace tb {
namespace {

using nlohmann::json;

constexpr double kMaxTemperature = 2.0;  // /temperature's range
constexpr int kMaxWords = Settings::kMaxTokens - Settings::kMinWords;  // what one sentence can be given

// The weights a model of `a` draws are those of `b`'s: the same seed, and the shape Session::compute
// compares (vocabulary aside: the file's).
bool same_seed_and_shape(const Settings& a, const Settings& b) {
    return a.seed == b.seed && a.layers == b.layers && a.dimension == b.dimension && a.ffn == b.ffn &&
           a.kv_heads * (a.dimension / a.heads) == b.kv_heads * (b.dimension / b.heads);
}

bool integer_in(const json& v, std::int64_t low, std::int64_t high) {
    return v.is_number_integer() && v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high;
}

bool temperature_in_range(const json& v) {
    return v.is_number() && v.get<double>() >= 0 && v.get<double>() <= kMaxTemperature;
}

std::optional<std::string> last_from_json(const json& j, const Vocabulary& vocabulary, const Settings& file, bool trained,
                                          SavedGeneration& out) {
    const char* where = "« generation » : « last »";
    if (auto error = exact_keys(j, where, {"settings", "temperature", "first_draw", "cache", "tokens"})) return error;
    SavedGeneration g;
    if (auto error = settings_from_json(j["settings"], vocabulary, g.settings)) return std::string(where) + " : " + *error;
    if (g.settings.mask != Mask::Causal)
        return std::string(where) + " : « settings » : une génération se fait avec le masque causal" + found_value(j["settings"]["mask"]);
    if (!same_seed_and_shape(g.settings, file) || (trained && drops_training(g.settings, file)))
        return std::string(where) + " : « settings » : pas le modèle de la session (sa graine, sa forme ou, entraîné, ses réglages)";
    if (!temperature_in_range(j["temperature"]))
        return std::string(where) + " : « temperature » : un nombre de 0 à 2 attendu" + found_value(j["temperature"]);
    if (!integer_in(j["first_draw"], 1, Settings::kMaxTokens))
        return std::string(where) + " : « first_draw » : un entier de 1 à " + std::to_string(Settings::kMaxTokens) + " attendu" +
               found_value(j["first_draw"]);
    if (!j["cache"].is_boolean()) return std::string(where) + " : « cache » : true ou false attendu" + found_value(j["cache"]);
    const json& tokens = j["tokens"];
    const int prompt = static_cast<int>(vocabulary.tokenize(g.settings.sentence).size());
    const int room = Settings::kMaxTokens - prompt;
    if (!tokens.is_array() || tokens.empty() || static_cast<int>(tokens.size()) > room)
        return std::string(where) + " : « tokens » : une liste de 1 à " + std::to_string(room) + " ids attendue (" +
               std::to_string(prompt) + " tokens avant, 8 au plus)" + found_value(tokens);
    for (const json& id : tokens) {
        if (!integer_in(id, 0, vocabulary.size() - 1))
            return std::string(where) + " : « tokens » : un id de 0 à " + std::to_string(vocabulary.size() - 1) + " attendu" + found_value(id);
        g.tokens.push_back(id.get<int>());
    }
    g.temperature = j["temperature"].get<double>();
    g.first_draw = j["first_draw"].get<int>();
    g.cache = j["cache"].get<bool>();
    out = std::move(g);
    return std::nullopt;
}

}  // namespace

SavedGenerationState saved_generation(const Session& session, bool& dropped) {
    const GenerationState& state = session.generation();
    SavedGenerationState out{state.temperature, state.cache, state.draws, std::nullopt};
    dropped = false;
    if (const auto& g = state.last) {
        if (g->weights != session.trace()->weights || g->steps.empty()) {
            dropped = true;
        } else {
            SavedGeneration last{g->settings, g->temperature, g->first_draw, g->cache, {}};
            for (const GenerationStep& step : g->steps) last.tokens.push_back(step.token);
            out.last = std::move(last);
        }
    }
    return out;
}

json generation_to_json(const SavedGenerationState& state) {
    json j = {{"temperature", state.temperature}, {"cache", state.cache}, {"draws", state.draws}};
    if (const auto& g = state.last)
        j["last"] = {{"settings", settings_to_json(g->settings)},
                     {"temperature", g->temperature},
                     {"first_draw", g->first_draw},
                     {"cache", g->cache},
                     {"tokens", g->tokens}};
    return j;
}

std::optional<std::string> generation_from_json(const json& j, const Vocabulary& vocabulary, const Settings& file, bool trained,
                                                SavedGenerationState& out) {
    const char* where = "« generation »";
    if (!j.is_object()) return std::string(where) + " doit être un objet" + found_value(j);
    if (auto error = exact_keys(j, where, j.contains("last") ? std::initializer_list<const char*>{"temperature", "cache", "draws", "last"}
                                                            : std::initializer_list<const char*>{"temperature", "cache", "draws"}))
        return error;
    if (!temperature_in_range(j["temperature"]))
        return std::string(where) + " : « temperature » : un nombre de 0 à 2 attendu" + found_value(j["temperature"]);
    if (!j["cache"].is_boolean()) return std::string(where) + " : « cache » : true ou false attendu" + found_value(j["cache"]);
    if (!integer_in(j["draws"], 0, kMaxWords))
        return std::string(where) + " : « draws » : un entier de 0 à " + std::to_string(kMaxWords) + " attendu" + found_value(j["draws"]);
    SavedGenerationState state{j["temperature"].get<double>(), j["cache"].get<bool>(), j["draws"].get<int>(), std::nullopt};
    if (j.contains("last")) {
        SavedGeneration last;
        if (auto error = last_from_json(j["last"], vocabulary, file, trained, last)) return error;
        state.last = std::move(last);
    }
    out = std::move(state);
    return std::nullopt;
}

std::optional<std::string> rebuild_generation(const SavedGeneration& saved, const Vocabulary& vocabulary,
                                              std::shared_ptr<const Weights> weights, std::shared_ptr<const Generation>& out) {
    const Trace prompt = run(saved.settings, vocabulary.tokenize(saved.settings.sentence), vocabulary.size(), std::move(weights));
    auto g = std::make_shared<const Generation>(
        generate(prompt, static_cast<int>(saved.tokens.size()), saved.temperature, saved.first_draw, saved.cache));
    for (std::size_t i = 0; i < saved.tokens.size(); ++i) {
        const int made = i < g->steps.size() ? g->steps[i].token : -1;
        if (made != saved.tokens[i])
            return "« generation » : la dernière génération ne se refait pas à l'identique : mot " + std::to_string(i + 1) +
                   " enregistré « " + vocabulary.word(saved.tokens[i]) + " », refait « " +
                   (made < 0 ? std::string("(aucun)") : vocabulary.word(made)) + " » (poids ou fichier modifiés)";
    }
    out = std::move(g);
    return std::nullopt;
}

}  // namespace tb
