// Where each panel sits: the window tiled, presenter mode, the formula and the lesson.
#include "scene/screen.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "../features_fixture.h"
#include "inspector/inspector.h"
#include "scene/similarity.h"

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

// The text grows with the window (a 42nd of its height, a 60th of its width where less), never
// under 16 px, the user's size multiplying it down to the same floor.
TEST(Screen, TheTextGrowsWithTheWindowNeverUnderSixteenPixels) {
    EXPECT_NEAR(body_text_px(1024, 768), 17.07f, 0.01f);  // 4:3: by the width
    EXPECT_NEAR(body_text_px(1280, 720), 17.14f, 0.01f);
    EXPECT_NEAR(body_text_px(1600, 900), 21.43f, 0.01f);
    EXPECT_NEAR(body_text_px(1920, 1080), 25.71f, 0.01f);
    EXPECT_FLOAT_EQ(body_text_px(200, 150), kMinTextPx);
    EXPECT_FLOAT_EQ(body_text_px(200, 150, 2.f), 2 * kMinTextPx);  // a HiDPI monitor's content scale
    EXPECT_NEAR(text_px(1920, 1080, 1.f, 1.5f), 1.5f * 25.71f, 0.02f);  // presenter mode's 1.5
    EXPECT_FLOAT_EQ(text_px(1024, 768, 1.f, 0.5f), kMinTextPx);          // Ctrl − stops at 16 px
    EXPECT_NEAR(interface_scale(1600, 900, 1.f, 1.f), 21.43f / kBaseTextPx, 0.001f);
}

// The left column: the controls take their content's height, the console keeps its minimum.
TEST(Screen, TheControlsTakeTheirHeightAndTheConsoleTheRest) {
    ScreenLayout s = screen_layout(1024, 768, interface_scale(1024, 768, 1.f, 1.f));
    const float total = s.controls.h + s.console.h;
    share_left_column(s, 520, 190);
    EXPECT_FLOAT_EQ(s.controls.h, 520);
    EXPECT_FLOAT_EQ(s.console.y, s.controls.bottom());
    EXPECT_NEAR(s.console.bottom(), 768, 0.5);
    share_left_column(s, 2000, 190);  // more than there is: the console keeps its 190 px
    EXPECT_FLOAT_EQ(s.console.h, 190);
    EXPECT_NEAR(s.controls.h + s.console.h, total, 0.5);
}

bool overlap(const Rect& a, const Rect& b) {
    return !a.empty() && !b.empty() && a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f &&
           b.y < a.bottom() - 0.5f;
}

TEST(Screen, PresenterKeepsTheEvidence) {
    for (const bool lesson : {true, false}) {
        const ScreenLayout p = presenter_layout(1600, 900, 1.5f, lesson);
        for (const Rect& r : {p.top_bar, p.controls, p.console, p.legend}) EXPECT_TRUE(r.empty());
        EXPECT_EQ(p.lesson.empty(), !lesson);
        // The lesson answer cites the cosine chart; the badges and the timeline say where and what changed.
        for (const Rect& r : {p.similarity, p.cosine, p.timeline, p.badges}) EXPECT_FALSE(r.empty());
        // The presenter text's line, twice: names and the bar; with a lesson, which drives the steps,
        // the names alone (the stack keeps the height).
        EXPECT_GE(p.timeline.h, 19 * 1.5f * (lesson ? 1 : 2));
        EXPECT_GE(p.badges.h, 19 * 1.5f);
        const Rect parts[] = {p.formula, p.badges, p.section, p.timeline, p.profile, p.cosine, p.similarity, p.lesson};
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
        // With a lesson, its strip across the bottom takes a share: nine tenths of the normal layout's
        // (wider, less tall; the normal layout's lesson takes the left column).
        const ScreenLayout normal = screen_layout(1600, 900, 1.f, lesson);
        EXPECT_GT(p.section.w * p.section.h, (lesson ? 0.9f : 1.15f) * normal.section.w * normal.section.h);
        if (!lesson) {
            EXPECT_GT(p.profile.w, normal.profile.w);
        }
    }
    for (const auto& p : {presenter_layout(0, 0, 1, true), presenter_layout(200, 150, 3, true)})
        for (const Rect& r : {p.formula, p.badges, p.section, p.timeline, p.profile, p.cosine, p.similarity, p.lesson}) {
            EXPECT_GE(r.w, 0.f);
            EXPECT_GE(r.h, 0.f);
        }
}

using Named = std::vector<std::pair<const char*, Rect>>;

// Every non-empty rect inside the window, none overlapping another.
void expect_inside_and_apart(const Named& rects, float w, float h, const std::string& where) {
    for (const auto& [name, r] : rects) {
        EXPECT_GE(r.w, 0.f) << where << " " << name;
        EXPECT_GE(r.h, 0.f) << where << " " << name;
        if (r.empty()) continue;
        EXPECT_GE(r.x, -0.01f) << where << " " << name;
        EXPECT_GE(r.y, -0.01f) << where << " " << name;
        EXPECT_LE(r.right(), w + 0.01f) << where << " " << name;
        EXPECT_LE(r.bottom(), h + 0.01f) << where << " " << name;
    }
    for (std::size_t a = 0; a < rects.size(); ++a)
        for (std::size_t b = a + 1; b < rects.size(); ++b)
            EXPECT_FALSE(overlap(rects[a].second, rects[b].second)) << where << ": " << rects[a].first << " and " << rects[b].first;
}

