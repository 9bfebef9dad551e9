#pragma once
// What the window wrote, read back from a frame's draw lists (tests read every string on screen:
// widgets, and the cross-section's, profile's and grids' ImDrawList::AddText alike).
//
// ImFont::RenderText draws each visible glyph as a quad whose first vertex has the glyph's
// (U0, V0) and third vertex its (U1, V1); those two corners name the glyph, hence its code point
// and its font. Quads outside their command's clip rectangle are not on screen and are skipped
// (partly clipped glyphs have cut UVs and are not recognised either). Consecutive glyphs of one
// baseline make a run; runs that touch on one line are joined. Spaces are not drawn: a gap between
// one glyph's origin + AdvanceX and the next glyph's origin is a space, a narrow no-break space
// (U+202F) when it is nearer that glyph's advance than a normal space's; a gap of layout (wider
// than one and a half spaces: ImGui's item spacing, table cells) reads as two spaces.
// Each run also says its size (the smallest glyph's font size as drawn: the quad's height over the
// glyph's, times the font's FontSize), its extent, the window whose draw list drew it, and how many
// of its glyphs a clip rectangle cuts (a label cut at a frame's edge: the quad's far corner has
// shortened UVs, or the quad reaches out of its command's clip rectangle).
#include <string>
#include <vector>

struct ImDrawData;
struct ImFontAtlas;

namespace tb {

struct ScreenText {
    float x = 0, y = 0;  // the run's first glyph origin, in display pixels
    std::string text;    // UTF-8
    float px = 0;        // the smallest font size of its glyphs, in display pixels
    float right = 0, bottom = 0;  // its extent: the last glyph's advance, the line's height
    int cut = 0;         // glyphs cut by a clip rectangle (drawn in part)
    std::string owner;   // the window of the draw list (ImDrawList::_OwnerName), "" when none
};

// Every run of text in `data`, top to bottom then left to right. `atlas` holds the fonts used.
std::vector<ScreenText> screen_text(const ImDrawData& data, const ImFontAtlas& atlas);

// The runs, one per line (UTF-8, '\n' after each), with `positions` as "x<TAB>y<TAB>text" (whole
// pixels); false when the file cannot be written.
bool write_screen_text(const std::vector<ScreenText>& runs, const std::string& path, bool positions = false);

}  // namespace tb
