#pragma once
// Inside the SVG writer (scene/svg.cpp, scene/svg_text.cpp): an element builder and the text
// layer. Not for the rest of the program.
#include <string>

#include "scene/svg.h"

namespace tb::svg_detail {

// One element, its attributes in the order given, values escaped.
class Tag {
public:
    explicit Tag(const char* name);
    Tag& attr(const char* key, const std::string& value);
    Tag& attr(const char* key, int value) { return attr(key, std::to_string(value)); }
    Tag& num(const char* key, double value, int decimals = 3) { return attr(key, svg_number(value, decimals)); }
    Tag& side(char side);  // data-side="a|b", nothing for a lone stack
    std::string empty() const { return text_ + "/>\n"; }
    std::string open() const { return text_ + ">"; }

private:
    std::string text_;
};

// DejaVu Sans (the window's font, fonts.cpp): ImGui sizes text by its line height, ascent to
// descent, 1.164 em; the baseline is 0.797 of that height below the top.
constexpr float kEmPerPixel = 1.f / 1.164f;
constexpr float kBaseline = 0.797f;

// The width in pixels of `text` at ImGui size `px`, from DejaVu Sans' advances (an estimate
// for letters outside a..z).
float text_width(const std::string& text, float px);

// A line of text whose top is at `top`, `px` tall as ImGui draws it, anchored at x.
std::string text_line(const std::string& text, float x, float top, float px, const std::string& fill,
                      const char* anchor = "start");

// The text layer of one stack: the box and band labels, the words on their tags, and in A/B
// the stack's label above it.
void write_text(std::string& out, const SvgSide& side, const ThemeColours& theme, Language language);

// A generation told: the caches, the word bars and the counters (svg_decode.cpp).
void write_decode(std::string& out, const SvgSide& side, const ThemeColours& theme, Language language);

// The badges strip: a group of pills, one <text> each with its figure's numbers (svg_text.cpp).
void write_badges(std::string& out, const SvgPicture& picture);

}  // namespace tb::svg_detail
