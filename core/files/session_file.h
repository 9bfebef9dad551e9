#pragma once
// A saved session: the model's settings (seed and step included), the window's view part and, once
// trained, the trained weights, in a JSON file:
//   {"format": "transformer-bloc-session", "version": 2,
//    "settings": {"layers": 2, ..., "seed": 2017, "sentence": "..."}, "view": {...},
//    "typed_places": [0, 1, ...], "melanger_count": 0,
//    "training": [{"corpus": "interne", "corpus_identity": 123, "batch_size": 16, "learning_rate": 0.003,
//                  "warmup_steps": 0, "steps": 300}],
//    "training_b": [...],
//    "generation": {"temperature": 0.8, "cache": true, "draws": 3, "last": {...}},
//    "sweep": {"first_seed": 1, "steps": 300, "a": [{"stopped": false, "losses": [...]}, ...], "b": [...]},
//    "weights": {...}, "weights_b": {...}}
// weights is the trained model exactly as the trace writes its "weights" (cli.md; every double in
// 17 significant digits, so it reads back to the same bits), present when training is not empty;
// opening the file loads it at once and never trains. training is the recipe that made it (each
// run's corpus, its identity, batch, rate, warm-up and steps; a run without warmup_steps, written
// before /echauffement, had none), kept as provenance; trained_steps is the sum
// of its steps. Adam's moments are not kept: a /entrainer after reopening starts a new run from the
// weights, its moments from zero (as after /lot or /taux). training_b and weights_b are the same for
// the A/B comparison's side B (the view opens it; headless, without a view, ignores them).
// A corpus file is stored relative to the session file's folder when it lies inside it, otherwise
// absolute (session_paths.h). Version 1 files hold the recipe alone: they are trained again, step
// for step, to the identical weights (train_step is pure), at most kMaxRetrainSteps a side. A file
// of version 2 without "weights" is read the same way.
// typed_places (each token's place in the sentence as typed, its identity colour) and
// melanger_count (how many /melanger so far, so that the next draws the same order) may be absent,
// as in files written before /melanger: the identity and 0.
// generation (session_generation.h: /temperature, /cache, the draws and the last /generer, made again
// and checked word for word when the file opens) may be absent, as in files written before
// /generer: then the opening leaves the session's generation as it was.
// sweep (session_sweep.h: the last /graines, every run's losses, checked whole and never trained
// again) may be absent, as in files written before /graines: a file is the whole state, so the
// opening then leaves the session without a sweep.
// Reading checks everything (format, version, every key known, every type, every range, every
// weight's shape) before anything is applied: a truncated, corrupt or foreign file changes nothing.
#include <nlohmann/json.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "commands/session.h"
#include "files/session_generation.h"
#include "files/session_sweep.h"
#include "model/settings_table.h"

namespace tb {

inline constexpr const char* kSessionFormat = "transformer-bloc-session";
inline constexpr int kSessionVersion = 2;  // 2: the trained weights; 1 (still read): the recipe alone
// Two trained models at L 6, d 16, w 64 with a gated FFN, learned positions and MHA (the largest
// shape) took 1 421 107 bytes; every number at its longest (24 bytes) with 1 000 runs a side,
// 2 095 117 (tests/core/session_weights_test.cpp). 4 MiB leaves twice that (docs/cli.md, /session),
// and the longest sweep comes on top (kMaxSweepBytes: 32 seeds, both sides, 10 000 losses each).
inline constexpr std::size_t kMaxSessionBytes = (std::size_t{4} << 20) + kMaxSweepBytes;
inline constexpr int kMaxTrainedSteps = 1000000000;  // a side's steps in all, as provenance
inline constexpr int kMaxRetrainSteps = 20000;       // a side's steps in all, when a file without weights is trained again

struct SessionFile {
    Settings settings;
    nlohmann::json view = nlohmann::json::object();  // the window's part, checked by the window
    std::vector<int> typed_places = {};  // a permutation of 0..n-1 for the sentence's n tokens; empty: the identity
    int melanger_count = 0;              // 0..Session::kMaxMelangerCount
    std::vector<TrainingRecipe> training = {};    // oldest run first
    std::vector<TrainingRecipe> training_b = {};  // side B's, when the view opens the comparison
    nlohmann::json weights = nullptr;    // the trained weights as the trace writes them; null: none
    nlohmann::json weights_b = nullptr;  // side B's (checked when the view opens side B)
    std::optional<SavedGenerationState> generation = std::nullopt;  // none: a file from before /generer
    std::shared_ptr<const Sweep> sweep = nullptr;  // the last /graines; null: none (or a file from before /graines)
    int version = kSessionVersion;       // as read
};

// The settings of a session file: every key of settings_to_json (settings_table.h), no other, each
// in range.
// Returns the French reason when `j` is not that.
std::optional<std::string> settings_from_json(const nlohmann::json& j, const Vocabulary& vocabulary, Settings& out);

// " (reçu « 3.5 »)": the value a session file held, as JSON, shortened and with control
// characters shown; every refusal of a key's value ends with it.
std::string found_value(const nlohmann::json& value);
// The reason why `j` is not an object of exactly these keys (`where` leads it), or nothing.
std::optional<std::string> exact_keys(const nlohmann::json& j, const char* where, std::initializer_list<const char*> keys);

std::string session_to_text(const SessionFile& file);
// Parses and checks a whole file's text into `out` (left untouched on failure).
std::optional<std::string> parse_session(const std::string& text, const Vocabulary& vocabulary, SessionFile& out);

// Atomic write (temporary file renamed into place). Returns the French reason on failure.
std::optional<std::string> save_session_file(const std::string& path, const SessionFile& file);
// Reads at most kMaxSessionBytes; a missing file, bad JSON or a bad value is a French reason.
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
// 1. check_opening reads and checks the whole file (view and weights included) and, for a side kept
//    as a recipe alone, its training's corpora: everything that can refuse it, before anything changes;
// 2. train_opening makes the file's models apart from the shown session: the weights put in place,
//    or (a recipe alone) trained again from the seed's weights, step for step as they were trained
//    (the long part: up to kMaxRetrainSteps a side); then the last generation made again on them,
//    refused unless it chooses the saved tokens;
// 3. finish_opening puts the file and the models in place, at once.
struct OpeningSide {
    std::vector<TrainingRecipe> recipe;                  // its runs, each corpus path resolved (absolute)
    std::shared_ptr<const Weights> weights;              // the file's weights; null: the recipe is trained again
    std::vector<std::shared_ptr<const Corpus>> corpora;  // a recipe alone: each run's corpus, as it was
    std::shared_ptr<const Corpus> corpus;                // weights: the last run's corpus when it still reads
    int steps_to_train() const;
};
struct SessionOpening {
    std::string path;
    SessionFile file;
    OpeningSide a, side_b;
    std::optional<Settings> b;  // side B's settings, when the view opens it
    Text note;                  // said after the opening (a corpus to train on that no longer reads)
    int steps() const;          // the steps to train, both sides: 0 when the file holds the weights
};
struct TrainedModels {
    std::unique_ptr<Session> a, b;  // b: when the opening has a side B
    std::shared_ptr<const Generation> generation = nullptr;  // the file's last generation, made again on a's weights
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
