#pragma once
// The export buttons' place and what each sends: pure, tested in tests/app.
#include <string>

#include "screen.h"
#include "settings.h"

namespace tb {

enum class ExportKind { Image, Profile, Parameters, Card };

inline constexpr float kExportButtonsWidth = 430.f, kExportMenuWidth = 130.f;  // at scale 1

// Takes the right end of the top bar for the export buttons (the top bar keeps the rest): four
// buttons in a wide window, one menu button in a narrower one, nothing when even that would
// cover the top bar's own buttons.
Rect carve_export_area(ScreenLayout& screen, float scale);
// True when the area only holds the menu button.
bool export_area_is_menu(const Rect& area, float scale);

// The command a button sends: "/exporter profil transformer-bloc-profil-L2-graine2017.csv", in
// the working folder (the reply says where, as an absolute path).
std::string export_command(ExportKind kind, const Settings& settings);

}  // namespace tb
