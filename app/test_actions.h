#pragma once
// The window's test hook ($TRANSFORMER_BLOC_TEST_ACTIONS, window.h) and its frame statistics
// (--stats): what a test cannot easily cause under Xvfb without a window manager, one action every
// few frames, and what it measures.
#include <deque>
#include <string>
#include <vector>

struct GLFWwindow;

namespace tb {

class App;

struct TestActions {
    std::deque<std::string> pending;
    bool force_empty = false;  // draw one frame as if the framebuffer were 0x0 (minimized)
    int quiet_frames = 0;      // frames since the last action (the screenshot waits for ImGui to settle)
    std::string texts_path;    // "texts FILE": the next settled frame's text runs are written there
    bool texts_positions = false;  // "texts_at FILE": with each run's position
    std::string report_path;       // "layout_report FILE": the next settled frame's windows and text (ui/layout_report.h)
    mutable double pause_until = -1;  // "pause S": the frames go on, the next action waits S seconds
    explicit TestActions(const char* env);
    // The next action, when its time has come. Returns false when the window should close.
    bool step(GLFWwindow* window, App& app);
    // The front action waits for a training ("wait_steps", "wait_lesson"): the loop keeps the
    // training's pace (30 frames a second) instead of drawing as fast as it can, as without a test.
    bool waits_for_training(App& app) const;

private:
    bool waiting(App& app) const;  // the front action waits for something (beads, steps, a file)
};

struct Stats {
    std::vector<double> frame_ms;
    double first_frame_ms = 0;
    double vertices = 0, redrawn = 0;  // sums over the frames: ImGui's vertices, the share of the window drawn again
    long mismatched = -1;              // $TRANSFORMER_BLOC_REDRAW=check: pixels where the partial redraw differed
    void print() const;
};

}  // namespace tb
