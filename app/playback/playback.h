#pragma once
// Playback and the view options (channel.md §7): the playhead (playing, paused or pinned by the
// test hook), the seconds a sublayer takes, the attention head the cross-section draws, the
// profile's scale, the text size and full screen. A plain object with its commands, /vue and
// /lecture; the frame loop passes time in, the drawing reads it.
#include <cstdint>
#include <vector>

#include "commands/commands.h"
#include "persist/view_state.h"
#include "scene/animation.h"
#include "scene/decode.h"
#include "commands/session.h"

namespace tb {

class Playback {
public:
    explicit Playback(const Session& session);

    // /vue <texte|plein-ecran|tete|vitesse|echelle> VALEUR and /lecture <play|pause|NIVEAU>.
    std::vector<Command> commands();

    // Notices what any command did: a replay sends the beads up from the input again; a new step
    // moves them on (or back).
    void sync();
    void update(double dt);  // the frame loop's time, in seconds
    bool animating() const {
        return (playing_ && (decode_ ? beat_ < decode_beats(*decode_) : playhead_ < stop())) || reversing_ ||
               !animation_.moved_from.empty();
    }
    // /melanger: the sentence was shuffled, not replayed: the beads stay where they are and slide
    // to their new places (AnimationOptions::moved_from) over slide_seconds().
    void shuffled(std::vector<int> moved_from);
    double slide_seconds() const;
    void pin_slide(float moved);  // a still of the slide (test hook): paused there, 0..1
    void finish();               // at the step (screenshots)
    void pin(double level);      // a still of the animation (test hook): paused there
    void restart();              // from the input, playing (side B of a comparison changed)
    void play();                 // /lecture play: from the input again when at the step
    void pause();                // /lecture pause
    void seek(double level);     // /lecture NIVEAU: paused there, pinned as a still
    void reset();                // /reinit: scale, head and speed back to start-up (not text size)
    // /generer: the generation told (scene/decode.h) on its own clock, in beats; null when the
    // sentence shown is not a generation's (any other change ends the story).
    const Generation* decoding() const;
    DecodeInstant decode_instant() const { return decode_ ? tb::decode_instant(*decode_, beat_) : DecodeInstant{}; }
    void pin_beat(double beat);  // a still of the generation's story (test hook), paused there
    double beat() const { return beat_; }

    double playhead() const { return playhead_; }
    bool playing() const { return playing_; }
    bool pinned() const { return pinned_; }
    const AnimationOptions& animation() const { return animation_; }
    bool log_scale() const { return log_scale_; }
    float text_scale() const { return text_scale_; }
    bool full_screen() const { return full_screen_; }
    // Presenter mode takes the whole screen, and leaving it gives the screen back (no echo: it is
    // /presentateur's consequence).
    void set_full_screen(bool on) { full_screen_ = on; }
    // The test hook's "scale X": any size, so that abuse tests can go past the command's range.
    void force_text_scale(float scale) { text_scale_ = scale; }

    // What a saved session keeps of it.
    void save(ViewState& v) const;
    void restore(const ViewState& v);

private:
    double stop() const { return session_.settings().step; }
    double seconds_at(double playhead) const;
    CommandResult lecture(Session& session, const Args& args);

    const Session& session_;
    AnimationOptions animation_;
    double playhead_ = 0;   // a continuous level: the sentence rises from the input at start-up
    bool playing_ = false;  // at start-up the beads wait at the entrance
    bool pinned_ = false;
    bool reversing_ = false;  // ← : the sublayer just stepped back plays backward down to the step
    std::uint64_t seen_replay_ = 0;
    std::shared_ptr<const Generation> decode_;  // the generation being told, or null
    const Generation* seen_generation_ = nullptr;
    double beat_ = 0;
    void follow_generation();
    void set_beat(double beat);  // and the playhead to that instant's climb
    int seen_step_ = 0;
    bool log_scale_ = ViewState{}.log_scale;
    float text_scale_ = ViewState{}.text_scale;
    bool full_screen_ = false;
};

}  // namespace tb
