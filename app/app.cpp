#include "app.h"

#include <imgui.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "render/bead_renderer.h"
#include "text/text.h"
#include "ui/export_bar.h"
#include "ui/panels.h"

namespace tb {

App::App(Session& session, CommandRegistry& registry) : session_(session), registry_(registry) {
    console_.registry = &registry;
    seen_replay_ = session.replay_count();
    seen_step_ = session.settings().step;
    playhead_ = 0;  // the sentence rises from the input at start-up
    log_.push_back({LogLine::Kind::Reply, text().welcome});
    registry.add(make_panel_command(inspector_.panel));
    registry.add_help_note(std::string("Touches : ") + text_in(Language::French).keys_help,
                           std::string("Keys: ") + text_in(Language::English).keys_help);
    add_teaching_commands(registry);  // /lecon, /presentateur, /theme (app_teaching.cpp)
    add_comparison_commands(registry);  // /comparer, /b (app_comparison.cpp)
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
        if (command && command->name == "reinit") reset_view();
    }
    sync();
    return result;
}

ImageExporter App::image_exporter() {
    return [this](const std::string& path) -> CommandResult {
        namespace fs = std::filesystem;
        std::error_code ec;
        const fs::path target = fs::absolute(path, ec).lexically_normal();
        const fs::path folder = target.parent_path();
        if (ec || !fs::is_directory(folder, ec) || ::access(folder.c_str(), W_OK) != 0 || fs::is_directory(target, ec))
            return CommandResult(false, "/exporter : impossible d'écrire dans « " + path + " » (dossier absent ou protégé)",
                          "/exporter: cannot write to « " + path + " » (missing or protected folder)");
        image_requests_.push_back(target.string());
        return CommandResult(true, "image demandée : écrite à la fin de l'image suivante dans « " + target.string() + " »",
                      "picture requested: written at the end of the next frame to « " + target.string() + " »");
    };
}

std::vector<std::string> App::take_image_requests() {
    std::vector<std::string> out;
    out.swap(image_requests_);
    return out;
}

void App::image_written(const std::string& path, const std::optional<std::string>& error) {
    if (error) log_.push_back({LogLine::Kind::Error, "/exporter image : " + *error});
    else log_.push_back({LogLine::Kind::Reply, tr("vue enregistrée (PNG) dans « ", "view saved (PNG) to « ") + path + " »"});
    console_.scroll_to_bottom = true;
}

// /reinit puts the view back too; the theme and the text size stay: they suit the room (the
// projector, the back row), not the lesson, and a lesson opens with /reinit.
void App::reset_view() {
    const ViewState start;
    log_scale_ = start.log_scale;
    animation_.head = start.head;
    animation_.seconds_per_level = start.seconds_per_level;
    b_.reset();  // one stack again
}

nlohmann::json App::save_view() const {
    ViewState v;
    v.text_scale = text_scale;
    v.log_scale = log_scale_;
    v.head = animation_.head;
    v.seconds_per_level = animation_.seconds_per_level;
    v.light_theme = theme_ == Theme::Light;
    if (b_) v.comparison = ViewState::Comparison{b_overrides_, b_->settings()};
    if (lesson_bookmark) v.lesson = lesson_bookmark();
    return view_to_json(v);
}

std::optional<std::string> App::check_view(const nlohmann::json& view) const {
    ViewState v;
    return view_from_json(view, session_.settings().heads, v);
}

void App::apply_view(const nlohmann::json& view) {
    ViewState v;
    if (view_from_json(view, session_.settings().heads, v)) return;  // checked before: cannot happen
    text_scale = v.text_scale;
    log_scale_ = v.log_scale;
    animation_.head = v.head;
    animation_.seconds_per_level = v.seconds_per_level;
    theme_ = v.light_theme ? Theme::Light : Theme::Dark;
    if (v.comparison) open_comparison(v.comparison->overrides, v.comparison->b);
    else b_.reset();
    if (v.lesson && reopen_lesson) {
        // A lesson starts from /reinit: reopen it at its step, then put the saved settings back.
        const Settings saved = session_.settings();
        reopen_lesson(*v.lesson);
        session_.apply(saved);
    }
    sync();
}

void App::sync() {
    set_language(registry_.language());  // /langue speaks for the interface too
    sync_b();  // side B of a comparison follows A's sentence, seed and step
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
    apply_theme_if_changed();
    if (presenter_) {  // only the cross-section, the profile and the lesson (app_teaching.cpp)
        draw_presenter(presenter_layout(width, height, scale, lesson_.is_open()), *trace, previous.get(), fonts, beads);
        return;
    }
    ScreenLayout screen = screen_layout(width, height, scale, lesson_.is_open());
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
    if (b_) draw_comparison(screen, scale, fonts, beads);  // two stacks, A | B
    else draw_cross_section(screen.section, layout, frame, *trace, fonts, painter, theme_colours(theme_));
    draw_teaching(screen, *trace, frame, fonts, send);  // the formula strip, the lesson panel
    draw_timeline(screen.timeline, *trace, playhead_, playing_, send);
    // The inspector (/panneau) takes the cosine plot's and the legend's place, and half the profile's.
    const InspectorLayout inspector = inspector_layout(screen, inspector_.panel != Panel::None, ImGui::GetFrameHeight());
    const std::shared_ptr<const Trace> trace_b = b_ ? b_->trace() : nullptr;
    const Compared compared{trace_b.get(), b_ ? playhead_b() : 0.0};
    draw_profile(inspector.profile, *trace, previous.get(), playhead_, log_scale_, fonts, compared);
    draw_inspector_tabs(inspector.tabs, inspector_.panel, send);
    switch (inspector_.panel) {
        case Panel::None:
            draw_cosine(inspector.cosine, *trace, previous.get(), playhead_, compared);
            draw_legend(inspector.legend);
            break;
        case Panel::Attention: draw_attention_panel(inspector.body, *trace, inspector_, animation_.head); break;
        case Panel::Neurons: draw_neurons_panel(inspector.body, *trace, inspector_); break;
        case Panel::Norm: draw_layer_norm_panel(inspector.body, *trace, inspector_, playhead_level(*trace, playhead_)); break;
        case Panel::Gradients: draw_gradients_panel(inspector.body, trace, inspector_, send); break;
        case Panel::Scale: draw_scale_panel(inspector.body, *trace); break;
        case Panel::Output: draw_output_panel(inspector.body, *trace, session_.vocabulary()); break;
    }
    if (show_parameters_) draw_parameters(show_parameters_, *trace, width, height);
}

}  // namespace tb
