// The residual story of a sublayer (scene/story.h), for each of the six wirings: the drawn sum at
// ⊕ has the length of ‖x + F‖ (law of cosines in the plane of x and F, the norms recomputed here
// by plain loops), the attention weights are arrows inside the opened box with the two directions of a pair apart,
// the holds last what a class needs at the default speed, and each phase has its caption.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <set>
#include <string>

#include "compare/comparison.h"
#include "scene/animation.h"
#include "scene/screen.h"
#include "scene/story.h"
#include "model/stages.h"
#include "../features_fixture.h"

namespace tb {
namespace {

using test::kArea;

const char* const kWirings[] = {"/norme pre; /residuel on",    "/norme pre; /residuel off",
                                "/norme post; /residuel on",   "/norme post; /residuel off",
                                "/norme aucune; /residuel on", "/norme aucune; /residuel off"};

double norm_by_hand(const Matrix& m, int i) {
    double s = 0;
    for (int j = 0; j < m.cols(); ++j) s += m(i, j) * m(i, j);
    return std::sqrt(s);
}
double dot_by_hand(const Matrix& a, const Matrix& b, int i) {
    double s = 0;
    for (int j = 0; j < a.cols(); ++j) s += a(i, j) * b(i, j);
    return s;
}
float length(Point a, Point b) { return std::hypot(b.x - a.x, b.y - a.y); }

FrameRecords at_phase(const Trace& t, const Layout& l, int level, float phase, AnimationOptions o = {}) {
    return animate(t, l, level - 1 + static_cast<double>(phase), o);
}

const ArrowRecord* arrow_of(const FrameRecords& f, ArrowRecord::Kind kind, int token) {
    for (const auto& a : f.arrows)
        if (a.kind == kind && a.token == token) return &a;
    return nullptr;
}

// At ⊕ the arrows are x, then F from x's tip, then x + F: each as long as its norm at one scale,
// F at the angle acos(cos(x, F)) from x, so the drawn sum is ‖x + F‖ long (law of cosines).
TEST(Story, TheDrawnSumAtTheMergeHasTheLengthOfXPlusF) {
    for (const char* script : kWirings) {
        const Session session = test::session(std::string(script) + "; /couches 3");
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        const Window add = window_of(sublayer_stages(t.settings), t.settings.residual ? Step::Add : Step::Hold);
        for (int k = 1; k <= 2 * t.settings.layers; ++k) {
            const FrameRecords f = at_phase(t, l, k, add.begin + 0.7f * (add.end - add.begin));
            const Level& level = t.levels[static_cast<std::size_t>(k)];
            const Matrix& x = t.levels[static_cast<std::size_t>(k - 1)].vectors;
            const Matrix& F = level.sublayer_output;
            for (int i = 0; i < t.token_count(); ++i) {
                SCOPED_TRACE(std::string(script) + ", level " + std::to_string(k) + ", token " + std::to_string(i));
                const ArrowRecord* out = arrow_of(f, ArrowRecord::Kind::Output, i);
                ASSERT_NE(out, nullptr);
                const float scale = out->px_per_norm;
                EXPECT_NEAR(length(out->from, out->to), scale * norm_by_hand(F, i), 1e-3 * scale * norm_by_hand(F, i) + 1e-3);
                const ArrowRecord* stream = arrow_of(f, ArrowRecord::Kind::Stream, i);
                const ArrowRecord* sum = arrow_of(f, ArrowRecord::Kind::Sum, i);
                if (!t.settings.residual) {  // no x, no sum: F alone goes on
                    EXPECT_EQ(stream, nullptr);
                    EXPECT_EQ(sum, nullptr);
                    continue;
                }
                ASSERT_NE(stream, nullptr);
                ASSERT_NE(sum, nullptr);
                double sum_sq = 0;
                for (int j = 0; j < x.cols(); ++j) sum_sq += (x(i, j) + F(i, j)) * (x(i, j) + F(i, j));
                const double true_sum = std::sqrt(sum_sq);
                EXPECT_NEAR(length(stream->from, stream->to), scale * norm_by_hand(x, i), 1e-3 * scale * norm_by_hand(x, i));
                EXPECT_NEAR(length(sum->from, sum->to), scale * true_sum, 1e-3 * scale * true_sum + 1e-3);
                // Tip to tail: F starts where x ends, the sum joins x's tail to F's tip.
                EXPECT_NEAR(length(stream->to, out->from), 0, 1e-3);
                EXPECT_NEAR(length(sum->from, stream->from), 0, 1e-3);
                EXPECT_NEAR(length(sum->to, out->to), 0, 1e-3);
                const double cosine = dot_by_hand(x, F, i) / (norm_by_hand(x, i) * norm_by_hand(F, i));
                const float ax = stream->to.x - stream->from.x, ay = stream->to.y - stream->from.y;
                const float bx = out->to.x - out->from.x, by = out->to.y - out->from.y;
                EXPECT_NEAR((ax * bx + ay * by) / (std::hypot(ax, ay) * std::hypot(bx, by)), cosine, 1e-4);
                EXPECT_LT(ay, 0.f);  // x points up the stream
                // The bead merges at the sum's tip, in post-norm still before its LayerNorm.
                const Matrix& merged = t.settings.norm == Norm::Post ? level.before_norm : level.vectors;
                EXPECT_NEAR(sum->norm, norm_by_hand(merged, i), 1e-9);
            }
        }
    }
}

// Attention: during a pass every query's weights show at once for at least 0.6 s at the default
// speed, as arrows inside the (opened) box, and i → j is not the same curve as j → i.
TEST(Story, AttentionWeightsAreArrowsInsideTheBoxBothDirectionsApart) {
    const Session session = test::session("");
    const Trace& t = *session.trace();
    const Layout l = make_layout(t.settings, kArea);
    const int n = t.token_count();
    float shown = 0;
    const float dt = 0.005f;
    for (float p = dt; p < 1.f; p += dt) {
        const FrameRecords f = at_phase(t, l, 1, p);
        if (static_cast<int>(f.links.size()) != n * (n - 1)) continue;
        shown += dt;
        for (const auto& link : f.links) {
            for (float u = 0; u <= 1.f; u += 0.05f) {  // the curve, drawn, stays in the box
                const Point q = bezier(link.from, link.c1, link.c2, link.to, u);
                EXPECT_TRUE(f.inside.contains(q)) << p;
            }
            for (const auto& back : f.links) {
                if (back.from_token == link.to_token && back.to_token == link.from_token) {
                    EXPECT_GT(std::abs(back.c1.y - link.c1.y), 4.f);  // two curves, not one
                }
            }
        }
    }
    EXPECT_GE(shown * AnimationOptions::kDefaultSecondsPerLevel, 0.6f);
    // Each query's strongest weight is written.
    const Window inner = window_of(sublayer_stages(t.settings), Step::Inner);
    int labelled = 0;
    for (const auto& link : at_phase(t, l, 1, 0.5f * (inner.begin + inner.end)).links) labelled += link.labelled;
    EXPECT_EQ(labelled, n);
}

// Stepping one query at a time: every query in turn, each with its n weights written (its own too).
TEST(Story, OneQueryAtATimeWhenStepping) {
    const Session session = test::session("");
    const Trace& t = *session.trace();
    const Layout l = make_layout(t.settings, kArea);
    const int n = t.token_count();
    AnimationOptions one;
    one.one_query = true;
    const Window inner = window_of(sublayer_stages(t.settings), Step::Inner);
    std::set<int> queries;
    for (float p = inner.begin + 0.002f; p < inner.end - 0.01f; p += 0.005f) {
        const FrameRecords f = at_phase(t, l, 1, p, one);
        ASSERT_EQ(static_cast<int>(f.links.size()), n);
        queries.insert(f.query);
        double total = 0;
        for (const auto& link : f.links) {
            EXPECT_EQ(link.from_token, f.query);
            EXPECT_TRUE(link.labelled);
            total += link.weight;
        }
        EXPECT_NEAR(total, 1.0, 1e-5);  // a softmax row
    }
    EXPECT_EQ(static_cast<int>(queries.size()), n);
}

// The FFN lights its w hidden activations for each token, inside the opened box.
TEST(Story, TheFfnLightsItsHiddenActivations) {
    const Session session = test::session("/ffn 24");
    const Trace& t = *session.trace();
    const Layout l = make_layout(t.settings, kArea);
    const Window inner = window_of(sublayer_stages(t.settings), Step::Inner);
    const FrameRecords f = at_phase(t, l, 2, 0.5f * (inner.begin + inner.end));
    ASSERT_EQ(static_cast<int>(f.hidden.size()), t.token_count());
    for (const auto& h : f.hidden) {
        EXPECT_EQ(h.values.size(), 24u);
        EXPECT_TRUE(f.inside.contains({h.rect.x, h.rect.y}));
        EXPECT_TRUE(f.inside.contains({h.rect.right(), h.rect.bottom()}));
    }
}

FrameRecords inside_of(const Trace& t, const Layout& l, int level, AnimationOptions o = {}) {
    const Window inner = window_of(sublayer_stages(t.settings), Step::Inner);
    return at_phase(t, l, level, 0.5f * (inner.begin + inner.end), o);
}

// Seed 002's /tetes 8 2 at d 16: query heads 0–3 joined to K/V head 0, 4–7 to K/V head 1, the
// chips in the opened box's free side, right of the beads; MHA draws none.
TEST(Story, GqaChipsShowWhichQueryHeadsShareAKvHead) {
    const Session session = test::session("/dimension 16");
    Trace t = *session.trace();
    t.settings.heads = 8, t.settings.kv_heads = 2;
    const Layout l = make_layout(t.settings, kArea);
    AnimationOptions o;
    o.head = 5;
    const FrameRecords f = inside_of(t, l, 1, o);
    const HeadSharingRecord& g = f.sharing;
    ASSERT_EQ(g.queries.size(), 8u);
    ASSERT_EQ(g.kv.size(), 2u);
    EXPECT_EQ(g.kv_of, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(g.shown, 5);
    EXPECT_EQ(sharing_caption(g, Language::French), "GQA : 4 têtes Q par tête K/V");
    EXPECT_EQ(sharing_caption(g, Language::French, true), "GQA : 4 Q par K/V");
    for (const Rect& r : g.queries) {
        EXPECT_TRUE(f.inside.contains({r.x, r.y}) && f.inside.contains({r.right(), r.bottom()}));
        EXPECT_GE(r.x, l.stream_x1);  // clear of the beads and their links
        EXPECT_LT(r.bottom(), g.kv[0].y);  // the query heads above the K/V heads
    }
    for (const Rect& r : g.kv) EXPECT_TRUE(f.inside.contains({r.x, r.y}) && f.inside.contains({r.right(), r.bottom()}));
    // Each K/V chip under the middle of its four query heads.
    EXPECT_NEAR(g.kv[0].x + g.kv[0].w * 0.5f, (g.queries[0].x + g.queries[3].right()) * 0.5f, 0.5f);
    EXPECT_NEAR(g.kv[1].x + g.kv[1].w * 0.5f, (g.queries[4].x + g.queries[7].right()) * 0.5f, 0.5f);
    t.settings.kv_heads = 1;  // MQA
    const FrameRecords mqa = inside_of(t, make_layout(t.settings, kArea), 1);
    EXPECT_EQ(mqa.sharing.kv_of, (std::vector<int>(8, 0)));
    EXPECT_EQ(sharing_caption(mqa.sharing, Language::French), "MQA : une tête K/V pour les 8 têtes Q");
    t.settings.kv_heads = 8;  // MHA: every query head its own K/V
    EXPECT_TRUE(inside_of(t, make_layout(t.settings, kArea), 1).sharing.queries.empty());
    EXPECT_TRUE(inside_of(t, make_layout(t.settings, kArea), 2).sharing.queries.empty());  // the FFN
}

// RoPE: one dial a token on its bead, the hand at θ = p radians (the first pair turns by p);
// ALiBi: the note gives the shown head's slope, 2^(−8/2) = 1/16 for head 1 of 2.
TEST(Story, RopeDialsAndAlibiNoteInTheAttentionBox) {
    const Session session = test::session("/phrase le chat regarde le chien");
    Trace t = *session.trace();
    t.settings.position = Position::Rope;
    const Layout l = make_layout(t.settings, kArea);
    const FrameRecords f = inside_of(t, l, 1);
    ASSERT_EQ(static_cast<int>(f.dials.size()), t.token_count());
    for (int i = 0; i < t.token_count(); ++i) {
        EXPECT_FLOAT_EQ(f.dials[static_cast<std::size_t>(i)].angle, static_cast<float>(i));
        EXPECT_FLOAT_EQ(f.dials[static_cast<std::size_t>(i)].centre.x, l.token_x(i, t.token_count()));
    }
    EXPECT_EQ(f.note, ScoreNote::Rope);
    EXPECT_NE(score_note(f, Language::French).find("que par la distance"), std::string::npos);
    EXPECT_EQ(score_note(f, Language::French, true), "RoPE : la position n'entre que par la distance i − j");
    EXPECT_TRUE(inside_of(t, l, 2).dials.empty());  // the FFN has none
    t.settings.position = Position::Alibi;
    const FrameRecords a = inside_of(t, make_layout(t.settings, kArea), 1);
    EXPECT_TRUE(a.dials.empty());
    EXPECT_EQ(a.note, ScoreNote::Alibi);
    EXPECT_DOUBLE_EQ(a.alibi_slope, 1.0 / 16);
    EXPECT_EQ(score_note(a, Language::French), "ALiBi : score − m·|i − j|, m = 1/16 — plus loin, moins d'attention");
    t.settings.position = Position::Sinus;
    EXPECT_EQ(inside_of(t, make_layout(t.settings, kArea), 1).note, ScoreNote::None);
}

// ALiBi: every drawn link carries what the distance takes from its score, m·|i − j| with the shown
// head's m = 2^(−8(j'+1)/h) (Press et al.'s slopes, computed here), written « −d/2ᵏ » beside its
// weight (the distance over 1/m); the causal mask draws no link to a later word; no penalty
// without ALiBi.
TEST(Story, AlibiLabelsEachLinkWithItsDistancePenalty) {
    for (const char* script : {"/position alibi", "/position alibi; /masque causal; /dimension 16; /tetes 8 2"}) {
        const Session session = test::session(std::string("/phrase le chat regarde le chien; ") + script);
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        const int h = t.settings.heads, n = t.token_count();
        const bool causal = t.settings.mask == Mask::Causal;
        for (int head = 0; head < h; ++head) {
            AnimationOptions o;
            o.head = head;
            const FrameRecords f = inside_of(t, l, 1, o);
            const double m = std::pow(2.0, -8.0 * (head + 1) / h);
            ASSERT_EQ(static_cast<int>(f.links.size()), causal ? n * (n - 1) / 2 : n * (n - 1)) << script;
            for (const auto& link : f.links) {
                const int d = std::abs(link.from_token - link.to_token);
                if (causal) {
                    EXPECT_LT(link.to_token, link.from_token) << script;
                }
                EXPECT_DOUBLE_EQ(link.penalty, m * d) << script << " head " << head;
                const std::string expected = "−" + std::to_string(d) + "/" + std::to_string(std::lround(1 / m));
                EXPECT_EQ(penalty_text(f, link, Language::French), expected) << script << " head " << head;
            }
        }
    }
    const Session sinus = test::session("/phrase le chat regarde le chien");
    const FrameRecords f = inside_of(*sinus.trace(), make_layout(sinus.trace()->settings, kArea), 1);
    ASSERT_FALSE(f.links.empty());
    for (const auto& link : f.links) {
        EXPECT_EQ(link.penalty, 0.0);
        EXPECT_EQ(penalty_text(f, link, Language::French), "");
    }
}

// Seed 002's chips carry their head numbers at the smallest text where the box leaves a chip of
// that size, even under the caption's line (which then goes): the opened box of L 2 at 1600x900.
TEST(Story, GqaChipsKeepRoomForTheirHeadNumbers) {
    const Session session = test::session("/dimension 16; /tetes 8 2");
    const Trace& t = *session.trace();
    const Rect section = screen_layout(1600, 900, 21.f / kBaseTextPx).section;
    const FrameRecords f = inside_of(t, make_layout(t.settings, section), 1);
    ASSERT_EQ(f.sharing.queries.size(), 8u);
    for (const Rect& r : f.sharing.queries) {
        EXPECT_GE(r.h, kNumberedChip);
        EXPECT_GE(r.w, kNumberedChip);
        EXPECT_TRUE(f.side.contains({r.x, r.y}) && f.side.contains({r.right(), r.bottom()}));
    }
    for (const Rect& r : f.sharing.kv) EXPECT_TRUE(f.side.contains({r.x, r.y}) && f.side.contains({r.right(), r.bottom()}));
}

// The GQA chips and their caption keep clear of the norm bands' « RMS » tags that reach into the
// opened box (the caption covered the tag above at 1920 x 1080); where the box is too short for
// chips clear of them (A's half of A/B in presenter mode at 1024 x 768), the chips stay, over them.
TEST(Story, GqaChipsClearTheNormTagsWhereTheBoxHasRoom) {
    const Session session = test::session("/dimension 16; /recette llama");
    const Trace& t = *session.trace();
    // A half of A/B in presenter mode, its stack laid out as the window lays it out.
    const auto half = [&](int width, int height) {
        test::WindowFeatures w;
        w.features.set_window(width, height, 1.f);
        EXPECT_TRUE(w.run("/presentateur on").ok);
        const float scale = w.features.interface_scale();
        return make_layout(t.settings, comparison_layout(comparison_screen(presenter_layout(width, height, scale, false), scale), scale).a, scale);
    };
    const Layout wide = half(1920, 1080);
    const FrameRecords f = inside_of(t, wide, 1);
    ASSERT_EQ(f.sharing.queries.size(), 8u);
    int tags = 0;
    for (const Band& band : wide.bands) {
        if (band.rect.h >= kBandLabelPx) continue;
        const Rect tag = band_tag(band, 0.f, kMinTextPx);
        if (tag.cy() <= f.inside.y && tag.bottom() > f.inside.y) {
            EXPECT_GE(f.side.y, tag.bottom());
            ++tags;
        }
        if (tag.cy() >= f.inside.bottom() && tag.y < f.inside.bottom()) {
            EXPECT_LE(f.side.bottom(), tag.y);
            ++tags;
        }
    }
    EXPECT_GE(tags, 1);  // the case it is about: a tag reaches into the box
    EXPECT_EQ(inside_of(t, half(1024, 768), 1).sharing.queries.size(), 8u);
}

// A gated FFN (the trace's gate and up filled): three strips a token, the gate φ(W₁x) lowest,
// the value W₃x above, their product on top, each scaled by its own largest |value|.
TEST(Story, GatedFfnShowsTheGateAndTheValuePaths) {
    const Session session = test::session("/ffn 8");
    Trace t = *session.trace();
    Level& ffn = t.levels[2];
    const int n = t.token_count(), w = 8;
    ffn.gate = Matrix::Zero(n, w), ffn.up = Matrix::Zero(n, w);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < w; ++j) ffn.gate(i, j) = 0.5 * (j + 1), ffn.up(i, j) = j % 2 ? -2.0 : 1.0;
    ffn.hidden = ffn.gate.cwiseProduct(ffn.up);
    const Layout l = make_layout(t.settings, kArea);
    const FrameRecords f = inside_of(t, l, 2);
    ASSERT_EQ(static_cast<int>(f.hidden.size()), 3 * n);
    const HiddenRecord* gate = nullptr;
    const HiddenRecord* up = nullptr;
    const HiddenRecord* hidden = nullptr;
    for (const auto& h : f.hidden) {
        if (h.path == HiddenPath::Gate && !gate) gate = &h;
        if (h.path == HiddenPath::Up && !up) up = &h;
        if (h.path == HiddenPath::Hidden && !hidden) hidden = &h;
        EXPECT_TRUE(f.inside.contains({h.rect.x, h.rect.y}) && f.inside.contains({h.rect.right(), h.rect.bottom()}));
    }
    ASSERT_TRUE(gate && up && hidden);
    EXPECT_LT(up->rect.bottom(), gate->rect.y);    // the value above the gate
    EXPECT_LT(hidden->rect.bottom(), up->rect.y);  // the product above both
    EXPECT_FLOAT_EQ(gate->values[0], 0.5f / 4.f);  // gate 0.5 of its largest 4
    EXPECT_FLOAT_EQ(up->values[1], -1.f);          // −2 of its largest |−2|
    EXPECT_FLOAT_EQ(hidden->values[7], -1.f);      // 4 × −2 = −8, the largest |product|
    EXPECT_FLOAT_EQ(hidden->values[6], 3.5f / 8.f);  // 3.5 × 1
    // Ungated (gate and up empty): one strip a token, as before.
    t.levels[2].gate.resize(0, 0), t.levels[2].up.resize(0, 0);
    const FrameRecords plain = inside_of(t, l, 2);
    ASSERT_EQ(static_cast<int>(plain.hidden.size()), n);
    for (const auto& h : plain.hidden) EXPECT_EQ(h.path, HiddenPath::Hidden);
}

// Each phase has its caption, in the order a class sees them; without the residual, Hold says x
// is lost.
TEST(Story, EachPhaseIsNamed) {
    for (const char* script : kWirings) {
        const Session session = test::session(script);
        const Trace& t = *session.trace();
        const Layout l = make_layout(t.settings, kArea);
        std::vector<StoryPhase> order;
        for (float p = 0.005f; p < 1.f; p += 0.005f) {
            const StoryPhase s = at_phase(t, l, 1, p).story;
            EXPECT_NE(s, StoryPhase::None) << script << " " << p;
            if (order.empty() || order.back() != s) order.push_back(s);
        }
        auto has = [&](StoryPhase s) { return std::find(order.begin(), order.end(), s) != order.end(); };
        EXPECT_EQ(has(StoryPhase::Split), t.settings.residual) << script;
        EXPECT_EQ(has(StoryPhase::Add), t.settings.residual) << script;
        EXPECT_EQ(has(StoryPhase::Hold), !t.settings.residual) << script;
        EXPECT_EQ(has(StoryPhase::Normalize), t.settings.norm == Norm::Pre) << script;
        EXPECT_EQ(has(StoryPhase::PostNormalize), t.settings.norm == Norm::Post) << script;
        EXPECT_TRUE(has(StoryPhase::Attention)) << script;
        EXPECT_EQ(at_phase(t, l, 2, 0.45f).story, StoryPhase::Ffn) << script;
        EXPECT_EQ(animate(t, l, 1.0, {}).story, StoryPhase::None);  // at rest
    }
}

// The holds a class needs at the default speed: the band, the box and ⊕ each last long enough.
TEST(Story, HoldsLastLongEnoughAtTheDefaultSpeed) {
    const double s = AnimationOptions::kDefaultSecondsPerLevel;
    EXPECT_GE(s, 1.5);
    EXPECT_LE(s, 2.0);
    for (const char* script : kWirings) {
        const Session session = test::session(script);
        const std::vector<Stage>& stages = sublayer_stages(session.settings());
        const Window add = window_of(stages, session.settings().residual ? Step::Add : Step::Hold);
        EXPECT_GE((add.end - add.begin) * s, 0.28) << script;
        const Window inner = window_of(stages, Step::Inner);
        EXPECT_GE((inner.end - inner.begin) * s, 0.59) << script;
        for (const Step norm : {Step::Normalize, Step::PostNormalize}) {
            const Window w = window_of(stages, norm);
            if (w.end > 0) {
                EXPECT_GE((w.end - w.begin) * s, 0.2) << script;
            }
        }
    }
}

}  // namespace
}  // namespace tb
