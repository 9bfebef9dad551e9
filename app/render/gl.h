#pragma once
// The one way GL is included in app/: glad's core 3.3 loader on the desktop (never ImGui's own
// loader); in the web page, WebGL2 through emscripten's OpenGL ES 3.0 header.
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
