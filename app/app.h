#pragma once
// The window's state that is not the model's: the log, the console, the playhead, view options.
// It reads the Session and its Trace and changes them only through command strings.
// No GLFW here: the frame loop (window.cpp) passes time and key presses in.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scene/animation.h"
#include "commands.h"
#include "compare/comparison.h"
#include "exports.h"
#include "fonts.h"
#include "teaching/lesson_player.h"
#include "scene/screen.h"
#include "session_file.h"
#include "teaching/theme.h"
#include "ui/console.h"
#include "ui/controls.h"
#include "ui/inspector_panels.h"
#include "persist/view_state.h"

namespace tb {

class BeadRenderer;

// A SessionView: /session saves and reopens the view options with the model's settings.
class App : public SessionView {
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

    // /exporter image: the pixels must be read inside a frame, so the command queues the path and
    // the frame loop takes the queue at the end of its next frame, then reports each result.
    ImageExporter image_exporter();
    std::vector<std::string> take_image_requests();
    void image_written(const std::string& path, const std::optional<std::string>& error);
    float text_scale = 1.0f;  // Ctrl +/-
    // Presenter mode (/presentateur, F5): the window goes fullscreen, the type larger.
    bool presenter() const { return presenter_; }
    float font_scale() const;  // text_scale, times the presenter's enlargement

    // The window's part of a saved session (view options, the lesson's place), checked whole
    // before anything applies; /reinit puts it back to its start-up values.
    nlohmann::json save_view() const override;
    std::optional<std::string> check_view(const nlohmann::json& view) const override;
    void apply_view(const nlohmann::json& view) override;
    // The lesson being taught, for saved sessions: the lesson feature sets these (unset, a
    // session keeps no lesson and a saved one is not reopened).
    std::function<std::optional<LessonBookmark>()> lesson_bookmark;
    std::function<void(const LessonBookmark&)> reopen_lesson;

private:
    void sync();  // notices replays and step changes made by any command
    void reset_view();  // /reinit: the view options back to their start-up values

    // The A/B comparison (app_comparison.cpp): /comparer on|off, /b <command>. Side B is a second
    // session, kept in step with A (sentence, seed, step, every setting B does not override).
    void add_comparison_commands(CommandRegistry& registry);
    void sync_b();
    void open_comparison(const Overrides& overrides, const Settings& b);  // B = A with B's overrides
    double playhead_b() const;  // B's beads reach B's step when A's reach A's
    void draw_comparison(const ScreenLayout& screen, float scale, const Fonts& fonts, BeadRenderer* beads);
    std::unique_ptr<Session> b_;
    Overrides b_overrides_;
    std::uint64_t b_seen_a_replay_ = 0;

    Session& session_;
    CommandRegistry& registry_;
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
    InspectorState inspector_;  // /panneau: the open panel and its choices
    std::vector<std::string> image_requests_;

    // The teaching side (app_teaching.cpp): the lesson, presenter mode, the theme, the formula.
    void add_teaching_commands(CommandRegistry& registry);
    CommandResult lesson_command(const std::string& args);
    void run_lines(const std::vector<std::string>& lines);
    void draw_teaching(const ScreenLayout& screen, const Trace& trace, const FrameRecords& frame, const Fonts& fonts,
                       const CommandSink& send);
    void draw_presenter(const ScreenLayout& screen, const Trace& trace, const Trace* previous, const Fonts& fonts,
                        BeadRenderer* beads);
    void apply_theme_if_changed();
    LessonPlayer lesson_;
    bool presenter_ = false;
    Theme theme_ = Theme::Dark, applied_theme_ = Theme::Dark;  // window.cpp starts dark
};

}  // namespace tb
