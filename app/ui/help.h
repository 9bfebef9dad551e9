#pragma once
// Small shared pieces of the panels.
#include <cstdint>
#include <functional>
#include <string>

#include "scene/palette.h"

typedef unsigned int ImU32;

namespace tb {

// Every widget sends its change as a command string; the app runs it and echoes it in the log. The
// inspector's panels read its choices through a const reference, so a change has no other way in.
using CommandSink = std::function<void(const std::string&)>;

// ImGui demo's HelpMarker: a "(?)" that shows one sentence of mathematics on hover.
void help_marker(const char* text);
// Presenter mode draws none (issue 33: a room reads the figures, not the markers): the App says
// so before each frame's panels.
void show_help_markers(bool shown);
ImU32 to_u32(palette::Colour8 c, int alpha = 255);

// Text wrapped to `width` (0: the rest of the panel's line) at spaces only, so that a number never
// splits at its separator as ImGui's own wrapping splits it after , or . (text/wrap.h: « 134, /
// 217,728 »); in `colour` (0: the text's). One item, as ImGui::TextWrapped.
void text_whole(const std::string& text, ImU32 colour = 0, float width = 0);
// printf into a string, for text_whole.
std::string formatted(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace tb

namespace tb {
struct Rect;
// A fixed, undecorated window over `rect`. False (and nothing to End) when there is nothing to draw.
bool begin_panel(const char* id, const Rect& rect, int extra_flags = 0);
// The teacher's panels (the top bar, the controls, the console, the panel buttons, the legend, the
// timeline) and the plots' axes (the norm profile, the cosine plot): begin_panel at the window's
// own text size, whatever /vue texte chose. The larger text is for what the class reads (the
// stack's names and tags, the grid's numbers, the formula, the badges, the captions); the rest
// keeps its size and fits (issue 33: at 1,5 on 1024x768 the top bar lost its buttons, at 2 on
// 1600x900 the norm profile's plot fell to 32 px).
bool begin_tool_panel(const char* id, const Rect& rect, int extra_flags = 0);
// The tool panels' font scale this frame: 1 / (the user's text size), said by the App before drawing
// (1 in presenter mode, which has no tool panel but the timeline, read by the class).
void set_tool_text_scale(float scale);
float tool_text_scale();
}  // namespace tb
