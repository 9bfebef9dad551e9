#pragma once
// /graines in the window (issue 37): the sweep over seeds runs in the background and the window
// keeps drawing. On the desktop a worker thread runs run_sweep on a pool that leaves the drawing a
// core; in the web page the same runs follow each other in time slices between frames (SweepJob,
// through the Worker's pump). Either way the rows are those of the headless /graines, bit for bit.
// The sweep reads copies of the sessions taken when it starts: the model shown stays as it was.
// While it runs, the sweep panel shows how far it has come; at the end the session keeps it as its
// last (Session::last_sweep) and the console logs the headless reply. /entrainer stop cancels it, a
// command that may change the model cancels it first (as it stops a training), and a cancelled sweep
// leaves everything as it was, the previous sweep included. A training and a sweep never run at
// once: each refuses while the other runs (neither loses its work).
// Pure: no ImGui; tests drive it through Features::run and wait().
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <optional>

#include "commands/commands.h"
#include "commands/sweep.h"
#include "live_training/worker.h"

namespace tb {

// How far a running sweep has come: the panel's « graine 5/12 · 38 % ».
struct SweepProgress {
    std::uint64_t first = 0, last = 0;
    int steps = 0;           // N, each run's
    bool side_b = false;
    int done = 0, total = 0;  // steps of every run
    int seeds() const { return static_cast<int>(last - first) + 1; }
    // The seed under way, counted from 1: the steps done in whole runs, over each seed's share.
    int seed_number() const;
    int percent() const { return total > 0 ? static_cast<int>(100.0 * done / total) : 0; }
};
// « graine 5/12 · 38 % » / "seed 5/12 · 38%".
Text progress_text(const SweepProgress& progress);

class LiveSweep {
public:
    // `session` must outlive it; `side_b` gives the comparison's side B (null when closed);
    // `training_busy` says whether a training (or a session's reopening) runs.
    LiveSweep(Session& session, std::function<const Session*()> side_b, std::function<bool()> training_busy);
    ~LiveSweep();  // cancels a running sweep
    LiveSweep(const LiveSweep&) = delete;
    LiveSweep& operator=(const LiveSweep&) = delete;

    // Replaces /graines in `registry` by the one that runs in the background; wraps /entrainer (stop
    // cancels the sweep, N waits for its end) and every command that `passes` does not let through
    // (they cancel the sweep first). After LiveTraining::install.
    void install(CommandRegistry& registry, const std::function<bool(const std::string&)>& passes);

    bool running() const { return worker_.active(); }
    std::optional<SweepProgress> progress() const;
    // The frame loop's poll: the page's time slice, then, when the sweep is over, the session keeps
    // it and its reply is returned (to log), else nothing.
    std::optional<CommandResult> poll();
    // Cancels a running sweep and waits for its threads: what to say, or nothing when none ran.
    std::optional<Text> stop();
    // Waits for the sweep to end on its own (the end of a script, tests): its reply, or nothing.
    std::optional<CommandResult> wait();

    // The web page's way (a step at a time, through the worker's pump) rather than the pool: the
    // page's only way; the desktop's tests use it to check that it gives the same sweep.
    void run_in_slices(bool slices) { slices_ = slices; }

private:
    CommandResult start(const Args& args);
    void start_on_pool(std::shared_ptr<const Session> a, std::shared_ptr<const Session> b, const SweepRequest& request);
    void start_in_slices(std::shared_ptr<const Session> a, std::shared_ptr<const Session> b, const SweepRequest& request);
    std::optional<CommandResult> finish();  // joined: the session keeps the sweep, the reply

    Session& session_;
    std::function<const Session*()> side_b_;
    std::function<bool()> training_busy_;
    Worker worker_;
    SweepControl control_;
    std::atomic<bool> done_{false};
    SweepProgress shape_;                     // the running sweep's seeds and steps
    std::optional<Sweep> result_;             // the worker's until it ends
    std::optional<std::string> error_;        // an exception the worker caught
#ifdef __EMSCRIPTEN__
    bool slices_ = true;
#else
    bool slices_ = false;
#endif
};

}  // namespace tb
