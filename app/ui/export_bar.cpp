// The export buttons at the right of the top bar: each sends its /exporter command, so the log
// shows the command and where the file went.
#include "ui/export_bar.h"

#include <imgui.h>

#include <string>

#include "text/text.h"

namespace tb {

void draw_export_buttons(const Rect& bar, float content_right, const Settings& settings, const CommandSink& send,
                         Language language) {
    const struct {
        ExportKind kind;
        const char* label;
        const char* french;
        const char* english;
    } buttons[] = {
        {ExportKind::Image, "PNG", "La vue telle qu'elle est, en image PNG.", "The view as it is, as a PNG picture."},
        {ExportKind::Profile, "CSV", "Le profil des normes et la similarité cosinus moyenne, niveau par niveau.",
         "The norm profile and the mean cosine similarity, level by level."},
        {ExportKind::Parameters, tr(language, "Paramètres", "Parameters"),
         "Le détail du nombre de paramètres, GPT-2 small à côté (Markdown).",
         "The parameter breakdown, GPT-2 small beside (Markdown)."},
        {ExportKind::Card, tr(language, "Fiche", "Card"),
         "La fiche minimale de configuration reproductible (Markdown).",
         "The minimal reproducible configuration card (Markdown)."},
    };
    const char* title = tr(language, "Exporter", "Export");
    const char* menu_label = tr(language, "Exporter…", "Export…");
    const ImGuiStyle& style = ImGui::GetStyle();
    auto button_width = [&](const char* label) { return ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x; };
    float all = ImGui::CalcTextSize(title).x;
    for (const auto& b : buttons) all += style.ItemSpacing.x + button_width(b.label);
    const Rect inside{bar.x, bar.y, bar.w - style.WindowPadding.x, bar.h};  // a margin at the right edge too
    const Rect area = export_area(inside, content_right, ImGui::GetFontSize(), all, button_width(menu_label));
    if (area.empty()) return;

    ImGui::SameLine();
    ImGui::SetCursorScreenPos(ImVec2(area.x, ImGui::GetCursorScreenPos().y));
    if (area.w < all) {  // only the menu button fits: the four exports in its menu
        if (ImGui::Button(menu_label)) ImGui::OpenPopup("##menu_exporter");
        if (ImGui::BeginPopup("##menu_exporter")) {
            for (const auto& e : buttons) {
                const std::string label = std::string(e.label) + " — " + tr(language, e.french, e.english);
                if (ImGui::MenuItem(label.c_str())) send(export_command(e.kind, settings));
            }
            ImGui::EndPopup();
        }
        return;
    }
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", title);
    for (const auto& b : buttons) {
        ImGui::SameLine();
        if (ImGui::Button(b.label)) send(export_command(b.kind, settings));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", tr(language, b.french, b.english), export_command(b.kind, settings).c_str());
    }
}

}  // namespace tb
