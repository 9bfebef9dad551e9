// Gradients through the residual (seed 000 D): the mean |gradient| of each sublayer's weights by
// level, for this model with the residual on (yellow) and off (red), same weights, same sentence
// (backward on the trace and on the other wiring, computed once per trace). Beside it Raschka's
// five-layer experiment, without and with shortcuts. Log scales: the gap is orders of magnitude.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "text/text.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

constexpr palette::Colour8 kOff{232, 92, 80};  // without the residual / shortcuts

struct LogAxis {
    double lo, hi;
    float top, bottom;
    float y(double v) const {
        const double u = (std::log10(std::max(v, lo)) - std::log10(lo)) / std::max(1e-9, std::log10(hi) - std::log10(lo));
        return bottom - static_cast<float>(std::clamp(u, 0.0, 1.0)) * (bottom - top);
    }
};

LogAxis axis_for(const std::vector<const std::vector<double>*>& series, float top, float bottom) {
    double lo = 1e300, hi = 0;
    for (const auto* s : series)
        for (double v : *s)
            if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (hi <= 0) lo = 1e-3, hi = 1;
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    hi = std::pow(10.0, std::ceil(std::log10(hi)));
    if (hi <= lo) hi = lo * 10;
    return {lo, hi, top, bottom};
}

// "10⁻³": a decade as people write it (not the machines' 1e-3).
std::string power_of_ten(int k) {
    static const char* superscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string out = k < 0 ? "10⁻" : "10";
    for (char c : std::to_string(std::abs(k))) out += superscript[c - '0'];
    return out;
}

// Decades as grid lines, labelled 10^k.
void decades(ImDrawList* dl, const LogAxis& a, float x0, float x1) {
    for (double v = a.lo; v <= a.hi * 1.0001; v *= 10) {
        const float y = a.y(v);
        dl->AddLine(ImVec2(x0, y), ImVec2(x1, y), IM_COL32(60, 66, 88, 255));
        const std::string label = power_of_ten(static_cast<int>(std::lround(std::log10(v))));
        const char* buf = label.c_str();
        const ImVec2 size = ImGui::CalcTextSize(buf);
        dl->AddText(ImVec2(x0 - size.x - 4, y - size.y * 0.5f), IM_COL32(170, 176, 196, 255), buf);
    }
}

void level_plot(const Rect& r, const GradientComparison& g, int layers, Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float x0 = r.x + line * 2.4f, x1 = r.right() - line * 0.6f;
    const LogAxis a = axis_for({&g.residual_on, &g.residual_off}, r.y + line * 0.3f, r.bottom() - line * 1.3f);
    if (x1 - x0 < 20 || a.bottom - a.top < 20) return;
    decades(dl, a, x0, x1);
    const int count = static_cast<int>(g.residual_on.size());
    const float step = (x1 - x0) / static_cast<float>(std::max(1, count - 1));
    auto draw = [&](const std::vector<double>& v, palette::Colour8 c) {
        std::vector<ImVec2> pts;
        for (int k = 0; k < static_cast<int>(v.size()); ++k) pts.emplace_back(x0 + step * static_cast<float>(k), a.y(v[static_cast<std::size_t>(k)]));
        dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), to_u32(c), 0, 3.f);
        for (const auto& p : pts) dl->AddCircleFilled(p, 4.f, to_u32(c));
    };
    draw(g.residual_off, kOff);
    draw(g.residual_on, palette::kResidual);
    for (int k = 0; k < count; ++k) {
        const std::string name = level_label(language, k + 1, layers, LabelLength::Short);
        if (count > 8 && k % 2) continue;  // six layers: every other label
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        dl->AddText(ImVec2(x0 + step * static_cast<float>(k) - size.x * 0.5f, a.bottom + 2), IM_COL32(200, 205, 220, 255), name.c_str());
    }
    ImGui::SetCursorScreenPos(ImVec2(x0, a.top));
    ImGui::InvisibleButton("##niveaux", ImVec2(std::max(1.f, x1 - x0), std::max(1.f, a.bottom - a.top)));
    if (ImGui::IsItemHovered() && count > 0) {
        const int k = std::clamp(static_cast<int>(std::lround((ImGui::GetIO().MousePos.x - x0) / step)), 0, count - 1);
        ImGui::SetTooltip(tr(language, "niveau %d (%s %d) : avec résiduel %s, sans %s", "level %d (%s %d): with residual %s, without %s"), k + 1,
                          k % 2 == 0 ? "attention" : "ffn", k / 2 + 1,
                          format_shortest(g.residual_on[static_cast<std::size_t>(k)], 3, language).c_str(),
                          format_shortest(g.residual_off[static_cast<std::size_t>(k)], 3, language).c_str());
    }
}

