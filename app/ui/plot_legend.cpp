#include "ui/plot_legend.h"

#include <algorithm>

#include "scene/legend_flow.h"

namespace tb::legend {
namespace {

float swatch_width() { return ImGui::GetTextLineHeight() * 1.3f; }

std::vector<int> flow(const std::vector<Entry>& entries, float width) {
    std::vector<LegendItem> items;
    for (const Entry& e : entries) items.push_back({swatch_width() + ImGui::CalcTextSize(e.text.c_str()).x, e.own_line});
    return legend_lines(items, width, ImGui::GetTextLineHeight());
}

void swatch(ImDrawList* dl, ImVec2 p, const Entry& e) {
    const float line = ImGui::GetTextLineHeight(), y = p.y + line * 0.5f, x1 = p.x + line;
    switch (e.swatch) {
        case Swatch::Line: dl->AddLine(ImVec2(p.x, y), ImVec2(x1, y), e.colour, 2.f); break;
        case Swatch::Dot: dl->AddCircleFilled(ImVec2(p.x + line * 0.5f, y), 4.f, e.colour); break;
        case Swatch::Dashed:
            for (float x = p.x; x < x1; x += 10) dl->AddLine(ImVec2(x, y), ImVec2(std::min(x1, x + 6), y), e.colour, 1.5f);
            break;
        case Swatch::Dotted:
            for (float x = p.x; x < x1; x += 7) dl->AddLine(ImVec2(x, y), ImVec2(std::min(x1, x + 3), y), e.colour, 1.5f);
            break;
    }
}

}  // namespace

int line_count(const std::vector<Entry>& entries, float width) {
    const std::vector<int> lines = flow(entries, width);
    return lines.empty() ? 0 : lines.back() + 1;
}

void draw(ImDrawList* dl, ImVec2 at, float width, const std::vector<Entry>& entries, ImU32 ink) {
    const std::vector<int> lines = flow(entries, width);
    const float line = ImGui::GetTextLineHeight();
    float x = at.x;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i > 0 && lines[i] != lines[i - 1]) x = at.x;
        else if (i > 0) x += line;  // the gap legend_lines counted
        const ImVec2 p(x, at.y + line * static_cast<float>(lines[i]));
        swatch(dl, p, entries[i]);
        dl->AddText(ImVec2(p.x + swatch_width(), p.y), ink, entries[i].text.c_str());
        x += swatch_width() + ImGui::CalcTextSize(entries[i].text.c_str()).x;
    }
}

}  // namespace tb::legend
