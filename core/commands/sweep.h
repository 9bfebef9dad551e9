#pragma once
// The sweep over seeds (/graines A..B N, channel.md §7, cli.md "The sweep over seeds"): for each
// seed s of A..B, the run /graine s; /entrainer N gives, for side A and (with /comparer on) side B,
// each on a copy of its session: the model shown stays as it was. The runs are independent and
// run on a pool of threads; each is the same computation whatever the thread, so the rows are the
// same doubles with 1 thread or 16 (placed by index: their order never depends on timing).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"

namespace tb {

// One seed's run on one side: its logged losses (the finite steps, in order).
struct SweepRun {
    std::vector<double> losses;
    bool stopped = false;  // a non-finite step ended it before N
};

struct Sweep {
    static constexpr int kMaxSeeds = 32;
    std::uint64_t first_seed = 0;
    int steps = 0;                                 // N asked
    std::vector<SweepRun> a, b;                    // by seed index; b empty without side B
    std::uint64_t seed(std::size_t i) const { return first_seed + i; }
};

// The mean of the last min(30, size) losses (cli.md's derniers_30); NaN when there are none.
double last_losses_mean(const std::vector<double>& losses);

// The threads a sweep uses: TRANSFORMER_BLOC_THREADS (1..256) when set to such a number, else
// every core the machine has (std::thread::hardware_concurrency) but `spare_cores` (the window keeps
// one for its drawing), at least 1; 1 in the web page.
int sweep_threads(int spare_cores = 0);

// What another thread sees of a running sweep, and how it stops it. `cancel` is read between
// training steps: a cancelled sweep gives nothing. `steps_done` counts the steps of every run so far;
// a run that a non-finite loss ends counts its missing steps, so it ends at seeds × sides × N.
struct SweepControl {
    std::atomic<bool> cancel{false};
    std::atomic<int> steps_done{0};
};

// One seed's run on one side, a step at a time: /graine seed on a copy of `source` (reading
// `corpus`), then /entrainer N's steps, exactly.
class SeedRun {
public:
    SeedRun(const Session& source, const std::shared_ptr<const Corpus>& corpus, std::uint64_t seed, int steps);
    SeedRun(const SeedRun&) = delete;
    SeedRun& operator=(const SeedRun&) = delete;
    // The next training step; false when there is none (N done) or when it gave a non-finite loss.
    bool step();
    int steps() const { return steps_; }
    SweepRun take() { return std::move(out_); }

private:
    Session session_;
    TrainingRun* run_;  // the session's
    int steps_;
    SweepRun out_;
};

// Runs seeds first..last (at most kMaxSeeds) N steps each on `a` and, when given, `b`, both reading
// `corpus`, on `threads` threads. Neither session changes.
Sweep run_sweep(const Session& a, const Session* b, const std::shared_ptr<const Corpus>& corpus, std::uint64_t first,
                std::uint64_t last, int steps, int threads);
// The same, observed and cancellable through `control` (from another thread): nothing once cancelled.
std::optional<Sweep> run_sweep(const Session& a, const Session* b, const std::shared_ptr<const Corpus>& corpus, std::uint64_t first,
                               std::uint64_t last, int steps, int threads, SweepControl& control);

// /graines's arguments checked and its corpus found: the session's, else « interne » loaded apart
// (as /entrainer would, the session untouched).
struct SweepRequest {
    std::uint64_t first = 0, last = 0;
    int steps = 0;
    std::shared_ptr<const Corpus> corpus;
};
// The refusal (French and English, nothing changed), or nothing when `out` is filled.
std::optional<CommandResult> read_sweep_request(const Session& session, const Args& args, SweepRequest& out);

// The verdict in words from the figures: each seed's mean of its last losses on A and B. Counts the
// seeds where B's is above A's (or below, whichever is more), and gives the median of B − A:
// « B au-dessus de A pour 11 graines sur 12 ; écart médian 0,75 ». Seeds with a missing (NaN)
// figure are left out of both.
Text sweep_verdict(const std::vector<double>& a_means, const std::vector<double>& b_means);

// What /graines answers: a line per seed (A's and B's means of their last losses, the gap), then
// the summary (the verdict with side B, else A's median and range).
Text sweep_report(const Sweep& sweep);

// cli.md's CSV: graine,cote,pas,derniers_30,premiere_perte,perte_finale, a row per (seed, side),
// numbers with a decimal point and 17 significant digits (a run with no finite step: empty cells).
std::string sweep_csv(const Sweep& sweep);

// /graines <A..B> <N>, side A alone; set_sweep_side_b gives it side B (the comparison's, or null).
// The sweep is kept as the session's last (Session::last_sweep), for /exporter graines.
Command sweep_command();
void set_sweep_side_b(CommandRegistry& registry, std::function<const Session*()> side_b);

}  // namespace tb
