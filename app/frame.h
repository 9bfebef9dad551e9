#pragma once
// One frame of the window, the same in both shells (window.cpp on the desktop, web/web_window.cpp
// in the page): the App told the size and the time, this frame's keys, ImGui's frame laid out
// and drawn into its draw data. Each shell does what is its own around it (presenting the pixels,
// full screen, screenshots).
#include <imgui.h>

namespace tb {

class App;
class BeadRenderer;
class Keyboard;
struct Fonts;

// The sizes one frame is laid out for (ImGui's display) and drawn at (the framebuffer), read once.
struct FrameSize {
    int window_w = 0, window_h = 0, fb_w = 0, fb_h = 0;
};

// ImGui's context and style (no imgui.ini, keyboard navigation) at `content_scale` (HiDPI);
// `atlas`, when given, is the fonts' atlas already built (the caller deletes it after the context).
void start_imgui(float content_scale, ImFontAtlas* atlas = nullptr);

// Before the shell's own work: the atlas fitted to the text size, this frame's share of the keys,
// the backends' (GLFW and OpenGL 3, in both shells) and ImGui's new frame at `size`, the keys as
// commands.
void begin_frame(App& app, Fonts& fonts, Keyboard& keys, const FrameSize& size, float content_scale);
// After it: the features' time, every panel drawn; ImGui's draw data.
ImDrawData* end_frame(App& app, Fonts& fonts, BeadRenderer* beads, double dt, float content_scale);

}  // namespace tb
