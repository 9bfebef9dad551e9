// The cross-section: boxes, bands and arcs from the layout, beads from the animation records.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "scene/colour.h"
#include "scene/palette.h"
#include "scene/twin_link.h"
#include "text/text.h"
#include "ui/panels.h"
#include "ui/rgb.h"
#include "ui/story_drawing.h"

namespace tb {
namespace {

// Text that fits `width`, centred on `pos.y` (a band's label): on two lines where it would not fit
// on one and `height` holds two, the font size shrinking only as a last resort, never below
// kMinTextPx unless even that cannot fit.
void fitted_text(ImDrawList* dl, ImFont* font, float size, ImVec2 pos, float width, float height, ImU32 colour,
                 const std::string& s) {
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0, s.c_str());
    const std::size_t space = s.rfind(' ', s.size() / 2 + 3);
    if (extent.x > width && space != std::string::npos && space > 0 && height >= 1.9f * size) {
        const std::string first = s.substr(0, space), second = s.substr(space + 1);
        const float wide = std::max(font->CalcTextSizeA(size, FLT_MAX, 0, first.c_str()).x,
                                    font->CalcTextSizeA(size, FLT_MAX, 0, second.c_str()).x);
        if (wide > width && wide > 0) size = std::max(size * width / wide, std::min(size, kMinTextPx));
        dl->AddText(font, size, ImVec2(pos.x, pos.y - size), colour, first.c_str());
        dl->AddText(font, size, ImVec2(pos.x, pos.y), colour, second.c_str());
        return;
    }
    if (extent.x > width && extent.x > 0) size *= width / extent.x;
    dl->AddText(font, size, ImVec2(pos.x, pos.y - size * 0.5f), colour, s.c_str());
}

// Boxes, with their labels in the right-hand part (the beads use the left part); the box being
// crossed is outlined.
void draw_boxes(ImDrawList* dl, const Layout& layout, const FrameRecords& frame, const Trace& trace, const Fonts& fonts,
                float story_px, Language language, const DecodeRecords* decode) {
    const float rounding = std::min(8.f, layout.max_radius * 0.6f);
    for (const auto& box : layout.boxes) {
        const Rect& r = box.rect;
        if (r.empty()) continue;
        const bool active = box.level == frame.active_level && frame.phase > 0;
        dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), to_u32(box_colour(box.kind)), rounding);
        if (active) dl->AddRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), IM_COL32(255, 255, 255, 230), rounding, 0, 3.f);
        // The GQA chips or a gated FFN's row names take the opened box's right part: its name is on the timeline.
        if (active && (!frame.sharing.queries.empty() || !row_names(frame, trace.settings, fonts, story_px, language).rows.empty())) continue;
        // A generation told: the caches take the attention boxes' right part, the bars the output's.
        if (decode && decode->active && (box.kind == BoxKind::Attention || (box.kind == BoxKind::Output && !decode->bars.bars.empty())))
            continue;
        const BoxText label = fit_box_label(layout, box, language, [&](const std::string& text, float px) {
            return fonts.large->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x;
        });
        if (label.px <= 0) continue;
        const ImU32 colour = to_u32(palette::kLabel);
        if (label.second.empty()) {
            dl->AddText(fonts.large, label.px, ImVec2(layout.label_x, r.cy() - label.px * 0.5f), colour, label.first.c_str());
        } else {
            dl->AddText(fonts.large, label.px, ImVec2(layout.label_x, r.cy() - label.px), colour, label.first.c_str());
            dl->AddText(fonts.large, label.px, ImVec2(layout.label_x, r.cy()), colour, label.second.c_str());
        }
    }
}

// The grey norm bands, labelled with the norm's type: LayerNorm, RMSNorm where tall enough to read,
// else a tag « LN », « RMS ».
void draw_bands(ImDrawList* dl, const Layout& layout, const Fonts& fonts, Language language) {
    for (const auto& band : layout.bands) {
        const Rect& r = band.rect;
        dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), to_u32(palette::kBand), 2.f);
        if (r.h >= kBandLabelPx) {
            fitted_text(dl, fonts.body, std::max(kMinTextPx, r.h * 0.95f), ImVec2(layout.label_x, r.cy()),
                        r.right() - layout.label_x - 6, r.h, to_u32(palette::kLabel),
                        band_label(layout, band, language));
            continue;
        }
        // Too thin for its label: « LN » or « RMS » on a grey tag at its right end.
        const std::string tag = band_tag_text(layout);
        const float px = layout.tag_px;
        const Rect t = band_tag(band, fonts.body->CalcTextSizeA(px, FLT_MAX, 0, tag.c_str()).x, px);
        dl->AddRectFilled(ImVec2(t.x, t.y), ImVec2(t.right(), t.bottom()), to_u32(palette::kBand), 3.f);
        dl->AddText(fonts.body, px, ImVec2(t.x + px * 0.3f, t.cy() - px * 0.5f), to_u32(palette::kLabel), tag.c_str());
    }
}

