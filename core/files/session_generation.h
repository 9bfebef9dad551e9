#pragma once
// A session file's "generation" key (session_file.h): /temperature, /cache, the draws, and the last
// /generer kept as the recipe that makes it again, checked against the tokens it chose:
//   "generation": {"temperature": 0.8, "cache": true, "draws": 3,
//                  "last": {"settings": {...}, "temperature": 0.8, "first_draw": 1, "cache": true,
//                           "tokens": [12, 40, 7]}}
// last.settings are the settings as the generation started (its sentence: the prompt); its weights
// are the file's model (the seed's, or the trained weights of "weights"), so a generation made with
// other weights (/entrainer or /couches since) is not saved. Opening runs generate() again on the
// prompt through the restored weights and refuses the whole file unless it chooses the same tokens.
#include <nlohmann/json.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/session.h"

namespace tb {

struct SavedGeneration {
    Settings settings;        // as it started: the prompt's sentence, the causal mask
    double temperature = 0;   // 0..2
    int first_draw = 1;       // the stream's draw index of its first word
    bool cache = true;
    std::vector<int> tokens = {};  // the words it chose, 1..7 ids
};

struct SavedGenerationState {
    double temperature = 0;
    bool cache = true;
    int draws = 0;
    std::optional<SavedGeneration> last = std::nullopt;
};

// What `session` keeps; `dropped` is set when its last generation ran on other weights than the
// model's (it is then left out).
SavedGenerationState saved_generation(const Session& session, bool& dropped);
nlohmann::json generation_to_json(const SavedGenerationState& state);

// Reads and checks the key: every field's kind and range, the prompt's settings valid and causal,
// of the file's seed and shape (`file`), and, when the file is trained, only a sentence, step,
// batch or rate apart from them. The French reason otherwise.
std::optional<std::string> generation_from_json(const nlohmann::json& j, const Vocabulary& vocabulary, const Settings& file,
                                                bool trained, SavedGenerationState& out);

// The saved generation made again with `weights` (the reopened model's): the same tokens, or the
// French reason why not.
std::optional<std::string> rebuild_generation(const SavedGeneration& saved, const Vocabulary& vocabulary,
                                              std::shared_ptr<const Weights> weights, std::shared_ptr<const Generation>& out);

}  // namespace tb
