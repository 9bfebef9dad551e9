#include "export_area.h"

#include <algorithm>

namespace tb {

Rect carve_export_area(ScreenLayout& screen, float scale) {
    Rect& bar = screen.top_bar;
    const float width = std::min(430.f * scale, bar.w * 0.3f);
    if (width < 200.f * scale) return {bar.right(), bar.y, 0, 0};  // too narrow: no export area
    bar.w -= width;
    return {bar.right(), bar.y, width, bar.h};
}

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
