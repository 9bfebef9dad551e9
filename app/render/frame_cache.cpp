#include "render/frame_cache.h"

#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tb {

FrameCache::FrameCache(const SubBufferCopy& copy) : copy_(copy) {
    const char* mode = std::getenv("TRANSFORMER_BLOC_REDRAW");
    if (!copy_.available() || (mode && std::strcmp(mode, "full") == 0)) return;  // Full
    mode_ = mode && std::strcmp(mode, "check") == 0 ? Mode::Check : Mode::Partial;
}

// Clears the rectangles and draws there what falls in them (the whole frame when it is one
// rectangle covering everything).
void FrameCache::draw_rects(ImDrawData* data, const std::vector<DamageRect>& rects, int fb_h, const ImVec4& clear) {
    if (rects.empty()) return;
    const ImVec2 scale = data->FramebufferScale;
    glViewport(0, 0, width_, fb_h);
    glClearColor(clear.x, clear.y, clear.z, clear.w);
    glEnable(GL_SCISSOR_TEST);
    for (const DamageRect& r : rects) {
        const CopyBox box = framebuffer_box(r, scale, width_, fb_h);
        glScissor(box.x, box.y, box.width, box.height);
        glClear(GL_COLOR_BUFFER_BIT);
        redrawn_ += r.area();
    }
    glDisable(GL_SCISSOR_TEST);
    const bool whole = rects.size() == 1 && rects[0].x0 == 0 && rects[0].y0 == 0 &&
                       static_cast<float>(rects[0].x1) >= data->DisplaySize.x && static_cast<float>(rects[0].y1) >= data->DisplaySize.y;
    ImGui_ImplOpenGL3_RenderDrawData(whole ? data : partial_.build(*data, rects));
}

void FrameCache::render(ImDrawData* data, int fb_w, int fb_h, const ImVec4& clear) {
    if (fb_w != width_ || fb_h != height_ || swapped_) {
        // A new size, or the last frame was swapped: the back buffer may be a new one (Mesa
        // reallocates it at the window's size), its pixels undefined: everything is drawn again,
        // and shown with a swap (show()).
        resized_ = resized_ || fb_w != width_ || fb_h != height_;
        width_ = fb_w, height_ = fb_h;
        tracker_.reset();
        swapped_ = false;
    }
    if (std::memcmp(&clear, &clear_, sizeof clear) != 0) clear_ = clear, tracker_.reset();
    scale_ = data->FramebufferScale;
    const DamageRect whole{0, 0, static_cast<int>(data->DisplaySize.x + 0.999f), static_cast<int>(data->DisplaySize.y + 0.999f)};
    rects_ = mode_ == Mode::Full ? std::vector<DamageRect>{whole} : tracker_.update(*data);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    redrawn_ = 0;
    draw_rects(data, rects_, fb_h, clear);
    if (mode_ == Mode::Check) check(data, fb_w, fb_h, clear);
}

bool FrameCache::show(int live_w, int live_h) {
    if (mode_ == Mode::Full) return false;
    // The copy reads the back buffer at the size Mesa gave it when this frame was drawn, which is
    // the window's size at that moment, and asks nothing outside it; a window resized since the
    // frame began (its size now not the frame's), or just resized, is shown with a swap instead,
    // which presents the back buffer at its own size whatever it is.
    if (resized_ || exposed_ || live_w != width_ || live_h != height_) {
        resized_ = exposed_ = false;
        swapped_ = true;
        return false;
    }
    for (const DamageRect& r : rects_) {
        const CopyBox box = framebuffer_box(r, scale_, width_, height_);
        copy_.copy(box.x, box.y, box.width, box.height);
    }
    return true;
}

// The back buffer as drawn in part, then the whole frame drawn again over it, compared pixel by
// pixel (RGB; the same buffer, so the same format and the same rasterizer paths).
void FrameCache::check(ImDrawData* data, int fb_w, int fb_h, const ImVec4& clear) {
    const std::size_t size = static_cast<std::size_t>(fb_w) * static_cast<std::size_t>(fb_h) * 4;
    std::vector<unsigned char> partial(size), whole(size);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, fb_w, fb_h, GL_RGBA, GL_UNSIGNED_BYTE, partial.data());
    const long redrawn = redrawn_;
    draw_rects(data, {DamageRect{0, 0, static_cast<int>(data->DisplaySize.x + 0.999f), static_cast<int>(data->DisplaySize.y + 0.999f)}}, fb_h, clear);
    redrawn_ = redrawn;
    glReadPixels(0, 0, fb_w, fb_h, GL_RGBA, GL_UNSIGNED_BYTE, whole.data());
    long bad = 0;
    int x0 = fb_w, y0 = fb_h, x1 = -1, y1 = -1;  // where they differ, from the top left
    for (std::size_t i = 0; i < size; i += 4) {
        if (partial[i] == whole[i] && partial[i + 1] == whole[i + 1] && partial[i + 2] == whole[i + 2]) continue;
        ++bad;
        const int x = static_cast<int>((i / 4) % static_cast<std::size_t>(fb_w));
        const int y = fb_h - 1 - static_cast<int>((i / 4) / static_cast<std::size_t>(fb_w));
        x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    }
    if (bad > 0)
        std::fprintf(stderr, "transformer-bloc : redraw check: %ld pixel(s) differ, in [%d, %d] x [%d, %d] (framebuffer pixels)\n",
                     bad, x0, x1, y0, y1);
    mismatched_ += bad;
}

}  // namespace tb
