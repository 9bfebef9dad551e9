// The sweep observed, cancelled and run a step at a time (commands/sweep.h, commands/sweep_job.h):
// the step count rises to seeds × sides × N; a cancelled sweep gives nothing; the step-at-a-time job
// (the web page's) gives each seed the run /graine s; /entrainer N gives in a fresh session.
#include <chrono>
#include <thread>

#include "commands/sweep.h"
#include "commands/sweep_job.h"
#include "../support.h"

namespace tb {
namespace {

TEST(SweepControl, CountsEveryStepOfEveryRun) {
    const Session a = test::session("/couches 1; /corpus grammaire");
    const Session b = test::session("/couches 1; /corpus grammaire; /residuel off");
    SweepControl control;
    const std::optional<Sweep> sweep = run_sweep(a, &b, a.corpus(), 3, 5, 7, 2, control);
    ASSERT_TRUE(sweep.has_value());
    EXPECT_EQ(control.steps_done.load(), 3 * 2 * 7);  // 3 seeds, 2 sides, 7 steps
    EXPECT_EQ(sweep->a[1].losses, test::losses(test::session("/couches 1; /corpus grammaire; /graine 4; /entrainer 7")));
}

TEST(SweepControl, ACancelledSweepGivesNothing) {
    const Session a = test::session("/couches 1; /corpus grammaire");
    SweepControl control;
    std::optional<Sweep> sweep = Sweep{};
    std::thread runner([&] { sweep = run_sweep(a, nullptr, a.corpus(), 1, 4, 10000, 2, control); });
    while (control.steps_done < 5) std::this_thread::sleep_for(std::chrono::microseconds(200));
    control.cancel = true;
    runner.join();
    EXPECT_FALSE(sweep.has_value());
    EXPECT_LT(control.steps_done.load(), 4 * 10000);
}

TEST(SweepJob, StepByStepGivesTheSingleRunsAndRunSweepsRows) {
    const Session a = test::session("/couches 1; /corpus grammaire; /entrainer 2");  // trained: the sweep starts from the seeds
    const Session b = test::session("/couches 1; /corpus grammaire; /residuel off");
    SweepControl control;
    SweepJob job(a, b, a.corpus(), 10, 11, 9, &control);
    int calls = 0, last_count = 0;
    while (job.advance()) {
        ++calls;
        EXPECT_GE(control.steps_done.load(), last_count);  // it only rises
        last_count = control.steps_done;
    }
    EXPECT_EQ(control.steps_done.load(), 2 * 2 * 9);
    EXPECT_GE(calls, 2 * 2 * 9);  // a step a call at most
    const std::optional<Sweep> stepped = job.take();
    ASSERT_TRUE(stepped.has_value());
    const Sweep pooled = run_sweep(a, &b, a.corpus(), 10, 11, 9, 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string seed = std::to_string(10 + i);
        EXPECT_EQ(stepped->a[i].losses, test::losses(test::session("/couches 1; /corpus grammaire; /graine " + seed + "; /entrainer 9"))) << seed;
        EXPECT_EQ(stepped->b[i].losses,
                  test::losses(test::session("/couches 1; /corpus grammaire; /residuel off; /graine " + seed + "; /entrainer 9")))
            << seed;
        EXPECT_EQ(stepped->a[i].losses, pooled.a[i].losses);
        EXPECT_EQ(stepped->b[i].losses, pooled.b[i].losses);
    }
    EXPECT_EQ(sweep_csv(*stepped), sweep_csv(pooled));
}

TEST(SweepJob, CancelledItGivesNothing) {
    const Session a = test::session("/couches 1; /corpus grammaire");
    SweepControl control;
    SweepJob job(a, std::nullopt, a.corpus(), 1, 3, 50, &control);
    for (int i = 0; i < 60; ++i) ASSERT_TRUE(job.advance());  // into the second seed
    control.cancel = true;
    EXPECT_FALSE(job.advance());
    EXPECT_FALSE(job.advance());
    EXPECT_FALSE(job.take().has_value());
}

}  // namespace
}  // namespace tb
