#pragma once
// ui/export_bar.cpp: the export buttons (PNG, CSV, parameters, configuration card).
#include "export_area.h"
#include "ui/help.h"

namespace tb {
void draw_export_bar(const Rect& rect, const Settings& settings, const CommandSink& send);
}