// The yellow residual arcs and the ⊕ where they merge.
void draw_residual(ImDrawList* dl, const Layout& layout, const ThemeColours& theme) {
    const float thick = std::clamp(layout.max_radius * 0.28f, 2.f, 4.f);
    for (const auto& arc : layout.arcs)
        dl->AddBezierCubic(ImVec2(arc.p0.x, arc.p0.y), ImVec2(arc.p1.x, arc.p1.y), ImVec2(arc.p2.x, arc.p2.y),
                           ImVec2(arc.p3.x, arc.p3.y), to_u32(theme.residual), thick);
    for (const auto& m : layout.merges) {
        const ImVec2 c(m.at.x, m.at.y);
        dl->AddCircleFilled(c, m.radius, to_u32(theme.section));
        dl->AddCircle(c, m.radius, to_u32(theme.residual), 0, thick * 0.8f);
        dl->AddLine(ImVec2(c.x - m.radius * 0.6f, c.y), ImVec2(c.x + m.radius * 0.6f, c.y), to_u32(theme.residual), thick * 0.7f);
        dl->AddLine(ImVec2(c.x, c.y - m.radius * 0.6f), ImVec2(c.x, c.y + m.radius * 0.6f), to_u32(theme.residual), thick * 0.7f);
    }
}

// The words under the beads on the row at `y`, each on a tag of its token's identity colour (the
// colour of its bead's outline and of its profile line). On two or three rows where the layout
// says so (word i on row i mod rows, so each has that many columns); a word still too long shrinks
// rather than overlap its neighbours.
void draw_words(ImDrawList* dl, const Layout& layout, const FrameRecords& frame, const Trace& trace, const Fonts& fonts, float y) {
    const int n = trace.token_count(), shown = frame.shown_tokens < 0 ? n : std::min(n, frame.shown_tokens);
    std::vector<float> token_x(static_cast<std::size_t>(n));  // where its beads are (they slide after /melanger)
    for (int i = 0; i < n; ++i) token_x[static_cast<std::size_t>(i)] = layout.token_x(i, n);
    for (const auto& b : frame.beads)
        if (b.role != BeadRole::Copy && b.token < n) token_x[static_cast<std::size_t>(b.token)] = b.x;
    const float word_px = layout.word_px;
    const float cell = (layout.stream_x1 - layout.stream_x0) / static_cast<float>(std::max(1, n));
    const int rows = std::max(1, layout.word_rows);
    const float room = cell * (static_cast<float>(rows) - 0.08f) - word_px * 0.5f;
    for (int i = 0; i < shown; ++i) {
        const std::string& w = trace.tokens[static_cast<std::size_t>(i)].word;
        float px = word_px;
        ImVec2 e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, w.c_str());
        if (e.x > room && e.x > 0) {
            px *= room / e.x;
            e = fonts.body->CalcTextSizeA(px, FLT_MAX, 0, w.c_str());
        }
        const Rgb c = identity_colour(trace.typed_place(i));
        const float row = static_cast<float>(i % rows) * word_px * 1.25f;
        // Under its bead, kept clear of the labels' column (the last word's tag would cover « entrée »).
        const float x = std::min(token_x[static_cast<std::size_t>(i)] - e.x * 0.5f, layout.label_x - 6 - word_px * 0.22f - e.x), top = y + row + (word_px - px) * 0.5f, pad = word_px * 0.22f;
        dl->AddRectFilled(ImVec2(x - pad, top - pad * 0.3f), ImVec2(x + e.x + pad, top + e.y + pad * 0.3f), rgb(c, 1.f), pad * 1.5f);
        const bool dark_text = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b > 0.33f;
        dl->AddText(fonts.body, px, ImVec2(x, top), dark_text ? to_u32(palette::kLabel) : IM_COL32(255, 255, 255, 255), w.c_str());
    }
}

// The arch between the two beads of the same word, white on a dark edge so that it reads on every
// box and on both themes, its cosine on a dark pill (scene/twin_link.h).
void draw_twin_links(ImDrawList* dl, const Layout& layout, const FrameRecords& frame, const Trace& trace, const Fonts& fonts,
                     float px, Language language) {
    if (!frame.twin_links) return;
    const auto width_of = [&](const std::string& text, float size) { return fonts.body->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x; };
    for (const TwinLink& l : twin_links(trace, layout, frame, px, language, width_of)) {
        const ImVec2 p0(l.from.x, l.from.y), p1(l.c1.x, l.c1.y), p2(l.c2.x, l.c2.y), p3(l.to.x, l.to.y);
        dl->AddBezierCubic(p0, p1, p2, p3, IM_COL32(12, 14, 22, 235), l.thick + 3.f);
        dl->AddBezierCubic(p0, p1, p2, p3, IM_COL32(255, 255, 255, 255), l.thick);
        const Rect& r = l.label;
        dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), IM_COL32(12, 14, 22, 240), r.h * 0.5f);
        dl->AddRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), IM_COL32(255, 255, 255, 255), r.h * 0.5f, 0, 2.f);
        const float w = width_of(l.text, l.px);
        dl->AddText(fonts.body, l.px, ImVec2(r.cx() - w * 0.5f, r.cy() - l.px * 0.5f), IM_COL32(255, 255, 255, 255), l.text.c_str());
    }
}

