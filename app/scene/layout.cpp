#include "scene/layout.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "text/text.h"

namespace tb {
namespace {
constexpr double kPi = 3.14159265358979323846;
}

Point bezier(Point p0, Point p1, Point p2, Point p3, float t) {
    const float u = 1 - t;
    const float a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
    return {a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y};
}

Point Arc::at(float t) const { return bezier(p0, p1, p2, p3, t); }

float Slot::y(Place place) const {
    switch (place) {
        case Place::Start: return start_y;
        case Place::BelowBand: return pre_band_y + (start_y - pre_band_y) * 0.5f;
        case Place::Band: return pre_band_y;
        case Place::BoxEdge: return box_low_y;
        case Place::Box: return box_y;
        case Place::Merge: return merge_y;
        case Place::BelowPostBand: return merge_y + (post_band_y - merge_y) * 0.5f;
        case Place::PostBand: return post_band_y;
        case Place::End: return end_y;
    }
    return end_y;
}

float Layout::token_x(int token, int count) const {
    if (count <= 0) return stream_x0;
    const float cell = (stream_x1 - stream_x0) / static_cast<float>(count);
    return stream_x0 + cell * (static_cast<float>(token) + 0.5f);
}

float BeadScale::radius(double norm) const {
    if (clamped(norm) < 0) return radius_min;
    if (clamped(norm) > 0) return radius_max;
    return static_cast<float>(std::sqrt(area_per_norm * norm / kPi));
}

int BeadScale::clamped(double norm) const {
    if (!(norm >= norm_min)) return -1;  // NaN counts as below
    return norm > norm_max ? 1 : 0;
}

const Box* Layout::box_for_level(int level) const {
    for (const auto& b : boxes)
        if (b.level == level) return &b;
    return nullptr;
}

namespace {

// The measures every level shares: heights in units of one sublayer from the bottom.
struct Grid {
    Rect area;
    float pad, unit, lane, box_x, box_w, band_h;
    float lift = 0;  // pixels added to the input box's height, below its beads, for the words' rows
    float y_at(float units_from_bottom) const { return area.bottom() - pad - lift - units_from_bottom * unit; }
    Rect band(float centre_y) const { return {box_x, centre_y - band_h / 2, box_w, band_h}; }
};

// Sublayer k: its slot 1.1 + (k - 1) units up, its box, and a band, a ⊕ and an arc where its
// stages need one.
void add_sublayer(Layout& l, const Grid& g, int k, const std::vector<Stage>& stages) {
    const float base = 1.1f + static_cast<float>(k - 1);  // slot bottom in units
    auto u = [&](float f) { return g.y_at(base + f); };
    Slot& sl = l.slots[static_cast<std::size_t>(k)];
    sl.start_y = l.level_y[static_cast<std::size_t>(k - 1)];
    sl.pre_band_y = u(0.17f);
    sl.box_low_y = u(0.25f);
    sl.box_y = u(0.465f);
    sl.merge_y = u(0.78f);
    sl.post_band_y = u(0.88f);
    sl.end_y = u(1.f);
    l.level_y[static_cast<std::size_t>(k)] = sl.end_y;

    const BoxKind kind = k % 2 == 1 ? BoxKind::Attention : BoxKind::Ffn;
    l.boxes.push_back({kind, Rect{g.box_x, u(0.68f), g.box_w, sl.box_low_y - u(0.68f)}, k, (k + 1) / 2});
    if (has_step(stages, Step::Normalize)) l.bands.push_back({g.band(sl.pre_band_y), k});
    if (has_step(stages, Step::PostNormalize)) l.bands.push_back({g.band(sl.post_band_y), k});
    if (has_step(stages, Step::Add)) {
        const float merge_r = std::clamp(g.unit * 0.09f, 4.f, 11.f);
        const Point m{g.box_x + merge_r + 2, sl.merge_y};
        l.merges.push_back({m, merge_r, k});
        const Point p0{g.box_x + 2, u(0.06f)};
        const float lane_x = g.area.x + g.pad + g.lane * 0.15f;
        l.arcs.push_back({p0, {lane_x, p0.y}, {lane_x, m.y}, {m.x - merge_r, m.y}, k});
    }
}

// The output: the green box at the top, with the final LayerNorm band below it where the output
// level's stages normalize (pre-norm).
void add_output(Layout& l, const Grid& g, int top, Norm norm) {
    const float base = 1.1f + static_cast<float>(top - 1);
    Slot& sl = l.slots[static_cast<std::size_t>(top)];
    sl.start_y = l.level_y[static_cast<std::size_t>(top - 1)];
    sl.pre_band_y = g.y_at(base + 0.12f);
    Rect r{g.box_x, g.y_at(base + 1.1f), g.box_w, g.unit * 0.9f};
    sl.box_low_y = r.bottom();
    sl.box_y = sl.merge_y = sl.post_band_y = sl.end_y = r.y + r.h * 0.36f;
    l.level_y[static_cast<std::size_t>(top)] = sl.end_y;
    l.boxes.push_back({BoxKind::Output, r, top, 0});
    if (has_step(output_stages(norm), Step::Normalize)) l.bands.push_back({g.band(sl.pre_band_y), top});
}

// The bead scale of one L in one window: the √d bead fits a quarter of a sublayer's height and
// four tenths of the room of one of the eight possible words; the largest bead is up to 2.5 times
// wider (6 times the norm) as room allows; the smallest 1.5 px (a vanished vector
// stays a visible dot, with its mark).
BeadScale bead_scale(float unit, float cell, int d) {
    BeadScale b;
    b.reference_radius = std::max(0.f, std::min(unit * 0.26f, cell * 0.4f));
    if (b.reference_radius <= 0) return b;
    const double sqrt_d = std::sqrt(static_cast<double>(std::max(1, d)));
    b.area_per_norm = kPi * b.reference_radius * b.reference_radius / sqrt_d;
    b.radius_max = std::max(b.reference_radius, std::min({unit * 0.6f, cell * 0.9f, b.reference_radius * 2.5f}));
    b.radius_min = std::min(b.reference_radius, 1.5f);
    auto norm_of = [&](float r) { return kPi * r * r / b.area_per_norm; };
    b.norm_min = norm_of(b.radius_min);
    b.norm_max = norm_of(b.radius_max);
    return b;
}

}  // namespace

// The words' size and rows. Text reads from the back of the room: the words at 0.9 of the body
// text, never under kMinTextPx; where one would not fit its token's column (estimated at 0.62 em
// a letter, DejaVu Sans's lower case), they take turns on two rows (each word two columns wide)
// or, in a narrow stack (A/B at 1024 x 768), three.
struct Words {
    float px = kMinTextPx;
    int rows = 1;
};

Words words_for(const Settings& s, float stream_w, float text_scale) {
    Words w;
    w.px = std::max(kMinTextPx, kBaseTextPx * text_scale * 0.9f);
    int n = 0;
    std::size_t longest = 0, letters = 0;
    for (std::size_t i = 0; i <= s.sentence.size(); ++i) {
        if (i == s.sentence.size() || s.sentence[i] == ' ') {
            if (letters > 0) ++n, longest = std::max(longest, letters);
            letters = 0;
        } else if ((static_cast<unsigned char>(s.sentence[i]) & 0xC0) != 0x80) {
            ++letters;  // a UTF-8 sequence's first byte
        }
    }
    longest = std::max<std::size_t>(longest, 4);
    const float cell = stream_w / static_cast<float>(std::max(1, n));
    const float wide = static_cast<float>(longest) * 0.62f * w.px + w.px * 0.44f;
    while (w.rows < 3 && wide > cell * (static_cast<float>(w.rows) - 0.08f) - w.px * 0.5f) ++w.rows;
    return w;
}

// The height units: input 1.1, each sublayer 1, output 1.1 (with room for the final band), and
// the input box `lift` pixels taller where its words need the room (make_layout).
float unit_for(const Grid& g, int layers) {
    return std::max(0.f, (g.area.h - 2 * g.pad - g.lift) / (2.f * layers + 2.2f));
}

Layout make_layout(const Settings& s, Rect area, float text_scale) {
    text_scale = std::clamp(text_scale, 0.5f, 4.f);
    Layout l;
    l.area = area;
    l.norm_type = s.norm_type;
    l.no_position_added = s.position == Position::None || positions_in_scores(s.position);
    // The phase's caption (ui/story_drawing.h) has the top line to itself, so it covers no box.
    const float caption_h = std::clamp(area.h * 0.05f, 0.f, 40.f);
    l.caption = {area.x, area.y, area.w, caption_h};
    area.y += caption_h;
    area.h = std::max(0.f, area.h - caption_h);
    const int L = std::max(1, s.layers);
    const int top = 2 * L + 1;
    Grid g;
    g.area = area;
    g.pad = std::clamp(area.h * 0.02f, 2.f, 14.f);
    g.unit = unit_for(g, L);
    g.lane = std::clamp(area.w * 0.09f, 16.f, 70.f);  // residual arcs live here
    g.box_x = area.x + g.pad + g.lane;
    g.box_w = std::max(0.f, area.right() - g.pad - g.box_x);
    g.band_h = std::max(2.f, g.unit * 0.08f);
    l.stream_x0 = g.box_x + g.box_w * 0.03f;
    l.stream_x1 = g.box_x + g.box_w * 0.64f;
    l.label_x = g.box_x + g.box_w * 0.67f;
    // The words' rows under the input beads: the input box grows by `lift` where they need it (at
    // L 6 on a 768-line projector a unit is some 37 px), the other levels share what is left.
    // The beads' size is the one of the most rows (three): one bead scale per L and window, whatever
    // the sentence.
    const float bead_cell = (l.stream_x1 - l.stream_x0) / Settings::kMaxTokens;
    const Words words = words_for(s, l.stream_x1 - l.stream_x0, text_scale);
    const Grid start = g;
    float bead_unit = g.unit;
    for (const int rows : {3, words.rows}) {
        g = start;
        for (int pass = 0; pass < 3; ++pass) {
            const float offset = bead_scale(rows == 3 ? g.unit : bead_unit, bead_cell, s.dimension).reference_radius * 1.25f + 2;
            const float need = static_cast<float>(rows) * words.px * 1.25f + words.px * 0.2f;
            g.lift = std::clamp(need - (g.unit * 0.64f - offset), 0.f, area.h * 0.33f);
            g.unit = unit_for(g, L);
        }
        if (rows == 3) bead_unit = g.unit;
    }
    g.band_h = std::max(2.f, g.unit * 0.08f);
    l.font_px = std::clamp(g.unit * 0.36f * text_scale, 9.f, 26.f * text_scale);
    // Box labels: the body size where the boxes are tall enough, never under kMinTextPx. A label
    // may be 1.1 times its box's height: the line's spacing overhangs, its letters (0.73 of the
    // size for capitals) stay inside.
    l.label_px = std::max(kMinTextPx, std::min(kBaseTextPx * text_scale * 1.15f, g.unit * 0.43f * 1.1f));
    l.tag_px = std::max(kMinTextPx, std::min(kBaseTextPx * text_scale * 0.8f, g.unit * 0.3f));

    l.beads = bead_scale(std::min(bead_unit, g.unit), bead_cell, s.dimension);
    l.max_radius = l.beads.radius_max;
    l.word_offset = l.beads.reference_radius * 1.25f + 2;

    // Input: a box 1.1 units tall, the beads resting at its centre.
    l.level_y.resize(static_cast<std::size_t>(top + 1));
    l.slots.resize(static_cast<std::size_t>(top + 1));
    {
        Rect r{g.box_x, g.y_at(1.05f), g.box_w, g.unit * 1.0f + g.lift};
        l.boxes.push_back({BoxKind::Input, r, 0, 0});
        l.level_y[0] = r.y + g.unit * 0.36f;  // the words go below the beads
        Slot& sl = l.slots[0];
        sl.start_y = sl.pre_band_y = sl.box_low_y = sl.box_y = sl.merge_y = sl.post_band_y = sl.end_y = l.level_y[0];
    }
    const std::vector<Stage>& stages = sublayer_stages(s);
    for (int k = 1; k <= 2 * L; ++k) add_sublayer(l, g, k, stages);
    add_output(l, g, top, s.norm);
    // The words sit under the input beads, inside the input box.
    l.word_px = words.px;
    l.word_rows = words.rows;
    l.top_words = l.level_y.back() + l.word_offset + static_cast<float>(words.rows) * l.word_px * 1.25f <= l.boxes.back().rect.bottom();
    return l;
}

palette::Colour8 box_colour(BoxKind kind) {
    switch (kind) {
        case BoxKind::Input: return palette::kInput;
        case BoxKind::Attention: return palette::kAttention;
        case BoxKind::Ffn: return palette::kFfn;
        case BoxKind::Output: return palette::kOutput;
    }
    return palette::kBand;
}

std::string box_label(const Layout& layout, const Box& box, Language language) {
    const Strings& t = text_in(language);
    switch (box.kind) {
        case BoxKind::Input:
            if (layout.no_position_added) return tr(language, "embeddings, sans position", "embeddings, no position");
            return t.input_box;
        case BoxKind::Attention: return std::string(t.attention_box) + " " + std::to_string(box.block);
        case BoxKind::Ffn: return std::string(t.ffn_box) + " " + std::to_string(box.block);
        case BoxKind::Output: return t.output_box;
    }
    return {};
}

std::string band_label(const Layout& layout, const Band& band, Language language) {
    const std::string name = layout.norm_type == NormType::RmsNorm ? "RMSNorm" : "LayerNorm";
    const bool final_band = band.level == static_cast<int>(layout.level_y.size()) - 1;
    if (!final_band) return name;
    return tr(language, (name + " finale").c_str(), ("final " + name).c_str());
}

std::string band_tag_text(const Layout& layout) { return layout.norm_type == NormType::RmsNorm ? "RMS" : "LN"; }

Rect band_tag(const Band& band, float text_w, float px) {
    const float pad = px * 0.3f, w = text_w + 2 * pad, h = px * 1.15f;
    return {band.rect.right() - w - 10, band.rect.cy() - h * 0.5f, w, h};  // the box's own edge stays clear
}

namespace {

// The width a label of `lines` lines at `px` has on box `r`: up to the box's right edge, or up to
// a band tag it would meet (a glyph line's top and bottom 3 px are blank: « sortie » may graze one).
float label_room(const Layout& layout, const Rect& r, float px, int lines, float tag_w) {
    float right = r.right() - 6;
    const float half = px * 0.5f * static_cast<float>(lines) - 3.f;
    for (const Band& band : layout.bands) {
        if (band.rect.h >= kBandLabelPx) continue;  // labelled along its length: no tag
        const Rect t = band_tag(band, tag_w, layout.tag_px);
        if (t.y < r.cy() + half && t.bottom() > r.cy() - half) right = std::min(right, t.x - 4);
    }
    return right - layout.label_x;
}

}  // namespace

BoxText fit_box_label(const Layout& layout, const Box& box, Language language, const TextWidth& width_of) {
    const Rect& r = box.rect;
    const float tag_w = width_of(band_tag_text(layout), layout.tag_px);
    // `s` at `px` on one line, else on two (cut at the space nearest the middle) where the box holds them.
    const auto at = [&](const std::string& s, float px) -> std::optional<BoxText> {
        if (width_of(s, px) <= label_room(layout, r, px, 1, tag_w)) return BoxText{s, {}, px};
        const std::size_t space = s.rfind(' ', s.size() / 2 + 3);
        if (space == std::string::npos || space == 0 || r.h < 1.9f * px) return std::nullopt;
        BoxText two{s.substr(0, space), s.substr(space + 1), px};
        if (std::max(width_of(two.first, px), width_of(two.second, px)) <= label_room(layout, r, px, 2, tag_w)) return two;
        return std::nullopt;
    };
    if (const auto name = at(box_label(layout, box, language), layout.label_px)) return *name;
    const int layers = static_cast<int>(layout.level_y.size() / 2) - 1;
    std::vector<std::string> shorter;
    // No position added (aucun, RoPE, ALiBi): what differs from a stack with positions, rather than « entrée » like the other half's.
    if (box.kind == BoxKind::Input && layout.no_position_added) shorter.push_back(tr(language, "sans position", "no position"));
    shorter.push_back(level_label(language, box.level, layers, LabelLength::Medium));
    shorter.push_back(level_label(language, box.level, layers, LabelLength::Short));
    for (const std::string& s : shorter)
        for (float px = layout.label_px;; px = std::max(kMinTextPx, px - 1)) {
            if (const auto fitted = at(s, px)) return *fitted;
            if (px <= kMinTextPx) break;
        }
    return {};
}

}  // namespace tb
