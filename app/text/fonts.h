#pragma once
// The interface font: DejaVu Sans with every glyph the French, Greek and maths labels use.
struct ImFont;
struct ImFontAtlas;

namespace tb {

struct Fonts {
    ImFont* body = nullptr;
    ImFont* large = nullptr;  // titles and box labels, readable at the back of a classroom
    bool found = false;       // false: ImGui's default font (no accents), a warning was printed
    float pixels = 0;         // the body size the atlas holds (the large one is 1.45 times it)
};

// Adds the fonts to the current ImGui context's atlas; `pixels` is the body size already scaled.
Fonts load_fonts(float pixels);
// The same into `atlas`, which may belong to no context yet (font_prebuild.h builds it on a thread).
Fonts load_fonts(ImFontAtlas& atlas, float pixels);

// The text grows with the window (scene/screen.h's text_px): the atlas is rebuilt at the body
// size the frame asks for, so that glyphs are drawn at their size rather than stretched, up to
// kMaxAtlasPx (ImGui's FontGlobalScale stretches beyond). Between frames only (before NewFrame),
// with the OpenGL backend's font texture remade. True when it rebuilt.
constexpr float kMaxAtlasPx = 64.f;
bool fit_fonts(Fonts& fonts, float pixels);
// The FontGlobalScale that draws `fonts` at `pixels`: 1 where the atlas holds that size.
float font_stretch(const Fonts& fonts, float pixels);

}  // namespace tb
