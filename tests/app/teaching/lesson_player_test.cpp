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

// What the panel shows: the step's text with its placeholders filled from the attached session,
// in the interface's language; the figures follow the session when it changes.
TEST(LessonPlayer, ShownTextsAreFilledFromTheLiveTrace) {
    Session session = test::session();
    LessonPlayer player;
    player.open(shipped_lesson(), "lecon.txt");
    const std::string fr = "blocs {blocs}, graine {graine}", en = "blocks {blocs}, seed {graine}";
    EXPECT_EQ(player.shown(fr, en, Language::French), fr);  // nothing attached: as written
    player.attach(&session);
    EXPECT_EQ(player.shown(fr, en, Language::French), "blocs 1\u202F744, graine 2017");
    EXPECT_EQ(player.shown(fr, en, Language::English), "blocks 1,744, seed 2017");
    EXPECT_EQ(player.shown(fr, "", Language::English), "blocs 1,744, graine 2017");  // no English: the French
    ASSERT_TRUE(test::registry().execute(session, "/couches 6").ok);
    EXPECT_EQ(player.shown(fr, en, Language::French), "blocs 5\u202F232, graine 2017");
}

}  // namespace
}  // namespace tb
