#include "export_area.h"

#include <algorithm>

namespace tb {

Rect carve_export_area(ScreenLayout& screen, float scale) {
    Rect& bar = screen.top_bar;
    // The title, counter, seed and main buttons need about 1150 px at scale 1: the four buttons
    // when there is room beside them, else one "Exporter…" button opening a menu, else nothing.
    const float keep = 1150.f * scale;
    float width = 0;
    if (bar.w >= keep + kExportButtonsWidth * scale) width = kExportButtonsWidth * scale;
    else if (bar.w >= keep + kExportMenuWidth * scale) width = kExportMenuWidth * scale;
    else return {bar.right(), bar.y, 0, 0};
    bar.w -= width;
    return {bar.right(), bar.y, width, bar.h};
}

bool export_area_is_menu(const Rect& area, float scale) { return area.w < kExportButtonsWidth * scale - 0.5f; }

std::string export_command(ExportKind kind, const Settings& s) {
    const std::string suffix = "-L" + std::to_string(s.layers) + "-graine" + std::to_string(s.seed);
    switch (kind) {
        case ExportKind::Image: return "/exporter image transformer-bloc-vue" + suffix + ".png";
        case ExportKind::Profile: return "/exporter profil transformer-bloc-profil" + suffix + ".csv";
        case ExportKind::Parameters: return "/exporter parametres transformer-bloc-parametres" + suffix + ".md";
        case ExportKind::Card: return "/exporter fiche transformer-bloc-fiche" + suffix + ".md";
    }
    return {};
}

}  // namespace tb
