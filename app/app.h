#pragma once
// The composition root of the window: it owns the features (window_features.h: playback, teaching,
// comparison, inspector, each a plain object with its commands), the widgets' own state (the
// console line, the sliders being dragged, the vector field's text) and draws everything through
// ui/. Every change a widget makes reaches the features as a command string, echoed in the log:
// the settings, the view, the lesson, and the inspector's choices too (/panneau bloc 2, /panneau
// vecteur 2 4 4 5: inspector/choices.h), so a lesson or a script sets what a click sets. Hovering
// only shows (a neuron read, a tooltip); the parameter breakdown's window closes itself.
// No GLFW here: the frame loop (window.cpp) passes time and key presses in.
#include <memory>
#include <string>

#include "features/window_features.h"
#include "text/fonts.h"
#include "scene/animation.h"
#include "scene/screen.h"
#include "ui/console.h"
#include "ui/controls.h"
#include "ui/panels.h"

namespace tb {

class BeadRenderer;

class App {
public:
    // Registers the window's commands in `registry`, which must outlive the App.
    App(Session& session, CommandRegistry& registry);

    // Runs one command line as if typed, echoing it and its answer in the log.
    CommandResult run(const std::string& line) { return features_.run(line); }
    Features& features() { return features_; }
    const Features& features() const { return features_; }
    const Session& session() const { return features_.session(); }
    // The console line's state: the frame loop gives it the keyboard when `/` is typed anywhere.
    ConsoleState& console() { return console_; }

    // Draws every panel for a window of width x height (ImGui coordinates).
    void draw(float width, float height, float scale, const Fonts& fonts, BeadRenderer* beads);

private:
    struct Frame;  // what one frame draws: traces, playhead, fonts, the beads' renderer
    void draw_main(const Frame& f, float width, float height);
    void draw_presenter(const Frame& f, float width, float height);
    // What the stacks show this frame: A's records, and B's with its trace in A/B.
    struct Shown {
        FrameRecords a, b;
        std::shared_ptr<const Trace> b_trace;  // null without the comparison
    };
    void draw_stacks(const Frame& f, const ScreenLayout& screen, Shown& shown);
    Compared compared(const Frame& f, const Shown& shown) const;
    std::vector<std::string> vocabulary_words() const;
    DecodeRecords told(const Frame& f, const Trace& trace, const Layout& layout, FrameRecords& frame, const Trace* b) const;  // side B's trace and playhead for the plots, or none
    void draw_right_column(const Frame& f, const ScreenLayout& screen, const Shown& shown);
    void draw_inspector(const Frame& f, const InspectorLayout& inspector);
    void draw_teaching(const Frame& f, const ScreenLayout& screen, const Shown& shown);
    void apply_theme_if_changed();
    double shown_playhead() const;  // the playhead, or the scrub slider's value while it is dragged

    Features features_;
    CommandSink send_;
    ConsoleState console_;
    ControlsState controls_;
    ScrubState scrub_;
    std::size_t log_seen_ = 0;  // the console scrolls down when the log grows
    Theme applied_theme_ = Theme::Dark;  // window.cpp starts dark
};

}  // namespace tb
