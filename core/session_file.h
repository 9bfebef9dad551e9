#pragma once
// A saved session: the model's settings (seed and step included) and the window's view part, in a
// small JSON file:
//   {"format": "transformer-bloc-session", "version": 1,
//    "settings": {"layers": 2, ..., "seed": 2017, "sentence": "..."}, "view": {...},
//    "typed_places": [0, 1, ...], "melanger_count": 0,
//    "training": [{"corpus": "interne", "corpus_identity": 123, "batch_size": 16, "learning_rate": 0.003, "steps": 300}],
//    "training_b": [...]}
// training is the recipe of the trained weights (Session::training_recipe), not the weights: a
// reopened session trains them again, step for step, which gives the identical model (train_step
// is pure) in a file of a few hundred bytes, where the weights and Adam's state of a 6-layer model
// in JSON would pass the 1 MiB cap. Absent or empty: the seed's random weights. training_b is the
// same for the A/B comparison's side B (the view opens it; headless, without a view, ignores it).
// typed_places (each token's place in the sentence as typed, its identity colour) and
// melanger_count (how many /melanger so far, so that the next draws the same order) may be absent,
// as in files written before /melanger: the identity and 0.
// Reading checks everything (format, version, every key known, every type, every range) before
// anything is applied: a truncated, corrupt or foreign file changes nothing.
#include <nlohmann/json.hpp>
#include <functional>
#include <memory>
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
    std::vector<TrainingRecipe> training = {};    // oldest run first
    std::vector<TrainingRecipe> training_b = {};  // side B's, when the view opens the comparison
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
    // The A/B comparison's side B: its settings in a saved view (with A's, `a`), nothing when the
    // view opens no comparison; the open side B, trained with A and saved with it.
    virtual std::optional<Settings> side_b_settings(const nlohmann::json&, const Settings&) const { return std::nullopt; }
    virtual Session* side_b() { return nullptr; }
    virtual const Session* side_b() const { return nullptr; }
};

// Opening a session in three parts, so that the window can train on its worker and keep drawing:
// 1. check_opening reads and checks the whole file (view included) and its training's corpora:
//    everything that can refuse it, before anything changes;
// 2. train_opening trains the file's models apart from the shown session (the long part: up to
//    10 000 steps a side), from the seed's weights, step for step as they were trained;
// 3. finish_opening puts the file and the trained models in place, at once.
struct SessionOpening {
    std::string path;
    SessionFile file;
    std::vector<std::shared_ptr<const Corpus>> corpora, corpora_b;  // each run's corpus, as it was
    std::optional<Settings> b;                                      // side B's settings, when the view opens it
    int steps() const;                                              // the steps to train, both sides
};
struct TrainedModels {
    std::unique_ptr<Session> a, b;  // b: when the opening has a side B
};
CommandResult check_opening(const Session& session, const std::string& path, const SessionView* view, SessionOpening& out);
// `vocabulary` is the session's. `go_on(steps done so far)` is asked after every step; false stops
// the training (then the reason is returned). Any thread: it touches nothing but its own models.
std::optional<std::string> train_opening(const SessionOpening& opening, std::shared_ptr<const Vocabulary> vocabulary,
                                         TrainedModels& out, const std::function<bool(int)>& go_on = nullptr);
CommandResult finish_opening(Session& session, const SessionOpening& opening, TrainedModels&& models, SessionView* view);

// Opens `path` into `session` (and `view` when given; headless ignores the view part): all or
// nothing, the three parts in a row. The reply says what was opened, or why nothing was.
CommandResult open_session(Session& session, const std::string& path, SessionView* view);
CommandResult save_session(const Session& session, const std::string& path, const SessionView* view);

// Registers /session <enregistrer|ouvrir> FICHIER. `open`, when given, opens instead of
// open_session (the window: its training on the worker).
void add_session_commands(CommandRegistry& registry, SessionView* view = nullptr,
                          std::function<CommandResult(const std::string& path)> open = nullptr);

}  // namespace tb
