#include "features/window_features.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "base/numbers.h"
#include "persist/data_dir.h"
#include "persist/view_link.h"
#include "scene/badge_strip.h"
#include "scene/svg.h"
#include "text/text.h"

namespace tb {
Features::Features(Session& session, CommandRegistry& registry)
    : session_(session), registry_(registry), playback_(session), teaching_(session, *this),
      comparison_(session, registry, playback_), training_(session, [this] { return comparison_.b(); }),
      sweep_(
          session,
          [this]() -> const Session* {
              comparison_.sync();
              return comparison_.b();
          },
          [this] { return training_.running(); }) {}

std::vector<Command> Features::declarations() {
    std::vector<Command> out;
    auto append = [&out](std::vector<Command> more) {
        for (auto& c : more) out.push_back(std::move(c));
    };
    append(inspector_.commands());
    append(teaching_.commands());
    append(comparison_.commands());
    append(playback_.commands());
    return out;
}

void Features::install() {
    // The welcome in both languages: drawn in the one of the moment (--lang en, then /langue).
    add_log({LogLine::Kind::Reply, text_in(Language::French).welcome, text_in(Language::English).welcome});
    for (Command& c : declarations()) registry_.add(std::move(c));
    registry_.add_help_note(std::string("Touches : ") + text_in(Language::French).keys_help,
                            std::string("Keys: ") + text_in(Language::English).keys_help);
    if (Command* parametres = registry_.find("parametres"))  // opens its window; the console points to it
        parametres->run = [this, inner = parametres->run](Session& session, const Args& args) {
            const CommandResult result = inner(session, args);
            if (!result.ok) return result;
            open_parameters();
            return CommandResult(true, parameters_reply(*session.trace(), teaching_.presenter()));
        };
    after("reinit", &Features::reset_view);
    after("melanger", &Features::shuffled);              // the beads slide to their new places
    add_export_commands(
        registry_, [this](const std::string& path) { return request_image(path); }, [this](const Session&) { return svg(); },
        [this]() -> const Session* { return comparison_.b(); });
    add_session_commands(registry_, this, [this](const std::string& path) { return open_session_file(path); });
    training_.install(registry_);  // it wraps every command that may change the model
    sweep_.install(registry_, LiveTraining::lets_through);  // /graines in the background; then its /entrainer stop cancels it
    after("entrainer", &Features::show_training);
    after("generer", &Features::show_generation);
    after("graines", &Features::show_sweep);  // after it: install() replaced /entrainer
    // After it: /lien changes nothing, so a training goes on while the link is made.
    add_link_command(
        registry_, [this](const Session&) { return link_state(); },
        [this](const std::string& fragment) -> std::optional<Text> {
            clipboard_ = fragment;
            return Text{"copié dans le presse-papiers", "copied to the clipboard"};
        });
}

// Hooks the command the registry runs under `name`: after it succeeds, `react` runs. However the
// line was typed (" /Réinit"), the registry found the command, so the reaction follows. A name the
// registry lacks is a programming error, as a name taken twice is for add().
void Features::after(const std::string& name, void (Features::*react)()) {
    Command* command = registry_.find(name);
    if (!command) throw std::logic_error("Features::after: no command /" + name);
    Handler inner = command->run;
    command->run = [this, inner, react](Session& session, const Args& args) {
        CommandResult result = inner(session, args);
        if (result.ok) (this->*react)();
        return result;
    };
}

// /entrainer N shows its curve at once: the training panel opens, unless a panel already shows the
// run (the gradients panel draws its gradients along the training). /entrainer stop opens nothing.
void Features::show_training() {
    const Panel panel = inspector_.panel();
    if (training_.running() && panel != Panel::Training && panel != Panel::Gradients) inspector_.state().panel = Panel::Training;
}

// /generer tells its generation in the cross-section; its panel (the logits, the probabilities and
// the counters) opens beside it.
void Features::show_generation() { inspector_.state().panel = Panel::Generation; }
// /graines draws its spread: every seed's curve, the median and its band, the rows.
void Features::show_sweep() { inspector_.state().panel = Panel::Sweep; }

// /reinit puts the view back too; the theme, the text size and full screen stay: they suit the
// room (the projector, the back row), not the lesson, and a lesson opens with /reinit.
void Features::reset_view() {
    playback_.reset();
    comparison_.close();  // one stack again
}

// /melanger: the beads slide to their new places instead of rising again, and its reply stays over
// the cross-section.
void Features::shuffled() {
    if (const auto before = session_.previous_trace()) playback_.shuffled(moved_from(*before, *session_.trace()));
    shuffled_now_ = true;
}

namespace {

std::string cut_for_the_log(std::string text) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && ++chars > Features::kMaxLogChars) {
            text.resize(i);
            return text + "…";
        }
    return text;
}

}  // namespace

