#pragma once
// One widget per command; each sends its command string (echoed in the log by the app).
#include <string>

#include "scene/animation.h"
#include "scene/screen.h"
#include "settings.h"
#include "ui/help.h"

namespace tb {

struct ControlsState {
    char sentence[256] = {};
    std::string sentence_shown;  // the settings' sentence last copied into the field
    bool sentence_editing = false;
    std::string dragging;        // the JSON key of the slider being dragged (sent on release)
    int dragged = 0;             // its value meanwhile
};

void draw_controls(const Rect& rect, const Settings& settings, ControlsState& state, AnimationOptions& animation,
                   const CommandSink& send);

}  // namespace tb
