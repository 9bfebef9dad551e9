// The timeline: the levels by name (a click stops the beads there), play/pause, step -/+, scrub.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "base/command_kit.h"
#include "scene/scrub.h"
#include "text/text.h"
#include "ui/layout_report.h"
#include "ui/panels.h"

namespace tb {
namespace {

// Over the scrub bar just drawn: the part past the stop dimmed, and the stop as a bright tick.
// ImGui puts a value's grab at  x0 + pad + (w - 2 pad - grab) t + grab / 2  (imgui_widgets.cpp).
void mark_stop(const ScrubScale& scale) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = 2.f, grab = style.GrabMinSize;
    const float x = a.x + pad + (b.x - a.x - 2 * pad - grab) * scale.fraction(scale.stop) + grab * 0.5f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (scale.stop < scale.hi) dl->AddRectFilled(ImVec2(x, a.y), b, IM_COL32(10, 12, 20, 150), style.FrameRounding);
    const float thick = std::max(3.f, ImGui::GetFontSize() * 0.18f);
    dl->AddLine(ImVec2(x, a.y - 1), ImVec2(x, b.y + 1), IM_COL32(255, 210, 80, 255), thick);
    report_mark("scrub", a.x, a.y, b.x, b.y, {scale.lo, scale.hi, scale.stop, x});
}

void draw_controls_row(const Settings& s, double playhead, bool playing, ScrubState& scrub, const CommandSink& send,
                       Language language) {
    const Strings& t = text_in(language);
    const int top = s.top_level();
    const bool moving = playing && playhead < s.step;
    if (ImGui::Button(moving ? t.pause : t.play)) send(moving ? "/lecture pause" : "/lecture play");
    ImGui::SameLine();
    if (ImGui::Button(t.step_back) && s.step > 0) send("/etape " + std::to_string(s.step - 1));
    ImGui::SameLine();
    if (ImGui::Button(t.step_forward) && s.step < top) send("/etape " + std::to_string(s.step + 1));
    ImGui::SameLine();
    if (!scrub.active) scrub.value = static_cast<float>(playhead);
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 1.6f);
    const std::string current = level_label(language, std::clamp(static_cast<int>(std::ceil(scrub.value - 1e-6)), 0, top), s.layers);
    // The whole stack, 0 … 2L+1, the stop marked; a drag past the stop holds there (scene/scrub.h).
    const ScrubScale scale = scrub_scale(s);
    if (ImGui::SliderFloat("##scrub", &scrub.value, scale.lo, scale.hi, current.c_str())) scrub.value = scale.clamp(scrub.value);
    scrub.active = ImGui::IsItemActive();
    mark_stop(scale);
    if (ImGui::IsItemDeactivatedAfterEdit())  // once, on release: the level to two decimals
        send("/lecture " + decimal_text(std::round(scrub.value * 100.0) / 100.0).fr);
    ImGui::PopItemWidth();
    help_marker(t.timeline_help);
}

void draw_level_names(const Settings& s, double playhead, const CommandSink& send, Language language) {
    const int top = s.top_level();
    // The level names, as buttons spread over the width: the class reads where the beads are.
    const float width = ImGui::GetContentRegionAvail().x;
    const float cell = width / static_cast<float>(top + 1);
    const float x0 = ImGui::GetCursorPosX();
    // One length for every name (« attention 1 », « att 1 » or « a1 »): the longest that fits all.
    LabelLength length = LabelLength::Full;
    for (const LabelLength l : {LabelLength::Full, LabelLength::Medium, LabelLength::Short}) {
        length = l;
        bool fits = true;
        for (int k = 0; k <= top && fits; ++k) fits = cell >= ImGui::CalcTextSize(level_label(language, k, s.layers, l).c_str()).x + 8;
        if (fits) break;
    }
    for (int k = 0; k <= top; ++k) {
        const std::string name = level_label(language, k, s.layers, length);
        const bool here = std::abs(playhead - k) < 0.5;
        const bool beyond = k > s.step;
        ImGui::SetCursorPosX(x0 + cell * static_cast<float>(k));
        ImGui::PushStyleColor(ImGuiCol_Button, here ? ImVec4(0.95f, 0.8f, 0.3f, 0.9f) : ImVec4(0.25f, 0.28f, 0.38f, beyond ? 0.35f : 1.f));
        ImGui::PushStyleColor(ImGuiCol_Text, here ? ImVec4(0.05f, 0.05f, 0.1f, 1) : ImVec4(1, 1, 1, beyond ? 0.45f : 1.f));
        ImGui::PushID(k);
        if (ImGui::Button(name.c_str(), ImVec2(cell - 4, 0))) send("/etape " + std::to_string(k));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s — /etape %d", level_label(language, k, s.layers).c_str(), k);
        ImGui::PopID();
        ImGui::PopStyleColor(2);
        if (k < top) ImGui::SameLine();
    }
}

}  // namespace

void draw_timeline(const Rect& rect, const Trace& trace, double playhead, bool playing, ScrubState& scrub,
                   const CommandSink& send, Language language) {
    if (!begin_tool_panel("##timeline", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Settings& s = trace.settings;
    // One row only (presenter mode with a lesson: the clicker drives): the level names.
    if (rect.h >= 2 * ImGui::GetFrameHeightWithSpacing()) draw_controls_row(s, playhead, playing, scrub, send, language);
    draw_level_names(s, playhead, send, language);
    ImGui::End();
}

}  // namespace tb
