// The export buttons' place (the top bar's right end, never over its own buttons) and their commands.
#include <gtest/gtest.h>

#include "scene/export_area.h"

namespace tb {
namespace {

// Widths as ImGui measures them at scale 1: the four buttons with their label about 340 px, the
// menu button about 85 px; the top bar's own content ends near 1142 px at the start-up model and
// near 1192 px at L 6, d 16 with a six-digit seed (read off screenshots at 1600 x 900).
constexpr float kGap = 18, kButtons = 340, kMenu = 85;

TEST(ExportArea, TakesTheRightEndOfTheTopBarPastItsContent) {
    for (const float width : {1600.f, 1920.f, 3840.f}) {
        const Rect bar = screen_layout(width, 900, 1).top_bar;
        for (const float content_right : {1142.f, 1192.f}) {
            const Rect area = export_area(bar, content_right, kGap, kButtons, kMenu);
            EXPECT_FLOAT_EQ(area.w, kButtons) << width << " " << content_right << ": all four buttons";
            EXPECT_FLOAT_EQ(area.right(), bar.right());
            EXPECT_FLOAT_EQ(area.y, bar.y);
            EXPECT_FLOAT_EQ(area.h, bar.h);
            EXPECT_GE(area.x, content_right + kGap) << "never over the top bar's own buttons";
        }
    }
}

TEST(ExportArea, TheMenuWhenTheFourButtonsDoNotFitNothingWhenItDoesNotEither) {
    const Rect bar = screen_layout(1366, 768, 1).top_bar;
    const Rect menu = export_area(bar, 1192, kGap, kButtons, kMenu);
    EXPECT_FLOAT_EQ(menu.w, kMenu);
    EXPECT_GE(menu.x, 1192.f + kGap);
    EXPECT_TRUE(export_area(screen_layout(1280, 720, 1).top_bar, 1192, kGap, kButtons, kMenu).empty());
    EXPECT_TRUE(export_area(screen_layout(200, 150, 1).top_bar, 180, kGap, kButtons, kMenu).empty());
    EXPECT_TRUE(export_area(screen_layout(0, 0, 1).top_bar, 0, kGap, kButtons, kMenu).empty());
    EXPECT_TRUE(export_area(bar, 2000, kGap, kButtons, kMenu).empty()) << "content already past the bar";
}

TEST(ExportArea, EachButtonSendsItsCommand) {
    Settings s;
    s.layers = 4;
    s.seed = 99;
    EXPECT_EQ(export_command(ExportKind::Image, s), "/exporter image transformer-bloc-vue-L4-graine99.png");
    EXPECT_EQ(export_command(ExportKind::Profile, s), "/exporter profil transformer-bloc-profil-L4-graine99.csv");
    EXPECT_EQ(export_command(ExportKind::Parameters, s), "/exporter parametres transformer-bloc-parametres-L4-graine99.md");
    EXPECT_EQ(export_command(ExportKind::Card, s), "/exporter fiche transformer-bloc-fiche-L4-graine99.md");
}

}  // namespace
}  // namespace tb
