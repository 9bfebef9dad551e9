#pragma once
// ImGui's draw data cut down to a few rectangles of the screen (render/damage.h): each command once
// per rectangle it meets, its clip rectangle narrowed to it, with only its triangles that reach
// into it; callbacks (the beads) once per rectangle, clipped the same way. Drawn after clearing the
// rectangles, it gives there the pixels of the whole frame, and touches nothing else.
#include <memory>
#include <vector>

#include <imgui.h>

#include "render/damage.h"

namespace tb {

class PartialFrame {
public:
    // Valid until the next build; `rects` do not overlap.
    ImDrawData* build(const ImDrawData& source, const std::vector<DamageRect>& rects);

private:
    bool cut(const ImDrawList& source, const std::vector<DamageRect>& rects, ImDrawList& out);

    std::vector<std::unique_ptr<ImDrawList>> lists_;
    std::vector<ImDrawList*> used_;
    std::vector<ImVec4> boxes_;  // the triangles' bounding boxes, one command at a time
    ImDrawData data_;
};

}  // namespace tb
