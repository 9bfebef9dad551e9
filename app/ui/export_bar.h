#pragma once
// ui/export_bar.cpp: the export buttons (PNG, CSV, parameters, configuration card).
#include "base/language.h"
#include "scene/export_area.h"
#include "ui/help.h"

namespace tb {
// Inside the current window (the top bar `bar`, whose content ends at content_right): four
// buttons at its right end, or one "Exporter…" button opening a menu when only that fits, or
// nothing (export_area).
void draw_export_buttons(const Rect& bar, float content_right, const Settings& settings, const CommandSink& send,
                         Language language);
}
