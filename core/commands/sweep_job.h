#pragma once
// A sweep over seeds run a step at a time on the caller's thread (the web page, which has one
// thread, runs it in time slices between frames): the same runs as run_sweep, in job order (seed by
// seed, A then B), so the same rows, the same doubles.
#include <cstdint>
#include <memory>
#include <optional>

#include "commands/sweep.h"

namespace tb {

class SweepJob {
public:
    // Seeds first..last, N steps each, on copies of `a` and (when given) `b`; `control`, when given,
    // counts the steps and cancels (it must outlive the job).
    SweepJob(Session a, std::optional<Session> b, std::shared_ptr<const Corpus> corpus, std::uint64_t first, std::uint64_t last,
             int steps, SweepControl* control = nullptr);
    ~SweepJob();
    SweepJob(const SweepJob&) = delete;
    SweepJob& operator=(const SweepJob&) = delete;

    // One training step of the current run (a run that ends hands its row over and the next starts
    // at the following call); false once every run is over or the sweep is cancelled.
    bool advance();
    // The sweep once advance() said false; nothing when it was cancelled.
    std::optional<Sweep> take();

private:
    Session a_;
    std::optional<Session> b_;
    std::shared_ptr<const Corpus> corpus_;
    SweepControl* control_;
    Sweep sweep_;
    std::size_t next_job_ = 0, jobs_ = 0;
    std::unique_ptr<SeedRun> run_;  // the job next_job_'s, once started
    int run_steps_ = 0;             // its steps counted so far
    bool cancelled_ = false;
};

}  // namespace tb
