#pragma once
// A saved session: the model's settings (seed and step included) and the window's view part, in a
// small JSON file:
//   {"format": "transformer-bloc-session", "version": 1,
//    "settings": {"layers": 2, ..., "seed": 2017, "sentence": "..."}, "view": {...},
//    "typed_places": [0, 1, ...], "melanger_count": 0,
//    "training": [{"corpus": "interne", "corpus_identity": 123, "batch_size": 16, "learning_rate": 0.003, "steps": 300}]}
// training is the recipe of the trained weights (Session::training_recipe), not the weights: a
// reopened session trains them again, step for step, which gives the identical model (train_step
// is pure) in a file of a few hundred bytes, where the weights and Adam's state of a 6-layer model
// in JSON would pass the 1 MiB cap. Absent or empty: the seed's random weights.
// typed_places (each token's place in the sentence as typed, its identity colour) and
// melanger_count (how many /melanger so far, so that the next draws the same order) may be absent,
// as in files written before /melanger: the identity and 0.
// Reading checks everything (format, version, every key known, every type, every range) before
// anything is applied: a truncated, corrupt or foreign file changes nothing.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"
#include "session.h"
#include "settings_table.h"

namespace tb {

inline constexpr const char* kSessionFormat = "transformer-bloc-session";
inline constexpr int kSessionVersion = 1;
inline constexpr std::size_t kMaxSessionBytes = 1 << 20;

struct SessionFile {
    Settings settings;
    nlohmann::json view = nlohmann::json::object();  // the window's part, checked by the window
    std::vector<int> typed_places = {};  // a permutation of 0..n-1 for the sentence's n tokens; empty: the identity
    int melanger_count = 0;              // 0..Session::kMaxMelangerCount
    std::vector<TrainingRecipe> training = {};  // oldest run first
};

// The settings of a session file: every key of settings_to_json (settings_table.h), no other, each
// in range.
// Returns the French reason when `j` is not that.
std::optional<std::string> settings_from_json(const nlohmann::json& j, const Vocabulary& vocabulary, Settings& out);

// " (reçu « 3.5 »)": the value a session file held, as JSON, shortened and with control
// characters shown; every refusal of a key's value ends with it.
std::string found_value(const nlohmann::json& value);

std::string session_to_text(const SessionFile& file);
// Parses and checks a whole file's text into `out` (left untouched on failure).
std::optional<std::string> parse_session(const std::string& text, const Vocabulary& vocabulary, SessionFile& out);

// Atomic write (temporary file renamed into place). Returns the French reason on failure.
std::optional<std::string> save_session_file(const std::string& path, const SessionFile& file);
// Reads at most 1 MiB; a missing file, bad JSON or a bad value is a French reason.
std::optional<std::string> load_session_file(const std::string& path, const Vocabulary& vocabulary, SessionFile& out);

// The window's part of a session: view options, lesson position. check() must refuse anything
// apply() would not take, so that a file is checked whole before anything changes.
class SessionView {
public:
    virtual ~SessionView() = default;
    virtual nlohmann::json save_view() const = 0;
    virtual std::optional<std::string> check_view(const nlohmann::json& view) const = 0;
    virtual void apply_view(const nlohmann::json& view) = 0;
};

// Opens `path` into `session` (and `view` when given; headless ignores the view part): all or
// nothing. The reply says what was opened, or why nothing was.
CommandResult open_session(Session& session, const std::string& path, SessionView* view);
CommandResult save_session(const Session& session, const std::string& path, const SessionView* view);

// Registers /session <enregistrer|ouvrir> FICHIER.
void add_session_commands(CommandRegistry& registry, SessionView* view = nullptr);

}  // namespace tb
