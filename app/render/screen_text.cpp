#include "render/screen_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <unordered_map>

#include "base/files.h"
#include "base/utf8.h"

namespace tb {
namespace {

struct Known {
    const ImFont* font;
    const ImFontGlyph* glyph;
};

// One glyph as drawn: where its origin and its advance put it, at which scale.
struct Placed {
    float x = 0, top = 0, end = 0, scale = 1;
    const ImFont* font = nullptr;
    unsigned codepoint = 0;
    bool cut = false;
    const char* owner = nullptr;
    float px() const { return font->FontSize * scale; }
};

struct Run {
    std::vector<Placed> glyphs;
    float x() const { return glyphs.front().x; }
    float top() const { return glyphs.front().top; }
    float end() const { return glyphs.back().end; }
};

std::uint64_t uv_key(float u, float v) {
    std::uint32_t a = 0, b = 0;
    std::memcpy(&a, &u, sizeof a);
    std::memcpy(&b, &v, sizeof b);
    return (std::uint64_t{a} << 32) | b;
}

std::unordered_map<std::uint64_t, Known> glyph_table(const ImFontAtlas& atlas) {
    std::unordered_map<std::uint64_t, Known> table;
    for (const ImFont* font : atlas.Fonts)
        for (const ImFontGlyph& glyph : font->Glyphs)
            if (glyph.Visible) table.emplace(uv_key(glyph.U0, glyph.V0), Known{font, &glyph});
    return table;
}

float advance_of(const ImFont* font, unsigned cp, float fallback) {
    const ImFontGlyph* g = font->FindGlyphNoFallback(static_cast<ImWchar>(cp));
    return g ? g->AdvanceX : fallback;
}

// The blank a gap stands for, in `prev`'s font at its scale: "" (touching), U+202F or a space;
// "\n" when the gap is too wide to be typed (another piece of text).
std::string blanks(const Placed& prev, float gap) {
    const float space = advance_of(prev.font, ' ', prev.font->FontSize * 0.3f) * prev.scale;
    const float narrow = advance_of(prev.font, 0x202F, space * 0.6f) * prev.scale;
    if (gap < 0.5f * std::min(space, narrow)) return "";
    if (std::abs(gap - narrow) < std::abs(gap - space)) return "\u202F";
    // A typed space is one advance; a wider gap is layout (ImGui's item spacing, about two advances)
    // and reads as two spaces, so that two cells side by side never look like one grouped number;
    // past three and a half advances, another piece of text.
    return gap > 3.5f * space ? "\n" : gap > 1.5f * space ? "  " : " ";
}

bool same_line(const Placed& a, const Placed& b) {
    return std::abs(a.top - b.top) < 0.25f * a.font->FontSize * a.scale &&
           std::abs(a.scale * a.font->FontSize - b.scale * b.font->FontSize) < 0.5f;
}

// Glyph quads of one draw command that are on screen, in drawing order.
void collect(const ImDrawList& list, const ImDrawCmd& cmd, const std::unordered_map<std::uint64_t, Known>& table,
             std::vector<Placed>& out) {
    for (unsigned t = 0; t + 3 <= cmd.ElemCount; t += 3) {
        const ImDrawVert& v0 = list.VtxBuffer[static_cast<int>(list.IdxBuffer[static_cast<int>(cmd.IdxOffset + t)] + cmd.VtxOffset)];
        const ImDrawVert& v1 = list.VtxBuffer[static_cast<int>(list.IdxBuffer[static_cast<int>(cmd.IdxOffset + t + 1)] + cmd.VtxOffset)];
        const ImDrawVert& v2 = list.VtxBuffer[static_cast<int>(list.IdxBuffer[static_cast<int>(cmd.IdxOffset + t + 2)] + cmd.VtxOffset)];
        const auto found = table.find(uv_key(v0.uv.x, v0.uv.y));
        if (found == table.end()) continue;
        const ImFontGlyph& g = *found->second.glyph;
        // The first triangle of a glyph's quad: (U0,V0), (U1,V0), (U1,V1); ImGui's fine clipping
        // shortens U1 or V1 of a glyph it cuts at the right or the bottom.
        const bool whole = g.U1 == v2.uv.x && g.V1 == v2.uv.y;
        const bool shortened = !whole && v1.uv.y == g.V0 && v1.uv.x == v2.uv.x && v2.uv.x > g.U0 && v2.uv.x <= g.U1 &&
                               v2.uv.y > g.V0 && v2.uv.y <= g.V1;
        if (!whole && !shortened) continue;  // the second triangle, or not a glyph
        const float cx = 0.5f * (v0.pos.x + v2.pos.x), cy = 0.5f * (v0.pos.y + v2.pos.y);
        if (cx < cmd.ClipRect.x || cx > cmd.ClipRect.z || cy < cmd.ClipRect.y || cy > cmd.ClipRect.w) continue;
        Placed p;
        p.font = found->second.font;
        p.codepoint = g.Codepoint;
        p.owner = list._OwnerName;
        const float sx = g.U1 > g.U0 ? (v2.uv.x - g.U0) / (g.U1 - g.U0) : 1.f, sy = g.V1 > g.V0 ? (v2.uv.y - g.V0) / (g.V1 - g.V0) : 1.f;
        p.scale = g.Y1 > g.Y0 && sy > 0 ? (v2.pos.y - v0.pos.y) / (sy * (g.Y1 - g.Y0))
                  : g.X1 > g.X0 && sx > 0 ? (v2.pos.x - v0.pos.x) / (sx * (g.X1 - g.X0)) : 1.f;
        const float slack = 0.5f;  // the quad out of its clip rectangle: the GPU cuts it
        p.cut = shortened || v0.pos.x < cmd.ClipRect.x - slack || v0.pos.y < cmd.ClipRect.y - slack ||
                v2.pos.x > cmd.ClipRect.z + slack || v2.pos.y > cmd.ClipRect.w + slack;
        p.x = v0.pos.x - g.X0 * p.scale;
        p.top = v0.pos.y - g.Y0 * p.scale;
        p.end = p.x + g.AdvanceX * p.scale;
        out.push_back(p);
    }
}

// Drawing order makes runs: one RenderText call writes its glyphs left to right on a baseline.
std::vector<Run> runs_of(const std::vector<Placed>& glyphs) {
    std::vector<Run> runs;
    for (const Placed& g : glyphs) {
        if (!runs.empty()) {
            const Placed& prev = runs.back().glyphs.back();
            const float gap = g.x - prev.end;
            if (same_line(prev, g) && prev.owner == g.owner && gap > -0.5f && blanks(prev, gap) != "\n") {
                runs.back().glyphs.push_back(g);
                continue;
            }
        }
        runs.push_back(Run{{g}});
    }
    return runs;
}

std::string text_of(const Run& run) {
    std::string out;
    for (std::size_t i = 0; i < run.glyphs.size(); ++i) {
        if (i > 0) out += blanks(run.glyphs[i - 1], run.glyphs[i].x - run.glyphs[i - 1].end);
        utf8::append(out, run.glyphs[i].codepoint);
    }
    return out;
}

}  // namespace

std::vector<ScreenText> screen_text(const ImDrawData& data, const ImFontAtlas& atlas) {
    const auto table = glyph_table(atlas);
    std::vector<Placed> glyphs;
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        for (const ImDrawCmd& cmd : list.CmdBuffer)
            if (!cmd.UserCallback && cmd.TextureId == atlas.TexID) collect(list, cmd, table, glyphs);
    }
    std::vector<Run> runs = runs_of(glyphs);
    // Lines: runs whose tops are within a quarter of a line, then left to right.
    std::stable_sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.top() < b.top(); });
    for (std::size_t i = 0; i < runs.size();) {
        std::size_t j = i + 1;
        while (j < runs.size() && same_line(runs[i].glyphs.front(), runs[j].glyphs.front())) ++j;
        std::stable_sort(runs.begin() + static_cast<long>(i), runs.begin() + static_cast<long>(j),
                         [](const Run& a, const Run& b) { return a.x() < b.x(); });
        i = j;
    }
    // Pieces of one line that touch (a label and its value drawn apart) read as one run; pieces of
