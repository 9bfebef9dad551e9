// The legend: how to read a bead (its direction scale, its area, its √d ring, its outline) and the
// residual arc. ImGui draw lists only.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "scene/colour.h"
#include "text/text.h"
#include "ui/panels.h"
#include "ui/rgb.h"

namespace tb {

namespace {

// The direction scale drawn as the beads use it (from −kCueRange to +kCueRange, linear between
// its stops as the shader mixes them), `width` wide at the cursor; each label in the ink that
// reads on the colour under it (white on the dark blue and the grey, black on the orange).
void cue_scale(float width, Language language) {
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const auto& stops = cue_stops();
    for (int j = 0; j + 1 < kCueStops; ++j) {
        const float x0 = p.x + width * static_cast<float>(j) / (kCueStops - 1), x1 = p.x + width * static_cast<float>(j + 1) / (kCueStops - 1);
        const ImU32 a = rgb(stops[static_cast<std::size_t>(j)]), b = rgb(stops[static_cast<std::size_t>(j + 1)]);
        dl->AddRectFilledMultiColor(ImVec2(x0, p.y + line * 0.1f), ImVec2(x1, p.y + line * 0.9f), a, b, b, a);
    }
    auto ink = [](float cell) {  // WCAG: black where its contrast beats white's (relative luminance above 0.18)
        const Rgb c = cue_colour(cell);
        auto lin = [](float v) { return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); };
        const float y = 0.2126f * lin(c.r) + 0.7152f * lin(c.g) + 0.0722f * lin(c.b);
        return y > 0.18f ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
    };
    const std::string range = format_fixed(kCueRange, 1, language);
    const float pad = line * 0.15f;  // the ends' labels inside the strip, the 0 at its middle
    const std::string low = "−" + range, high = "+" + range;
    dl->AddText(ImVec2(p.x + pad, p.y), ink(-1.f), low.c_str());
    const float room = width - ImGui::CalcTextSize(low.c_str()).x - ImGui::CalcTextSize(high.c_str()).x - 4 * pad;
    if (room > ImGui::CalcTextSize("0").x * 3)  // the 0 only where it does not touch the ends' labels
        dl->AddText(ImVec2(p.x + (width - ImGui::CalcTextSize("0").x) * 0.5f, p.y), ink(0.f), "0");
    dl->AddText(ImVec2(p.x + width - pad - ImGui::CalcTextSize(high.c_str()).x, p.y), ink(1.f), high.c_str());
    ImGui::Dummy(ImVec2(width, line));
}

// A bead drawn as the cross-section draws one (8 sectors of a fixed example direction, the first
// word's outline, a dashed √d ring a little larger), its four cues named beside it: the legend of
// a narrow column, where sentences do not fit. Nothing, and false, where the names would be too
// small to read (the (?) tooltip says it all).
bool example_bead(float height, Language language) {
    const Strings& t = text_in(language);
    const float r = std::max(6.f, height * 0.24f), ring = r * 1.2f;
    const ImVec2 p = ImGui::GetCursorScreenPos(), c(p.x + r * 1.35f, p.y + height * 0.5f);
    const char* keys[] = {t.legend_key_sectors, t.legend_key_area, t.legend_key_ring, t.legend_key_outline};
    const float step = height / 4, x = c.x + ring + r * 0.4f;
    float size = std::min(ImGui::GetFontSize(), step * 0.95f), widest = 0;  // every key fits the width
    for (const char* key : keys) widest = std::max(widest, ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, key).x);
    const float room = p.x + ImGui::GetContentRegionAvail().x - x;
    if (widest > room && widest > 0) size *= room / widest;
    if (size < kMinTextPx - 0.01f) return false;

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float cells[8] = {0.9f, 0.4f, -0.2f, -0.9f, -0.5f, 0.1f, 0.7f, -0.6f};
    const float pi = 3.14159265f;
    for (int j = 0; j < 8; ++j) {  // from twelve o'clock, clockwise (y is down)
        dl->PathLineTo(c);
        dl->PathArcTo(c, r, -pi / 2 + 2 * pi * static_cast<float>(j) / 8, -pi / 2 + 2 * pi * static_cast<float>(j + 1) / 8, 6);
        dl->PathFillConvex(rgb(cue_colour(cells[j])));
    }
    dl->AddCircle(c, r + 1.5f, rgb(identity_colour(0)), 0, 3.f);
    for (int k = 0; k < 16; ++k) {
        const float a0 = 2 * pi * static_cast<float>(k) / 16, a1 = a0 + 2 * pi / 16;
        dl->AddLine(ImVec2(c.x + ring * std::cos(a0), c.y + ring * std::sin(a0)), ImVec2(c.x + ring * std::cos(a1), c.y + ring * std::sin(a1)),
                    k % 2 ? IM_COL32(245, 245, 245, 230) : IM_COL32(20, 20, 24, 230), 1.6f);
    }
    for (int k = 0; k < 4; ++k)
        dl->AddText(ImGui::GetFont(), size, ImVec2(x, p.y + step * static_cast<float>(k) + (step - size) * 0.5f),
                    ImGui::GetColorU32(ImGuiCol_Text), keys[k]);
    ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, height));
    return true;
}

}  // namespace

// The legend: the direction scale, then the other cues in words. In a narrow column (beside the
// cosine plot, where the similarity grid takes the width below) the scale has its own line and
// the words, smaller (down to kMinTextPx), as many lines as fit; all of them on hover of its (?).
void draw_legend(const Rect& rect, Language language) {
    if (!begin_tool_panel("##legende", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const Strings& t = text_in(language);
    const char* lines[] = {t.legend_colour, t.legend_identity, t.legend_size, t.legend_off_scale, t.legend_residual};
    const float line = ImGui::GetTextLineHeight(), wrap = ImGui::GetContentRegionAvail().x;
    auto height = [&](const char* s, float k) {
        return ImGui::GetFont()->CalcTextSizeA(line * k, FLT_MAX, wrap, s).y + ImGui::GetStyle().ItemSpacing.y;
    };
    float full = 0;
    for (const char* l : lines) full += height(l, 1.f);
    const bool narrow = full > ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeightWithSpacing() || wrap < line * 14;
    ImGui::TextDisabled("%s", t.legend_title);
    if (!narrow) {
        help_marker(t.legend_colour_help);  // how a direction becomes sectors, for whoever asks
        ImGui::SameLine();
        cue_scale(std::min(ImGui::GetContentRegionAvail().x, line * 9), language);
    } else {
        std::string whole;
        for (const char* l : lines) whole += std::string(l) + "\n";
        help_marker((whole + "\n" + t.legend_colour_help).c_str());
        cue_scale(std::min(wrap, line * 9), language);
    }
    const float k = narrow ? std::min(1.f, std::max(0.8f, kMinTextPx / ImGui::GetFontSize())) : 1.f;  // never under 16 px
    ImGui::SetWindowFontScale(tool_text_scale() * k);
    if (narrow && ImGui::GetContentRegionAvail().y >= line * 2.4f &&  // a drawn bead, its cues named
        example_bead(std::min(ImGui::GetContentRegionAvail().y, line * 4.4f), language)) {
        ImGui::End();
        return;
    }
    ImGui::PushTextWrapPos(0);
    for (const char* l : lines) {
        if (narrow && height(l, k) > ImGui::GetContentRegionAvail().y) break;  // the rest on hover
        ImGui::TextUnformatted(l);
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}

}  // namespace tb
