// The picture against the stage list (stages.h), for each of the six wirings: where the layout
// puts a band, a ⊕ and an arc; where the animation puts a bead, and with what norm, when each
// stage ends; what the box shows; when the residual copy travels; which term of the formula is
// lit. Expected norms come from channel.md section 2 (LN gives sqrt(d), ⊕ gives x + F(x)).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include "scene/animation.h"
#include "model/formula.h"
#include "scene/layout.h"
#include "model/stages.h"
#include "../features_fixture.h"

namespace tb {
namespace {

using test::kArea;

struct Wiring {
    const char* script;
    int bands_per_sublayer;  // pre: below the box; post: after ⊕; aucune: none
    bool final_band;         // pre-norm's final LayerNorm
};
const Wiring kWirings[] = {
    {"/norme pre; /residuel on", 1, true},     {"/norme pre; /residuel off", 1, true},
    {"/norme post; /residuel on", 1, false},   {"/norme post; /residuel off", 1, false},
    {"/norme aucune; /residuel on", 0, false}, {"/norme aucune; /residuel off", 0, false},
};

std::vector<BeadRecord> tokens_only(const FrameRecords& f) {
    std::vector<BeadRecord> out;
    for (const auto& b : f.beads)
        if (b.role == BeadRole::Bead) out.push_back(b);
    return out;
}

const Band* band_of(const Layout& l, int level) {
    for (const auto& band : l.bands)
        if (band.level == level) return &band;
    return nullptr;
}

// The norm of LN(v) at initialization (gain 1, bias 0): sqrt(d var / (var + eps)), nearly sqrt(d).
double layer_norm_norm(const Vector& v) {
    const double var = (v.array() - v.mean()).square().mean();
    return std::sqrt(static_cast<double>(v.size()) * var / (var + 1e-5));
}

// The formula's terms as channel.md names them: LN for a norm, F for the sublayer, + for ⊕.
Term expected_term(Step step) {
    switch (step) {
        case Step::Normalize: case Step::PostNormalize: return Term::Norm;
        case Step::Enter: case Step::Inner: case Step::Output: return Term::Sublayer;
        case Step::Add: return Term::Add;
        default: return Term::None;
    }
}

TEST(Choreography, BandsMergesAndArcsWhereTheStagesNeedThem) {
    for (const Wiring& w : kWirings) {
        const Settings s = test::settings(std::string(w.script) + "; /couches 3");
        const Layout l = make_layout(s, kArea);
        EXPECT_EQ(l.bands.size(), static_cast<std::size_t>(6 * w.bands_per_sublayer + (w.final_band ? 1 : 0))) << w.script;
        EXPECT_EQ(l.merges.size(), s.residual ? 6u : 0u) << w.script;
        EXPECT_EQ(l.arcs.size(), s.residual ? 6u : 0u) << w.script;
        const std::vector<Stage> stages = sublayer_stages(s);
        EXPECT_EQ(has_step(stages, Step::Normalize) || has_step(stages, Step::PostNormalize), w.bands_per_sublayer == 1);
        EXPECT_EQ(has_step(stages, Step::Add), s.residual);
        EXPECT_EQ(band_of(l, s.top_level()) != nullptr, has_step(output_stages(s.norm), Step::Normalize)) << w.script;
    }
}

// At the end of every stage the bead is where the stage says and shows the vector it names.
TEST(Choreography, EachStageLeavesTheBeadInItsPlaceWithItsVector) {
    for (const Wiring& w : kWirings) {
        const Session session = test::session(std::string(w.script) + "; /couches 2");
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        for (const int k : {3, 4}) {
            const Level& level = t.levels[static_cast<std::size_t>(k)];
            const Matrix& x = t.input_of(level);
            const Box& box = *l.box_for_level(k);
            const std::vector<Stage> stages = sublayer_stages(t.settings);
            for (std::size_t r = 0; r < stages.size(); ++r) {
                const Stage& s = stages[r];
                SCOPED_TRACE(std::string(w.script) + ", level " + std::to_string(k) + ", row " + std::to_string(r));
                const auto beads = tokens_only(animate(t, l, k - 1 + static_cast<double>(s.end), {}));
                ASSERT_EQ(beads.size(), 5u);
                const float y = beads[0].y;
                const Band* band = band_of(l, k);
                switch (s.place) {
                    case Place::Band: case Place::PostBand:
                        ASSERT_NE(band, nullptr);
                        EXPECT_NEAR(y, band->rect.cy(), 0.5f);
                        break;
                    case Place::BelowBand:
                        ASSERT_NE(band, nullptr);
                        EXPECT_TRUE(y < l.level_y[k - 1] && y > band->rect.cy());
                        break;
                    case Place::BoxEdge: EXPECT_NEAR(y, box.rect.bottom(), 0.5f); break;
                    case Place::Box: EXPECT_NEAR(y, box.rect.cy(), 0.5f); break;
                    case Place::Merge:  // at the tip of its sum, which starts on the ⊕ row
                        EXPECT_LE(y, l.slots[static_cast<std::size_t>(k)].merge_y + 0.5f);
                        EXPECT_LT(y, box.rect.y);  // above the box
                        break;
                    case Place::BelowPostBand:  // between the box and the post band
                        ASSERT_NE(band, nullptr);
                        EXPECT_TRUE(y < box.rect.y && y > band->rect.cy());
                        break;
                    case Place::End: EXPECT_FLOAT_EQ(y, l.level_y[static_cast<std::size_t>(k)]); break;
                    case Place::Start: ADD_FAILURE() << "no stage ends where it starts"; break;
                }
                const bool stage_done = r + 1 == stages.size() || stages[r + 1].step != s.step;
                for (const BeadRecord& b : beads) {
                    const Vector xi = x.row(b.token).transpose(), fi = level.sublayer_output.row(b.token).transpose();
                    double expected = -1;
                    if (s.step == Step::Rise) expected = xi.norm();
                    const Vector sum = t.settings.residual ? Vector(xi + fi) : fi;
                    if (s.step == Step::Normalize && stage_done) expected = layer_norm_norm(xi);
                    if (s.step == Step::PostNormalize && stage_done) expected = layer_norm_norm(sum);
                    if (s.step == Step::Inner || s.step == Step::Output || s.step == Step::Hold) expected = fi.norm();
                    if (s.step == Step::Add) expected = (xi + fi).norm();
                    if (s.step == Step::Leave) expected = level.vectors.row(b.token).norm();
                    if (expected >= 0) {
                        EXPECT_NEAR(b.norm, expected, 1e-9 * std::max(1.0, expected)) << "token " << b.token;
                    }
                }
            }
        }
    }
}

// The lit term is the stage's; while none is lit the bead's vector does not change, and a lit
// term finds the bead in the part of the sublayer that term names.
TEST(Choreography, TheLitTermIsTheStageTheBeadsAreIn) {
    for (const Wiring& w : kWirings) {
        const Session session = test::session(w.script);
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        const std::vector<Stage> stages = sublayer_stages(t.settings);
        const int k = 3;
        const Box& box = *l.box_for_level(k);
        for (int step = 1; step < 200; ++step) {
            const float phase = static_cast<float>(step) / 200.f;
            SCOPED_TRACE(std::string(w.script) + ", phase " + std::to_string(phase));
            const Term term = active_term(t.settings, k, phase);
            ASSERT_NE(stage_at(stages, phase), nullptr);
            EXPECT_EQ(term, expected_term(stage_at(stages, phase)->step));
            const BeadRecord bead = tokens_only(animate(t, l, k - 1 + static_cast<double>(phase), {}))[0];
            if (term == Term::None) {
                const double begin = k - 1 + static_cast<double>(stage_at(stages, phase)->begin);
                EXPECT_NEAR(bead.norm, tokens_only(animate(t, l, begin, {}))[0].norm, 1e-12) << "unlit, yet it changes";
            }
            if (term == Term::Sublayer) {  // in the box, or on its way out to the tip of its sum
                EXPECT_TRUE(bead.y <= box.rect.bottom() + 0.5f) << "F lit outside the box";
            } else if (term == Term::Add) {  // at the tip of its sum, above the box
                EXPECT_TRUE(bead.y <= l.slots[k].merge_y + 0.5f && bead.y < box.rect.y) << "+ lit away from ⊕";
            } else if (term == Term::Norm) {  // pre: below the box; post: above it
                EXPECT_TRUE(t.settings.norm == Norm::Pre ? bead.y >= box.rect.bottom() - 0.5f : bead.y < box.rect.y);
            }
        }
        EXPECT_EQ(active_term(t.settings, k, 0.f), Term::None);  // at rest
        EXPECT_EQ(active_term(t.settings, 0, 0.5f), Term::None);  // the input is no sublayer
        EXPECT_EQ(active_term(t.settings, t.settings.top_level(), 0.3f), Term::None);
    }
}

// The residual copy shows x, leaves after kCopyLeaves, reaches its ⊕ (on the ⊕ row, its own
// column's) as the Add stage begins, and is gone once the sum is drawn.
TEST(Choreography, TheResidualCopyTravelsUntilTheAddBegins) {
    for (const Wiring& w : kWirings) {
        const Session session = test::session(w.script);
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        const std::vector<Stage> stages = sublayer_stages(t.settings);
        const int k = 3;
        auto copy_of_first = [&](float phase) {
            for (const auto& b : animate(t, l, k - 1 + static_cast<double>(phase), {}).beads)
                if (b.role == BeadRole::Copy && b.token == 0) return std::optional<BeadRecord>(b);
            return std::optional<BeadRecord>();
        };
        int copies = 0;
        for (float phase = 0.01f; phase < 1.f; phase += 0.01f) {
            const FrameRecords f = animate(t, l, k - 1 + static_cast<double>(phase), {});
            for (const auto& b : f.beads) copies += b.role == BeadRole::Copy;
        }
        EXPECT_EQ(copies > 0, t.settings.residual) << w.script;
        EXPECT_FALSE(copy_of_first(kCopyLeaves * 0.5f)) << w.script;
        if (!t.settings.residual) continue;
        const Window add = window_of(stages, Step::Add);
        const auto arriving = copy_of_first(add.begin - 0.005f);
        ASSERT_TRUE(arriving) << w.script;
        EXPECT_NEAR(arriving->y, l.slots[k].merge_y, 0.5f) << w.script;
        EXPECT_LT(std::abs(arriving->x - l.token_x(0, t.token_count())), 0.5f * (l.stream_x1 - l.stream_x0) / t.token_count());
        EXPECT_NEAR(arriving->norm, t.input_of(t.levels[k]).row(0).norm(), 1e-12);
        EXPECT_FALSE(copy_of_first(add.begin + 0.6f * (add.end - add.begin))) << w.script;
    }
}

// The box shows its inside during the inner step, and not while the beads climb to it or leave.
TEST(Choreography, TheBoxShowsItsInsideDuringTheInnerStep) {
    for (const Wiring& w : kWirings) {
        const Session session = test::session(w.script);
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        const std::vector<Stage> stages = sublayer_stages(t.settings);
        auto at = [&](int level, Step step) {
            const Window win = window_of(stages, step);
            return animate(t, l, level - 1 + 0.5 * (win.begin + win.end), {});
        };
        EXPECT_EQ(at(3, Step::Inner).links.size(), 20u) << w.script;  // 5 x 4 pairs
        EXPECT_EQ(at(4, Step::Inner).hidden.size(), 5u) << w.script;
        for (const Step outside : {Step::Rise, Step::Leave}) {
            EXPECT_TRUE(at(3, outside).links.empty()) << w.script;
            EXPECT_TRUE(at(4, outside).hidden.empty()) << w.script;
        }
    }
}

}  // namespace
}  // namespace tb
