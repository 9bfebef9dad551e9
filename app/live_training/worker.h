#pragma once
// Where the live training's steps run (live_training.h): on the desktop a thread of their own; in
// the web page, which has one thread (no COOP/COEP headers on a static host), the same steps in
// time slices between frames (pump), so that the page never freezes. Either way the steps are the
// same, in the same order: the curve does not depend on where they ran.
#include <functional>
#include <thread>

namespace tb {

class Worker {
public:
    // One piece of the work; false when the work is over (it is not called again).
    using Step = std::function<bool()>;
    // The page's share of a frame: about two thirds of a 20 fps frame in software GL.
    static constexpr double kSliceMs = 25.0;

    Worker() = default;
    ~Worker() { join(); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    void start(Step step);
    // Started and not yet joined (the work may be over: join() then returns at once).
    bool active() const { return active_; }
    // Until the work is over (in the page: its remaining steps run now).
    void join();
    // The page: runs steps for about `ms` milliseconds. The desktop: nothing (the thread runs).
    void pump(double ms);

private:
    bool active_ = false;
#ifdef __EMSCRIPTEN__
    Step step_;
    bool over_ = false;
#else
    std::thread thread_;
#endif
};

}  // namespace tb
