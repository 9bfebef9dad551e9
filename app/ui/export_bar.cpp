// The export buttons at the right of the top bar: each sends its /exporter command, so the log
// shows the command and where the file went.
#include "ui/export_bar.h"

#include <imgui.h>

#include <string>

#include "text.h"

namespace tb {

void draw_export_bar(const Rect& rect, bool menu, const Settings& settings, const CommandSink& send) {
    if (rect.empty() || !begin_panel("##exporter", rect, ImGuiWindowFlags_NoScrollbar)) return;
    ImGui::AlignTextToFramePadding();
    if (!menu) ImGui::TextDisabled("%s", tr("Exporter", "Export"));
    const struct {
        ExportKind kind;
        const char* label;
        const char* french;
        const char* english;
    } buttons[] = {
        {ExportKind::Image, "PNG", "La vue telle qu'elle est, en image PNG.", "The view as it is, as a PNG picture."},
        {ExportKind::Profile, "CSV", "Le profil des normes et la similarité cosinus moyenne, niveau par niveau.",
         "The norm profile and the mean cosine similarity, level by level."},
        {ExportKind::Parameters, tr("Paramètres", "Parameters"),
         "Le détail du nombre de paramètres, GPT-2 small à côté (Markdown).",
         "The parameter breakdown, GPT-2 small beside (Markdown)."},
        {ExportKind::Card, tr("Fiche", "Card"), "La fiche minimale de configuration reproductible (Markdown).",
         "The minimal reproducible configuration card (Markdown)."},
    };
    if (menu) {  // a narrower window: one button, the four exports in its menu
        if (ImGui::Button(tr("Exporter…", "Export…"))) ImGui::OpenPopup("##menu_exporter");
        if (ImGui::BeginPopup("##menu_exporter")) {
            for (const auto& e : buttons) {
                const std::string label = std::string(e.label) + " — " + tr(e.french, e.english);
                if (ImGui::MenuItem(label.c_str())) send(export_command(e.kind, settings));
            }
            ImGui::EndPopup();
        }
        ImGui::End();
        return;
    }
    for (const auto& b : buttons) {
        ImGui::SameLine();
        if (ImGui::Button(b.label)) send(export_command(b.kind, settings));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", tr(b.french, b.english), export_command(b.kind, settings).c_str());
    }
    ImGui::End();
}

}  // namespace tb