void Features::add_log(LogLine line) {
    line.text = cut_for_the_log(std::move(line.text));
    line.text_en = cut_for_the_log(std::move(line.text_en));
    log_.push_back(std::move(line));
}

CommandResult Features::run(const std::string& line) {
    add_log({LogLine::Kind::Command, line});
    shuffled_now_ = false;
    const CommandResult result = registry_.execute(session_, line);
    if (shuffled_now_) caption_ = result.message, caption_trace_ = session_.trace();
    if (!result.message.empty()) add_log({result.ok ? LogLine::Kind::Reply : LogLine::Kind::Error, result.message});
    sync();
    return result;
}

void Features::sync() {
    comparison_.sync();  // side B follows A's sentence, seed and step
    playback_.sync();
    const Session* b = comparison_.is_open() ? comparison_.b() : nullptr;
    inspector_.update(session_.trace(), session_.vocabulary(), b ? b->trace() : nullptr, b ? &b->vocabulary() : nullptr);
}

namespace {
LogLine said(const CommandResult& r) {
    return {r.ok ? LogLine::Kind::Reply : LogLine::Kind::Error, r.message, r.english.empty() ? r.message : r.english};
}
}  // namespace

void Features::update(double dt) {
    if (const std::optional<CommandResult> ended = training_.poll()) add_log(said(*ended));
    if (const std::optional<CommandResult> ended = sweep_.poll()) add_log(said(*ended));
    teaching_.resume();  // a lesson's lines after its training
    sync();
    playback_.update(dt);
}

void Features::wait_for_training() {
    do {  // a lesson's lines may start another training
        if (const std::optional<CommandResult> ended = training_.wait()) add_log(said(*ended));
        if (const std::optional<CommandResult> ended = sweep_.wait()) add_log(said(*ended));
        teaching_.resume();
    } while (training_.running() || sweep_.running());
    sync();
}

// Checked and its corpora read at once (a refusal changes nothing); a file with a training then
// trains on the worker and opens when it is done, so the window never freezes (a 10 000-step
// session takes seconds); one without opens at once.
CommandResult Features::open_session_file(const std::string& path) {
    SessionOpening opening;
    const CommandResult checked = check_opening(session_, path, this, opening);
    if (!checked.ok) return checked;
    auto commit = [this](const SessionOpening& o, TrainedModels&& models) {
        CommandResult done = finish_opening(session_, o, std::move(models), this);
        sync();
        return done;
    };
    if (opening.steps() > 0) return training_.reopen(std::move(opening), commit);
    TrainedModels models;
    if (auto error = train_opening(opening, std::make_shared<const Vocabulary>(session_.vocabulary()), models))
        return CommandResult(false, "session non ouverte : " + *error + " ; rien n'a changé", "session not opened: " + *error + "; nothing changed");
    return commit(opening, std::move(models));
}

std::string Features::caption() const {
    if (const std::optional<LiveTraining::Reopening> r = training_.reopening())
        return tr(registry_.language(), "réentraînement de la session… ", "retraining the session… ") + format_count(r->done, registry_.language()) +
               " / " + format_count(r->total, registry_.language());
    return session_.trace() == caption_trace_ ? caption_ : std::string();
}

