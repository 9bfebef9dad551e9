// Where each panel sits: the window tiled, presenter mode, the formula and the lesson.
#include "scene/screen.h"
#include "../features_fixture.h"

namespace tb {
namespace {

TEST(Screen, PanelsTileTheWindow) {
    const ScreenLayout s = screen_layout(1600, 900, 1);
    EXPECT_FLOAT_EQ(s.section.x, s.controls.right());
    EXPECT_FLOAT_EQ(s.profile.x, s.section.right());
    EXPECT_NEAR(s.profile.right(), 1600, 0.5);
    EXPECT_NEAR(s.timeline.bottom(), 900, 0.5);
    EXPECT_GT(s.section.w, 600);  // the cross-section is the largest panel
}

bool overlap(const Rect& a, const Rect& b) {
    return !a.empty() && !b.empty() && a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f &&
           b.y < a.bottom() - 0.5f;
}

TEST(Screen, PresenterKeepsOnlyTheSectionTheProfileTheGridAndTheLesson) {
    for (const bool lesson : {true, false}) {
        const ScreenLayout p = presenter_layout(1600, 900, 1.5f, lesson);
        for (const Rect& r : {p.top_bar, p.controls, p.console, p.timeline, p.cosine, p.legend}) EXPECT_TRUE(r.empty());
        EXPECT_EQ(p.lesson.empty(), !lesson);
        EXPECT_FALSE(p.similarity.empty());
        const Rect parts[] = {p.formula, p.section, p.profile, p.similarity, p.lesson};
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
        for (const Rect& r : {p.formula, p.section, p.profile, p.similarity, p.lesson}) {
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
