#include "live_training/worker.h"

#include <chrono>

namespace tb {

#ifdef __EMSCRIPTEN__

void Worker::start(Step step) {
    join();
    step_ = std::move(step);
    over_ = false;
    active_ = true;
}

void Worker::join() {
    while (active_ && !over_) over_ = !step_();
    active_ = false;
    step_ = nullptr;
}

void Worker::pump(double ms) {
    using Clock = std::chrono::steady_clock;
    const auto end = Clock::now() + std::chrono::duration<double, std::milli>(ms);
    while (active_ && !over_ && Clock::now() < end) over_ = !step_();
}

#else

void Worker::start(Step step) {
    join();
    thread_ = std::thread([step = std::move(step)] {
        while (step()) {
        }
    });
    active_ = true;
}

void Worker::join() {
    if (thread_.joinable()) thread_.join();
    active_ = false;
}

void Worker::pump(double) {}

#endif

}  // namespace tb
