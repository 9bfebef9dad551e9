#pragma once
// X errors in French, and not fatal. Xlib's default handlers print English and end the process
// (exit 1) on any protocol error, before the last session is saved; these print a French line and
// let the window go on (the frame loop then draws the next frame whole, render/frame_cache.h).
// When the connection itself is lost (the X server gone), nothing can go on: the program saves
// what it can (the hook), says so in French and ends with status 1 (SIGPIPE is ignored in the
// window, so that a write to the dead connection reaches that handler rather than killing the process).
// GLFW 3.3 puts Xlib's default handler back after each of its own guarded X calls (window
// creation, full screen), so the frame loop calls keep() every frame: no request, a pointer set.
// Without X11 at build time (TB_HAVE_X11 undefined) every function does nothing.
#include <functional>
#include <string>

namespace tb {

// GLFW's X11 display (glfwGetX11Display), or null without X11. (GLFW's glfw3native.h needs
// Xrandr's headers too: the one declaration is made here instead.)
void* glfw_x11_display();
// `display`: glfw_x11_display() (null: nothing installed). Lists the server's extensions once (a
// few requests) so that a failed request of an extension is named (« X_ShmPutImage (MIT-SHM) »).
void install_x_error_handlers(void* display, std::function<void()> connection_lost);
// The handlers in place again (after GLFW's guarded calls).
void keep_x_error_handlers();
// Protocol errors reported since the last call.
int take_x_errors();
// The French line for an error: its code, the failed request (major.minor and name), e.g.
// « erreur X ignorée : BadValue (valeur hors limites) dans X_ShmPutImage (MIT-SHM 130.3) ; la fenêtre continue ».
std::string x_error_text(int error_code, int major, int minor, const std::string& request_name);
// The test hook's « x_error »: a request the server refuses (a pixmap of width 0: BadValue), waited for.
void cause_x_error(void* display);

}  // namespace tb
