#pragma once
// The only mutable state of the model side: settings (seed included) and the current trace.
// A change is all or nothing: the new trace is computed first, then swapped in.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "training/corpus.h"
#include "model/generation.h"
#include "model/trace.h"
#include "training/training.h"
#include "model/vocabulary.h"

namespace tb {

// The French reason why `s` is not a valid state, or nothing when it is: each setting's range and
// ties to the others, from the settings table, then the sentence's words. Commands give friendlier
// messages before they get here.
std::optional<std::string> validate(const Settings& s, const Vocabulary& vocabulary);

// The French reason why `places` is not the typed places of n tokens (a permutation of 0..n-1),
// or nothing when it is.
std::optional<std::string> typed_places_refusal(const std::vector<int>& places, int n);
// 0, 1, ..., n-1: the sentence as typed.
std::vector<int> identity_places(int n);

// A training run (channel.md §7, cli.md "The training log"): the weights it started from, Adam's
// state, and every step so far. A second /entrainer continues it; /lot, /taux and /corpus end it
// (the weights stay and the next /entrainer starts a new run from them).
struct TrainingRun {
    std::shared_ptr<const Corpus> corpus;
    TrainingSetup setup;                     // its settings as the run started; sentences: corpus->training
    std::shared_ptr<const Weights> initial;  // before step 1
    TrainingState state;
    std::vector<StepRecord> steps;           // the finite ones, in order
    int steps_before = 0;                    // trained steps of the weights it started from
    std::shared_ptr<Workspace> work = make_workspace();  // scratch: a copied session makes its own
    Weights gradients;
};

// One /entrainer run behind the current weights, as a session file keeps it: the provenance of its
// trained weights, and enough to train them again step for step (train_step is pure) where a file
// holds no weights (written before version 2).
struct TrainingRecipe {
    std::string corpus;                // "interne", "grammaire" or the file's absolute path (a session file stores it relative to its folder)
    std::uint64_t corpus_identity = 0; // Corpus::identity: the file must not have changed
    int batch_size = 0;
    double learning_rate = 0;
    int warmup_steps = 0;              // /echauffement (absent from files written before it: 0)
    int steps = 0;
};

// Generation (channel.md §7): not model settings (they change neither the weights nor the trace,
// and the trace's JSON has no key for them), so the session keeps them beside the model.
struct Sweep;  // commands/sweep.h

struct GenerationState {
    double temperature = 0;  // /temperature 0..2: 0 greedy
    bool cache = true;       // /cache on|off
    int draws = 0;           // words generated since the sentence was last set: the stream's next draw is draws + 1
    std::shared_ptr<const Generation> last;  // what /exporter generation writes
};

class Session {
public:
    explicit Session(std::shared_ptr<const Vocabulary> vocabulary, Settings start = Settings{});

    const Settings& settings() const { return trace_->settings; }
    const Vocabulary& vocabulary() const { return *vocabulary_; }
    std::shared_ptr<const Trace> trace() const { return trace_; }
    // The trace before the last change that replays the sentence (the faint profile); null at first.
    std::shared_ptr<const Trace> previous_trace() const { return previous_; }
    // Counts the changes that replay the sentence from the input (not /etape).
    std::uint64_t replay_count() const { return replay_count_; }

    // The place of each shown token in the sentence as typed (Trace::typed_places, set on every
    // trace this session makes): 0..n-1 after /phrase, composed with each /melanger.
    const std::vector<int>& typed_places() const { return typed_places_; }
    // How many times /melanger has succeeded in this session (the third key of its stream); /reinit
    // puts it back to 0, a session file restores it.
    int melanger_count() const { return melanger_count_; }
    static constexpr int kMaxMelangerCount = 1000000000;
    void set_melanger_count(int count);  // clamped to 0..kMaxMelangerCount

