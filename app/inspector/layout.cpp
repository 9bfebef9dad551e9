// Where the inspector goes beside the stack, and the level the playhead is in.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

namespace tb {

Rect sized_rect(float x, float y, float w, float h) { return {x, y, std::max(0.f, w), std::max(0.f, h)}; }

InspectorLayout inspector_layout(const ScreenLayout& s, bool open, float frame) {
    InspectorLayout l;
    l.profile = s.profile;
    // Open: 0.28 of the body's height, as tall as it was before the similarity grid came.
    if (open) l.profile.h = std::floor(s.profile.h * 0.76f);
    const float bottom = std::max({s.similarity.bottom(), s.legend.bottom(), s.cosine.bottom()});
    const Rect column = sized_rect(s.profile.x, l.profile.bottom(), s.profile.w, bottom - l.profile.bottom());
    // A caption and up to two rows of tabs: seven words do not fit one row of a narrow column.
    const float tabs_h = std::min(column.h, std::ceil(frame * 3.6f));  // the window's padding above (8 px) and item spacing
    l.tabs = sized_rect(column.x, column.y, column.w, tabs_h);
    const Rect below = sized_rect(column.x, column.y + tabs_h, column.w, column.h - tabs_h);
    if (open) {
        l.body = below;
    } else {  // the screen's rects, moved down by the tabs: the grid gives up their height
        const float row = std::min(below.h, std::max(s.cosine.h, s.legend.h));
        l.cosine = sized_rect(s.cosine.x, below.y, s.cosine.w, row);
        l.legend = sized_rect(s.legend.x, below.y, s.legend.w, row);
        l.similarity = sized_rect(s.similarity.x, below.y + row, s.similarity.w, below.h - row);
    }
    return l;
}

int playhead_level(const Trace& trace, double playhead) {
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (!std::isfinite(playhead)) return 0;
    return std::clamp(static_cast<int>(std::floor(playhead + 1e-9)), 0, top);
}

}  // namespace tb
