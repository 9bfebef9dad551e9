#pragma once
// Training in the window (architecture.md example 16, channel.md §7): /entrainer N runs on a worker
// thread that owns a copy of the session's run (weights, Adam's state, the steps so far) and
// publishes immutable snapshots; the window draws the latest one each frame and never waits.
// The worker runs exactly the steps the headless /entrainer would (train_step is pure), so the
// curve is the same whatever the timing. When the run ends, or /entrainer stop ends it at a step
// boundary, the session takes the run back and the beads replay on the trained weights. A command
// that may change the model stops the training first (install() wraps them). With the A/B comparison
// open, side B trains beside A, step for step, on the same corpus: the same seed and batch size draw
// the same sentences in the same order, each side with its own objective (its mask).
// The worker is a thread on the desktop and time slices between frames in the web page (worker.h).
// The same worker reopens a trained session (/session ouvrir, the last session at start-up): the
// file's models train there, apart, while the window keeps drawing (reopen()).
// Pure: no ImGui; tests drive it through Features::run and wait().
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "commands/commands.h"
#include "files/session_file.h"
#include "live_training/worker.h"

namespace tb {

// What the loss panel draws: one finished state of the run, never changed once published.
struct TrainingSnapshot {
    struct Side {
        std::vector<double> losses;
        std::vector<std::pair<int, double>> held_out;
        std::vector<GradientRecord> gradients;
        bool residual = true;
    };
    // The loss of each step of the session's run (cli.md's log "steps"): point i is the batch loss of
    // step i + 1, measured on the weights after i steps.
    std::vector<double> losses;
    // (steps done, loss on the corpus's held-out sentences with the weights after them), every
    // kHeldOutLossEvery steps and at the end of each /entrainer.
    std::vector<std::pair<int, double>> held_out;
    // The mean |dL/dW| by sublayer of the steps that record it (step 1 and every 10th): the gradients
    // panel along the training; and the run's wiring.
    std::vector<GradientRecord> gradients;
    bool residual = true;
    std::optional<Side> b;                   // side B's, while the comparison is open
    std::shared_ptr<const Weights> weights;  // after the last step
    double chance = 0;                       // ln V: the loss of a uniform guess
    double frequencies = 0;                  // frequency_only_loss of the run's corpus (0: no line: no run, or A and B differ in objective)
    bool running = false;
    int target = 0;                          // the step the running /entrainer ends at
};

class LiveTraining {
public:
    static constexpr int kHeldOutLossEvery = 10;

    // `side_b` gives the comparison's side B, or null when it is closed.
    LiveTraining(Session& session, std::function<Session*()> side_b) : session_(session), side_b_(std::move(side_b)) {}
    ~LiveTraining();  // stops the worker at a step boundary
    LiveTraining(const LiveTraining&) = delete;
    LiveTraining& operator=(const LiveTraining&) = delete;

    // Replaces /entrainer in `registry` by the threaded one, and wraps every command that may change
    // the model so that it stops the training first (the view commands go through).
    void install(CommandRegistry& registry);
    // The commands that cannot change the model: they go through while the training runs.
    static bool lets_through(const std::string& name);

    // Opening a trained session without freezing the window: `opening` was checked whole (its
    // corpora read), so only its training is left; its models train on the worker while the picture
    // stays as it is (reopening() says how far), then `commit` puts the file and the models in place
    // at once, on the window's thread (poll, wait). A command that changes the model cancels it
    // first, as it stops a training, and nothing changes; the end of a script waits for it.
    using Commit = std::function<CommandResult(const SessionOpening&, TrainedModels&&)>;
    CommandResult reopen(SessionOpening opening, Commit commit);
    struct Reopening {
        std::string path;
        int done = 0, total = 0;  // steps, both sides
    };
    std::optional<Reopening> reopening() const;
    // The file being reopened (what the window saves on exit meanwhile), or null.
    const SessionFile* reopening_file() const { return reopen_ ? &reopen_->opening.file : nullptr; }

    // The latest snapshot (never null); any thread.
    std::shared_ptr<const TrainingSnapshot> snapshot() const;
    // A training or a reopening on the worker.
    bool running() const { return worker_.active(); }
    // The frame loop's poll: when the worker has ended, the session takes the run back (or the
    // reopened session is put in place). Returns the reply to log then, else nothing.
    std::optional<CommandResult> poll();
    // Stops the worker at the end of its current step and gives the run back (a reopening is
    // cancelled); what it says, or nothing when none ran.
    std::optional<Text> stop();
    // Waits for the worker to end on its own, then gives the run back or puts the reopened session in
    // place (tests, and the end of a script).
    std::optional<CommandResult> wait();

private:
    CommandResult entrainer(const Args& args, const Handler& headless);
    void start(int count);
    struct Job;                   // one /entrainer's steps, one at a time
    bool work_step(Job& job);     // on the worker: one step of A (and B); false when over
    void measure(Job& job);       // the held-out losses at the current step
    void publish(bool running);
    std::optional<CommandResult> finish();  // joins, gives the run back, the summary
    CommandResult finish_reopening();       // joined: the reopened session in place, or why not
    void rebuild_from_session();   // the snapshot of the session's run when nothing runs

    Session& session_;
    std::function<Session*()> side_b_;
    Worker worker_;
    std::atomic<bool> stop_{false}, done_{false};
    // Owned by the worker while it runs, by the window otherwise.
    std::shared_ptr<TrainingRun> run_, run_b_;  // run_b_: null without side B
    Session* b_ = nullptr;                      // side B while it trains
    std::vector<std::pair<int, double>> held_out_, held_out_b_;
    int first_step_ = 0, first_step_b_ = 0, target_ = 0, non_finite_step_ = 0, non_finite_step_b_ = 0;
    const TrainingRun* shown_run_ = nullptr;  // the session's run the snapshot was rebuilt from
    std::size_t shown_steps_ = 0;
    const TrainingRun* shown_run_b_ = nullptr;  // and side B's

    struct Reopen {
        SessionOpening opening;
        Commit commit;
        std::atomic<int> done{0};  // written by the worker
        TrainedModels models;      // the worker's until it ends
        std::optional<std::string> error;
    };
    std::unique_ptr<Reopen> reopen_;  // while a session is being reopened

    mutable std::mutex mutex_;  // guards snapshot_ only
    std::shared_ptr<const TrainingSnapshot> snapshot_ = std::make_shared<TrainingSnapshot>();
};

}  // namespace tb