CommandResult Features::request_image(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path target = fs::absolute(path, ec).lexically_normal();
    const fs::path folder = target.parent_path();
    // Refused at once, as the writer would at the end of the frame (a read-only file, a FIFO…).
    if (auto refusal = write_refusal(path))
        return CommandResult(false, "/exporter image : " + refusal->fr, "/exporter image: " + refusal->en);
    if (ec || !fs::is_directory(folder, ec) || ::access(folder.c_str(), W_OK) != 0 || fs::is_directory(target, ec))
        return CommandResult(false, "/exporter : impossible d'écrire dans " + quoted_path(path) + " (dossier absent ou protégé)",
                             "/exporter: cannot write to " + quoted_path(path, Language::English) + " (missing or protected folder)");
    image_requests_.push_back(target.string());
    return CommandResult(true, "image demandée : écrite à la fin de l'image suivante dans " + quoted_path(target.string()),
                         "picture requested: written at the end of the next frame to " + quoted_path(target.string(), Language::English));
}

namespace {
// The choices as the panels draw them on `trace`: a block, a word and a neuron it has.
void clamp_to_model(InspectorView& v, const Trace& trace) {
    v.block = std::clamp(v.block, 1, trace.settings.layers);
    v.token = std::clamp(v.token, 0, trace.token_count() - 1);
    const int w = trace.levels.size() > 2 ? static_cast<int>(trace.levels[2].hidden.cols()) : trace.settings.ffn;
    v.neuron = std::clamp(v.neuron, 0, w - 1);
}
}  // namespace

std::optional<std::string> Features::take_clipboard() {
    std::optional<std::string> out;
    out.swap(clipboard_);
    return out;
}

StateLink Features::link_state() {
    WindowLink w;
    playback_.save(w.view);
    comparison_.save(w.view);
    w.view.light_theme = teaching_.theme() == Theme::Light;
    w.presenter = teaching_.presenter();
    inspector_.save(w.view);
    clamp_to_model(w.view.inspector, *session_.trace());  // a link's lines must pass on this model
    if (inspector_.panel() != Panel::None) w.panel = panel_word(inspector_.panel());
    w.parameters_open = inspector_.parameters_open();
    const LessonPlayer& lesson = teaching_.lesson();
    const std::optional<std::string> data = find_data_dir();
    const std::optional<std::string> name = lesson.is_open() && data ? builtin_lesson_name(lesson.path(), *data + "/assets/lessons") : std::nullopt;
    if (name) {
        LinkLesson l{*name, lesson.index(), lesson.step().has_question(), lesson.revealed(), {"/reinit"}};
        for (int i = 0; i <= l.step; ++i)
            if (i < l.step || l.revealed)
                for (const LessonLine& c : lesson.lesson().steps[static_cast<std::size_t>(i)].commands) l.lines.push_back(c.text);
        w.lesson = std::move(l);
    }
    StateLink link = window_link(session_, w);
    if (lesson.is_open() && !name)
        link.notes.push_back({"la leçon ouverte vient d'un fichier : elle n'est pas dans le lien (un lien n'ouvre que les leçons intégrées)",
                              "the open lesson comes from a file: it is not in the link (a link opens built-in lessons only)"});
    return link;
}

std::vector<std::string> Features::take_image_requests() {
    std::vector<std::string> out;
    out.swap(image_requests_);
    return out;
}

void Features::image_written(const std::string& path, const std::optional<std::string>& error) {
    if (error) add_log({LogLine::Kind::Error, "/exporter image : " + *error});
    else
        add_log(
            {LogLine::Kind::Reply,
             tr(registry_.language(), "vue enregistrée (PNG) dans ", "view saved (PNG) to ") + quoted_path(path, registry_.language())});
}

void Features::set_window(float width, float height, float content_scale) {
    window_width_ = width;
    window_height_ = height;
    content_scale_ = content_scale;
}

float Features::layout_scale() const {
    const float px = teaching_.presenter() ? room_text_px() : tb::text_px(window_width_, window_height_, content_scale_, 1.f);
    return px / kBaseTextPx;
}

ScreenLayout Features::window_layout(float w, float h) const {
    const float scale = layout_scale(), text = interface_scale();
    const bool lesson = teaching_.lesson().is_open();
    ScreenLayout screen =
        teaching_.presenter() ? presenter_layout(w, h, scale, lesson, text) : screen_layout(w, h, scale, lesson, text);
    if (comparison_.is_open()) screen = comparison_screen(screen, text);  // A/B splits the section (in presenter mode too)
    return screen;
}

