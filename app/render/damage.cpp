#include "render/damage.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tb {
namespace {

std::unordered_map<ImDrawCallback, FootprintFn>& footprints() {
    static std::unordered_map<ImDrawCallback, FootprintFn> table;
    return table;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
    h = (h ^ word) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

std::uint64_t hash_cmd(const ImDrawCmd& cmd, std::uint64_t seed) {
    const float clip[4] = {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
    std::uint64_t h = hash_words(clip, sizeof clip, seed);
    h = mix(h, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(cmd.TextureId)));
    h = mix(h, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(cmd.UserCallback)));
    return mix(h, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(cmd.UserCallbackData)));
}

// What a callback paints; unknown: its whole clip rectangle, different every frame.
void callback_items(const ImDrawCmd& cmd, std::vector<DamageItem>& out) {
    if (cmd.UserCallback == ImDrawCallback_ResetRenderState) return;
    const auto found = footprints().find(cmd.UserCallback);
    if (found != footprints().end()) return found->second(cmd, out);
    static std::uint64_t counter = 0;
    out.push_back({mix(0x51u, ++counter), cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w});
}

// The whole list, callbacks' footprints included: equal hashes, equal pictures.
std::uint64_t hash_list(const ImDrawList& list, std::uint64_t salt) {
    std::uint64_t h = hash_words(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert), salt);
    h = hash_words(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx), h);
    std::vector<DamageItem> pieces;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        h = mix(hash_cmd(cmd, h), (static_cast<std::uint64_t>(cmd.IdxOffset) << 32) ^ cmd.ElemCount ^
                                      (static_cast<std::uint64_t>(cmd.VtxOffset) << 20));
        if (!cmd.UserCallback) continue;
        pieces.clear();
        callback_items(cmd, pieces);
        for (const DamageItem& p : pieces) h = mix(mix(h, p.hash), hash_words(&p.x0, 4 * sizeof(float), 0));
    }
    return h;
}

bool clip_item(DamageItem& item, const ImVec4& clip, ImVec2 lo, ImVec2 hi) {
    item.x0 = std::max({item.x0, clip.x, lo.x});
    item.y0 = std::max({item.y0, clip.y, lo.y});
    item.x1 = std::min({item.x1, clip.z, hi.x});
    item.y1 = std::min({item.y1, clip.w, hi.y});
    return item.x1 > item.x0 && item.y1 > item.y0;
}

}  // namespace

void set_callback_footprint(ImDrawCallback callback, FootprintFn footprint) { footprints()[callback] = footprint; }

std::uint64_t hash_words(const void* data, std::size_t bytes, std::uint64_t seed) {
    std::uint64_t h = mix(seed, bytes);
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    if (i < bytes) {
        std::uint64_t w = 0;
        std::memcpy(&w, p + i, bytes - i);
        h = mix(h, w);
    }
    return h;
}

std::vector<DamageItem> damage_items(const ImDrawList& list, std::uint64_t salt, ImVec2 lo, ImVec2 hi) {
    std::vector<DamageItem> items;
    items.reserve(static_cast<std::size_t>(list.IdxBuffer.Size / 3) + 8);
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        const std::uint64_t cmd_hash = hash_cmd(cmd, salt);
        if (cmd.UserCallback) {
            std::vector<DamageItem> pieces;
            callback_items(cmd, pieces);
            for (DamageItem p : pieces) {
                p.hash = mix(cmd_hash, p.hash);
                if (clip_item(p, cmd.ClipRect, lo, hi)) items.push_back(p);
            }
            continue;
        }
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
        for (unsigned int t = 0; t + 2 < cmd.ElemCount; t += 3) {
            const ImDrawVert& a = vtx[idx[t]];
            const ImDrawVert& b = vtx[idx[t + 1]];
            const ImDrawVert& c = vtx[idx[t + 2]];
            DamageItem item;
            item.hash = hash_words(&c, sizeof c, hash_words(&b, sizeof b, hash_words(&a, sizeof a, cmd_hash)));
            item.x0 = std::min({a.pos.x, b.pos.x, c.pos.x});
            item.y0 = std::min({a.pos.y, b.pos.y, c.pos.y});
            item.x1 = std::max({a.pos.x, b.pos.x, c.pos.x});
            item.y1 = std::max({a.pos.y, b.pos.y, c.pos.y});
            if (clip_item(item, cmd.ClipRect, lo, hi)) items.push_back(item);
        }
    }
    return items;
}

