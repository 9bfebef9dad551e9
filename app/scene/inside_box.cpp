// Inside the opened box (scene/story.h): attention's weights as arrows, how the position enters
// the scores (RoPE's dials, ALiBi's note), which heads share K/V (GQA, MQA), the FFN's strips.
#include <algorithm>
#include <cmath>

#include "model/forward.h"
#include "base/numbers.h"
#include "scene/modern_block.h"
#include "scene/story_parts.h"
#include "text/text.h"

namespace tb {
namespace {

// The link from query i's bead to key j's, above the beads in the opened box: rightward links
// arc high, leftward ones low, each from and to its own point of the beads' rims, so that the
// two directions of a pair are two curves.
LinkRecord link_of(const Crossing& c, const Rect& inside, float y, int i, int j, float weight) {
    LinkRecord link;
    const float xi = c.layout.token_x(i, c.n), xj = c.layout.token_x(j, c.n), dx = xj - xi;
    const float r = c.layout.beads.reference_radius;
    const bool rightward = dx > 0;
    // Farther pairs arc higher, the farthest to the top of the opened box.
    const float room = std::max(4.f, y - r - inside.y - 4.f);
    const float widest = std::max(1.f, c.layout.token_x(c.n - 1, c.n) - c.layout.token_x(0, c.n));
    const float lift = room * (0.3f + 0.7f * std::abs(dx) / widest) * (rightward ? 1.f : 0.5f);
    auto rim = [&](float x, float degrees) {
        const float a = degrees * 3.14159265f / 180.f;
        return Point{x + r * std::cos(a), y - r * std::sin(a)};
    };
    link.from = rightward ? rim(xi, 50) : rim(xi, 130);
    link.to = rightward ? rim(xj, 115) : rim(xj, 65);
    const float top = std::min(link.from.y, link.to.y) - lift * 4.f / 3.f;
    link.c1 = {link.from.x + dx * 0.15f, top};
    link.c2 = {link.to.x - dx * 0.15f, top};
    link.weight = weight;
    link.colour = identity_colour(c.trace.typed_place(i));
    link.from_token = i;
    link.to_token = j;
    return link;
}

// Every query's weights at once during a pass (each query's strongest written); one query at a
// time when stepping (all its weights written, its own included).
void attention_links(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    if (c.level.attention_weights.empty()) return;
    const int head = std::clamp(options.head, 0, static_cast<int>(c.level.attention_weights.size()) - 1);
    const Matrix& w = c.level.attention_weights[static_cast<std::size_t>(head)];
    const Rect& box = out.inside;
    const Settings& s = c.trace.settings;
    const double slope = s.position == Position::Alibi ? alibi_slope(head, s.heads) : 0.0;
    int first = 0, last = c.n - 1;
    if (options.one_query) {
        const Window inner = window_of(c.stages, Step::Inner);
        const float t = progress(c.phase, inner.begin, inner.end);
        out.query = first = last = std::clamp(static_cast<int>(t * static_cast<float>(c.n)), 0, c.n - 1);
    }
    // Under the causal mask a query reads no later word: no arrow (nor weight 0,00) goes there.
    const auto masked = [&](int i, int j) { return s.mask == Mask::Causal && j > i; };
    for (int i = first; i <= last && i < w.rows(); ++i) {
        int strongest = -1;
        for (int j = 0; j < c.n && j < w.cols(); ++j)
            if (j != i && !masked(i, j) && (strongest < 0 || w(i, j) > w(i, strongest))) strongest = j;
        for (int j = 0; j < c.n && j < w.cols(); ++j) {
            if ((j == i && !options.one_query) || masked(i, j)) continue;
            LinkRecord link = link_of(c, box, y, i, j, static_cast<float>(w(i, j)));
            link.labelled = options.one_query || j == strongest;
            link.penalty = slope * std::abs(i - j);
            out.links.push_back(link);
        }
    }
}

// The opened box's right part, right of the beads' links, from its top to its bottom (over its
// label, which the timeline also shows), clear of the norm bands' tags that reach into it from
// above or below unless `over_tags`: the GQA chips, a gated FFN's rows' names.
Rect side_of(const Crossing& c, const Rect& inside, bool over_tags = false) {
    const float pad = 4.f;
    const float x = std::max(c.layout.label_x, c.layout.stream_x1) + pad;
    float top = inside.y + pad, bottom = inside.bottom() - pad;
    for (const Band& band : c.layout.bands) {
        if (over_tags || band.rect.h >= kBandLabelPx) continue;  // a band labelled along its length has no tag
        const Rect tag = band_tag(band, 0.f, c.layout.tag_px);  // its height does not depend on its text
        if (tag.cy() <= inside.y) top = std::max(top, tag.bottom() + 2);
        if (tag.cy() >= inside.bottom()) bottom = std::min(bottom, tag.y - 2);
    }
    return {x, top, std::max(0.f, inside.right() - x - pad), std::max(0.f, bottom - top)};
}

// GQA / MQA: the chips in the lower part of the side, query heads on top, K/V heads below.
HeadSharingRecord head_sharing(const Settings& s, const Rect& side, int shown) {
    HeadSharingRecord out;
    const int h = s.heads, kv = s.kv_heads;
    if (kv >= h || kv < 1 || side.w <= 0 || side.h <= 0) return out;
    const float gap = 3.f;
    // Two rows of chips a chip apart under a line of caption; where that leaves a chip too small
    // for its head's number, the chips keep that size and the caption goes (the formula and the
    // caption line name GQA), the rows closer.
    const float wide = (side.w - gap * static_cast<float>(h - 1)) / static_cast<float>(h);
    float chip = std::min({wide, (side.h - kMinTextPx * 1.3f) / 3.2f, 24.f}), apart = 2.f;
    if (chip < kNumberedChip && std::min(wide, side.h / 2.6f) >= kNumberedChip) chip = kNumberedChip, apart = 1.6f;
    if (chip < 4.f) return out;
    const float row_w = chip * static_cast<float>(h) + gap * static_cast<float>(h - 1);
    const float x0 = side.x + (side.w - row_w) * 0.5f;
    const float kv_y = side.bottom() - chip, q_y = kv_y - chip * apart;
    out.per_kv = h / kv;
    out.shown = std::clamp(shown, 0, h - 1);
    out.kv_of = kv_head_map(h, kv);
    for (int i = 0; i < h; ++i) out.queries.push_back({x0 + static_cast<float>(i) * (chip + gap), q_y, chip, chip});
    // Each K/V chip under the middle of its group of query heads.
    for (int j = 0; j < kv; ++j) {
        const Rect& first = out.queries[static_cast<std::size_t>(j * out.per_kv)];
        const Rect& last = out.queries[static_cast<std::size_t>((j + 1) * out.per_kv - 1)];
        const float mid = (first.x + last.right()) * 0.5f;
        out.kv.push_back({mid - chip * 0.5f, kv_y, chip, chip});
    }
    return out;
}

// RoPE: a dial on each token's bead, its hand at the first pair's angle θ = p (p from 0).
void rope_dials(const Crossing& c, float y, FrameRecords& out) {
    const Settings& s = c.trace.settings;
    const int head_size = s.dimension / std::max(1, s.heads);
    for (int i = 0; i < c.n; ++i) {
        DialRecord d;
        d.token = i;
        d.position = i;
        d.centre = {c.layout.token_x(i, c.n), y};
        // As large as the beads' spacing allows, so that the hand reads from the back of the room,
        // leaving a line of weights above it in the opened box.
        const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(std::max(1, c.n));
        const float under_weights = (y - out.inside.y - kWeightLinePx) / 1.25f;
        d.radius = std::max(std::min(c.layout.beads.reference_radius, 8.f), std::min({c.layout.beads.reference_radius * 1.5f, cell * 0.42f, under_weights}));
        d.angle = static_cast<float>(rope_angle(i, 0, head_size));
        out.dials.push_back(d);
    }
}

// How the position enters the scores (RoPE, ALiBi), the GQA chips, RoPE's dials.
void modern_attention(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    const Settings& s = c.trace.settings;
    out.side = side_of(c, out.inside);
    if (s.position == Position::Rope) out.note = ScoreNote::Rope;
    if (s.position == Position::Alibi) {
        out.note = ScoreNote::Alibi;
        out.alibi_slope = alibi_slope(std::clamp(options.head, 0, s.heads - 1), s.heads);
    }
    out.sharing = head_sharing(s, out.side, options.head);
    if (out.sharing.queries.empty() && s.kv_heads < s.heads) {  // too short clear of the tags (A/B at 1024 x 768)
        out.side = side_of(c, out.inside, true);
        out.sharing = head_sharing(s, out.side, options.head);
    }
    if (s.position == Position::Rope) rope_dials(c, y, out);
}

// One strip a token of matrix m (n × w), scaled by its largest |value|, its bottom at `bottom`.
void strips_of(const Crossing& c, const Matrix& m, HiddenPath path, float bottom, float height, FrameRecords& out) {
    const double peak = std::max(1e-9, m.cwiseAbs().maxCoeff());
    const float cell = (c.layout.stream_x1 - c.layout.stream_x0) / static_cast<float>(c.n);
    for (int i = 0; i < c.n && i < m.rows(); ++i) {
        HiddenRecord h;
        h.path = path;
        h.token = i;
        h.rect = {c.layout.token_x(i, c.n) - cell * 0.45f, bottom - height, cell * 0.9f, height};
        for (int j = 0; j < m.cols(); ++j) h.values.push_back(static_cast<float>(m(i, j) / peak));
        out.hidden.push_back(std::move(h));
    }
}

// The FFN: each token's w hidden activations as a strip of cells along the top of the box; a
// gated FFN's gate and value below it, on rows of their own.
void hidden_strips(const Crossing& c, float y, FrameRecords& out) {
    if (!c.level.hidden.size()) return;
    const float r = c.layout.beads.reference_radius;
    const float room = y - r - 4 - out.inside.y;
    const bool gated = c.level.gate.size() && c.level.up.size() && c.level.gate.rows() == c.level.hidden.rows() &&
                       c.level.up.rows() == c.level.hidden.rows();
    if (!gated) {
        strips_of(c, c.level.hidden, HiddenPath::Hidden, y - r - 4, std::clamp(room * 0.45f, 4.f, 26.f), out);
        return;
    }
    // Three rows with a gap of half a row between them (for ⊙ and =).
    const float height = std::clamp(room * 0.24f, 4.f, 22.f), step = height * 1.5f;
    strips_of(c, c.level.gate, HiddenPath::Gate, y - r - 4, height, out);
    strips_of(c, c.level.up, HiddenPath::Up, y - r - 4 - step, height, out);
    strips_of(c, c.level.hidden, HiddenPath::Hidden, y - r - 4 - 2 * step, height, out);
}

constexpr float kOpening = 0.015f;  // of the sublayer, for the box to open or close

// While its inside shows, the box opens upward over the free rows of its slot (⊕ and the post
// band wait until the beads leave), so that the weights and the strips have room above the beads.
Rect opened_box(const Crossing& c, const Box& box, const Window& inside) {
    const Slot& slot = c.layout.slots[static_cast<std::size_t>(c.k)];
    const float top = slot.end_y - 0.1f * (slot.start_y - slot.end_y);
    const float open = smooth(progress(c.phase, inside.begin, inside.begin + kOpening)) *
                       (1 - smooth(progress(c.phase, inside.end - kOpening, inside.end)));
    Rect r = box.rect;
    const float grow = std::max(0.f, r.y - top) * open;
    r.y -= grow;
    r.h += grow;
    return r;
}

}  // namespace

void inside_story(const Crossing& c, float y, const AnimationOptions& options, FrameRecords& out) {
    const Window inside = inside_window(c.stages);
    const Box* box = c.layout.box_for_level(c.k);
    if (!box || c.phase < inside.begin || c.phase > inside.end) return;
    out.inside = opened_box(c, *box, inside);
    if (c.phase < inside.begin + kOpening || c.phase > inside.end - kOpening) return;  // opening, closing
    if (c.level.kind == LevelKind::Attention) {
        attention_links(c, y, options, out);
        modern_attention(c, y, options, out);
    }
    if (c.level.kind == LevelKind::Ffn) {
        out.side = side_of(c, out.inside);
        hidden_strips(c, y, out);
    }
}

namespace {

// ALiBi's slope as a class writes it: 1/16 where it is a power of two's inverse (h = 1, 2, 4, 8).
std::string slope_text(double m, Language language) {
    const double k = std::round(-std::log2(m));
    if (m > 0 && k >= 0 && std::abs(m - std::exp2(-k)) < 1e-12) return k == 0 ? "1" : "1/" + std::to_string(1 << static_cast<int>(k));
    return format_fixed(m, 4, language);
}

}  // namespace

std::string score_note(const FrameRecords& frame, Language language, bool brief) {
    switch (frame.note) {
        case ScoreNote::None: return {};
        case ScoreNote::Rope:
            if (brief) return tr(language, "RoPE : la position n'entre que par la distance i − j", "RoPE: position enters only through i − j");
            return tr(language, "RoPE : Q et K tournés de θ = p (l'aiguille) — la position n'entre dans le score que par la distance i − j",
                      "RoPE: Q and K turned by θ = p (the hand) — position enters the score only through the distance i − j");
        case ScoreNote::Alibi:
            if (brief) return std::string(tr(language, "ALiBi : score − m·|i − j|, m = ", "ALiBi: score − m·|i − j|, m = ")) +
                              slope_text(frame.alibi_slope, language);
            return std::string(tr(language, "ALiBi : score − m·|i − j|, m = ", "ALiBi: score − m·|i − j|, m = ")) +
                   slope_text(frame.alibi_slope, language) +
                   tr(language, " — plus loin, moins d'attention", " — farther, less attention");
    }
    return {};
}

std::string penalty_text(const FrameRecords& frame, const LinkRecord& link, Language language) {
    const int distance = std::abs(link.from_token - link.to_token);
    if (frame.note != ScoreNote::Alibi || distance == 0) return {};
    const std::string m = slope_text(frame.alibi_slope, language);
    const std::size_t slash = m.find('/');
    if (m == "1") return "−" + std::to_string(distance);
    if (slash == 1 && m[0] == '1') return "−" + std::to_string(distance) + m.substr(slash);  // −3/16: the distance over 1/m
    return "−" + format_fixed(link.penalty, 3, language);
}

std::string sharing_caption(const HeadSharingRecord& sharing, Language language, bool brief) {
    if (sharing.queries.empty()) return {};
    const std::string h = std::to_string(sharing.queries.size());
    if (brief)
        return std::string(sharing.kv.size() == 1 ? "MQA" : "GQA") + tr(language, " : ", ": ") + std::to_string(sharing.per_kv) +
               tr(language, " Q par K/V", " Q per K/V");
    if (sharing.kv.size() == 1)
        return tr(language, "MQA : une tête K/V pour les ", "MQA: one K/V head for the ") + h + tr(language, " têtes Q", " Q heads");
    return tr(language, "GQA : ", "GQA: ") + std::to_string(sharing.per_kv) + tr(language, " têtes Q par tête K/V", " Q heads per K/V head");
}

}  // namespace tb