// As App::draw lays the window out.
std::string Features::svg() const {
    const float scale = interface_scale();
    const ScreenLayout screen = window_layout(window_width_, window_height_);
    SvgPicture picture;
    picture.width = window_width_;
    picture.height = window_height_;
    picture.theme = theme_colours(teaching_.theme());
    picture.language = registry_.language();
    picture.badges = shown_badges(session_.previous_trace().get(), *session_.trace(), session_.settings().step);
    picture.badges_rect = screen.badges;
    picture.scale = scale;
    const AnimationOptions& options = playback_.animation();
    if (!comparison_.is_open()) {
        picture.sides.push_back(svg_side_at_rest(session_.trace(), screen.section, options, 0, scale));
        tell_shown_generation(picture.sides[0], nullptr);
        return cross_section_svg(picture);
    }
    const ComparisonLayout split = comparison_layout(screen, scale);
    const std::shared_ptr<const Trace> b = comparison_.b()->trace();
    const ComparisonLabels labels =
        comparison_labels(session_.settings(), b->settings, comparison_.overrides(), picture.language);
    picture.sides.push_back(svg_side_at_rest(session_.trace(), split.a, options, 'a', scale));
    picture.sides.push_back(svg_side_at_rest(b, split.b, options, 'b', scale));
    picture.sides[0].label = labels.a, picture.sides[0].label_short = labels.a_short;
    picture.sides[0].label_rect = split.label_a;
    picture.sides[1].label = labels.b, picture.sides[1].label_short = labels.b_short;
    picture.sides[1].label_rect = split.label_b;
    picture.sides[0].label_colour = side_colour(ComparedSide::A, teaching_.theme());  // as in the window
    picture.sides[1].label_colour = side_colour(ComparedSide::B, teaching_.theme());
    tell_shown_generation(picture.sides[0], nullptr);
    tell_shown_generation(picture.sides[1], b.get());
    return cross_section_svg(picture);
}

// The last generation, where the stack shows it: at the instant pinned (the test hook's beat, a
// handout's still) or at the end of its story; side B tells A's words on its own stack (`b`), at
// the same share of its story.
void Features::tell_shown_generation(SvgSide& side, const Trace* b) const {
    const std::shared_ptr<const Generation>& a = session_.generation().last;
    if (!a) return;
    const bool pinned = playback_.pinned() && playback_.decoding() == a.get();
    const double share = pinned ? playback_.beat() / std::max(1e-9, decode_beats(*a)) : 1.0;
    const std::shared_ptr<const Generation> on_b = b ? generation_on(*b, *a) : nullptr;
    if (b && !on_b) return;
    const Generation& g = b ? *on_b : *a;
    tell_generation(side, g, share * decode_beats(g), generation_words(session_.vocabulary()), registry_.language(),
                    playback_.animation());
}

nlohmann::json Features::save_view() const {
    ViewState v;
    playback_.save(v);
    teaching_.save(v);
    comparison_.save(v);
    inspector_.save(v);
    return view_to_json(v);
}

std::optional<std::string> Features::check_view(const nlohmann::json& view) const {
    ViewState v;
    if (auto error = view_from_json(view, session_.settings().heads, v)) return error;
    return teaching_.check(v);
}

std::optional<Settings> Features::side_b_settings(const nlohmann::json& view, const Settings& a) const {
    ViewState v;
    if (view_from_json(view, a.heads, v) || !v.comparison) return std::nullopt;
    return merge_b(a, v.comparison->b, v.comparison->overrides);  // as Comparison::open makes it
}

void Features::apply_view(const nlohmann::json& view) {
    ViewState v;
    if (view_from_json(view, session_.settings().heads, v)) return;  // checked before: cannot happen
    teaching_.restore(v);  // the lesson at its step, nothing of it run: the session's settings stand
    playback_.restore(v);
    comparison_.restore(v);
    inspector_.restore(v);
    sync();
}

}  // namespace tb
