#pragma once
// The residual story of the sublayer being crossed, drawn from the animation's records over the
// cross-section (ui/cross_section.cpp calls these in order: the lanes and the opened box under the beads,
// the links, strips and arrows over them, the caption last).
#include <string>
#include <vector>

#include "text/fonts.h"
#include "base/language.h"
#include "course/norm_claim.h"
#include "scene/animation.h"
#include "scene/theme.h"
#include "ui/help.h"

struct ImDrawList;

namespace tb {

// The phase's one-line caption (French or English), naming the norm's type and a gated FFN's
// paths; `hidden_width` is the FFN's w; `norm` what the normalization at the level gives (√d while
// the gains are the seed's, else the live norms: core/course/norm_claim.h).
std::string story_caption(StoryPhase phase, Language language, const Settings& settings, int hidden_width,
                          const NormClaim& norm = {});

// The box being crossed, opened upward while its inside shows (FrameRecords::inside).
void draw_opened_box(ImDrawList* dl, const FrameRecords& frame, const Layout& layout);
void draw_lanes(ImDrawList* dl, const FrameRecords& frame, float thick);
// Within the box: every link with its arrowhead, then the weights written over them.
void draw_links(ImDrawList* dl, const FrameRecords& frame, const Layout& layout, const Fonts& fonts, float label_px,
                Language language);
// The FFN's strips; a gated FFN's three rows named in the box's free side (φ from `settings`).
void draw_hidden(ImDrawList* dl, const FrameRecords& frame, const Settings& settings, const Fonts& fonts, float label_px,
                 Language language);
// A gated FFN's row names (gate, ⊙ value, = hidden) in the opened box's free side, at one size:
// level with their rows, or at a readable pitch round their middle; none where they would be under
// 16 px or leave the box (the caption line names the paths then; the box keeps its own name).
struct RowName {
    const HiddenRecord* row;
    const char* label;
    float cy;  // the name's middle
};
struct RowNames {
    float px = 0;
    std::vector<RowName> rows;  // empty: not named
};
RowNames row_names(const FrameRecords& frame, const Settings& settings, const Fonts& fonts, float label_px, Language language);
// Seed 002's attention in the opened box: how the position enters the scores (RoPE's dials, its
// note; ALiBi's penalty), which query heads share a K/V head (GQA, MQA).
void draw_modern_attention(ImDrawList* dl, const FrameRecords& frame, const Fonts& fonts, float label_px,
                           Language language);
// The residual copies on their lanes: a dot of the word's colour, ringed, over the GL bead.
void draw_copies(ImDrawList* dl, const FrameRecords& frame);
void draw_arrows(ImDrawList* dl, const FrameRecords& frame, float thick, const Fonts& fonts, float px);
// On the layout's caption line, above the stack.
void draw_story_caption(ImDrawList* dl, const FrameRecords& frame, const Layout& layout, const Fonts& fonts, float px,
                        const Settings& settings, int hidden_width, const NormClaim& norm, Language language,
                        const ThemeColours& theme);

}  // namespace tb
