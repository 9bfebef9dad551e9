#pragma once
// The fonts' atlas, built on a thread while the window opens (desktop only): reading DejaVu Sans,
// rasterizing its 2 × 1 322 glyphs and writing the 8 MB RGBA texture were the largest piece of our
// own work before the first frame (about 25 ms), and the main thread waits for GLX meanwhile.
#include <memory>
#include <thread>

#include <imgui.h>

#include "text/fonts.h"

namespace tb {

class FontPrebuild {
public:
    // Starts building at `pixels` (the body size the first frame is expected to ask for; a frame
    // that asks another rebuilds, fit_fonts()). No ImGui context may be created until take().
    explicit FontPrebuild(float pixels);
    ~FontPrebuild();  // waits for the thread when take() was not called (a window that failed)
    FontPrebuild(const FontPrebuild&) = delete;
    FontPrebuild& operator=(const FontPrebuild&) = delete;

    // Waits for the atlas; it is then the caller's, to give to start_imgui() and delete after the
    // context. `fonts` receives its fonts.
    std::unique_ptr<ImFontAtlas> take(Fonts& fonts);

private:
    std::unique_ptr<ImFontAtlas> atlas_ = std::make_unique<ImFontAtlas>();
    Fonts fonts_;
    std::thread thread_;
};

}  // namespace tb
