// The mean cosine similarity by level (the collapse): the rise towards 1 as the beads pass, the
// previous pass faint behind when it has the same levels, side B dashed during /comparer.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/numbers.h"
#include "scene/profile_axis.h"
#include "text/text.h"
#include "ui/layout_report.h"
#include "ui/panels.h"
#include "ui/plot_parts.h"
#include "ui/sides.h"

namespace tb {

void draw_cosine(const Rect& rect, const Trace& trace, const Trace* previous, double playhead, Language language,
                 Compared b) {
    if (b.trace || !previous_comparable(trace, previous)) previous = nullptr;  // same levels only
    if (!begin_tool_panel("##cosinus", rect, ImGuiWindowFlags_NoScrollbar)) return;
    // The mean cosine at the level the playhead shows: A's, and B's labelled beside it.
    const auto cosine_at = [](const Trace& t, double head) {
        const int shown = std::clamp(static_cast<int>(std::floor(head)), 0, static_cast<int>(t.levels.size()) - 1);
        return mean_pairwise_cosine(t.levels[static_cast<std::size_t>(shown)].vectors);
    };
    const double now = cosine_at(trace, playhead);
    std::string a_value = format_fixed(now, 2, language), b_value;
    if (b.trace) a_value = "A " + a_value, b_value = "B " + format_fixed(cosine_at(*b.trace, b.playhead), 2, language);
    const float gap = ImGui::GetTextLineHeight() * 0.8f;
    // Beside the legend the long title does not fit: a shorter one.
    // With side B, the two figures take the title's row too (clear of both lines).
    const float figures = b.trace ? ImGui::CalcTextSize(a_value.c_str()).x + gap + ImGui::CalcTextSize(b_value.c_str()).x + gap : 0.f;
    const char* title = text_in(language).cosine_title;
    for (const char* shorter : {tr(language, "cosinus moyen (effondrement)", "mean cosine (collapse)"), tr(language, "cosinus moyen", "mean cosine")})
        if (ImGui::CalcTextSize(title).x > ImGui::GetContentRegionAvail().x - ImGui::GetTextLineHeight() * 0.5f - figures) title = shorter;
    // Still too wide (presenter mode with a lesson at 1024x768): on two lines, never cut.
    ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x);
    ImGui::TextUnformatted(title);
    ImGui::PopTextWrapPos();
    if (b.trace && ImGui::GetItemRectSize().x > ImGui::GetContentRegionAvail().x - figures) ImGui::NewLine();  // a row of their own
    const ImVec2 title_end(0, ImGui::GetCursorScreenPos().y - ImGui::GetStyle().ItemSpacing.y);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const float left = cursor.x + ImGui::CalcTextSize("0").x + line * 0.6f, right = rect.right() - line;  // room for « 0 » and « 1 »
    const int top = static_cast<int>(trace.levels.size()) - 1;
    const float plot_top = cursor.y + line * 0.3f, plot_bottom = rect.bottom() - line * plot::axis_lines(right - left, top, language);
    if (right - left < 20 || plot_bottom - plot_top < 10) {
        ImGui::End();
        return;
    }
    const double lo = -0.25, hi = 1.0;  // fixed: the class sees the rise towards 1 (collapse)
    auto y_of = [&](double v) {
        return plot_bottom - static_cast<float>(std::clamp((v - lo) / (hi - lo), 0.0, 1.0)) * (plot_bottom - plot_top);
    };
    report_mark("cosine_plot", left, plot_top, right, plot_bottom, {});  // its height, for tests/gui
    dl->AddRect(ImVec2(left, plot_top), ImVec2(right, plot_bottom), IM_COL32(90, 95, 115, 255));
    const bool both_labels = y_of(0.0) - y_of(1.0) >= line * 1.3f;  // a short plot (a large /vue texte): « 1 » alone
    for (double v : {0.0, 1.0}) {
        dl->AddLine(ImVec2(left, y_of(v)), ImVec2(right, y_of(v)), IM_COL32(120, 120, 140, 120));
        if (v < 0.5 && !both_labels) continue;
        const char* label = v > 0.5 ? "1" : "0";
        dl->AddText(ImVec2(left - line * 0.3f - ImGui::CalcTextSize(label).x, y_of(v) - line * 0.5f), IM_COL32(170, 170, 185, 255), label);
    }
    plot::level_axis(dl, ImVec2(left, plot_bottom), right - left, top, plot_bottom + 4, language);
    auto series = [&](const Trace& t) {
        std::vector<float> ys;
        for (const auto& level : t.levels) ys.push_back(y_of(mean_pairwise_cosine(level.vectors)));
        return ys;
    };
    if (previous) {
        const int prev_top = static_cast<int>(previous->levels.size()) - 1;
        plot::polyline(dl, series(*previous), ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, prev_top)), prev_top,
                 IM_COL32(200, 200, 220, 60), 2.f);
    }
    const auto ys = series(trace);
    plot::polyline(dl, ys, ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, top)), playhead,
             side_u32(ComparedSide::A), 3.f);
    float x_right = right - 4;
    // The figures in the half the line is not in: under a line near 1, over a line near 0. With
    // side B, two lines to keep clear of: the figures go on the title's row, at its right end.
    float value_y = std::max(title_end.y, now > 0.4 ? plot_bottom - line - 2 : plot_top + 2);  // never over the title
    if (b.trace) {
        x_right = rect.right() - ImGui::GetStyle().WindowPadding.x;
        value_y = title_end.y - line;  // side B dashed, in another colour; both values, labelled
        const int b_top = static_cast<int>(b.trace->levels.size()) - 1;
        plot::dashed_polyline(dl, series(*b.trace), ImVec2(left, 0), (right - left) / static_cast<float>(std::max(1, b_top)),
                        b.playhead, side_u32(ComparedSide::B), 3.f);
        x_right -= ImGui::CalcTextSize(b_value.c_str()).x;
        dl->AddText(ImVec2(x_right, value_y), side_u32(ComparedSide::B), b_value.c_str());
        x_right -= gap;
    }
    dl->AddText(ImVec2(x_right - ImGui::CalcTextSize(a_value.c_str()).x, value_y), side_u32(ComparedSide::A), a_value.c_str());
    ImGui::End();
}

}  // namespace tb
