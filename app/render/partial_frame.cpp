#include "render/partial_frame.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {

bool empty(const ImVec4& r) { return r.z <= r.x || r.w <= r.y; }

// The pixels a clip rectangle lets through, as ImGui's OpenGL backend turns it into a scissor box
// (imgui_impl_opengl3.cpp: each edge truncated to an int, the width and the height too), in
// framebuffer pixels from the top left, [x0, x1) x [y0, y1); empty when nothing is drawn.
PixelBox scissor_box(const ImVec4& clip, const ImDrawData& data) {
    const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
    const int fb_h = static_cast<int>(data.DisplaySize.y * scale.y);
    const ImVec2 lo((clip.x - off.x) * scale.x, (clip.y - off.y) * scale.y);
    const ImVec2 hi((clip.z - off.x) * scale.x, (clip.w - off.y) * scale.y);
    if (hi.x <= lo.x || hi.y <= lo.y) return {};
    const int x = static_cast<int>(lo.x), y = static_cast<int>(static_cast<float>(fb_h) - hi.y);
    const int w = static_cast<int>(hi.x - lo.x), h = static_cast<int>(hi.y - lo.y);
    return {x, fb_h - y - h, x + w, fb_h - y};
}

// A clip rectangle that the backend turns into exactly `box` (not empty, within the framebuffer).
// A clip rectangle with fractions is not the same pixels once cut in two: the edges and the width
// are truncated apart (x 10.3 to 20.9 draws columns 10 to 19; cut at 16, 10 to 14 and 16 to 19).
ImVec4 clip_for(const PixelBox& box, const ImDrawData& data) {
    const ImVec2 off = data.DisplayPos, scale = data.FramebufferScale;
    ImVec4 clip(off.x + static_cast<float>(box.x0) / scale.x, off.y + static_cast<float>(box.y0) / scale.y,
                off.x + static_cast<float>(box.x1) / scale.x, off.y + static_cast<float>(box.y1) / scale.y);
    // Exact with a scale of 1 or 2; otherwise a division may land an ulp short: nudged outwards.
    for (int k = 0; k < 8; ++k) {
        const PixelBox got = scissor_box(clip, data);
        if (got.x0 == box.x0 && got.y0 == box.y0 && got.x1 == box.x1 && got.y1 == box.y1) break;
        if (got.x0 < box.x0) clip.x = std::nextafter(clip.x, clip.z);
        if (got.x1 < box.x1) clip.z = std::nextafter(clip.z, HUGE_VALF);
        if (got.y1 > box.y1) clip.w = std::nextafter(clip.w, clip.y);
        if (got.y0 > box.y0 || got.y1 - got.y0 < box.y1 - box.y0) clip.y = std::nextafter(clip.y, -HUGE_VALF);
    }
    return clip;
}

}  // namespace

PixelBox PixelBox::intersect(const PixelBox& o) const {
    return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
}

PixelBox backend_scissor(const ImVec4& clip, const ImDrawData& data) { return scissor_box(clip, data); }

