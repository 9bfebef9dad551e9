#pragma once
// The window's layout as ImGui sees it after a frame, for the tests (TestActions' "layout_report
// FILE", tests/gui/layout_check.cpp): the display size, every visible window's rectangle, how far
// its items reach (ImGuiWindow's DC.CursorMaxPos: every widget's rectangle extends it), whether it
// can scroll or shows a scroll bar, and every run of text with its size in pixels and its cut glyphs.
#include <initializer_list>
#include <string>

struct ImDrawData;
struct ImFontAtlas;

namespace tb {

// Lines, tab-separated:
//   display W H
//   window NAME X Y W H ITEMS_RIGHT ITEMS_BOTTOM SCROLL_MAX_X SCROLL_MAX_Y SCROLLBAR_X SCROLLBAR_Y
//   text OWNER PX X Y RIGHT BOTTOM CUT TEXT
//   mark NAME X0 Y0 X1 Y1 VALUES…   (what a panel told report_mark this frame)
// Tooltips, popups and ImGui's fallback window are left out. False when the file cannot be written.
bool write_layout_report(const ImDrawData& data, const ImFontAtlas& atlas, const std::string& path);

// A panel's note for the report: an element's rectangle and the values a test checks it by (the
// timeline's scrub bar: its ends, the stop and the stop's x). The last note of a name is kept.
void report_mark(const std::string& name, float x0, float y0, float x1, float y1, std::initializer_list<float> values);

}  // namespace tb
