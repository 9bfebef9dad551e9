#include "scene/twin_link.h"

#include <algorithm>
#include <cmath>

#include "scene/similarity.h"

namespace tb {
namespace {

// How far a bead reaches above (`up`) or below its centre: its disc, its identity outline, and
// the white ring of a bead beyond the scale (as bead.frag draws them).
float reach(const BeadRecord& b) {
    const float outline = std::clamp(b.radius * 0.2f, 1.5f, 3.f);
    return b.radius + outline + (b.clamped > 0 ? 4.f : 0.f);
}

const BeadRecord* bead_of_token(const std::vector<const BeadRecord*>& beads, int token) {
    for (const BeadRecord* b : beads)
        if (b->token == token) return b;
    return nullptr;
}

// The arch between `a` and `b`, over (side -1) or under (side +1) the beads of their row whose
// discs are within the pill's or the arch's width, its top the pill's middle: the pill a few
// pixels off that row, nearer where the next row (`others`) or the section's edge leaves less
// room; `overlap` says by how much it still reaches into the next row (0: clear of every bead).
struct Placed {
    TwinLink link;
    float overlap = 0;
    bool inside = true;  // within the section
};
Placed arch(TwinLink link, const BeadRecord& a, const BeadRecord& b, const std::vector<const BeadRecord*>& row,
            const std::vector<const BeadRecord*>& others, const Rect& area, float side, float pill_w, float pill_h) {
    link.from = {a.x, a.y + side * reach(a)};
    link.to = {b.x, b.y + side * reach(b)};
    const float mid = (a.x + b.x) * 0.5f, x0 = std::min(a.x, mid - pill_w * 0.5f), x1 = std::max(b.x, mid + pill_w * 0.5f);
    auto within = [&](const BeadRecord* o) { return o->x + o->radius > x0 && o->x - o->radius < x1; };
    float edge = side < 0 ? std::min(link.from.y, link.to.y) : std::max(link.from.y, link.to.y);
    for (const BeadRecord* o : row)
        if (within(o)) edge = side < 0 ? std::min(edge, o->y - reach(*o)) : std::max(edge, o->y + reach(*o));
    float far = side < 0 ? area.y : area.bottom();
    for (const BeadRecord* o : others)
        if (within(o) && (o->y - a.y) * side > 0) far = side < 0 ? std::max(far, o->y + reach(*o)) : std::min(far, o->y - reach(*o));
    const float room = std::abs(far - edge);
    const float gap = std::clamp(room - pill_h - 1.f, 1.f, std::max(3.f, link.thick));
    const float apex = edge + side * (gap + pill_h * 0.5f);
    // A cubic Bézier whose control points stand over its ends, at the height that puts its middle
    // (t = 1/2: (y0 + y3) / 8 + 3/4 of the controls' y) at the apex.
    const float control = (apex - (link.from.y + link.to.y) / 8.f) / 0.75f;
    link.c1 = {a.x, control};
    link.c2 = {b.x, control};
    link.label = {mid - pill_w * 0.5f, apex - pill_h * 0.5f, pill_w, pill_h};
    Placed p{link, std::max(0.f, pill_h + gap - room), true};
    p.inside = link.label.y >= area.y && link.label.bottom() <= area.bottom();
    return p;
}

std::optional<TwinLink> link_at(const Trace& trace, const Layout& layout, const FrameRecords& frame, int level,
                                std::pair<int, int> pair, float px, Language language, const TextWidth& width_of) {
    std::vector<const BeadRecord*> row, others;
    for (const auto& b : frame.beads)
        if (b.role != BeadRole::Copy) (b.level == level && b.role != BeadRole::Input ? row : others).push_back(&b);  // a box's input is in its box
    const BeadRecord* a = bead_of_token(row, pair.first);
    const BeadRecord* b = bead_of_token(row, pair.second);
    if (!a || !b) return std::nullopt;
    if (a->x > b->x) std::swap(a, b);  // /melanger's slide may cross them
    TwinLink link;
    link.level = level;
    link.first = pair.first;
    link.second = pair.second;
    const SimilarityGrid grid = similarity_grid(trace, level);
    if (grid.cosines.rows() <= pair.second) return std::nullopt;
    link.cosine = grid.cosines(pair.first, pair.second);
    link.text = "cos " + similarity_value(link.cosine, language);
    link.thick = std::clamp(layout.max_radius * 0.28f, 4.f, 6.f);
    // Over the beads; under them only where that is clearer and no word tag is there (the input's
    // words are under its beads, and the output's where they fit). Where the next row leaves too
    // little room (L 6 on a projector), the text shrinks towards kMinTextPx first.
    const bool words_under = level == 0 || (level + 1 == static_cast<int>(layout.level_y.size()) && layout.top_words);
    auto place = [&](float size, float side) {
        link.px = size;
        return arch(link, *a, *b, row, others, layout.area, side, width_of(link.text, size) + size * 0.9f, size * 1.3f);
    };
    Placed over = place(px, -1.f);
    if (over.overlap > 0 && px > kMinTextPx) over = place(std::max(kMinTextPx, px - over.overlap / 1.3f), -1.f);
    if (words_under || (over.inside && over.overlap <= 0)) return over.link;
    const Placed under = place(px, 1.f);
    const bool better = under.inside && (!over.inside || under.overlap < over.overlap);
    return better ? under.link : over.link;
}

}  // namespace

std::optional<std::pair<int, int>> repeated_pair(const Trace& trace) {
    const int n = trace.token_count();
    for (int i = 0; i < n; ++i)
        for (int k = i + 1; k < n; ++k)
            if (trace.tokens[static_cast<std::size_t>(i)].word == trace.tokens[static_cast<std::size_t>(k)].word) return std::make_pair(i, k);
    return std::nullopt;
}

std::vector<TwinLink> twin_links(const Trace& trace, const Layout& layout, const FrameRecords& frame, float px,
                                 Language language, const TextWidth& width_of) {
    std::vector<TwinLink> out;
    const auto pair = repeated_pair(trace);
    if (!pair) return out;
    const bool at_rest = frame.phase <= 0.f;
    const bool leaving_input = frame.active_level == 1 && !at_rest;  // the first sublayer's story is right above it
    if (!leaving_input)
        if (auto link = link_at(trace, layout, frame, 0, *pair, px, language, width_of)) out.push_back(*link);
    if (at_rest && frame.active_level > 0)
        if (auto link = link_at(trace, layout, frame, frame.active_level, *pair, px, language, width_of)) out.push_back(*link);
    return out;
}

}  // namespace tb