    // Moves to `next` and recomputes; on an invalid state returns the reason and changes nothing.
    // A change of step alone does not replay. A change that keeps the sentence keeps the typed
    // places; another sentence starts from the identity.
    std::optional<std::string> apply(const Settings& next);
    // The same, the tokens of `next`'s sentence shown with these typed places (a permutation of
    // 0..n-1; empty: the identity): /phrase, /melanger, /reinit and a session file.
    std::optional<std::string> apply(const Settings& next, std::vector<int> typed_places);
    // Replays the same state (as /propager with the same seed would): the window animates again.
    void replay();

    // Training. Adam steps behind the current weights (0: the seed's random weights).
    int trained_steps() const { return trained_steps_; }
    // The corpus /entrainer draws from: « interne » until /corpus changes it (loaded when first needed).
    std::shared_ptr<const Corpus> corpus() const { return corpus_; }
    // Sets the corpus; the weights stay, the run ends.
    void set_corpus(std::shared_ptr<const Corpus> corpus);
    // The run to continue, or a new one from the current weights, settings and corpus (which must be set).
    TrainingRun& training_run();
    const TrainingRun* training() const { return run_.get(); }
    // Takes the run's weights as the model's and replays the sentence through them.
    void adopt_training();
    // Takes the training of `trained`, a model trained apart (a session being reopened) whose
    // settings are this one's model (the same seed and shape: drops_training says no): its weights,
    // its runs and its corpus; the sentence replays through them. False, and nothing taken, for
    // another model.
    bool take_training(Session&& trained);
    // Puts trained weights in place as a session file keeps them (its settings' shape: the file's
    // reader checked it), with the runs that made them as provenance (trained_steps: the sum of
    // their steps) and the corpus a next /entrainer draws from (null: « interne » when first
    // needed). No run is open: a next /entrainer starts a new one, Adam's moments from zero.
    void restore_training(std::shared_ptr<const Weights> weights, std::vector<TrainingRecipe> provenance,
                          std::shared_ptr<const Corpus> corpus);
    // Back to the seed's random weights (/graine, /reinit): the sentence replays. False when the
    // weights were already the seed's.
    bool forget_training();
    // The runs behind the current weights, oldest first: those /lot, /taux or /corpus ended, then
    // the current one (the seed and the model's settings are the session's). Empty: untrained.
    std::vector<TrainingRecipe> training_recipe() const;

    // /temperature, /cache, the draws and the last generation. Setting another sentence puts the
    // draws back to 0 (/generer puts them back after its own change).
    GenerationState& generation() { return generation_; }
    const GenerationState& generation() const { return generation_; }

    // The last /graines sweep (what /exporter graines writes), or null; the model does not depend on it.
    std::shared_ptr<const Sweep>& last_sweep() { return last_sweep_; }
    const std::shared_ptr<const Sweep>& last_sweep() const { return last_sweep_; }

private:
    std::shared_ptr<const Trace> compute(const Settings& s, const std::vector<int>& typed_places, bool keep_weights = true);

    std::shared_ptr<const Vocabulary> vocabulary_;
    std::shared_ptr<const Weights> weights_;  // cached: redrawn when seed or shape change
    std::shared_ptr<const Trace> trace_;
    std::shared_ptr<const Trace> previous_;
    std::uint64_t replay_count_ = 0;
    std::vector<int> typed_places_;
    int melanger_count_ = 0;
    int trained_steps_ = 0;
    std::shared_ptr<const Corpus> corpus_;
    std::shared_ptr<TrainingRun> run_;  // shared by a copied session until one of them trains
    std::vector<TrainingRecipe> ended_runs_;  // the runs before run_ behind the weights
    GenerationState generation_;
    std::shared_ptr<const Sweep> last_sweep_;
    void end_run();                           // run_ joins ended_runs_ (when it trained) and ends
};

// True when going from a to b returns to the seed's random weights: a setting the weights depend
// on changed (the settings table's drops_training: all but the sentence, the step, /lot and /taux).
bool drops_training(const Settings& a, const Settings& b);
// True when going from a to b ends the training run, the weights kept (the table's ends_run:
// /lot and /taux, which the run read at its start).
bool ends_training_run(const Settings& a, const Settings& b);

}  // namespace tb
