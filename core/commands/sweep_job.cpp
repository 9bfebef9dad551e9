#include "commands/sweep_job.h"

namespace tb {

SweepJob::SweepJob(Session a, std::optional<Session> b, std::shared_ptr<const Corpus> corpus, std::uint64_t first, std::uint64_t last,
                   int steps, SweepControl* control)
    : a_(std::move(a)), b_(std::move(b)), corpus_(std::move(corpus)), control_(control) {
    sweep_.first_seed = first;
    sweep_.steps = steps;
    const std::size_t seeds = static_cast<std::size_t>(last - first) + 1;
    sweep_.a.resize(seeds);
    if (b_) sweep_.b.resize(seeds);
    jobs_ = seeds * (b_ ? 2 : 1);
}

SweepJob::~SweepJob() = default;

bool SweepJob::advance() {
    if (cancelled_ || next_job_ >= jobs_) return false;
    if (control_ && control_->cancel) {
        cancelled_ = true;
        run_.reset();
        return false;
    }
    // Job j: seed j / sides, side j % sides, as run_sweep numbers them.
    const bool side_b = b_ && next_job_ % 2 == 1;
    const std::size_t i = b_ ? next_job_ / 2 : next_job_;
    if (!run_) {
        run_ = std::make_unique<SeedRun>(side_b ? *b_ : a_, corpus_, sweep_.seed(i), sweep_.steps);
        run_steps_ = 0;
    }
    if (run_->step()) {
        ++run_steps_;
        if (control_) ++control_->steps_done;
        return true;
    }
    if (control_) control_->steps_done += sweep_.steps - run_steps_;  // a non-finite loss: the run's missing steps
    (side_b ? sweep_.b : sweep_.a)[i] = run_->take();
    run_.reset();
    return ++next_job_ < jobs_;
}

std::optional<Sweep> SweepJob::take() {
    if (cancelled_ || next_job_ < jobs_) return std::nullopt;
    return std::move(sweep_);
}

}  // namespace tb
