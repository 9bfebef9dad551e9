#include "render/partial_frame.h"

#include <algorithm>

namespace tb {
namespace {

ImVec4 intersect(const ImVec4& clip, const DamageRect& r) {
    return ImVec4(std::max(clip.x, static_cast<float>(r.x0)), std::max(clip.y, static_cast<float>(r.y0)),
                  std::min(clip.z, static_cast<float>(r.x1)), std::min(clip.w, static_cast<float>(r.y1)));
}

bool empty(const ImVec4& r) { return r.z <= r.x || r.w <= r.y; }

}  // namespace

// One source list into `out`; false when nothing of it falls in the rectangles.
bool PartialFrame::cut(const ImDrawList& source, const std::vector<DamageRect>& rects, ImDrawList& out) {
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
        const bool met = std::any_of(rects.begin(), rects.end(), [&](const DamageRect& r) { return !empty(intersect(cmd.ClipRect, r)); });
        if (!met) continue;
        const ImDrawIdx* idx = source.IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = source.VtxBuffer.Data + cmd.VtxOffset;
        boxes_.clear();
        for (unsigned int t = 0; !cmd.UserCallback && t + 2 < cmd.ElemCount; t += 3) {
            const ImVec2 a = vtx[idx[t]].pos, b = vtx[idx[t + 1]].pos, c = vtx[idx[t + 2]].pos;
            // A pixel is drawn when its centre is inside: one pixel more each side is safe.
            boxes_.emplace_back(std::min({a.x, b.x, c.x}) - 1, std::min({a.y, b.y, c.y}) - 1,
                                std::max({a.x, b.x, c.x}) + 1, std::max({a.y, b.y, c.y}) + 1);
        }
        for (const DamageRect& r : rects) {
            ImDrawCmd piece = cmd;
            piece.ClipRect = intersect(cmd.ClipRect, r);
            if (empty(piece.ClipRect)) continue;
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
    for (int n = 0; n < source.CmdListsCount; ++n) {
        const ImDrawList& list = *source.CmdLists[n];
        if (lists_.size() <= used_.size()) lists_.push_back(std::make_unique<ImDrawList>(list._Data));
        ImDrawList& out = *lists_[used_.size()];
        out._Data = list._Data;
        if (!cut(list, rects, out)) continue;
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
