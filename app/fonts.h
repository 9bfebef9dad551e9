#pragma once
// The interface font: DejaVu Sans with every glyph the French, Greek and maths labels use.
struct ImFont;

namespace tb {

struct Fonts {
    ImFont* body = nullptr;
    ImFont* large = nullptr;  // titles and box labels, readable at the back of a classroom
    bool found = false;       // false: ImGui's default font (no accents), a warning was printed
};

// Adds the fonts to the current ImGui context's atlas; `pixels` is the body size already scaled.
Fonts load_fonts(float pixels);

}  // namespace tb
