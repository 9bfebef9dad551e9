// The lesson player without a window: the shipped lesson, step by step.
#include "teaching/lesson_player.h"
#include "../features_fixture.h"

namespace tb {
namespace {

Lesson shipped_lesson() {
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
    Session session = test::session("/couches 2; /norme post");
    LessonPlayer player;
    auto run = [&](const std::vector<std::string>& lines) {
        for (const auto& l : lines) EXPECT_TRUE(test::registry().execute(session, l).ok) << l;
    };
    run(player.open(shipped_lesson(), "lecon.txt"));
    for (int i = 0; i < 20; ++i) run(player.next());  // more than enough: stays at the last step
    EXPECT_EQ(player.index(), player.count() - 1);
    EXPECT_EQ(session.settings().layers, 6);
    EXPECT_EQ(session.settings().position, Position::None);
    EXPECT_EQ(session.settings().norm, Norm::Pre);
    EXPECT_TRUE(session.settings().residual);
}

}  // namespace
}  // namespace tb
