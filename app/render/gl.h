#pragma once
// The one way GL is included in app/: glad's core 3.3 loader (never ImGui's own loader).
#include <glad/gl.h>
