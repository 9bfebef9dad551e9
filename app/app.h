#pragma once
// The window's state that is not the model's: the log, the console, the playhead, view options.
// It reads the Session and its Trace and changes them only through command strings.
// No GLFW here: the frame loop (window.cpp) passes time and key presses in.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "animation.h"
#include "commands.h"
#include "fonts.h"
#include "screen.h"
#include "ui/console.h"
#include "ui/controls.h"

namespace tb {

class BeadRenderer;

class App {
public:
    // Registers the window's own commands in `registry`, which must outlive the App.
    App(Session& session, CommandRegistry& registry);

    // Runs one command line as if typed, echoing it and its answer in the log.
    CommandResult run(const std::string& line);
    // Moves the playhead by dt seconds (the frame loop owns time).
    void update(double dt);
    bool animating() const;
    void finish_animation();  // jumps to where the beads stop (screenshots)
    void pin_playhead(double level);  // a still of the animation (test hook): paused there
    bool pinned() const { return pinned_; }
    // Draws every panel for a window of width x height (ImGui coordinates).
    void draw(float width, float height, float scale, const Fonts& fonts, BeadRenderer* beads);

    const Session& session() const { return session_; }
    float text_scale = 1.0f;  // Ctrl +/-

private:
    void sync();  // notices replays and step changes made by any command

    Session& session_;
    const CommandRegistry& registry_;
    std::vector<LogLine> log_;
    ConsoleState console_;
    ControlsState controls_;
    AnimationOptions animation_;
    double playhead_ = 0;
    bool playing_ = false;  // at start-up the beads wait at the entrance
    bool pinned_ = false;
    std::uint64_t seen_replay_ = 0;
    int seen_step_ = 0;
    bool log_scale_ = true;
    bool show_parameters_ = false;
};

}  // namespace tb
