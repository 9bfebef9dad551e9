#pragma once
// The window's part of a saved session (view options, the lesson being taught) and where the last
// session lives. Pure: no GL, tested in tests/app.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "compare/comparison.h"
#include "persist/inspector_view.h"
#include "scene/animation.h"

namespace tb {

// Where a lesson stands: its file and the step shown. The lesson panel fills it in and reopens it.
struct LessonBookmark {
    std::string file;
    int step = 0;  // 0-based
};

struct ViewState {
    // The ranges of the view commands (channel.md §7): /vue texte 0,5..3, /vue vitesse 0,25..4.
    static constexpr float kMinTextScale = 0.5f, kMaxTextScale = 3.0f;
    static constexpr double kMinSpeed = 0.25, kMaxSpeed = 4.0;

    float text_scale = 1.0f;          // /vue texte (Ctrl +/-), kMinTextScale..kMaxTextScale
    bool full_screen = false;         // /vue plein-ecran (F11)
    bool log_scale = true;            // /vue echelle: the norm profile's y axis
    int head = 0;                     // /vue tete: the attention head drawn, 0..heads-1
    double seconds_per_level = AnimationOptions::kDefaultSecondsPerLevel;  // /vue vitesse: seconds a sublayer, kMinSpeed..kMaxSpeed
    bool light_theme = false;         // /theme clair|sombre
    std::optional<LessonBookmark> lesson;
    InspectorView inspector;          // /panneau's choices (bloc, mot, neurone, vecteur…)
    // The A/B comparison when open: side B's own values of the settings it overrides.
    struct Comparison {
        Overrides overrides;
        Settings b;
    };
    std::optional<Comparison> comparison;
};

nlohmann::json view_to_json(const ViewState& v);
// Every key known, every type right, every value in range; `out` untouched on failure.
std::optional<std::string> view_from_json(const nlohmann::json& j, int heads, ViewState& out);

// The last session: $XDG_CONFIG_HOME/transformer-bloc/session.json, else
// $HOME/.config/transformer-bloc/session.json; nothing when neither variable is set.
std::optional<std::string> last_session_path();

// Whether the window restores the last session at start: not when the run must be reproducible
// (--run, --script, --screenshot), not when a file is named (--open), not with --fresh.
struct StartOptions {
    bool fresh = false, open = false, run = false, script = false, screenshot = false;
};
bool restores_last_session(const StartOptions& o);
// Whether the window saves the session on exit: not after a --screenshot run (a test or a batch).
bool saves_last_session(const StartOptions& o);

}  // namespace tb
