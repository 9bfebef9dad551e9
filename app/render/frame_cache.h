#pragma once
// ImGui's frame kept in the back buffer from one frame to the next, drawn again only where it
// changed (render/damage.h, render/partial_frame.h), and only that copied to the window
// (render/sub_buffer_copy.h): in software rendering (Mesa's llvmpipe) the time goes into filling
// pixels, and while the beads move most of the window stays as it was. Without the copy (a GPU),
// the frame is drawn whole and swapped, as before. $TRANSFORMER_BLOC_REDRAW: "full" draws
// everything every frame (to compare); "check" draws each frame in part, reads it back, draws it
// whole and counts the pixels that differ (printed on exit by --stats: it must be 0).
#include <vector>

#include <imgui.h>

#include "render/damage.h"
#include "render/gl.h"
#include "render/partial_frame.h"
#include "render/sub_buffer_copy.h"

namespace tb {

class FrameCache {
public:
    enum class Mode { Partial, Full, Check };
    explicit FrameCache(const SubBufferCopy& copy);  // with a current GL context; the mode from the environment
    FrameCache(const FrameCache&) = delete;
    FrameCache& operator=(const FrameCache&) = delete;

    // Draws `data` (ImGui::GetDrawData()) into the back buffer, fb_w x fb_h, over `clear`.
    void render(ImDrawData* data, int fb_w, int fb_h, const ImVec4& clear);
    // Puts the frame on screen: the changed rectangles copied to the window; false when the caller
    // must swap the buffers instead: the whole frame was drawn (mode Full), or the framebuffer's
    // size (live_w x live_h, read again just now) is not the one the frame was drawn at, or it
    // changed since the last frame, or the window lost its pixels. After a swap the next frame is
    // drawn whole.
    bool show(int live_w, int live_h);
    // The window lost its pixels (exposed, resized): the next show() presents everything.
    void expose() { exposed_ = true; }
    // Something went wrong on the way to the screen (an X error): the next frame is drawn whole and swapped.
    void lost() { exposed_ = swapped_ = true; }

    Mode mode() const { return mode_; }
    long redrawn_pixels() const { return redrawn_; }       // the last frame's, in display pixels
    long mismatched_pixels() const { return mismatched_; }  // check mode: over every frame so far

private:
    void draw_rects(ImDrawData* data, const std::vector<DamageRect>& rects, int fb_h, const ImVec4& clear);
    void check(ImDrawData* data, int fb_w, int fb_h, const ImVec4& clear);

    const SubBufferCopy& copy_;
    Mode mode_ = Mode::Full;
    int width_ = 0, height_ = 0;
    ImVec2 scale_{1, 1};
    ImVec4 clear_{-1, -1, -1, -1};
    DamageTracker tracker_;
    PartialFrame partial_;
    std::vector<DamageRect> rects_;
    bool exposed_ = true;
    bool resized_ = false;  // the size changed: this frame is swapped whole
    bool swapped_ = false;  // the last frame was swapped: the back buffer's pixels are not ours any more
    long redrawn_ = 0, mismatched_ = 0;
};

}  // namespace tb
