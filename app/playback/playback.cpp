#include "playback/playback.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "model/stages.h"

namespace tb {

Playback::Playback(const Session& session)
    : session_(session), seen_replay_(session.replay_count()), seen_step_(session.settings().step) {}

void Playback::sync() {
    if (session_.replay_count() != seen_replay_) {  // every change replays the sentence
        seen_replay_ = session_.replay_count();
        playhead_ = 0;
        playing_ = true;
        pinned_ = false;
        reversing_ = false;
        animation_.one_query = false;
        animation_.moved_from.clear();
    }
    const int step = session_.settings().step;
    if (step != seen_step_) {
        // One step back from the beads' rest plays that sublayer in reverse; one step forward plays
        // the next with attention one query at a time; a longer jump back lands at once.
        const bool one_back = step == seen_step_ - 1 && std::abs(playhead_ - seen_step_) < 1e-9;
        animation_.one_query = step == seen_step_ + 1 && std::abs(playhead_ - seen_step_) < 1e-9;
        seen_step_ = step;
        reversing_ = one_back && !pinned_;
        if (playhead_ > step && !reversing_) playhead_ = step;
        else if (playhead_ <= step) playing_ = true;
    }
    follow_generation();
    if (!decode_) playhead_ = std::clamp(playhead_, 0.0, reversing_ ? stop() + 1 : stop());
}

// A new generation shown starts its story from the prefill; any other change that replays the
// sentence, or another step, ends it.
void Playback::follow_generation() {
    const std::shared_ptr<const Generation>& last = session_.generation().last;
    const std::shared_ptr<const Trace> trace = session_.trace();
    if (last.get() != seen_generation_) {
        seen_generation_ = last.get();
        if (last && trace && shows_generation(*last, *trace) && trace->settings.step == decode_top(*last)) {
            decode_ = last;
            playing_ = true, pinned_ = false, reversing_ = false;
            set_beat(0);
            return;
        }
    }
    if (decode_ && (!trace || !shows_generation(*decode_, *trace) || trace->settings.step != decode_top(*decode_)))
        decode_.reset();
}

const Generation* Playback::decoding() const {
    const std::shared_ptr<const Trace> trace = session_.trace();  // a change since the last frame ends it at once
    return decode_ && trace && shows_generation(*decode_, *trace) && trace->settings.step == decode_top(*decode_) ? decode_.get()
                                                                                                            : nullptr;
}

void Playback::set_beat(double beat) {
    beat_ = std::clamp(beat, 0.0, decode_beats(*decode_));
    playhead_ = tb::decode_instant(*decode_, beat_).playhead;
}

void Playback::pin_beat(double beat) {
    sync();
    if (!decode_) return;
    set_beat(beat);
    playing_ = false;
    pinned_ = true;
}

// Seconds a unit of playhead takes at `playhead`: a sublayer's, or, one query at a time, long
// enough inside an attention box for every query to show kSecondsPerQuery.
double Playback::seconds_at(double playhead) const {
    const double spl = std::max(0.05, animation_.seconds_per_level);
    const std::shared_ptr<const Trace> trace = session_.trace();
    const int level = static_cast<int>(std::ceil(playhead));
    if (!animation_.one_query || !trace || level < 1 || level >= static_cast<int>(trace->levels.size()) ||
        trace->levels[static_cast<std::size_t>(level)].kind != LevelKind::Attention)
        return spl;
    const Window inner = window_of(sublayer_stages(trace->settings), Step::Inner);
    const double phase = playhead - (level - 1);
    if (phase < inner.begin || phase > inner.end) return spl;
    return std::max(spl, trace->token_count() * AnimationOptions::kSecondsPerQuery / (inner.end - inner.begin));
}

void Playback::shuffled(std::vector<int> moved_from) {
    seen_replay_ = session_.replay_count();  // the same sentence, its words moved: no replay
    animation_.moved_from = std::move(moved_from);
    animation_.moved = 0;
}

// Slow enough to follow each bead (three sublayers' time), within 1 to 4 seconds.
double Playback::slide_seconds() const { return std::clamp(3 * animation_.seconds_per_level, 1.0, 4.0); }

void Playback::pin_slide(float moved) {
    animation_.moved = std::clamp(moved, 0.f, 1.f);
    playing_ = false;
    pinned_ = true;
}

void Playback::update(double dt) {
    sync();
    if (!animation_.moved_from.empty() && !pinned_) {
        animation_.moved += static_cast<float>(std::max(0.0, dt) / slide_seconds());
        if (animation_.moved >= 1.f) animation_.moved_from.clear(), animation_.moved = 1;
    }
    if (reversing_) {
        playhead_ = std::max(stop(), playhead_ - std::max(0.0, dt) / seconds_at(playhead_));
        reversing_ = playhead_ > stop();
        return;
    }
    if (!playing_) return;
    if (decode_) {
        set_beat(beat_ + std::max(0.0, dt) / std::max(0.05, animation_.seconds_per_level));
        playing_ = beat_ < decode_beats(*decode_);
        return;
    }
    playhead_ = std::min(stop(), playhead_ + std::max(0.0, dt) / seconds_at(playhead_));
    if (playhead_ >= stop()) animation_.one_query = false;
}

void Playback::finish() {
    sync();
    reversing_ = false;
    playhead_ = stop();
    if (decode_) set_beat(decode_beats(*decode_));
    animation_.moved_from.clear();
    animation_.moved = 1;
}

void Playback::pin(double level) {
    sync();
    decode_.reset();  // a level pinned: the whole sentence at that instant
    reversing_ = false;
    playhead_ = std::clamp(level, 0.0, stop());
    playing_ = false;
    pinned_ = true;
}

void Playback::restart() {
    reversing_ = false;
    playhead_ = 0;
    playing_ = true;
    pinned_ = false;
}

void Playback::play() {
    sync();
    if (decode_ && beat_ >= decode_beats(*decode_)) set_beat(0);  // the generation told again
    if (!decode_ && playhead_ >= stop()) playhead_ = 0;  // play again from the input
    playing_ = true;
    pinned_ = false;
}

void Playback::pause() { playing_ = false; }

// A still, as the test hook's pin: a screenshot or an /exporter image after it shows this instant,
// not the rest (issue 33: scripted stills for a handout).
void Playback::seek(double level) {
    pin(level);
}

void Playback::reset() {
    const ViewState start;
    log_scale_ = start.log_scale;
    animation_.head = start.head;
    animation_.seconds_per_level = start.seconds_per_level;
}

void Playback::save(ViewState& v) const {
    v.text_scale = text_scale_;
    v.full_screen = full_screen_;
    v.log_scale = log_scale_;
    v.head = animation_.head;
    v.seconds_per_level = animation_.seconds_per_level;
}

void Playback::restore(const ViewState& v) {
    text_scale_ = v.text_scale;
    full_screen_ = v.full_screen;
    log_scale_ = v.log_scale;
    animation_.head = v.head;
    animation_.seconds_per_level = v.seconds_per_level;
}

CommandResult Playback::lecture(Session& session, const Args& args) {
    const std::string word = args.folded(0);
    if (args.size() == 1 && (word == "play" || word == "lecture" || word == "lire")) {
        play();
        return {true, "lecture", "playing"};
    }
    if (args.size() == 1 && word == "pause") {
        pause();
        return {true, "pause", "paused"};
    }
    const int step = session.settings().step;
    const auto level = args.size() == 1 ? parse_decimal(args.word(0)) : std::nullopt;
    if (!level || !(*level >= 0) || !(*level <= step + 1e-12))
        return expected("lecture", Text{"play, pause ou ", "play, pause or "} + decimal_range(0, step), args);
    seek(*level);
    return CommandResult(true, Text{"tête de lecture au niveau ", "playhead at level "} + decimal_text(*level));
}

std::vector<Command> Playback::commands() {
    std::vector<Verb> view = {
        {{"texte", "text"},
         decimal("vue texte", ViewState::kMinTextScale, ViewState::kMaxTextScale,
                 [this](double v) {
                     text_scale_ = static_cast<float>(v);
                     return CommandResult(true, Text{"taille du texte ", "text size "} + decimal_text(v));
                 })},
        {{"plein-ecran", "plein_ecran", "pleinecran", "fullscreen"},
         on_off("vue plein-ecran",
                [this](bool on) {
                    full_screen_ = on;
                    return on ? CommandResult(true, "plein écran", "full screen")
                              : CommandResult(true, "plein écran quitté", "full screen left");
                })},
        {{"tete", "head"},
         [this](Session& session, const Args& rest) {  // 1..h: the range follows the model
             return integer("vue tete", 1, session.settings().heads, [this](int head) {
                 animation_.head = head - 1;
                 return CommandResult(true, Text{"tête ", "head "} + same(std::to_string(head)) +
                                                Text{" dessinée dans la coupe", " drawn in the cross-section"});
             })(session, rest);
         }},
        {{"vitesse", "speed"},
         decimal("vue vitesse", ViewState::kMinSpeed, ViewState::kMaxSpeed,
                 [this](double v) {
                     animation_.seconds_per_level = v;
                     return CommandResult(true, decimal_text(v) + Text{" s par sous-couche", " s per sublayer"});
                 })},
        {{"echelle", "scale"},
         choice<bool>("vue echelle", {{"log", true}, {"lineaire", false}, {"linear", false}},
                      Text{"log ou lineaire", "log or lineaire"},
                      [this](bool log) {
                          log_scale_ = log;
                          return log ? CommandResult(true, "profil en échelle log", "profile on a log scale")
                                     : CommandResult(true, "profil en échelle linéaire", "profile on a linear scale");
                      })},
    };
    std::vector<Command> out;
    out.emplace_back("vue", "/vue <texte|plein-ecran|tete|vitesse|echelle> VALEUR",
                     "Règle la vue : texte 0,5 à 3 (Ctrl +/−), plein-ecran on|off (F11), tete 1 à h, "
                     "vitesse 0,25 à 4 s par sous-couche, echelle log|lineaire du profil.",
                     std::vector<std::string>{"texte", "plein-ecran", "tete", "vitesse", "echelle"},
                     verbs("vue", view,
                           Text{"texte, plein-ecran, tete, vitesse ou echelle, puis sa valeur",
                                "texte, plein-ecran, tete, vitesse or echelle, then its value"}),
                     "Sets the view: texte 0.5 to 3 (Ctrl +/−), plein-ecran on|off (F11), tete 1 to h, "
                     "vitesse 0.25 to 4 s a sublayer, echelle log|lineaire of the profile.");
    out.emplace_back("lecture", "/lecture <play|pause|NIVEAU>",
                     "La tête de lecture : play, pause, ou un niveau de 0 à l'étape (2,5 : au milieu du niveau 3).",
                     std::vector<std::string>{"play", "pause"},
                     [this](Session& session, const Args& args) { return lecture(session, args); },
                     "The playhead: play, pause, or a level from 0 to the step (2.5: halfway through level 3).");
    return out;
}

}  // namespace tb