void DamageTracker::mark(const DamageItem& item) {
    // One pixel more each side: a triangle's pixels have their centres inside its bounding box.
    const int tx0 = std::clamp(static_cast<int>(std::floor((item.x0 - 1) / kTile)), 0, tiles_x_ - 1);
    const int ty0 = std::clamp(static_cast<int>(std::floor((item.y0 - 1) / kTile)), 0, tiles_y_ - 1);
    const int tx1 = std::clamp(static_cast<int>(std::floor((item.x1 + 1) / kTile)), 0, tiles_x_ - 1);
    const int ty1 = std::clamp(static_cast<int>(std::floor((item.y1 + 1) / kTile)), 0, tiles_y_ - 1);
    for (int y = ty0; y <= ty1; ++y)
        std::fill_n(dirty_.begin() + static_cast<std::ptrdiff_t>(y) * tiles_x_ + tx0, tx1 - tx0 + 1, 1);
}

// Items in one list and not in the other (as multisets) mark their tiles. A frame mostly changes a
// few runs of a list: the common beginning and end are skipped before the rest is sorted.
void DamageTracker::mark_difference(const std::vector<DamageItem>& before_all, const std::vector<DamageItem>& after_all) {
    std::size_t head = 0, tail = 0;
    const std::size_t shorter = std::min(before_all.size(), after_all.size());
    while (head < shorter && before_all[head].hash == after_all[head].hash) ++head;
    while (tail < shorter - head && before_all[before_all.size() - 1 - tail].hash == after_all[after_all.size() - 1 - tail].hash) ++tail;
    std::vector<DamageItem> before(before_all.begin() + static_cast<std::ptrdiff_t>(head), before_all.end() - static_cast<std::ptrdiff_t>(tail));
    std::vector<DamageItem> after(after_all.begin() + static_cast<std::ptrdiff_t>(head), after_all.end() - static_cast<std::ptrdiff_t>(tail));
    const auto by_hash = [](const DamageItem& a, const DamageItem& b) { return a.hash < b.hash; };
    std::sort(before.begin(), before.end(), by_hash);
    std::sort(after.begin(), after.end(), by_hash);
    std::size_t i = 0, j = 0;
    while (i < before.size() || j < after.size()) {
        if (j == after.size() || (i < before.size() && before[i].hash < after[j].hash)) {
            mark(before[i++]);
        } else if (i == before.size() || after[j].hash < before[i].hash) {
            mark(after[j++]);
        } else {
            ++i, ++j;
        }
    }
}

std::vector<DamageRect> DamageTracker::update(const ImDrawData& data) {
    const ImVec2 lo = data.DisplayPos, hi(data.DisplayPos.x + data.DisplaySize.x, data.DisplayPos.y + data.DisplaySize.y);
    const bool integer_scale = data.FramebufferScale.x == std::round(data.FramebufferScale.x) &&
                               data.FramebufferScale.y == std::round(data.FramebufferScale.y);
    bool full = lists_.empty() || data.DisplaySize.x != width_ || data.DisplaySize.y != height_ ||
                data.FramebufferScale.x != scale_x_ || data.FramebufferScale.y != scale_y_ || !integer_scale ||
                data.DisplayPos.x != 0 || data.DisplayPos.y != 0;
    width_ = data.DisplaySize.x, height_ = data.DisplaySize.y;
    scale_x_ = data.FramebufferScale.x, scale_y_ = data.FramebufferScale.y;
    tiles_x_ = std::max(1, static_cast<int>(std::ceil(width_ / kTile)));
    tiles_y_ = std::max(1, static_cast<int>(std::ceil(height_ / kTile)));
    dirty_.assign(static_cast<std::size_t>(tiles_x_) * static_cast<std::size_t>(tiles_y_), 0);
    const std::vector<const ImDrawList*> order(data.CmdLists, data.CmdLists + data.CmdListsCount);
    if (order != order_) full = true, lists_.clear();  // a window came, went or moved in the order
    order_ = order;
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        const std::uint64_t salt = mix(0x7B1Du, static_cast<std::uint64_t>(n));
        const std::uint64_t h = hash_list(list, salt);
        const auto found = lists_.find(&list);
        if (found != lists_.end() && found->second.hash == h) continue;
        std::vector<DamageItem> items = damage_items(list, salt, lo, hi);
        ListState& state = lists_[&list];
        if (!full) mark_difference(state.items, items);
        state.hash = h;
        state.items = std::move(items);
    }
    if (full) return {DamageRect{0, 0, static_cast<int>(std::ceil(width_)), static_cast<int>(std::ceil(height_))}};
    return rects();
}

