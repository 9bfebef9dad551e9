#pragma once
// The export buttons' place and what each sends: pure, tested in tests/app.
#include <string>

#include "scene/screen.h"
#include "model/settings.h"

namespace tb {

enum class ExportKind { Image, Profile, Parameters, Card };

// Where the export buttons go: the right end of the top bar `bar`, at least `gap` past
// `content_right`, where the title, counter, seed and main buttons end as drawn this frame (the
// counter grows with the model). The four buttons when their `buttons` pixels fit, else the one
// menu button's `menu` pixels when they fit, else nothing (empty).
Rect export_area(const Rect& bar, float content_right, float gap, float buttons, float menu);

// The command a button sends: "/exporter profil transformer-bloc-profil-L2-graine2017.csv", in
// the working folder (the reply says where, as an absolute path).
std::string export_command(ExportKind kind, const Settings& settings);

}  // namespace tb
