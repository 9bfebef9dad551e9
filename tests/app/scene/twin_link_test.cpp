// The link between the two « le » (issue 34): its cosine against the Python reference's forward
// pass (tests/reference/recompute_trace.py's forward() on the start-up trace: cos(le, le) 0.7898
// at the input, 0.9004 after ffn 1, 0.8869 at the output), 1 without positions, the first
// repeated pair, the levels at rest, and its pill clear of the beads and of the words under them.
#include "scene/twin_link.h"

#include <gtest/gtest.h>

#include <cmath>

#include "../features_fixture.h"
#include "scene/screen.h"

namespace tb {
namespace {

constexpr float kPx = 19.f;
float width(const std::string& text, float px) { return 0.6f * px * static_cast<float>(text.size()); }

struct Scene {
    Session session;
    Layout layout;
    FrameRecords frame;
};
Scene scene(const std::string& script, double playhead = -1, Rect area = {0, 0, 700, 760}) {
    Scene s{test::session(script), {}, {}};
    const Trace& t = *s.session.trace();
    s.layout = make_layout(t.settings, area);
    s.frame = animate(t, s.layout, playhead < 0 ? t.settings.step : playhead, {});
    return s;
}
std::vector<TwinLink> links_of(const Scene& s, Language language = Language::French) {
    return twin_links(*s.session.trace(), s.layout, s.frame, kPx, language, width);
}

TEST(TwinLink, TheTwoLeAtTheInputAndAtTheOutputWithTheReferenceCosines) {
    const Scene s = scene("");  // at rest at the output after the whole pass
    const auto links = links_of(s);
    ASSERT_EQ(links.size(), 2u);
    EXPECT_EQ(links[0].level, 0);
    EXPECT_EQ(links[1].level, 5);
    for (const TwinLink& l : links) {
        EXPECT_EQ(l.first, 0);
        EXPECT_EQ(l.second, 3);
    }
    EXPECT_NEAR(links[0].cosine, 0.7898, 1e-4);
    EXPECT_EQ(links[0].text, "cos 0,79");
    EXPECT_NEAR(links[1].cosine, 0.8869, 1e-4);
    EXPECT_EQ(links[1].text, "cos 0,89");
    EXPECT_EQ(links_of(s, Language::English)[0].text, "cos 0.79");
}

TEST(TwinLink, AtTheStepOfEtape) {
    const auto links = links_of(scene("/etape 2"));
    ASSERT_EQ(links.size(), 2u);
    EXPECT_EQ(links[1].level, 2);
    EXPECT_EQ(links[1].text, "cos 0,90");  // 0.9004
}

TEST(TwinLink, IdenticalWithoutPositions) {
    for (const TwinLink& l : links_of(scene("/position aucun"))) {
        EXPECT_NEAR(l.cosine, 1.0, 1e-12) << l.level;
        EXPECT_EQ(l.text, "cos 1,00");
    }
}

TEST(TwinLink, TheFirstWordThatComesBackWithItsNextOccurrence) {
    EXPECT_EQ(repeated_pair(*test::session("/phrase le chat regarde le chien").trace()), std::make_pair(0, 3));
    const Session two = test::session("/phrase un chat voit le chat et le chien");
    ASSERT_EQ(two.trace()->token_count(), 8);
    EXPECT_EQ(repeated_pair(*two.trace()), std::make_pair(1, 4));
    const Session three = test::session("/phrase le chat voit le chien et le gros");
    ASSERT_EQ(three.trace()->token_count(), 8);
    EXPECT_EQ(repeated_pair(*three.trace()), std::make_pair(0, 3));
    EXPECT_FALSE(repeated_pair(*test::session("/phrase le chat regarde un chien").trace()));
    EXPECT_TRUE(links_of(scene("/phrase le chat regarde un chien")).empty());
}

// While the beads cross the first sublayer its story is right above the input: no link there then;
// crossing any later one, the input's link alone (nothing rests elsewhere).
TEST(TwinLink, OnlyWhereTheBeadsStandStill) {
    EXPECT_TRUE(links_of(scene("", 0.5)).empty());
    const auto crossing = links_of(scene("", 2.5));
    ASSERT_EQ(crossing.size(), 1u);
    EXPECT_EQ(crossing[0].level, 0);
    const auto start = links_of(scene("", 0));
    ASSERT_EQ(start.size(), 1u);
    EXPECT_EQ(start[0].level, 0);
}

// The arch leaves the top of one « le » for the other's, its pill above every bead of the row and
// under none of the next row's, its text readable (at least kMinTextPx) and its line at least
// 3 px, in the section, at a projector's size and at L 6 (rows some 30 px apart).
TEST(TwinLink, ThePillIsClearOfTheBeadsAndOfTheWords) {
    for (const char* script : {"", "/couches 6", "/phrase le petit chat regarde le gros chien noir", "/dimension 16; /norme post"}) {
        const Scene s = scene(script, -1, {250, 80, 460, 600});
        for (const TwinLink& l : links_of(s)) {
            const std::string what = std::string(script) + " level " + std::to_string(l.level);
            EXPECT_GE(l.px, kMinTextPx) << what;
            EXPECT_GE(l.thick, 3.f) << what;
            EXPECT_GE(l.label.y, s.layout.area.y) << what;
            const float row_y = s.layout.level_y[static_cast<std::size_t>(l.level)];
            for (const BeadRecord& b : s.frame.beads) {
                const bool clear = b.y + b.radius <= l.label.y || b.y - b.radius >= l.label.bottom() ||
                                   b.x + b.radius <= l.label.x || b.x - b.radius >= l.label.right();
                EXPECT_TRUE(clear) << what << ": bead « " << b.label << " » level " << b.level;
                if (b.level == l.level && (b.token == l.first || b.token == l.second)) {
                    EXPECT_NEAR(b.x, b.token == l.first ? l.from.x : l.to.x, 0.01f) << what;
                    EXPECT_LT(b.token == l.first ? l.from.y : l.to.y, b.y - b.radius + 0.01f) << what;
                }
            }
            if (l.level == 0) {
                EXPECT_LT(l.label.bottom(), row_y) << what;  // the words are under the row
            }
        }
    }
}

}  // namespace
}  // namespace tb
