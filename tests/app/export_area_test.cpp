// The export buttons' place (carved from the top bar, never overlapping it) and their commands.
#include <gtest/gtest.h>

#include "export_area.h"

namespace tb {
namespace {

TEST(ExportArea, TakesTheRightEndOfTheTopBar) {
    for (const float width : {1600.f, 1920.f, 3840.f, 1280.f}) {
        ScreenLayout screen = screen_layout(width, 900, 1);
        const float bar_right = screen.top_bar.right();
        const Rect area = carve_export_area(screen, 1);
        ASSERT_FALSE(area.empty()) << width;
        EXPECT_FLOAT_EQ(screen.top_bar.right(), area.x);
        EXPECT_FLOAT_EQ(area.right(), bar_right);
        EXPECT_FLOAT_EQ(area.h, screen.top_bar.h);
        EXPECT_GE(screen.top_bar.w, area.w * 2);  // the title, counter and main buttons keep most
    }
}

TEST(ExportArea, AMenuInANarrowerWindowNoneInANarrowOne) {
    for (const float width : {1280.f, 1366.f}) {
        ScreenLayout screen = screen_layout(width, 720, 1);
        const Rect area = carve_export_area(screen, 1);
        EXPECT_TRUE(export_area_is_menu(area, 1)) << width;
        EXPECT_GE(screen.top_bar.w, 1150.f) << "the top bar's own buttons stay uncovered";
    }
    ScreenLayout wide = screen_layout(1600, 900, 1);
    EXPECT_FALSE(export_area_is_menu(carve_export_area(wide, 1), 1));
    for (const float width : {200.f, 0.f, 500.f, 1200.f}) {
        ScreenLayout screen = screen_layout(width, 150, 1);
        const float bar = screen.top_bar.w;
        EXPECT_TRUE(carve_export_area(screen, 1).empty()) << width;
        EXPECT_FLOAT_EQ(screen.top_bar.w, bar);
    }
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
