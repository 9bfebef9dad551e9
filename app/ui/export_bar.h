#pragma once
// ui/export_bar.cpp: the export buttons (PNG, CSV, parameters, configuration card).
#include "export_area.h"
#include "ui/help.h"

namespace tb {
// `menu`: one "Exporter…" button opening a menu (a narrower window) instead of four buttons.
void draw_export_bar(const Rect& rect, bool menu, const Settings& settings, const CommandSink& send);
}
