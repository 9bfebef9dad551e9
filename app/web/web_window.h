#pragma once
// The page's window: emscripten's GLFW on a WebGL2 canvas that fills the browser's window and
// follows its size and pixel ratio; the frame loop handed to the browser, one frame per display
// refresh (emscripten_set_main_loop); each frame the desktop's (frame.h), then the Page's work.
namespace tb {

class Page;

// Opens the canvas's context and ImGui, then gives the loop to the browser: returns only when
// the context cannot be had (status 2, the reason on the console).
int run_page_window(Page& page);

}  // namespace tb
