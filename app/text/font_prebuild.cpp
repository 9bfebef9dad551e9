#include "text/font_prebuild.h"

namespace tb {

FontPrebuild::FontPrebuild(float pixels)
    : thread_([this, pixels] {
          fonts_ = load_fonts(*atlas_, pixels);
          unsigned char* pixels_rgba = nullptr;
          int width = 0, height = 0;
          atlas_->GetTexDataAsRGBA32(&pixels_rgba, &width, &height);  // what the OpenGL backend uploads
      }) {}

FontPrebuild::~FontPrebuild() {
    if (thread_.joinable()) thread_.join();
}

std::unique_ptr<ImFontAtlas> FontPrebuild::take(Fonts& fonts) {
    if (thread_.joinable()) thread_.join();
    fonts = fonts_;
    return std::move(atlas_);
}

}  // namespace tb