void raschka_plot(const Rect& r, const ShortcutExperiment& e, Language language) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float x0 = r.x + line * 2.4f, x1 = r.right() - line * 0.6f;
    const LogAxis a = axis_for({&e.without_shortcuts, &e.with_shortcuts}, r.y + line * 0.3f, r.bottom() - line * 1.3f);
    if (x1 - x0 < 20 || a.bottom - a.top < 20) return;
    decades(dl, a, x0, x1);
    const int count = static_cast<int>(e.with_shortcuts.size());
    const float slot = (x1 - x0) / static_cast<float>(std::max(1, count)), bar = slot * 0.32f;
    for (int k = 0; k < count; ++k) {
        const float cx = x0 + slot * (static_cast<float>(k) + 0.5f);
        const double off = e.without_shortcuts[static_cast<std::size_t>(k)], on = e.with_shortcuts[static_cast<std::size_t>(k)];
        dl->AddRectFilled(ImVec2(cx - bar - 1, a.y(off)), ImVec2(cx - 1, a.bottom), to_u32(kOff));
        dl->AddRectFilled(ImVec2(cx + 1, a.y(on)), ImVec2(cx + bar + 1, a.bottom), to_u32(palette::kResidual));
        const std::string name = tr(language, "couche ", "layer ") + std::to_string(k + 1);
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        dl->AddText(ImVec2(cx - size.x * 0.5f, a.bottom + 2), IM_COL32(200, 205, 220, 255), name.c_str());
    }
    ImGui::SetCursorScreenPos(ImVec2(x0, a.top));
    ImGui::InvisibleButton("##raschka", ImVec2(std::max(1.f, x1 - x0), std::max(1.f, a.bottom - a.top)));
    if (ImGui::IsItemHovered() && count > 0) {
        const int k = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - x0) / slot), 0, count - 1);
        ImGui::SetTooltip(tr(language, "couche %d : sans raccourcis %s, avec %s", "layer %d: without shortcuts %s, with %s"), k + 1,
                          format_shortest(e.without_shortcuts[static_cast<std::size_t>(k)], 2, language).c_str(),
                          format_shortest(e.with_shortcuts[static_cast<std::size_t>(k)], 2, language).c_str());
    }
}

}  // namespace

void draw_gradients_panel(const Rect& rect, const Trace& trace, const GradientData* data, const CommandSink& send,
                          Language language) {
    if (!data || data->trace.get() != &trace) return;  // the Inspector computes it when the trace changes
    if (!begin_panel("##panneau_gradients", rect, ImGuiWindowFlags_NoScrollbar)) return;
    const auto text = [](palette::Colour8 c) { return ImGui::ColorConvertU32ToFloat4(to_u32(c)); };
    ImGui::TextUnformatted(tr(language, "moyenne |∂L/∂W| par sous-couche :", "mean |∂L/∂W| by sublayer:"));
    ImGui::SameLine();
    ImGui::TextColored(text(palette::kResidual), "%s", tr(language, "avec résiduel", "with residual"));
    ImGui::SameLine();
    ImGui::TextColored(text(kOff), "%s", tr(language, "sans", "without"));
    help_marker(tr(language,
                   "Une vraie rétropropagation sur ce modèle (mêmes poids, même phrase, une perte fixe sur la sortie). "
                   "y = x + F(x) se dérive en 1 + F′ : le « 1 » porte le gradient jusqu'aux premières couches. "
                   "Sans lui, il faut traverser chaque F′ : le plus souvent le gradient s'affaiblit en descendant "
                   "(avec d'autres poids, il peut aussi grossir).",
                   "A real backward pass on this model (same weights, same sentence, a fixed loss on the output). "
                   "y = x + F(x) differentiates to 1 + F′: the « 1 » carries the gradient down to the first layers. "
                   "Without it the gradient must cross every F′: most often it fades on the way down (with other "
                   "weights it can also grow)."));
    if (trace.settings.layers < 6) {  // the fade shows over many layers
        ImGui::TextDisabled("%s", tr(language, "plus net avec six couches :", "clearer with six layers:"));
        ImGui::SameLine();
        if (ImGui::SmallButton("/couches 6")) send("/couches 6");
    }
    const float frame = ImGui::GetFrameHeight();
    const float top = ImGui::GetCursorScreenPos().y;
    const float half = (rect.bottom() - top - frame * 1.2f) * 0.5f;
    level_plot({rect.x, top, rect.w, half}, data->comparison, trace.settings.layers, language);
    ImGui::SetCursorScreenPos(ImVec2(rect.x + ImGui::GetStyle().WindowPadding.x, top + half + frame * 0.1f));
    ImGui::TextUnformatted(tr(language, "Raschka, 5 couches :", "Raschka, 5 layers:"));
    ImGui::SameLine();
    ImGui::TextColored(text(kOff), "%s", tr(language, "sans raccourcis", "without shortcuts"));
    ImGui::SameLine();
    ImGui::TextColored(text(palette::kResidual), "%s", tr(language, "avec", "with"));
    raschka_plot({rect.x, ImGui::GetCursorScreenPos().y, rect.w, rect.bottom() - ImGui::GetCursorScreenPos().y - 4}, data->shortcut, language);
    ImGui::End();
}

}  // namespace tb
