// ImGui's own account of the frame's windows (imgui_internal.h, Dear ImGui 1.86) and the text runs
// read back from the draw data (render/screen_text).
#include "ui/layout_report.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <vector>

#include "base/files.h"
#include "render/screen_text.h"

namespace tb {
namespace {

std::string number(float v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", static_cast<double>(v));
    return buffer;
}

std::map<std::string, std::vector<float>>& marks() {
    static std::map<std::string, std::vector<float>> notes;
    return notes;
}

bool reported(const ImGuiWindow& w) {
    if (!w.Active || w.Hidden || w.IsFallbackWindow) return false;
    return (w.Flags & (ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup)) == 0;
}

}  // namespace

bool write_layout_report(const ImDrawData& data, const ImFontAtlas& atlas, const std::string& path) {
    std::ostringstream file;
    const ImGuiContext& g = *GImGui;
    file << "display\t" << number(g.IO.DisplaySize.x) << '\t' << number(g.IO.DisplaySize.y) << '\n';
    for (const ImGuiWindow* w : g.Windows) {
        if (!reported(*w)) continue;
        file << "window\t" << w->Name << '\t' << number(w->Pos.x) << '\t' << number(w->Pos.y) << '\t' << number(w->Size.x)
             << '\t' << number(w->Size.y) << '\t' << number(w->DC.CursorMaxPos.x) << '\t' << number(w->DC.CursorMaxPos.y)
             << '\t' << number(w->ScrollMax.x) << '\t' << number(w->ScrollMax.y) << '\t' << (w->ScrollbarX ? 1 : 0) << '\t'
             << (w->ScrollbarY ? 1 : 0) << '\n';
    }
    for (const ScreenText& t : screen_text(data, atlas))
        file << "text\t" << t.owner << '\t' << number(t.px) << '\t' << number(t.x) << '\t' << number(t.y) << '\t'
             << number(t.right) << '\t' << number(t.bottom) << '\t' << t.cut << '\t' << t.text << '\n';
    for (const auto& [name, values] : marks()) {
        file << "mark\t" << name;
        for (float v : values) file << '\t' << number(v);
        file << '\n';
    }
    return !write_file_atomically(path, file.str());
}

void report_mark(const std::string& name, float x0, float y0, float x1, float y1, std::initializer_list<float> values) {
    std::vector<float>& v = marks()[name];
    v = {x0, y0, x1, y1};
    v.insert(v.end(), values.begin(), values.end());
}

}  // namespace tb
