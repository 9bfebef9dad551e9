// The residual copies of a sublayer (scene/story.h): each rides its own lane from its bead to its
// ⊕, never covers another word's bead or copy, and the lanes keep to their sublayer (under the
// post-norm band, above the ⊕ of the sublayer below), at the sizes a class sees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "scene/animation.h"
#include "scene/story.h"
#include "model/stages.h"
#include "../features_fixture.h"

namespace tb {
namespace {

using test::kArea;

// The cross-section at 1024 x 768 (the window's layout report).
const Rect kProjector{256, 172, 450, 512};

double norm_by_hand(const Matrix& m, int i) {
    double s = 0;
    for (int j = 0; j < m.cols(); ++j) s += m(i, j) * m(i, j);
    return std::sqrt(s);
}
float length(Point a, Point b) { return std::hypot(b.x - a.x, b.y - a.y); }

FrameRecords at_phase(const Trace& t, const Layout& l, int level, float phase) {
    return animate(t, l, level - 1 + static_cast<double>(phase), {});
}

// Each token's copy rides its own lane (it lies on it), the lanes start at their own bead and end
// at their own ⊕, and at no instant does a copy travel inside the box being crossed.
TEST(Copies, EachRidesItsOwnLaneToItsOwnMerge) {
    for (const char* script : {"/norme pre", "/norme post", "/norme aucune"}) {
        for (const char* sentence : {"", "; /phrase le petit chat noir dort sur le tapis"}) {
            const Session session = test::session(std::string(script) + sentence);
            const Trace& t = *session.trace();
            const Layout l = make_layout(t.settings, kArea);
            const int n = t.token_count(), k = 3;
            const Window add = window_of(sublayer_stages(t.settings), Step::Add);
            std::set<int> seen;
            for (float p = 0.01f; p < add.begin + 0.1f; p += 0.01f) {
                const FrameRecords f = at_phase(t, l, k, p);
                for (const auto& b : f.beads) {
                    if (b.role != BeadRole::Copy) continue;
                    seen.insert(b.token);
                    const LaneRecord* lane = nullptr;
                    for (const auto& candidate : f.lanes)
                        if (candidate.token == b.token) lane = &candidate;
                    ASSERT_NE(lane, nullptr) << script << " " << p;
                    float nearest = 1e9f;
                    for (float s = 0; s <= 1.f; s += 0.002f) nearest = std::min(nearest, length(lane->at(s), {b.x, b.y}));
                    EXPECT_LT(nearest, 2.f) << script << sentence << " copy " << b.token << " at " << p;
                    EXPECT_NEAR(b.norm, norm_by_hand(t.levels[k - 1].vectors, b.token), 1e-9);  // it carries x
                    if (!f.inside.empty()) {  // never in the opened box
                        EXPECT_FALSE(f.inside.contains({b.x, b.y})) << script << sentence << " copy " << b.token << " at " << p;
                    }

                }
                for (const auto& lane : f.lanes) {
                    EXPECT_NEAR(length(lane.points.front(), {l.token_x(lane.token, n), l.slots[k].start_y}), 0, 1e-3);
                    EXPECT_NEAR(lane.points.back().y, l.slots[k].merge_y, 1e-3);
                }
            }
            EXPECT_EQ(static_cast<int>(seen.size()), n) << script << sentence;
        }
    }
}

// A copy is the word's x on its way round: it may leave its own bead, but never lies over another
// word's bead or copy (discs apart; they may touch by 1.5 px, the rims' antialiasing: in post-norm at
// L 6 the copies cross just over the box's largest beads), at 1024 x 768 and on
// a large screen, five words and eight, L 2 and L 6.
TEST(Copies, NeverCoverAnotherWordsBeadOrCopy) {
    for (const char* wiring : {"/norme pre", "/norme post", "/norme aucune"})
        for (const char* shape : {"", "; /phrase le petit chat noir dort sur le tapis", "; /couches 6"})
            for (const Rect& area : {kProjector, kArea}) {
                const Session session = test::session(std::string(wiring) + shape);
                const Trace& t = *session.trace();
                const Layout l = make_layout(t.settings, area);
                for (int k : {1, 2}) {
                    for (float p = 0.005f; p < 1.f; p += 0.005f) {
                        const FrameRecords f = at_phase(t, l, k, p);
                        for (const auto& c : f.beads) {
                            if (c.role != BeadRole::Copy) continue;
                            for (const auto& b : f.beads) {
                                if (b.role == BeadRole::Trail || b.token == c.token) continue;
                                EXPECT_GE(length({c.x, c.y}, {b.x, b.y}), c.radius + b.radius - 1.5f)
                                    << wiring << shape << " in " << area.w << " px, level " << k << " at " << p << ": copy of token " << c.token
                                    << " over token " << b.token << (b.role == BeadRole::Copy ? "'s copy" : "'s bead");
                            }
                        }
                    }
                }
            }
}

// The lanes run between the ⊕ of the sublayer below and the post-norm band (the copy joins before
// that norm) or the row above: none crosses into another sublayer's parts.
TEST(Copies, LanesKeepToTheirSublayer) {
    for (const char* wiring : {"/norme pre", "/norme post"})
        for (const char* shape : {"", "; /couches 6"})
            for (const Rect& area : {kProjector, kArea}) {
                const Session session = test::session(std::string(wiring) + shape);
                const Trace& t = *session.trace();
                const Layout l = make_layout(t.settings, area);
                for (int k = 2; k <= 2 * t.settings.layers; ++k) {
                    const Slot& slot = l.slots[static_cast<std::size_t>(k)];
                    float ceiling = slot.end_y;  // the row above
                    for (const Band& band : l.bands)
                        if (band.level == k && band.rect.cy() < slot.merge_y) ceiling = std::max(ceiling, band.rect.bottom());
                    float floor = slot.start_y + 0.5f * (slot.start_y - slot.end_y);
                    for (const Merge& m : l.merges)
                        if (m.level == k - 1) floor = m.at.y - m.radius;
                    const FrameRecords f = at_phase(t, l, k, 0.4f);
                    ASSERT_FALSE(f.lanes.empty());
                    for (const auto& lane : f.lanes)
                        for (const Point& q : lane.points) {
                            EXPECT_GT(q.y, ceiling) << wiring << shape << " level " << k;
                            EXPECT_LT(q.y, floor) << wiring << shape << " level " << k;
                        }
                }
            }
}

}  // namespace
}  // namespace tb
