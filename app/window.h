#pragma once
// The window: GLFW, OpenGL 3.3 core (glad), Dear ImGui, the frame loop. Keys become command
// strings (F11 and Ctrl +/− are /vue commands); the window follows /vue plein-ecran and presenter
// mode. Only the test hook's stills ("playhead", "scale") set the playback directly.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app.h"

namespace tb {

struct WindowOptions {
    int width = 1600, height = 900;
    bool fixed_size = false;   // --size WxH
    std::string screenshot;    // --screenshot FILE: finish the animation, save, exit
    bool stats = false;        // --stats: frame statistics on exit
    // --run/--script's lines left after an /exporter image: each picture is drawn and written
    // before the next line runs; a failure (of a picture or a line) ends the run with status 2.
    std::vector<std::string> script;
    bool english = false;      // the language of those failures on stderr
    // The X server gone (the display closed): the window cannot go on, this saves what it can
    // before the program ends with status 1 (x_errors.h).
    std::function<void()> connection_lost;
};

// "1600x900" -> width, height (each 1..16384), or nothing.
std::optional<std::pair<int, int>> parse_size(const std::string& text);

// Opens the window and runs until it is closed (or the screenshot is written). Returns the
// process exit status. Test hook: $TRANSFORMER_BLOC_TEST_ACTIONS, e.g. "resize 200x150; iconify;
// restore; empty; playhead 2.5; command /aide; resize 1600x900; quit", one action every few frames;
// also "fullscreen" (toggle), "scale 3" (text size), "settle" (wait for the beads to stop),
// "texts FILE" (the next settled frame's text runs, read back from its draw data, one a line),
// "wait_lesson" (a lesson's training and the lines after it done), "x_error" (a request the X
// server refuses; test_actions.h lists them all).
// $TRANSFORMER_BLOC_GL_CHECK: glGetError after every frame; any error makes the exit status 3.
int run_window(App& app, const std::string& data_dir, const WindowOptions& options);

}  // namespace tb
