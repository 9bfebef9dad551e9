#pragma once
// The settings and the view's head and speed: every change is sent as the command a class could
// type (echoed in the log by the app); sliders send theirs once, on release.
#include <cmath>
#include <string>

#include "base/command_kit.h"
#include "persist/view_state.h"

#include "scene/animation.h"
#include "scene/screen.h"
#include "model/settings.h"
#include "ui/help.h"

namespace tb {

struct ControlsState {
    char sentence[256] = {};
    std::string sentence_shown;  // the settings' sentence last copied into the field
    bool sentence_editing = false;
    std::string dragging;        // the JSON key of the slider being dragged (sent on release)
    int dragged = 0;             // its value meanwhile
    float speed = 0.5f;          // the speed slider's value while it is dragged
    float content_height = 0;    // how tall the panel's content was last frame (share_left_column)
    bool keys_below = true;      // the keys written out below the controls (else the title's (?))
};

// `max_height`: the most the left column can give the panel (share_left_column).
void draw_controls(const Rect& rect, float max_height, const Settings& settings, ControlsState& state, const AnimationOptions& animation,
                   const CommandSink& send, Language language);

}  // namespace tb