const std::pair<float, float> kSizes[] = {{1024, 768}, {1280, 720}, {1600, 900}, {1920, 1080}};

TEST(Screen, EveryRectInsideTheWindowAndApartWithTheGrid) {
    for (const auto& [w, h] : kSizes)
        for (const bool lesson : {false, true}) {
            const std::string where = std::to_string(int(w)) + "x" + std::to_string(int(h)) + (lesson ? " lesson" : "");
            const ScreenLayout s = screen_layout(w, h, 1, lesson);
            EXPECT_FALSE(s.similarity.empty()) << where;
            const Named left_and_centre = {{"top bar", s.top_bar}, {"controls", s.controls}, {"console", s.console},
                                           {"section", s.section}, {"timeline", s.timeline}, {"formula", s.formula}, {"badges", s.badges},
                                           {"lesson", s.lesson}};
            Named normal = left_and_centre;
            normal.insert(normal.end(), {{"profile", s.profile}, {"cosine", s.cosine}, {"legend", s.legend}, {"similarity", s.similarity}});
            expect_inside_and_apart(normal, w, h, where);
            // What the window draws: the inspector's tabs under the profile; the grid, or a panel.
            const InspectorLayout closed = inspector_layout(s, false, 25), open = inspector_layout(s, true, 25);
            EXPECT_FALSE(closed.similarity.empty()) << where;
            Named drawn = left_and_centre;
            drawn.insert(drawn.end(), {{"profile", closed.profile}, {"tabs", closed.tabs}, {"cosine", closed.cosine},
                                       {"legend", closed.legend}, {"similarity", closed.similarity}});
            expect_inside_and_apart(drawn, w, h, where + " inspector closed");
            Named with_panel = left_and_centre;
            with_panel.insert(with_panel.end(), {{"profile", open.profile}, {"tabs", open.tabs}, {"body", open.body}});
            expect_inside_and_apart(with_panel, w, h, where + " panel open");
            const ScreenLayout p = presenter_layout(w, h, 1.5f, lesson);
            EXPECT_FALSE(p.similarity.empty()) << where;
            expect_inside_and_apart({{"formula", p.formula}, {"badges", p.badges}, {"section", p.section},
                                     {"timeline", p.timeline}, {"profile", p.profile}, {"cosine", p.cosine},
                                     {"similarity", p.similarity}, {"lesson", p.lesson}},
                                    w, h, where + " presenter");
        }
}

// The grid in its rect: cells, the words' column on the left and the header above inside.
void expect_grid_inside(const SimilarityLayout& g, const Rect& r, float line, const std::string& where) {
    ASSERT_FALSE(g.cells.empty()) << where;
    EXPECT_GE(g.cells.x - g.label, r.x) << where;
    EXPECT_LE(g.cells.right(), r.right()) << where;
    EXPECT_GE(g.cells.y - line * (similarity_metrics::kTitle + similarity_metrics::kColumns), r.y - 0.5f) << where;
    EXPECT_LE(g.cells.bottom(), r.bottom()) << where;
}

TEST(Screen, TheGridIsReadable) {
    constexpr float kLine = 19, kPresenterLine = 19 * 1.5f;  // the text line at scale 1, and in presenter mode
    for (const auto& [w, h] : kSizes)
        for (const int n : {2, 5, 8})
            for (const bool lesson : {false, true}) {
                const std::string where = std::to_string(int(w)) + "x" + std::to_string(int(h)) + " n=" + std::to_string(n);
                const Rect normal = inspector_layout(screen_layout(w, h, 1, lesson), false, 25).similarity;
                expect_grid_inside(similarity_layout(normal, n, kLine), normal, kLine, where);
                const Rect presenter = presenter_layout(w, h, 1.5f, lesson).similarity;
                expect_grid_inside(similarity_layout(presenter, n, kPresenterLine), presenter, kPresenterLine, where + " presenter");
            }
    // 1600x900, 8 tokens (the longest sentence): rows of 28 px, columns wide enough for "-0,12" at 16 px.
    const SimilarityLayout normal = similarity_layout(inspector_layout(screen_layout(1600, 900, 1), false, 25).similarity, 8, kLine);
    EXPECT_GE(normal.cell_h, 28);
    EXPECT_GE(normal.cell_w, 48);
    // Presenter mode, for the back of the room: larger cells, 5 tokens (the start-up sentence) and 8.
    const Rect presenter = presenter_layout(1600, 900, 1.5f, false).similarity;
    EXPECT_GE(similarity_layout(presenter, 5, kPresenterLine).cell_h, 45);  // beside the cosine plot now
    EXPECT_GE(similarity_layout(presenter, 8, kPresenterLine).cell_h, 28);
    EXPECT_GE(similarity_layout(presenter_layout(1600, 900, 1.5f, true).similarity, 5, kPresenterLine).cell_h, 30);
}

TEST(Screen, FormulaSitsAboveTheSectionAndTheLessonAboveTheControls) {
    const ScreenLayout s = screen_layout(1600, 900, 1, true);
    EXPECT_FLOAT_EQ(s.formula.bottom(), s.badges.y);
    EXPECT_FLOAT_EQ(s.badges.bottom(), s.section.y);
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
