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
// Pure: no ImGui; tests drive it through Features::run and wait().
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "commands.h"

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

    // The latest snapshot (never null); any thread.
    std::shared_ptr<const TrainingSnapshot> snapshot() const;
    bool running() const { return worker_.joinable(); }
    // The frame loop's poll: when the worker has ended, the session takes the run back. Returns the
    // reply to log then (the summary), else nothing.
    std::optional<Text> poll();
    // Stops the worker at the end of its current step and gives the run back; its summary, or nothing
    // when none ran.
    std::optional<Text> stop();
    // Waits for the worker to end on its own, then gives the run back (tests, and the end of a script).
    std::optional<Text> wait();

private:
    CommandResult entrainer(const Args& args, const Handler& headless);
    void start(int count);
    void work(int count);  // on the worker thread
    void publish(bool running);
    std::optional<Text> finish();  // joins, gives the run back, the summary
    void rebuild_from_session();   // the snapshot of the session's run when nothing runs

    Session& session_;
    std::function<Session*()> side_b_;
    std::thread worker_;
    std::atomic<bool> stop_{false}, done_{false};
    // Owned by the worker while it runs, by the window otherwise.
    std::shared_ptr<TrainingRun> run_, run_b_;  // run_b_: null without side B
    Session* b_ = nullptr;                      // side B while it trains
    std::vector<std::pair<int, double>> held_out_, held_out_b_;
    int first_step_ = 0, first_step_b_ = 0, target_ = 0, non_finite_step_ = 0, non_finite_step_b_ = 0;
    const TrainingRun* shown_run_ = nullptr;  // the session's run the snapshot was rebuilt from
    std::size_t shown_steps_ = 0;
    const TrainingRun* shown_run_b_ = nullptr;  // and side B's

    mutable std::mutex mutex_;  // guards snapshot_ only
    std::shared_ptr<const TrainingSnapshot> snapshot_ = std::make_shared<TrainingSnapshot>();
};

}  // namespace tb