// The marked tiles as rectangles: runs along each row, stacked where rows repeat the same run; when
// that makes too many, tiles twice as large (each draw call costs vertex work per rectangle).
std::vector<DamageRect> DamageTracker::rects() const {
    for (int block = 1;; block *= 2) {
        const int bx = (tiles_x_ + block - 1) / block, by = (tiles_y_ + block - 1) / block;
        auto dirty = [&](int x, int y) {
            for (int yy = y * block; yy < std::min(tiles_y_, (y + 1) * block); ++yy)
                for (int xx = x * block; xx < std::min(tiles_x_, (x + 1) * block); ++xx)
                    if (dirty_[static_cast<std::size_t>(yy) * static_cast<std::size_t>(tiles_x_) + static_cast<std::size_t>(xx)]) return true;
            return false;
        };
        std::vector<DamageRect> out;  // in blocks first
        std::size_t previous_row = 0;
        for (int y = 0; y < by; ++y) {
            const std::size_t row_start = out.size();
            for (int x = 0; x < bx;) {
                if (!dirty(x, y)) { ++x; continue; }
                int end = x;
                while (end < bx && dirty(end, y)) ++end;
                auto same = std::find_if(out.begin() + static_cast<std::ptrdiff_t>(previous_row),
                                         out.begin() + static_cast<std::ptrdiff_t>(row_start),
                                         [&](const DamageRect& r) { return r.x0 == x && r.x1 == end && r.y1 == y; });
                if (same != out.begin() + static_cast<std::ptrdiff_t>(row_start)) same->y1 = y + 1;
                else out.push_back({x, y, end, y + 1});
                x = end;
            }
            // rects still open at this row: those ending at y + 1, from the previous rows or this one
            previous_row = static_cast<std::size_t>(std::stable_partition(out.begin(), out.end(),
                [&](const DamageRect& r) { return r.y1 != y + 1; }) - out.begin());
        }
        if (out.size() > kMaxRects && block < 64) continue;
        const int px = kTile * block, w = static_cast<int>(std::ceil(width_)), h = static_cast<int>(std::ceil(height_));
        for (DamageRect& r : out) r = {r.x0 * px, r.y0 * px, std::min(w, r.x1 * px), std::min(h, r.y1 * px)};
        return out;
    }
}

CopyBox framebuffer_box(const DamageRect& r, ImVec2 scale, int fb_w, int fb_h) {
    // As ImGui's backend turns a clip rectangle into a scissor box, then clamped.
    const int x0 = std::clamp(static_cast<int>(static_cast<float>(r.x0) * scale.x), 0, std::max(0, fb_w));
    const int x1 = std::clamp(static_cast<int>(static_cast<float>(r.x1) * scale.x), x0, std::max(0, fb_w));
    const int top = std::clamp(static_cast<int>(static_cast<float>(r.y0) * scale.y), 0, std::max(0, fb_h));
    const int bottom = std::clamp(static_cast<int>(static_cast<float>(r.y1) * scale.y), top, std::max(0, fb_h));
    return {x0, fb_h - bottom, x1 - x0, bottom - top};
}

}  // namespace tb
