// The teaching pieces without a window: the formula of each wiring and its highlighted term
// (checked against where the animation puts the beads), the lesson player, the presenter layout.
#include <cmath>

#include "scene/animation.h"
#include "scene/formula.h"
#include "teaching/lesson_player.h"
#include "scene/screen.h"
#include "../support.h"

namespace tb {
namespace {

// The six wirings, as channel.md section 2 writes them (F applied to the normalized input in pre).
TEST(Formula, EveryWiringAsTheChannelWritesIt) {
    struct Case {
        const char* script;
        const char* formula;
    };
    const Case cases[] = {
        {"", "x ← x + F(LN(x))"},
        {"/norme post", "x ← LN(x + F(x))"},
        {"/norme aucune", "x ← x + F(x)"},
        {"/residuel off", "x ← F(LN(x))"},
        {"/residuel off; /norme post", "x ← LN(F(x))"},
        {"/residuel off; /norme aucune", "x ← F(x)"},
    };
    for (const auto& c : cases) EXPECT_EQ(formula_text(sublayer_formula(test::settings(c.script))), c.formula) << c.script;
    EXPECT_EQ(formula_text(sublayer_formula(test::settings("/norme post"), "FFN")), "x ← LN(x + FFN(x))");
}

TEST(Formula, EachTermIsTaggedWithWhatItDoes) {
    // Pre-norm: "LN(x)" is the band, "F(" ")" the box, " + " the merge.
    const auto pre = sublayer_formula(test::settings());
    std::string norm, sublayer, add;
    for (const auto& p : pre) {
        if (p.term == Term::Norm) norm += p.text;
        if (p.term == Term::Sublayer) sublayer += p.text;
        if (p.term == Term::Add) add += p.text;
    }
    EXPECT_EQ(norm, "LN(x)");
    EXPECT_EQ(sublayer, "F()");
    EXPECT_EQ(add, " + ");
    // No residual: nothing to add; no norm: nothing to normalize.
    for (const auto& p : sublayer_formula(test::settings("/residuel off"))) EXPECT_NE(p.term, Term::Add);
    for (const auto& p : sublayer_formula(test::settings("/norme aucune"))) EXPECT_NE(p.term, Term::Norm);
}

// The highlight follows the beads: where animate() puts them, the term that acts there is lit.
TEST(Formula, ActiveTermFollowsTheBeads) {
    struct Case {
        const char* script;
        float phase;
        enum { Band, PostBand, Box, Merge } where;
        Term term;
    };
    const Case cases[] = {
        {"", 0.20f, Case::Band, Term::Norm},
        {"", 0.45f, Case::Box, Term::Sublayer},
        {"", 0.72f, Case::Merge, Term::Add},
        {"/norme post", 0.45f, Case::Box, Term::Sublayer},
        {"/norme post", 0.71f, Case::Merge, Term::Add},
        {"/norme post", 0.88f, Case::PostBand, Term::Norm},
        {"/norme aucune", 0.72f, Case::Merge, Term::Add},
        {"/residuel off", 0.20f, Case::Band, Term::Norm},
        {"/residuel off", 0.72f, Case::Merge, Term::None},  // no ⊕ without the residual
        {"/residuel off; /norme post", 0.88f, Case::PostBand, Term::Norm},
    };
    for (const auto& c : cases) {
        const Session session = test::session(c.script);
        const Trace& trace = *session.trace();
        const Layout layout = make_layout(trace.settings, test::kArea);
        const int level = 3;  // attention 2
        const FrameRecords frame = animate(trace, layout, level - 1 + c.phase, {});
        ASSERT_EQ(frame.active_level, level);
        const Slot& slot = layout.slots[level];
        const float y = c.where == Case::Band       ? slot.pre_band_y
                        : c.where == Case::PostBand ? slot.post_band_y
                        : c.where == Case::Box      ? slot.box_y
                                                    : slot.merge_y;
        EXPECT_NEAR(frame.beads.back().y, y, 0.5f) << c.script << " phase " << c.phase;
        EXPECT_EQ(active_term(trace.settings, level, c.phase), c.term) << c.script << " phase " << c.phase;
    }
    const Settings s = test::settings();
    EXPECT_EQ(active_term(s, 3, 0.f), Term::None);   // at rest
    EXPECT_EQ(active_term(s, 0, 0.45f), Term::None);  // the input is no sublayer
    EXPECT_EQ(active_term(s, s.top_level(), 0.45f), Term::None);
}

Lesson shipped_lesson() {
    static CommandRegistry registry;
    const LessonParse p = read_lesson_file(TB_ASSETS_DIR "/lessons/transformer-bloc.txt", test::session());
    EXPECT_TRUE(p.ok()) << p.error.message;
    return p.ok() ? *p.lesson : Lesson{};
}

TEST(LessonPlayer, AsksBeforeItShowsAndGoesBackToTheStateOfThatStep) {
    LessonPlayer player;
    using Lines = std::vector<std::string>;
    EXPECT_EQ(player.open(shipped_lesson(), "lecon.txt"), (Lines{"/reinit", "/propager"}));
    ASSERT_TRUE(player.is_open());
    EXPECT_TRUE(player.revealed());  // step 1 asks nothing
    EXPECT_EQ(player.next(), Lines{});  // step 2 asks first: nothing runs yet
    EXPECT_EQ(player.index(), 1);
    EXPECT_FALSE(player.revealed());
    EXPECT_EQ(player.reveal(), Lines{"/residuel off"});
    EXPECT_EQ(player.reveal(), Lines{});  // once
    EXPECT_EQ(player.next(), Lines{});    // step 3 asks too
    EXPECT_EQ(player.next(), (Lines{"/norme aucune", "/residuel on"}));  // reveals step 3, enters step 4
    EXPECT_EQ(player.index(), 3);
    // Back to step 3 as it was on arrival: its question waits again.
    EXPECT_EQ(player.previous(), (Lines{"/reinit", "/propager", "/residuel off"}));
    EXPECT_EQ(player.index(), 2);
    EXPECT_FALSE(player.revealed());
    player.close();
    EXPECT_FALSE(player.is_open());
    EXPECT_EQ(player.next(), Lines{});
}

TEST(LessonPlayer, PlayedToTheEndLeavesSixLayersAndNoPositions) {
    static CommandRegistry registry;
    Session session = test::session("/couches 2; /norme post");
    LessonPlayer player;
    auto run = [&](const std::vector<std::string>& lines) {
        for (const auto& l : lines) EXPECT_TRUE(registry.execute(session, l).ok) << l;
    };
    run(player.open(shipped_lesson(), "lecon.txt"));
    for (int i = 0; i < 20; ++i) run(player.next());  // more than enough: stays at the last step
    EXPECT_EQ(player.index(), player.count() - 1);
    EXPECT_EQ(session.settings().layers, 6);
    EXPECT_EQ(session.settings().position, Position::None);
    EXPECT_EQ(session.settings().norm, Norm::Pre);
    EXPECT_TRUE(session.settings().residual);
}

bool overlap(const Rect& a, const Rect& b) {
    return !a.empty() && !b.empty() && a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f &&
           b.y < a.bottom() - 0.5f;
}

TEST(Screen, PresenterKeepsOnlyTheSectionTheProfileAndTheLesson) {
    for (const bool lesson : {true, false}) {
        const ScreenLayout p = presenter_layout(1600, 900, 1.5f, lesson);
        for (const Rect& r : {p.top_bar, p.controls, p.console, p.timeline, p.cosine, p.legend}) EXPECT_TRUE(r.empty());
        EXPECT_EQ(p.lesson.empty(), !lesson);
        const Rect parts[] = {p.formula, p.section, p.profile, p.lesson};
        double area = 0;
        for (const Rect& a : parts) {
            area += static_cast<double>(a.w) * a.h;
            for (const Rect& b : parts) {
                if (&a != &b) {
                    EXPECT_FALSE(overlap(a, b));
                }
            }
        }
        EXPECT_NEAR(area, 1600.0 * 900.0, 1600.0);  // they tile the screen
        // Larger than in the normal layout: the class sees the cross-section.
        const ScreenLayout normal = screen_layout(1600, 900, 1.f);
        EXPECT_GT(p.section.w * p.section.h, 1.4f * normal.section.w * normal.section.h);
        EXPECT_GT(p.profile.w, normal.profile.w);
    }
    for (const auto& p : {presenter_layout(0, 0, 1, true), presenter_layout(200, 150, 3, true)})
        for (const Rect& r : {p.formula, p.section, p.profile, p.lesson}) {
            EXPECT_GE(r.w, 0.f);
            EXPECT_GE(r.h, 0.f);
        }
}

TEST(Screen, FormulaSitsAboveTheSectionAndTheLessonAboveTheControls) {
    const ScreenLayout s = screen_layout(1600, 900, 1, true);
    EXPECT_FLOAT_EQ(s.formula.bottom(), s.section.y);
    EXPECT_FLOAT_EQ(s.formula.x, s.section.x);
    EXPECT_GE(s.formula.h, 30.f);  // room for one line of large type
    EXPECT_FLOAT_EQ(s.lesson.bottom(), s.controls.y);
    EXPECT_FLOAT_EQ(s.controls.bottom(), s.console.y);
    EXPECT_NEAR(s.console.bottom(), 900, 0.5);
    EXPECT_TRUE(screen_layout(1600, 900, 1, false).lesson.empty());
    // The cross-section stays readable at L = 6: each sublayer slot at least 40 px.
    const Layout layout = make_layout(test::settings("/couches 6"), s.section);
    EXPECT_GT((layout.level_y.front() - layout.level_y.back()) / 13.f, 40.f);
}

}  // namespace
}  // namespace tb
