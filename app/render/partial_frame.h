#pragma once
// ImGui's draw data cut down to a few rectangles of the screen (render/damage.h): each command once
// per rectangle it meets, its clip rectangle narrowed to it (to the very pixels the backend's
// scissor box lets through of it there), with only its triangles that reach
// into it; callbacks (the beads) once per rectangle, clipped the same way. Drawn after clearing the
// rectangles, it gives there the pixels of the whole frame, and touches nothing else.
#include <memory>
#include <vector>

#include <imgui.h>

#include "render/damage.h"

namespace tb {

// Framebuffer pixels from the top left, [x0, x1) x [y0, y1).
struct PixelBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x1 <= x0 || y1 <= y0; }
    PixelBox intersect(const PixelBox& other) const;
};

// The pixels ImGui's OpenGL backend lets a command with clip rectangle `clip` draw in `data`'s
// framebuffer (its scissor box, each value truncated as it does it); empty when none.
PixelBox backend_scissor(const ImVec4& clip, const ImDrawData& data);

class PartialFrame {
public:
    // Valid until the next build; `rects` do not overlap.
    ImDrawData* build(const ImDrawData& source, const std::vector<DamageRect>& rects);

private:
    bool cut(const ImDrawList& source, const ImDrawData& frame, const std::vector<DamageRect>& rects, ImDrawList& out);

    std::vector<std::unique_ptr<ImDrawList>> lists_;
    std::vector<ImDrawList*> used_;
    std::vector<ImVec4> boxes_;  // the triangles' bounding boxes, one command at a time
    std::vector<PixelBox> pixels_;  // the rectangles, in framebuffer pixels
    std::vector<ImVec4> pieces_;  // one command's clip rectangle in each (empty: none)
    ImDrawData data_;
};

}  // namespace tb