// Without the GL renderer: the same bead, flat (fill, outline, ring), from the same records.
void draw_beads_flat(ImDrawList* dl, const FrameRecords& frame) {
    for (const auto& b : frame.beads) {
        const ImVec2 c(b.x, b.y);
        dl->AddCircleFilled(c, b.radius, rgb(b.fill, b.alpha));
        dl->AddCircle(c, b.radius + 1.f, rgb(b.outline, b.alpha), 0, 2.f);
        dl->AddCircle(c, b.reference_radius, IM_COL32(150, 150, 150, static_cast<int>(200 * b.alpha)), 0, 1.f);
    }
}

}  // namespace

void draw_cross_section(const Rect& rect, const Layout& layout, const FrameRecords& frame, const Trace& trace,
                        const Fonts& fonts, BeadPainter painter, Language language, const ThemeColours& theme,
                        const char* id, const DecodeRecords* decode) {
    ImGui::PushStyleColor(ImGuiCol_WindowBg, to_u32(theme.section));
    const bool open = begin_panel(id, rect, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleColor();
    if (!open) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    // The story's text size (the weights, the chips' and rows' names).
    const float story_px = std::max(16.f, ImGui::GetFontSize());
    draw_boxes(dl, layout, frame, trace, fonts, story_px, language, decode);
    draw_bands(dl, layout, fonts, language);
    draw_residual(dl, layout, theme);
    // The story of the sublayer being crossed: the lanes under the beads; the weights, strips and
    // arrows over them (the weights are clipped to the box, and the GL beads draw with the last
    // command's scissor, so they come after the beads).
    const float thick = std::clamp(layout.max_radius * 0.2f, 2.f, 4.f);
    draw_lanes(dl, frame, thick * 0.8f);  // under the opened box: the copies wait left of it
    draw_opened_box(dl, frame, layout);

    // Beads: the GL renderer, from inside this draw list, so that labels stay on top.
    if (painter.callback) {
        dl->AddCallback(painter.callback, painter.user);
        dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    } else {
        draw_beads_flat(dl, frame);
    }
    draw_copies(dl, frame);
    draw_modern_attention(dl, frame, fonts, story_px, language);  // RoPE's dials under the weights
    draw_links(dl, frame, layout, fonts, story_px, language);
    draw_hidden(dl, frame, trace.settings, fonts, story_px, language);
    draw_arrows(dl, frame, std::clamp(layout.max_radius * 0.25f, 3.f, 5.f), fonts, story_px);
    draw_twin_links(dl, layout, frame, trace, fonts, story_px, language);
    if (decode) draw_decode(dl, *decode, fonts, language, theme);

    // The words under the beads at the input, and at the top once they arrive (where they fit).
    draw_words(dl, layout, frame, trace, fonts, layout.level_y.front() + layout.word_offset);
    const int top = static_cast<int>(layout.level_y.size()) - 1;
    if (layout.top_words && frame.active_level == top && frame.phase <= 0)
        draw_words(dl, layout, frame, trace, fonts, layout.level_y.back() + layout.word_offset);
    const Level& crossed = trace.levels[static_cast<std::size_t>(std::clamp(frame.active_level, 0, top))];
    draw_story_caption(dl, frame, layout, fonts, story_px * 1.1f, trace.settings, static_cast<int>(crossed.hidden.cols()),
                       norm_claim(trace, frame.active_level), language, theme);
    ImGui::End();
}

// What to notice (the /melanger reply), on a card across the top of the section, above the stack
// (stack_area keeps that share free), so that presenter mode, which has no console, shows it too.
// On the foreground draw list: above the beads, and no window to order. Its text shrinks to the
// card, never under the smallest size.
void draw_section_caption(const Rect& section, const Layout& layout, const std::string& caption, const Fonts& fonts,
                          const ThemeColours& theme) {
    if (caption.empty() || section.empty()) return;
    const Rect card{section.x + 6, section.y + 4, section.w - 12, section.h * kCardShare - 8};
    float size = std::max(kMinTextPx, layout.label_px * 0.9f);
    const float pad = kMinTextPx * 0.4f, width = card.w - 2 * pad;
    if (width <= 0) return;
    ImVec2 text = fonts.body->CalcTextSizeA(size, FLT_MAX, width, caption.c_str());
    while (text.y > card.h - 2 * pad && size > kMinTextPx) {
        size = std::max(kMinTextPx, size - 1.f);
        text = fonts.body->CalcTextSizeA(size, FLT_MAX, width, caption.c_str());
    }
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    dl->PushClipRect(ImVec2(card.x, card.y), ImVec2(card.right(), card.bottom()), true);
    const ImVec2 p0(card.x, card.y), p1(card.right(), std::min(card.bottom(), card.y + text.y + 2 * pad));
    dl->AddRectFilled(p0, p1, to_u32(theme.background, 240), pad);
    dl->AddRect(p0, p1, to_u32(theme.residual), pad, 0, 2.f);
    dl->AddText(fonts.body, size, ImVec2(card.x + pad, card.y + pad), to_u32(theme.text), caption.c_str(), nullptr, width);
    dl->PopClipRect();
}

}  // namespace tb
