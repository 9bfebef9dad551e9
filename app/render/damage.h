#pragma once
// What changed on screen since the last frame, from ImGui's draw data alone (no GL): every
// triangle of every draw list, and every piece a draw callback paints (the beads), is an item
// with a content hash and the pixels it may touch; the items that appeared or went since the last
// frame mark 16-pixel tiles, and the marked tiles become a few rectangles. A pixel outside them is
// covered by the same items, in the same lists, as in the last frame: it is the same pixel.
// (Items are compared as a multiset per draw list: two identical overlapping triangles that only
// swapped places within one list would go unnoticed; ImGui does not draw that way.)
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <imgui.h>

namespace tb {

// A piece of what a draw list paints: its content and the pixels it may touch (display coordinates).
struct DamageItem {
    std::uint64_t hash = 0;
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// The pieces a draw callback paints, appended to `out` (clipped by the caller). A callback with no
// footprint registered is taken as changed every frame over its whole clip rectangle.
using FootprintFn = void (*)(const ImDrawCmd& cmd, std::vector<DamageItem>& out);
void set_callback_footprint(ImDrawCallback callback, FootprintFn footprint);

// A rectangle of display pixels, [x0, x1) x [y0, y1).
struct DamageRect {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    long area() const { return static_cast<long>(x1 - x0) * (y1 - y0); }
};

// A rectangle of framebuffer pixels from the lower left, as glScissor and glXCopySubBufferMESA take it.
struct CopyBox {
    int x = 0, y = 0, width = 0, height = 0;
};

// `r` in the framebuffer fb_w x fb_h (display pixels times `scale`, rows from the bottom), clamped to
// it; empty (width or height 0) when nothing of it is inside. Nothing outside the framebuffer is ever
// asked of GL or of the X server (a copy past the back buffer's edge is an X error, BadValue).
CopyBox framebuffer_box(const DamageRect& r, ImVec2 scale, int fb_w, int fb_h);

std::uint64_t hash_words(const void* data, std::size_t bytes, std::uint64_t seed);

class DamageTracker {
public:
    static constexpr int kTile = 16;
    static constexpr std::size_t kMaxRects = 24;
    // The rectangles to draw again this frame: none when nothing changed, the whole display when
    // the display, the scale or the order of the draw lists changed (or after reset()).
    std::vector<DamageRect> update(const ImDrawData& data);
    void reset() { lists_.clear(), order_.clear(); }

private:
    struct ListState {
        std::uint64_t hash = 0;
        std::vector<DamageItem> items;  // in drawing order
    };
    void mark(const DamageItem& item);
    void mark_difference(const std::vector<DamageItem>& before, const std::vector<DamageItem>& after);
    std::vector<DamageRect> rects() const;

    std::unordered_map<const ImDrawList*, ListState> lists_;
    std::vector<const ImDrawList*> order_;
    float width_ = 0, height_ = 0, scale_x_ = 0, scale_y_ = 0;
    int tiles_x_ = 0, tiles_y_ = 0;
    std::vector<unsigned char> dirty_;
};

// Every item of one draw list: its triangles and its callbacks' footprints, clipped, in drawing order.
std::vector<DamageItem> damage_items(const ImDrawList& list, std::uint64_t salt, ImVec2 display_min, ImVec2 display_max);

}  // namespace tb
