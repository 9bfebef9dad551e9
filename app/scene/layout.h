#pragma once
// The cross-section as plain records: a pure function of (settings, viewport rect), no GL.
// Bottom to top: the yellow input box, L blocks of (blue attention, pink FFN), the green output.
// Each sublayer owns a "slot" between two resting rows of beads; inside it, from bottom to top:
// the pre-norm band, the box, the addition (⊕, where the residual arc merges), the post-norm band.
// Which of them a sublayer has is read from its stages (stages.h).
#include <functional>
#include <string>
#include <vector>

#include "scene/palette.h"
#include "scene/screen.h"
#include "base/language.h"
#include "model/settings.h"
#include "model/stages.h"

namespace tb {

enum class BoxKind { Input, Attention, Ffn, Output };

struct Box {
    BoxKind kind;
    Rect rect;
    int level;  // 0 input, 1..2L sublayers, 2L+1 output
    int block;  // 1-based for sublayers, 0 otherwise
};

struct Band {  // grey norm band (LayerNorm or RMSNorm)
    Rect rect;
    int level;  // the sublayer it normalizes (2L+1: the final LayerNorm of pre-norm)
};

// The point at t (0..1) of the cubic Bézier p0 p1 p2 p3 (the arcs, the lanes, the attention links).
Point bezier(Point p0, Point p1, Point p2, Point p3, float t);

struct Arc {  // yellow residual connection: a cubic Bézier from the stream, round the left, to ⊕
    Point p0, p1, p2, p3;
    int level;
    Point at(float t) const;
};

struct Merge {  // ⊕: where the residual copy is added back
    Point at;
    float radius;
    int level;
};

// The y of each waypoint a bead passes in one level (screen pixels).
struct Slot {
    float start_y = 0;      // resting row below (level - 1)
    float pre_band_y = 0;   // centre of the pre-norm band (also the final LayerNorm band)
    float box_low_y = 0;    // the box's lower edge
    float box_y = 0;        // the box's centre
    float merge_y = 0;      // the addition row
    float post_band_y = 0;  // centre of the post-norm band
    float end_y = 0;        // resting row above (this level)

    float y(Place place) const;  // where a stage puts the bead (the "below" places: halfway)
};

// Bead size: area = area_per_norm × ‖x‖, one scale per L (and window), chosen so that a bead of
// norm √d has radius `reference_radius` whatever d; clamped to [norm_min, norm_max], where the
// bead is drawn with a mark.
struct BeadScale {
    double area_per_norm = 0;     // px² per unit of norm
    double norm_min = 0, norm_max = 0;
    float reference_radius = 0;   // the radius of norm √d: the dashed ring
    float radius_min = 0, radius_max = 0;

    float radius(double norm) const;   // sqrt(area_per_norm × norm / π), clamped
    int clamped(double norm) const;    // -1 below norm_min (NaN too), +1 above norm_max, 0 within
};

struct Layout {
    Rect area;
    Rect caption;  // the top line of the area, kept free for the phase's caption (the stack is below)
    std::vector<Box> boxes;    // input, 2L sublayers, output
    std::vector<Band> bands;
    std::vector<Arc> arcs;
    std::vector<Merge> merges;
    std::vector<float> level_y;  // where beads rest after level k, k = 0..2L+1
    std::vector<Slot> slots;     // per level; slots[0] is the input's (all rows at level_y[0])
    float stream_x0 = 0, stream_x1 = 0;  // the horizontal span where beads travel
    float label_x = 0;                   // where box labels start (right part of the boxes)
    BeadScale beads;     // bead size: area proportional to the norm
    float max_radius = 0;  // = beads.radius_max, the largest bead
    float word_offset = 0; // the words' tags, below a resting row (a √d bead clears them)
    float word_px = 0;     // their text size (never under kMinTextPx)
    int word_rows = 1;     // 2 or 3: the words take turns on that many rows (each has as many tokens' width)
    bool top_words = false;  // the words fit under the beads in the output box (not over the row below)
    float font_px = 18;  // a label size that fits the boxes
    float label_px = 16; // the boxes' labels (never under kMinTextPx)
    float tag_px = 16;   // the bands' « LN » tags: with the text size (/vue texte), within a third of a level
    NormType norm_type = NormType::LayerNorm;  // what the bands say: LayerNorm or RMSNorm
    bool no_position_added = false;  // /position aucun, RoPE, ALiBi: the input adds no position (its label says so)

    float token_x(int token, int count) const;
    const Box* box_for_level(int level) const;

};

// `text_scale`: the interface's (Ctrl +/-, presenter mode's 1.5): labels and words grow with it,
// within the boxes.
Layout make_layout(const Settings& settings, Rect area, float text_scale = 1.f);

palette::Colour8 box_colour(BoxKind kind);  // yellow input, blue attention, pink FFN, green output
// Its label: "embeddings + positions", "attention 2", "FFN 1", "sortie" (text_in(language)'s words);
// with /position aucun, RoPE or ALiBi nothing is added at the input: « embeddings, sans position ».
std::string box_label(const Layout& layout, const Box& box, Language language);
// A band's label, naming the norm's type: "LayerNorm", "RMSNorm", "RMSNorm finale" (the final one).
std::string band_label(const Layout& layout, const Band& band, Language language);
// A band under kBandLabelPx tall has no room for its label: a grey tag at its right end, centred
// on it, says « LN » or « RMS » (`text_w` wide at `px`), so that the type is seen at every size.
constexpr float kBandLabelPx = 13.f;
std::string band_tag_text(const Layout& layout);
Rect band_tag(const Band& band, float text_w, float px);

// A box's label as the window and the SVG draw it, centred on the box, from `label_x`: one line, or
// two where the box holds them; `px` 0 where nothing fits. The first form that fits the box's right
// part, clear of the bands' tags: its name at `label_px`, then (RoPE, ALiBi) « sans position »,
// the timeline's « att 3 » and « a3 », each shrinking no further than kMinTextPx.
struct BoxText {
    std::string first, second;  // second empty: one line
    float px = 0;
};
using TextWidth = std::function<float(const std::string& text, float px)>;  // the font's measure
BoxText fit_box_label(const Layout& layout, const Box& box, Language language, const TextWidth& width_of);

}  // namespace tb
