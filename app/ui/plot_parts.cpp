// The profile's and the cosine plot's shared drawing: the level axis and the lines.
#include "ui/plot_parts.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "scene/profile_axis.h"
#include "text/text.h"
#include "model/trace.h"

namespace tb::plot {
namespace {

// How the x axis writes the level names: short ones (E, a1, f1, S) when the medium ones would come
// closer than three quarters of a line (more than a word's space: « ffn 2 » and « output » one
// space apart read as one label, issue 34), the end names where they are drawn, kept on the panel;
// staggered on two lines if the short ones are still crowded, and only one in `stride` (the ends
// always) if even that overlaps.
struct AxisStyle {
    bool shorter = false, stagger = false;
    int stride = 1;
};
AxisRoom in_pixels(AxisRoom room) {
    const float line = ImGui::GetTextLineHeight();
    return {room.left >= 0 ? room.left : line, room.right >= 0 ? room.right : line * 0.8f};
}
AxisStyle axis_style(float width, int top, AxisRoom room, Language language) {
    const float cell = width / static_cast<float>(std::max(1, top)), line = ImGui::GetTextLineHeight();
    const auto gap = [&](LabelLength length) {
        std::vector<float> widths;
        for (int k = 0; k <= top; ++k) widths.push_back(ImGui::CalcTextSize(level_label(language, k, (top - 1) / 2, length).c_str()).x);
        return narrowest_gap(widths, axis_name_lefts(widths, cell, in_pixels(room).left, in_pixels(room).right));
    };
    AxisStyle a;
    a.shorter = gap(LabelLength::Medium) < line * 0.75f;
    // Short names have no space of their own: a narrower gap reads as one between them.
    const float short_name = ImGui::CalcTextSize("f6").x + std::max(6.f, line * 0.25f);
    a.stagger = a.shorter && cell < short_name;
    if (a.stagger && 2 * cell < short_name) a.stride = static_cast<int>(std::ceil(short_name / (2 * cell)));
    return a;
}

}  // namespace

float axis_lines(float width, int top, Language language, AxisRoom room) {
    return axis_style(width, top, room, language).stagger ? 2.6f : 1.5f;
}

// The x axis: the level names.
void level_axis(ImDrawList* dl, ImVec2 p0, float width, int top, float y, Language language, AxisRoom room) {
    const float cell = width / static_cast<float>(std::max(1, top));
    const float line = ImGui::GetTextLineHeight();
    const AxisStyle style = axis_style(width, top, room, language);
    room = in_pixels(room);
    const bool shorter = style.shorter, stagger = style.stagger;
    for (int k = 0, drawn = 0; k <= top; ++k) {
        if (k != top && (k % style.stride != 0 || top - k < style.stride)) continue;  // the end's name keeps its room
        const std::string name =
            level_label(language, k, (top - 1) / 2, shorter ? LabelLength::Short : LabelLength::Medium);
        const ImVec2 e = ImGui::CalcTextSize(name.c_str());
        const float x = p0.x + cell * static_cast<float>(k) - e.x * 0.5f;
        const bool low = stagger && drawn++ % 2;
        dl->AddText(ImVec2(std::max(p0.x - room.left, std::min(x, p0.x + width + room.right - e.x)), y + (low ? line : 0)),
                    ImGui::GetColorU32(ImGuiCol_Text), name.c_str());  // follows the theme
    }
}

// The points of `ys` over levels 0..playhead, the last segment cut where the beads are.
std::vector<ImVec2> points_until(const std::vector<float>& ys, ImVec2 p0, float cell, double playhead) {
    std::vector<ImVec2> pts;
    const int full = static_cast<int>(std::floor(playhead));
    for (int k = 0; k <= full && k < static_cast<int>(ys.size()); ++k)
        pts.emplace_back(p0.x + cell * static_cast<float>(k), ys[static_cast<std::size_t>(k)]);
    const float f = static_cast<float>(playhead - full);
    if (f > 0 && full + 1 < static_cast<int>(ys.size())) {
        const float y0 = ys[static_cast<std::size_t>(full)], y1 = ys[static_cast<std::size_t>(full + 1)];
        pts.emplace_back(p0.x + cell * (static_cast<float>(full) + f), y0 + (y1 - y0) * f);
    }
    return pts;
}

// One polyline of `values` over levels 0..playhead.
void polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col, float thick) {
    const std::vector<ImVec2> pts = points_until(ys, p0, cell, playhead);
    if (pts.size() >= 2) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, thick);
    for (const auto& p : pts) dl->AddCircleFilled(p, thick * 1.2f, col);
}

// The same, dashed: side B of the comparison.
void dashed_polyline(ImDrawList* dl, const std::vector<float>& ys, ImVec2 p0, float cell, double playhead, ImU32 col,
                     float thick) {
    const std::vector<ImVec2> pts = points_until(ys, p0, cell, playhead);
    const float dash = thick * 3.f, gap = thick * 2.f;
    float phase = 0;  // carried across segments so the pattern runs along the whole line
    for (std::size_t k = 1; k < pts.size(); ++k) {
        const ImVec2 a = pts[k - 1], b = pts[k];
        const float len = std::hypot(b.x - a.x, b.y - a.y);
        if (len <= 0) continue;
        float t = 0;
        while (t < len) {
            const bool on = phase < dash;
            const float step = std::min(len - t, on ? dash - phase : dash + gap - phase);
            if (on) {
                const float u0 = t / len, u1 = (t + step) / len;
                dl->AddLine(ImVec2(a.x + (b.x - a.x) * u0, a.y + (b.y - a.y) * u0),
                            ImVec2(a.x + (b.x - a.x) * u1, a.y + (b.y - a.y) * u1), col, thick);
            }
            t += step;
            phase += step;
            if (phase >= dash + gap) phase = 0;
        }
    }
    for (const auto& p : pts) {  // hollow points: B at a glance even where lines cross
        dl->AddCircleFilled(p, thick * 1.3f, IM_COL32(20, 22, 32, 255));
        dl->AddCircle(p, thick * 1.3f, col, 0, thick * 0.6f);
    }
}

}  // namespace tb::plot