// One source list into `out`; false when nothing of it falls in the rectangles.
bool PartialFrame::cut(const ImDrawList& source, const ImDrawData& frame, const std::vector<DamageRect>& rects, ImDrawList& out) {
    out.CmdBuffer.resize(0);
    out.IdxBuffer.resize(0);
    bool drawn = false;
    for (const ImDrawCmd& cmd : source.CmdBuffer) {
        if (cmd.UserCallback == ImDrawCallback_ResetRenderState) {
            ImDrawCmd reset = cmd;
            reset.IdxOffset = static_cast<unsigned int>(out.IdxBuffer.Size);
            out.CmdBuffer.push_back(reset);
            continue;
        }
        // What the whole frame draws of this command, in each rectangle: the same pixels.
        const PixelBox whole = scissor_box(cmd.ClipRect, frame);
        pieces_.clear();
        for (const DamageRect& r : rects) {
            const PixelBox box = whole.intersect(pixels_[static_cast<std::size_t>(&r - rects.data())]);
            pieces_.push_back(box.empty() ? ImVec4(0, 0, 0, 0) : clip_for(box, frame));
        }
        if (std::all_of(pieces_.begin(), pieces_.end(), empty)) continue;
        const ImDrawIdx* idx = source.IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = source.VtxBuffer.Data + cmd.VtxOffset;
        boxes_.clear();
        for (unsigned int t = 0; !cmd.UserCallback && t + 2 < cmd.ElemCount; t += 3) {
            const ImVec2 a = vtx[idx[t]].pos, b = vtx[idx[t + 1]].pos, c = vtx[idx[t + 2]].pos;
            // A pixel is drawn when its centre is inside: one pixel more each side is safe.
            boxes_.emplace_back(std::min({a.x, b.x, c.x}) - 1, std::min({a.y, b.y, c.y}) - 1,
                                std::max({a.x, b.x, c.x}) + 1, std::max({a.y, b.y, c.y}) + 1);
        }
        for (const ImVec4& clip_rect : pieces_) {
            if (empty(clip_rect)) continue;
            ImDrawCmd piece = cmd;
            piece.ClipRect = clip_rect;
            piece.IdxOffset = static_cast<unsigned int>(out.IdxBuffer.Size);
            if (!cmd.UserCallback) {
                const ImVec4& clip = piece.ClipRect;
                for (std::size_t t = 0; t < boxes_.size(); ++t) {
                    const ImVec4& box = boxes_[t];
                    if (box.z <= clip.x || box.x >= clip.z || box.w <= clip.y || box.y >= clip.w) continue;
                    out.IdxBuffer.push_back(idx[3 * t]);
                    out.IdxBuffer.push_back(idx[3 * t + 1]);
                    out.IdxBuffer.push_back(idx[3 * t + 2]);
                }
                piece.ElemCount = static_cast<unsigned int>(out.IdxBuffer.Size) - piece.IdxOffset;
                if (piece.ElemCount == 0) continue;
                // llvmpipe draws a call of one or two triangles that make a rectangle its own way
                // (values a unit apart): a piece cut down to that gets an empty triangle more, so
                // that it is drawn as the whole command was.
                if (piece.ElemCount <= 6 && piece.ElemCount < cmd.ElemCount) {
                    const ImDrawIdx first = out.IdxBuffer[static_cast<int>(piece.IdxOffset)];  // a copy: push_back may move the buffer
                    for (int k = 0; k < 3; ++k) out.IdxBuffer.push_back(first);
                    piece.ElemCount += 3;
                }
            }
            out.CmdBuffer.push_back(piece);
            drawn = true;
        }
    }
    if (drawn) out.VtxBuffer = source.VtxBuffer;
    return drawn;
}

ImDrawData* PartialFrame::build(const ImDrawData& source, const std::vector<DamageRect>& rects) {
    used_.clear();
    data_ = ImDrawData();
    pixels_.clear();  // the rectangles in framebuffer pixels (an integer scale: render/damage.cpp)
    const PixelBox framebuffer{0, 0, static_cast<int>(source.DisplaySize.x * source.FramebufferScale.x),
                               static_cast<int>(source.DisplaySize.y * source.FramebufferScale.y)};
    for (const DamageRect& r : rects) {
        const auto at = [](int v, float scale) { return static_cast<int>(std::lround(static_cast<float>(v) * scale)); };
        pixels_.push_back(framebuffer.intersect({at(r.x0, source.FramebufferScale.x), at(r.y0, source.FramebufferScale.y),
                                                 at(r.x1, source.FramebufferScale.x), at(r.y1, source.FramebufferScale.y)}));
    }
    for (int n = 0; n < source.CmdListsCount; ++n) {
        const ImDrawList& list = *source.CmdLists[n];
        if (lists_.size() <= used_.size()) lists_.push_back(std::make_unique<ImDrawList>(list._Data));
        ImDrawList& out = *lists_[used_.size()];
        out._Data = list._Data;
        if (!cut(list, source, rects, out)) continue;
        used_.push_back(&out);
        data_.TotalVtxCount += out.VtxBuffer.Size;
        data_.TotalIdxCount += out.IdxBuffer.Size;
    }
    data_.Valid = true;
    data_.CmdLists = used_.data();
    data_.CmdListsCount = static_cast<int>(used_.size());
    data_.DisplayPos = source.DisplayPos;
    data_.DisplaySize = source.DisplaySize;
    data_.FramebufferScale = source.FramebufferScale;
    return &data_;
}

}  // namespace tb
