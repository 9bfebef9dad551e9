#pragma once
// The export buttons' place and what each sends: pure, tested in tests/app.
#include <string>

#include "screen.h"
#include "settings.h"

namespace tb {

enum class ExportKind { Image, Profile, Parameters, Card };

// Takes the right end of the top bar for the export buttons (the top bar keeps the rest);
// empty when the window is too narrow for both.
Rect carve_export_area(ScreenLayout& screen, float scale);

// The command a button sends: "/exporter profil transformer-bloc-profil-L2-graine2017.csv", in
// the working folder (the reply says where, as an absolute path).
std::string export_command(ExportKind kind, const Settings& settings);

}  // namespace tb
