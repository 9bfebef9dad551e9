#include "render/sub_buffer_copy.h"

#include <cstdlib>
#include <cstring>
#include <string>

#include "render/gl.h"

namespace tb {

SubBufferCopy::SubBufferCopy(Loader loader, bool supported) {
    const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const std::string name = renderer ? renderer : "";
    const bool software = name.find("llvmpipe") != std::string::npos || name.find("softpipe") != std::string::npos ||
                          name.find("swrast") != std::string::npos;
    if (!supported || !software || !loader) return;
    copy_ = reinterpret_cast<decltype(copy_)>(loader("glXCopySubBufferMESA"));
    display_ = reinterpret_cast<decltype(display_)>(loader("glXGetCurrentDisplay"));
    drawable_ = reinterpret_cast<decltype(drawable_)>(loader("glXGetCurrentDrawable"));
    if (!display_ || !drawable_ || !display_() || !drawable_()) copy_ = nullptr;
}

void SubBufferCopy::copy(int x, int y, int width, int height) const {
    if (copy_ && width > 0 && height > 0) copy_(display_(), drawable_(), x, y, width, height);
}

}  // namespace tb
