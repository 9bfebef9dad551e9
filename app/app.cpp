#include "app.h"

#include <imgui.h>

#include <algorithm>

#include "render/bead_renderer.h"
#include "text.h"
#include "ui/panels.h"

namespace tb {

App::App(Session& session, CommandRegistry& registry) : session_(session), registry_(registry) {
    console_.registry = &registry;
    seen_replay_ = session.replay_count();
    seen_step_ = session.settings().step;
    playhead_ = 0;  // the sentence rises from the input at start-up
    log_.push_back({LogLine::Kind::Reply, text().welcome});
}


CommandResult App::run(const std::string& line) {
    log_.push_back({LogLine::Kind::Command, line});
    const CommandResult result = registry_.execute(session_, line);
    if (!result.message.empty()) log_.push_back({result.ok ? LogLine::Kind::Reply : LogLine::Kind::Error, result.message});
    console_.scroll_to_bottom = true;
    if (result.ok) {
        // /parametres also opens its panel.
        const std::string word = line.substr(0, line.find(' '));
        const Command* command = registry_.find(word);
        if (command && command->name == "parametres") show_parameters_ = true;
    }
    sync();
    return result;
}

void App::sync() {
    const Settings& s = session_.settings();
    if (session_.replay_count() != seen_replay_) {  // every change replays the sentence
        seen_replay_ = session_.replay_count();
        playhead_ = 0;
        playing_ = true;
        pinned_ = false;
    }
    if (s.step != seen_step_) {
        seen_step_ = s.step;
        if (playhead_ > s.step) playhead_ = s.step;
        else playing_ = true;
    }
    playhead_ = std::clamp(playhead_, 0.0, static_cast<double>(s.step));
}

void App::update(double dt) {
    sync();
    if (!playing_) return;
    const double stop = session_.settings().step;
    playhead_ = std::min(stop, playhead_ + std::max(0.0, dt) / std::max(0.05, animation_.seconds_per_level));
}

bool App::animating() const { return playing_ && playhead_ < session_.settings().step; }

void App::pin_playhead(double level) {
    sync();
    playhead_ = std::clamp(level, 0.0, static_cast<double>(session_.settings().step));
    playing_ = false;
    pinned_ = true;
}

void App::finish_animation() {
    sync();
    playhead_ = session_.settings().step;
}

void App::draw(float width, float height, float scale, const Fonts& fonts, BeadRenderer* beads) {
    const std::shared_ptr<const Trace> trace = session_.trace();  // kept alive for the frame
    const std::shared_ptr<const Trace> previous = session_.previous_trace();
    const ScreenLayout screen = screen_layout(width, height, scale);
    const CommandSink send = [this](const std::string& line) { run(line); };

    draw_top_bar(screen.top_bar, *trace, fonts, send);
    draw_controls(screen.controls, trace->settings, controls_, animation_, send);
    draw_console(screen.console, console_, log_, send);

    const Layout layout = make_layout(trace->settings, screen.section);
    const FrameRecords frame = animate(*trace, layout, playhead_, animation_);
    BeadPainter painter;
    if (beads) {
        beads->set(frame.beads);
        painter.callback = &BeadRenderer::callback;
        painter.user = beads;
    }
    draw_cross_section(screen.section, layout, frame, *trace, fonts, painter);
    draw_timeline(screen.timeline, *trace, playhead_, playing_, send);
    draw_profile(screen.profile, *trace, previous.get(), playhead_, log_scale_, fonts);
    draw_cosine(screen.cosine, *trace, previous.get(), playhead_);
    draw_legend(screen.legend);
    if (show_parameters_) draw_parameters(show_parameters_, *trace, width, height);
}

}  // namespace tb
