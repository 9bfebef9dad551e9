#include "app.h"

#include <imgui.h>

#include <memory>

#include "compare/comparison.h"
#include "render/bead_renderer.h"
#include "scene/badge_strip.h"
#include "text/text.h"
#include "ui/help.h"
#include "ui/inspector_panels.h"
#include "ui/teaching_panels.h"

namespace tb {

struct App::Frame {
    std::shared_ptr<const Trace> trace, previous;  // kept alive for the frame
    std::shared_ptr<const Trace> plotted;          // what the plots read: `trace`, or a generation's words so far
    double playhead;
    float scale;
    const Fonts& fonts;
    BeadRenderer* beads;
    const ThemeColours& colours;
    Language language;  // the registry's (/langue, --lang), read once per frame
};

namespace {

BeadPainter painter_for(BeadRenderer* beads, const std::vector<BeadRecord>& records, bool second) {
    if (!beads) return {};
    if (second) beads->set_second(records);
    else beads->set(records);
    return {second ? &BeadRenderer::callback_second : &BeadRenderer::callback, beads};
}

}  // namespace

App::App(Session& session, CommandRegistry& registry)
    : features_(session, registry), send_([this](const std::string& line) { run(line); }) {
    features_.install();
    console_.registry = &registry;
}

double App::shown_playhead() const { return scrub_.active ? scrub_.value : features_.playback().playhead(); }

void App::draw(float width, float height, float scale, const Fonts& fonts, BeadRenderer* beads) {
    apply_theme_if_changed();
    if (features_.log().size() != log_seen_) log_seen_ = features_.log().size(), console_.scroll_to_bottom = true;
    const Session& session = features_.session();
    const Playback& playback = features_.playback();
    std::shared_ptr<const Trace> plotted = session.trace();
    if (playback.decoding() && playback.decode_instant().shown < plotted->token_count())  // no word before its time
        plotted = std::make_shared<const Trace>(first_tokens(*plotted, playback.decode_instant().shown));
    const Frame f{session.trace(), session.previous_trace(), plotted, shown_playhead(), scale, fonts, beads,
                  theme_colours(features_.teaching().theme()), features_.registry().language()};
    if (beads) beads->set_ground({f.colours.section.r / 255.f, f.colours.section.g / 255.f, f.colours.section.b / 255.f});
    show_help_markers(!features_.teaching().presenter());
    // The teacher's panels at the window's own text size; what the class reads at the user's.
    set_tool_text_scale(features_.teaching().presenter() ? 1.f : features_.layout_scale() / features_.interface_scale());
    if (features_.teaching().presenter()) draw_presenter(f, width, height);  // the evidence, large, and the lesson
    else draw_main(f, width, height);
}

void App::draw_main(const Frame& f, float width, float height) {
    const Trace& trace = *f.trace;
    const Playback& playback = features_.playback();
    ScreenLayout screen = features_.window_layout(width, height);
    // Its title, 3 lines of log, its line, at the teacher's panels' text size (help.h).
    const float console_min = ImGui::GetTextLineHeightWithSpacing() * 9.f * features_.layout_scale() / f.scale;
    const float controls_max = screen.lesson.empty() ? screen.controls.h + screen.console.h - console_min : screen.controls.h;
    share_left_column(screen, controls_.content_height, console_min);
    draw_top_bar(screen.top_bar, trace, f.fonts, send_, f.language);
    draw_controls(screen.controls, controls_max, trace.settings, controls_, playback.animation(), send_, f.language);
    draw_console(screen.console, console_, features_.log(), send_, f.language);
    Shown shown;
    draw_stacks(f, screen, shown);
    draw_teaching(f, screen, shown);  // the formula strip, the lesson panel
    draw_badges(screen.badges, shown_badges(f.previous.get(), *f.trace, f.playhead), f.fonts, f.colours, f.language, f.scale);
    draw_timeline(screen.timeline, trace, playback.playhead(), playback.playing(), scrub_, send_, f.language);
    draw_right_column(f, screen, shown);
    bool& parameters = features_.inspector().parameters_open();
    if (parameters) draw_parameters(parameters, trace, width, height, f.language);
}

// The evidence, large; with the comparison open, both stacks (a class compares them from afar).
void App::draw_presenter(const Frame& f, float width, float height) {
    const ScreenLayout screen = features_.window_layout(width, height);
    Shown shown;
    draw_stacks(f, screen, shown);
    const Playback& playback = features_.playback();
    const Compared compared = this->compared(f, shown);
    draw_timeline(screen.timeline, *f.trace, playback.playhead(), playback.playing(), scrub_, send_, f.language);
    draw_profile(screen.profile, *f.plotted, f.previous.get(), f.playhead, playback.log_scale(), f.fonts, send_, f.language, compared);
    // /panneau lentille: the lens, large, where the cosine plot and the similarity grid stand (the other panels
    // stay off the projector).
    const Panel panel = features_.inspector().panel();
    if (panel == Panel::Lens || panel == Panel::Training) {
        const Rect& a = screen.cosine, &b = screen.similarity;  // the lens takes both places: fourteen rows need the height
        const float x = std::min(a.x, b.x), y = std::min(a.y, b.y);
        const Rect both{x, y, std::max(a.right(), b.right()) - x, std::max(a.bottom(), b.bottom()) - y};
        if (panel == Panel::Lens)
            draw_lens_panel(both, *f.trace, features_.inspector().lens(), playhead_level(*f.trace, f.playhead), nullptr, f.language);
        else  // the loss curve, large: the class watches it fall under « hasard »
            draw_training_panel(both, *features_.training().snapshot(), f.trace->settings, nullptr, f.language);
    } else {
        draw_cosine(screen.cosine, *f.plotted, f.previous.get(), f.playhead, f.language, compared);
        draw_similarity(screen.similarity, *f.plotted, f.playhead, f.language, compared.trace ? " (A)" : "");
    }
    draw_teaching(f, screen, shown);
    // The parameter count stays on screen (the counter's top bar is gone): /couches 6's × 3 outlives its badge.
    const std::string count = format_count(f.trace->parameters.blocks, f.language) + tr(f.language, " paramètres (blocs)", " parameters (blocks)");
    draw_badges(screen.badges, shown_badges(f.previous.get(), *f.trace, f.playhead), f.fonts, f.colours, f.language, f.scale, count);
    draw_console_line(screen.section, console_, features_.log(), send_, f.language);  // opened by `/`
}

// One stack, or two side by side (A | B) with their labels; `shown` gets what each frame shows.
void App::draw_stacks(const Frame& f, const ScreenLayout& screen, Shown& shown) {
    const AnimationOptions& options = features_.playback().animation();
    const Comparison& comparison = features_.comparison();
    const std::string card = features_.caption();
    if (!comparison.is_open()) {
        const Layout layout = make_layout(f.trace->settings, stack_area(screen.section, !card.empty()), f.scale);
        shown.a = animate(*f.trace, layout, f.playhead, options);
        const DecodeRecords decode = told(f, *f.trace, layout, shown.a, nullptr);
        draw_cross_section(screen.section, layout, shown.a, *f.trace, f.fonts, painter_for(f.beads, shown.a.beads, false), f.language,
                           f.colours, "##coupe", &decode);
        draw_section_caption(screen.section, layout, card, f.fonts, f.colours);
        return;
    }
    shown.b_trace = comparison.b()->trace();
    const Trace& b = *shown.b_trace;
    const ComparisonLayout split = comparison_layout(screen, f.scale);
    const Layout layout_a = make_layout(f.trace->settings, stack_area(split.a, !card.empty()), f.scale),
                 layout_b = make_layout(b.settings, stack_area(split.b, !card.empty()), f.scale);
    shown.a = animate(*f.trace, layout_a, f.playhead, options);
    shown.b = animate(b, layout_b, comparison.playhead_b(f.playhead), options);
    const DecodeRecords decode_a = told(f, *f.trace, layout_a, shown.a, nullptr), decode_b = told(f, b, layout_b, shown.b, &b);
    draw_cross_section(split.a, layout_a, shown.a, *f.trace, f.fonts, painter_for(f.beads, shown.a.beads, false), f.language, f.colours,
                       "##coupe", &decode_a);
    draw_cross_section(split.b, layout_b, shown.b, b, f.fonts, painter_for(f.beads, shown.b.beads, true), f.language, f.colours,
                       "##coupe_b", &decode_b);
    draw_section_caption(split.b, layout_b, card, f.fonts, f.colours);
    // The labels: A, and B with what differs.
    const ComparisonLabels labels = comparison_labels(f.trace->settings, b.settings, comparison.overrides(), f.language);
    draw_comparison_labels(split, labels, f.fonts, features_.teaching().theme());
}

// A generation told (scene/decode.h): A's, or side B's telling of A's words (`b`), at the same
// share of its story; nothing when no generation is being told.
DecodeRecords App::told(const Frame& f, const Trace& trace, const Layout& layout, FrameRecords& frame, const Trace* b) const {
    const Playback& playback = features_.playback();
    const Generation* a = playback.decoding();
    if (!a) return {};
    const std::shared_ptr<const Generation> on_b = b ? generation_on(*b, *a) : nullptr;
    const Generation& g = b ? *on_b : *a;
    if (b && !on_b) return {};
    const double beat = b ? playback.beat() * decode_beats(g) / std::max(1e-9, decode_beats(*a)) : playback.beat();
    const DecodeInstant at = decode_instant(g, beat);
    if (b) frame = animate(trace, layout, at.playhead, playback.animation());
    return decode_frame(frame, trace, layout, g, at, playback.animation(), vocabulary_words(), f.language);
}

std::vector<std::string> App::vocabulary_words() const { return generation_words(features_.session().vocabulary()); }

Compared App::compared(const Frame& f, const Shown& shown) const {
    if (!shown.b_trace) return {};
    return {shown.b_trace.get(), features_.comparison().playhead_b(f.playhead)};
}

// The norm profile, and below it the inspector's tabs with the open panel (or the cosine plot, the
// legend and the similarity grid when none is open).
void App::draw_right_column(const Frame& f, const ScreenLayout& screen, const Shown& shown) {
    // The panel buttons' row at the teacher's panels' text size (help.h's begin_tool_panel).
    const float button_h = ImGui::GetFontSize() * tool_text_scale() + 2 * ImGui::GetStyle().FramePadding.y;
    const InspectorLayout inspector = inspector_layout(screen, features_.inspector().panel() != Panel::None, button_h);
    const Compared compared = this->compared(f, shown);
    draw_profile(inspector.profile, *f.plotted, f.previous.get(), f.playhead, features_.playback().log_scale(), f.fonts, send_, f.language,
                 compared);
    draw_inspector_tabs(inspector.tabs, features_.inspector().panel(), send_, f.language);
    if (features_.inspector().panel() == Panel::None) {
        draw_cosine(inspector.cosine, *f.plotted, f.previous.get(), f.playhead, f.language, compared);
        draw_legend(inspector.legend, f.language);
        draw_similarity(inspector.similarity, *f.plotted, f.playhead, f.language, compared.trace ? " (A)" : "");
        return;
    }
    draw_inspector(f, inspector);
}

void App::draw_inspector(const Frame& f, const InspectorLayout& inspector) {
    Inspector& in = features_.inspector();
    const Trace& trace = *f.trace;
    switch (in.panel()) {
        case Panel::None: break;
        case Panel::Attention:
            draw_attention_panel(inspector.body, trace, in.state(), features_.playback().animation().head, send_,
                                 f.language);
            break;
        case Panel::Neurons: draw_neurons_panel(inspector.body, trace, features_.session().vocabulary(), in.state(), send_, f.language); break;
        case Panel::Norm: draw_layer_norm_panel(inspector.body, trace, in.state(), playhead_level(trace, f.playhead), send_, f.language); break;
        case Panel::Gradients: draw_gradients_panel(inspector.body, trace, in.gradients(), features_.training().snapshot().get(), send_, f.language); break;
        case Panel::Raschka: draw_raschka_panel(inspector.body, trace, in.gradients(), send_, f.language); break;
        case Panel::Scale: draw_scale_panel(inspector.body, trace, in.state(), send_, f.language); break;
        case Panel::Memory: draw_memory_panel(inspector.body, trace, in.state(), send_, f.language); break;
        case Panel::Superposition: draw_superposition_panel(inspector.body, trace, in.superposition(), send_, f.language); break;
        case Panel::Output:
            draw_output_panel(inspector.body, trace, features_.comparison().is_open() ? features_.comparison().b()->trace().get() : nullptr,
                              features_.session().vocabulary(), send_, f.language);
            break;
        case Panel::Lens: draw_lens_panel(inspector.body, trace, in.lens(), playhead_level(trace, f.playhead), &send_, f.language); break;
        case Panel::Training:
            draw_training_panel(inspector.body, *features_.training().snapshot(), trace.settings, &send_, f.language);
            break;
        case Panel::Sweep: {
            const std::optional<SweepProgress> running = features_.sweep().progress();
            draw_sweep_panel(inspector.body, features_.session().last_sweep().get(), running ? &*running : nullptr, send_, f.language);
            break;
        }
        case Panel::Generation: {
            const Playback& playback = features_.playback();
            const DecodeInstant at = playback.decode_instant();
            draw_generation_panel(inspector.body, playback.decoding(), at.finished ? at.word : std::max(1, at.word), vocabulary_words(),
                                  send_, f.language);
            break;
        }
    }
}

// The formula strip (the term the beads cross lit; in A/B, A's block over B's) and, with a lesson
// open, the lesson panel.
void App::draw_teaching(const Frame& f, const ScreenLayout& screen, const Shown& shown) {
    const Settings& s = f.trace->settings;
    const Teaching& teaching = features_.teaching();
    const auto row = [](const Settings& settings, const FrameRecords& frame, std::string label) {
        // The sublayer the beads are in; at rest, nothing.
        const int k = frame.active_level;
        const Part part = frame.phase > 0 ? part_of_level(settings, k) : Part::Both;
        return FormulaRow{std::move(label), block_formula(settings), active_term(settings, k, frame.phase), part};
    };
    std::vector<FormulaRow> rows;
    if (shown.b_trace) rows = {row(s, shown.a, "A"), row(shown.b_trace->settings, shown.b, "B")};
    else rows = {row(s, shown.a, "")};
    std::string note;
    if (rows.front().part != Part::Both)
        note = std::string(rows.front().part == Part::Attention ? tr(f.language, "attention ", "attention ") : "FFN ") +
               std::to_string((shown.a.active_level + 1) / 2);
    draw_formula(screen.formula, rows, note, f.fonts, f.colours, teaching.theme());
    if (teaching.lesson().is_open()) {
        LessonTraining training;
        if (features_.training().running() && !features_.training().reopening()) {
            const auto snapshot = features_.training().snapshot();
            training = {snapshot->running, static_cast<int>(snapshot->losses.size()), snapshot->target};
        }
        draw_lesson(screen.lesson, teaching.lesson(), f.fonts, f.colours, send_, f.language, training);
    }
}

void App::apply_theme_if_changed() {
    const Theme theme = features_.teaching().theme();
    if (theme == applied_theme_) return;
    apply_theme_style(theme);
    applied_theme_ = theme;
}

}  // namespace tb