// two windows stay apart (each run is one window's).
    std::vector<Run> joined;
    for (Run& run : runs) {
        if (!joined.empty()) {
            Run& last = joined.back();
            const float gap = run.x() - last.end();
            if (same_line(last.glyphs.back(), run.glyphs.front()) && last.glyphs.back().owner == run.glyphs.front().owner &&
                gap > -0.5f && blanks(last.glyphs.back(), gap) != "\n") {
                last.glyphs.insert(last.glyphs.end(), run.glyphs.begin(), run.glyphs.end());
                continue;
            }
        }
        joined.push_back(std::move(run));
    }
    std::vector<ScreenText> out;
    for (const Run& run : joined) {
        ScreenText t;
        t.x = run.x();
        t.y = run.top();
        t.text = text_of(run);
        t.px = run.glyphs.front().px();
        t.right = run.end();
        for (const Placed& g : run.glyphs) {
            t.px = std::min(t.px, g.px());
            t.bottom = std::max(t.bottom, g.top + g.px());
            t.cut += g.cut ? 1 : 0;
        }
        if (const char* owner = run.glyphs.front().owner) t.owner = owner;
        out.push_back(std::move(t));
    }
    return out;
}

bool write_screen_text(const std::vector<ScreenText>& runs, const std::string& path, bool positions) {
    std::ostringstream file;
    for (const ScreenText& run : runs) {
        if (positions) file << std::lround(run.x) << '\t' << std::lround(run.y) << '\t';
        file << run.text << '\n';
    }
    return !write_file_atomically(path, file.str());
}

}  // namespace tb
