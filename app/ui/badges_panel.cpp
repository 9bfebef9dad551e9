// The badges strip under the formula: what the last change did to each figure, one pill a badge
// (« blocs : 1 744 → 5 232 (× 3) »), the ratio in bold gold, placed by badge_strip.
#include <imgui.h>

#include <algorithm>

#include "scene/badge_strip.h"
#include "ui/panels.h"

namespace tb {
namespace {

ImFont* badge_font(const Fonts& fonts) { return fonts.large ? fonts.large : ImGui::GetFont(); }

// The text of one pill: the head and the brackets (if any) in white, the factor in gold, drawn twice one
// pixel apart (the interface has no bold face).
void draw_pill(ImDrawList* dl, const Pill& p, ImFont* font, float px) {
    const float rounding = p.rect.h * 0.5f;
    dl->AddRectFilled(ImVec2(p.rect.x, p.rect.y), ImVec2(p.rect.right(), p.rect.bottom()), to_u32(kBadgeFill), rounding);
    dl->AddRect(ImVec2(p.rect.x, p.rect.y), ImVec2(p.rect.right(), p.rect.bottom()), to_u32(kBadgeGold), rounding, 0,
                std::max(1.5f, px * 0.12f));
    const std::string head = p.text.factor.empty() ? p.text.head : p.text.head + p.text.open;
    ImVec2 at(p.text_x, p.text_top);
    dl->AddText(font, px, at, to_u32(kBadgeText), head.c_str());
    if (p.text.factor.empty()) return;
    at.x += font->CalcTextSizeA(px, FLT_MAX, 0, head.c_str()).x;
    dl->AddText(font, px, at, to_u32(kBadgeGold), p.text.factor.c_str());
    dl->AddText(font, px, ImVec2(at.x + 1, at.y), to_u32(kBadgeGold), p.text.factor.c_str());
    at.x += font->CalcTextSizeA(px, FLT_MAX, 0, p.text.factor.c_str()).x + 1;
    if (!p.text.close.empty()) dl->AddText(font, px, at, to_u32(kBadgeText), p.text.close.c_str());
}

// A figure that stays (presenter mode's parameter count) at the strip's top right, outlined, in the
// theme's text colour (no fill: it is not a change): returns the strip's room left of it.
Rect draw_standing(ImDrawList* dl, Rect rect, const std::string& text, ImFont* font, float scale, palette::Colour8 ink) {
    const float px = std::max(kMinTextPx, std::min(rect.h * 0.45f, kBaseTextPx * scale * 0.8f));
    const float w = font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x + px, h = px * 1.5f;
    if (w > rect.w * 0.5f) return rect;  // no room: the badges first
    const Rect pill{rect.right() - w - px * 0.3f, rect.y + std::max(0.f, (std::min(rect.h, h * 1.6f) - h) * 0.5f), w, h};
    dl->AddRect(ImVec2(pill.x, pill.y), ImVec2(pill.right(), pill.bottom()), to_u32(ink, 120), h * 0.5f, 0, 1.5f);
    dl->AddText(font, px, ImVec2(pill.x + px * 0.5f, pill.cy() - px * 0.5f), to_u32(ink), text.c_str());
    rect.w = std::max(0.f, pill.x - rect.x - px * 0.3f);
    return rect;
}

}  // namespace

void draw_badges(const Rect& whole, const std::vector<Badge>& badges, const Fonts& fonts, const ThemeColours& theme,
                 Language language, float scale, const std::string& standing) {
    ImGui::PushStyleColor(ImGuiCol_WindowBg, to_u32(theme.section));
    const bool open = begin_panel("##badges", whole, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    if (!open) return;
    ImFont* font = badge_font(fonts);
    const Rect rect = standing.empty() ? whole : draw_standing(ImGui::GetWindowDrawList(), whole, standing, font, scale, theme.text);
    const TextMeasure measure = [font](const std::string& text, float px) {
        return font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x;
    };
    const BadgeStrip strip = badge_strip(rect, badges, scale, language, measure);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (const Pill& p : strip.pills) {
        draw_pill(dl, p, font, strip.text_px);
        // A narrowed pill says it all on hover.
        if (ImGui::IsMouseHoveringRect(ImVec2(p.rect.x, p.rect.y), ImVec2(p.rect.right(), p.rect.bottom())))
            ImGui::SetTooltip("%s", badge_text(badges[p.badge], language).full().c_str());
    }
    ImGui::End();
}

}  // namespace tb
