#include "scene/export_area.h"

namespace tb {

Rect export_area(const Rect& bar, float content_right, float gap, float buttons, float menu) {
    const float room = bar.right() - content_right - gap;
    const float width = room >= buttons ? buttons : room >= menu ? menu : 0.f;
    if (width <= 0.f) return {bar.right(), bar.y, 0, 0};
    return {bar.right() - width, bar.y, width, bar.h};
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
