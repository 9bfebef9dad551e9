#pragma once
// The window's features, wired together without a window: playback (the playhead and the view
// options), teaching (lesson, presenter, theme), the A/B comparison and the inspector, each a plain
// object with its own commands; the log; the image exports waiting for a frame. The App draws
// them; tests drive them through run() exactly as the console does. Pure: no GL, GLFW or ImGui.
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "features/compare_feature.h"
#include "files/exports.h"
#include "inspector/inspector_feature.h"
#include "commands/link_command.h"
#include "features/console_log.h"
#include "playback/playback.h"
#include "scene/svg.h"
#include "scene/screen.h"
#include "files/session_file.h"
#include "teaching/teaching.h"
#include "live_training/live_training.h"
#include "live_training/live_sweep.h"

namespace tb {

class Features : public SessionView, private LineRunner {
public:
    // `session` and `registry` must outlive the features. Nothing is registered yet.
    Features(Session& session, CommandRegistry& registry);
    Features(const Features&) = delete;
    Features& operator=(const Features&) = delete;

    // Registers every window command (each feature's declarations), /exporter with its image kind,
    // /session with the view and /lien with the view and the clipboard; hooks /parametres (opens its window) and /reinit (the view back
    // to start-up) by name in the registry, so that they react to what the registry ran.
    void install();
    // Without the window: the same declarations, each answering that it needs the window, then
    // /exporter (no image; its SVG in a window of width x height, --size), /session (no view) and
    // /lien (the model's part).
    static void install_headless(Session& session, CommandRegistry& registry, int width = 1600, int height = 900);
    // Every window command, as each feature declares it.
    std::vector<Command> declarations();

    // Runs one command line as if typed: echoed in the log with its answer, then every feature
    // notices what it did.
    CommandResult run(const std::string& line) override;
    void update(double dt);  // the frame loop's time; logs the end of a live training
    // Waits for a live training or sweep to end on its own and logs its summary (tests, the end of a
    // script: a script reads as headless).
    void wait_for_training();
    void sync();

    Session& session() { return session_; }
    const Session& session() const { return session_; }
    const CommandRegistry& registry() const { return registry_; }
    Playback& playback() { return playback_; }
    const Playback& playback() const { return playback_; }
    const Teaching& teaching() const { return teaching_; }
    const Comparison& comparison() const { return comparison_; }
    LiveTraining& training() { return training_; }
    const LiveTraining& training() const { return training_; }
    LiveSweep& sweep() { return sweep_; }
    const LiveSweep& sweep() const { return sweep_; }
    Inspector& inspector() { return inspector_; }
    const Inspector& inspector() const { return inspector_; }
    const std::vector<LogLine>& log() const { return log_; }
    // Every line enters the log here, cut at kMaxLogChars characters: ImGui draws a wrapped item
    // whole (16-bit indices: about 16 000 glyphs a window), and a reply may echo a file's content.
    // The longest reply, /aide, has about 5 200.
    static constexpr std::size_t kMaxLogChars = 6000;
    void add_log(LogLine line);
    // What to notice, over the cross-section (the /melanger reply: presenter mode has no console);
    // empty once the model or the sentence changes again. While a session reopens, how far its
    // training has come.
    std::string caption() const;
    // The body text in pixels and the interface scale (text_px / kBaseTextPx) for the window's size
    // (scene/screen.h's rule: the text grows with the window), times the user's text size (/vue
    // texte). Presenter mode's is at least the room's (presenter_text_px of its enlargement): the
    // user's size wins where larger, the same text in both modes.
    float text_px() const {
        const float px = tb::text_px(window_width_, window_height_, content_scale_, playback_.text_scale());
        return teaching_.presenter() ? std::max(px, room_text_px()) : px;
    }
    float room_text_px() const {  // presenter mode's enlargement, capped by the height
        const float px = tb::text_px(window_width_, window_height_, content_scale_, teaching_.text_factor());
        return presenter_text_px(px, window_height_, content_scale_);
    }
    float interface_scale() const { return text_px() / kBaseTextPx; }
    // The interface scale at the user's text size 1: the window's columns, and so the stack, keep
    // their size when /vue texte grows the text (issue 33: at 1,5 the stack fell to 15 px beads).
    float layout_scale() const;
    // Where each panel sits now (presenter mode or not, the lesson, A/B): App::draw's and the SVG's.
    ScreenLayout window_layout(float width, float height) const;

    // /exporter image: the pixels are read inside a frame, so the command queues the path and the
    // frame loop takes the queue at the end of its next frame, then reports each result.
    std::vector<std::string> take_image_requests();
    bool images_pending() const { return !image_requests_.empty(); }
    void image_written(const std::string& path, const std::optional<std::string>& error);

    // /lien's fragment, to put on the clipboard: the frame loop takes it once (nothing until the next /lien).
    std::optional<std::string> take_clipboard();
    // /lien's state: the model's lines with the view around them (persist/view_link.h).
    StateLink link_state();  // not const: the inspector's parameters_open() is not

    // The window's size (ImGui's display size) and the monitor's content scale, told by the frame
    // loop every frame (before the first: --size, else 1600x900 at scale 1).
    void set_window(float width, float height, float content_scale);
    // /exporter svg: the cross-section as the window draws it at its size and scale (presenter
    // mode, lesson, A/B), at rest at the step (scene/svg.h).
    std::string svg() const;

    // The window's part of a saved session, checked whole before anything applies.
    nlohmann::json save_view() const override;
    std::optional<std::string> check_view(const nlohmann::json& view) const override;
    void apply_view(const nlohmann::json& view) override;
    std::optional<Settings> side_b_settings(const nlohmann::json& view, const Settings& a) const override;
    Session* side_b() override { return comparison_.b(); }
    const Session* side_b() const override { return comparison_.b(); }

private:
    CommandResult request_image(const std::string& path);
    void after(const std::string& name, void (Features::*react)());
    void open_parameters() { inspector_.parameters_open() = true; }
    void shuffled();
    void reset_view();
    void show_training();
    void show_generation();
    void show_sweep();
    void tell_shown_generation(SvgSide& side, const Trace* b) const;
    CommandResult open_session_file(const std::string& path);  // /session ouvrir: its training on the worker
    bool busy() const override { return training_.running() || sweep_.running(); }  // a lesson's lines wait (teaching.h)

    Session& session_;
    CommandRegistry& registry_;
    Playback playback_;
    Teaching teaching_;
    Comparison comparison_;
    Inspector inspector_;
    std::vector<LogLine> log_;
    LiveTraining training_;  // after log_: its worker stops before the rest goes
    LiveSweep sweep_;        // /graines in the background, likewise
    std::vector<std::string> image_requests_;
    std::optional<std::string> clipboard_;  // /lien's fragment, until the frame loop takes it
    std::string caption_;
    std::shared_ptr<const Trace> caption_trace_;  // the trace the caption speaks of
    bool shuffled_now_ = false;  // set by /melanger's hook during run()
    float window_width_ = 1600, window_height_ = 900, content_scale_ = 1;
};

}  // namespace tb
