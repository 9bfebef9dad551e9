// The PNG writer of /exporter image in the page: Debian's stb header (libstb-dev), its code
// compiled here because emscripten cannot link the desktop's libstb.so.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
