// Playback and the view commands without a window: /vue and /lecture accepted, echoed in the log,
// refused in French with the ranges of channel.md §7, kept by a saved session; the playhead
// follows replays and steps as the frame loop's time passes.
#include <gtest/gtest.h>

#include "../features_fixture.h"
#include "model/stages.h"

namespace tb {
namespace {

using test::WindowFeatures;

// The last two lines of the log: the command as typed, then its answer.
void expect_echoed(const Features& f, const std::string& line, const std::string& answer) {
    const auto& log = f.log();
    ASSERT_GE(log.size(), 2u);
    EXPECT_EQ(log[log.size() - 2].kind, LogLine::Kind::Command);
    EXPECT_EQ(log[log.size() - 2].text, line);
    EXPECT_EQ(log.back().kind, LogLine::Kind::Reply);
    EXPECT_EQ(log.back().text, answer);
}

void expect_refused(WindowFeatures& w, const std::string& line, const std::string& message) {
    const std::uint64_t replays = w.session.replay_count();
    const auto r = w.run(line);
    EXPECT_FALSE(r.ok) << line;
    EXPECT_EQ(r.message, message);
    EXPECT_EQ(w.features.log().back().kind, LogLine::Kind::Error);
    EXPECT_EQ(w.session.replay_count(), replays);
}

TEST(Playback, StartsAtTheEntranceAndRisesAfterAReplay) {
    WindowFeatures w;
    const Playback& p = w.features.playback();
    EXPECT_EQ(p.playhead(), 0);
    EXPECT_FALSE(p.playing());
    ASSERT_TRUE(w.run("/propager").ok);
    EXPECT_TRUE(p.playing());
    w.features.update(0.5 * AnimationOptions::kDefaultSecondsPerLevel);  // half a sublayer
    EXPECT_NEAR(p.playhead(), 0.5, 1e-9);
    for (int i = 0; i < 200; ++i) w.features.update(0.1);
    EXPECT_EQ(p.playhead(), 5);  // stops at the step, 2L+1 = 5
    EXPECT_FALSE(p.animating());
}

TEST(Playback, ALowerStepBringsTheBeadsBackWithoutAReplay) {
    WindowFeatures w;
    w.features.playback().finish();
    const std::uint64_t replays = w.session.replay_count();
    ASSERT_TRUE(w.run("/etape 2").ok);
    EXPECT_EQ(w.session.replay_count(), replays);
    EXPECT_EQ(w.features.playback().playhead(), 2);
}

TEST(Playback, LectureCommands) {
    WindowFeatures w;
    Playback& p = w.features.playback();
    ASSERT_TRUE(w.run("/lecture 2,5").ok);
    expect_echoed(w.features, "/lecture 2,5", "tête de lecture au niveau 2,5");
    EXPECT_DOUBLE_EQ(p.playhead(), 2.5);
    EXPECT_FALSE(p.playing());
    ASSERT_TRUE(w.run("/lecture 3.25").ok);  // a point works too
    EXPECT_DOUBLE_EQ(p.playhead(), 3.25);
    ASSERT_TRUE(w.run("/lecture play").ok);
    EXPECT_TRUE(p.playing());
    ASSERT_TRUE(w.run("/lecture pause").ok);
    EXPECT_FALSE(p.playing());
    ASSERT_TRUE(w.run("/lecture 5").ok);
    ASSERT_TRUE(w.run("/lecture play").ok);  // at the step: again from the input
    EXPECT_EQ(p.playhead(), 0);
    EXPECT_TRUE(p.playing());
    expect_refused(w, "/lecture 6", "/lecture attend play, pause ou un nombre de 0 à 5 (reçu « 6 »)");
    expect_refused(w, "/lecture -1", "/lecture attend play, pause ou un nombre de 0 à 5 (reçu « -1 »)");
    expect_refused(w, "/lecture vite", "/lecture attend play, pause ou un nombre de 0 à 5 (reçu « vite »)");
    ASSERT_TRUE(w.run("/etape 2").ok);
    expect_refused(w, "/lecture 3", "/lecture attend play, pause ou un nombre de 0 à 2 (reçu « 3 »)");
}

TEST(Playback, VueCommandsAreAcceptedAndEchoed) {
    WindowFeatures w;
    const Playback& p = w.features.playback();
    const std::uint64_t replays = w.session.replay_count();
    ASSERT_TRUE(w.run("/vue texte 1,5").ok);
    expect_echoed(w.features, "/vue texte 1,5", "taille du texte 1,5");
    EXPECT_FLOAT_EQ(p.text_scale(), 1.5f);
    ASSERT_TRUE(w.run("/vue plein-écran on").ok);  // accents are folded
    EXPECT_TRUE(p.full_screen());
    ASSERT_TRUE(w.run("/vue tete 2").ok);
    expect_echoed(w.features, "/vue tete 2", "tête 2 dessinée dans la coupe");
    EXPECT_EQ(p.animation().head, 1);  // 0-based inside
    ASSERT_TRUE(w.run("/vue vitesse 0,25").ok);
    expect_echoed(w.features, "/vue vitesse 0,25", "0,25 s par sous-couche");
    EXPECT_DOUBLE_EQ(p.animation().seconds_per_level, 0.25);
    ASSERT_TRUE(w.run("/Vue Échelle linéaire").ok);
    EXPECT_FALSE(p.log_scale());
    EXPECT_EQ(w.session.replay_count(), replays);  // the view never replays the sentence
}

TEST(Playback, VueCommandsAreRefusedInFrench) {
    WindowFeatures w;
    expect_refused(w, "/vue texte 4", "/vue texte attend un nombre de 0,5 à 3 (reçu « 4 »)");
    expect_refused(w, "/vue texte 0,4", "/vue texte attend un nombre de 0,5 à 3 (reçu « 0,4 »)");
    expect_refused(w, "/vue plein-ecran peut-etre", "/vue plein-ecran attend on ou off (reçu « peut-etre »)");
    expect_refused(w, "/vue tete 3", "/vue tete attend un entier de 1 à 2 (reçu « 3 »)");  // h = 2
    expect_refused(w, "/vue tete 0", "/vue tete attend un entier de 1 à 2 (reçu « 0 »)");
    expect_refused(w, "/vue vitesse 5", "/vue vitesse attend un nombre de 0,25 à 4 (reçu « 5 »)");
    expect_refused(w, "/vue vitesse 0,2", "/vue vitesse attend un nombre de 0,25 à 4 (reçu « 0,2 »)");
    expect_refused(w, "/vue echelle carree", "/vue echelle attend log ou lineaire (reçu « carree »)");
    expect_refused(w, "/vue couleur rouge",
                   "/vue attend texte, plein-ecran, tete, vitesse ou echelle, puis sa valeur (reçu « couleur rouge »)");
    expect_refused(w, "/vue texte", "/vue texte attend un nombre de 0,5 à 3 (rien reçu)");
    // Nothing changed.
    const Playback& p = w.features.playback();
    EXPECT_FLOAT_EQ(p.text_scale(), 1.f);
    EXPECT_FALSE(p.full_screen());
    EXPECT_EQ(p.animation().head, 0);
    EXPECT_DOUBLE_EQ(p.animation().seconds_per_level, AnimationOptions::kDefaultSecondsPerLevel);
    EXPECT_TRUE(p.log_scale());
}

TEST(Playback, VueIsRestoredFromASavedSession) {
    const std::string file = test::temp_file("view_commands.json");
    {
        WindowFeatures w;
        for (const char* line : {"/vue texte 2,5", "/vue plein-ecran on", "/vue tete 2", "/vue vitesse 3,5", "/vue echelle lineaire"})
            ASSERT_TRUE(w.run(line).ok) << line;
        ASSERT_TRUE(w.run("/session enregistrer " + file).ok);
    }
    WindowFeatures w;
    const auto r = w.run("/session ouvrir " + file);
    ASSERT_TRUE(r.ok) << r.message;
    const Playback& p = w.features.playback();
    EXPECT_FLOAT_EQ(p.text_scale(), 2.5f);
    EXPECT_TRUE(p.full_screen());
    EXPECT_EQ(p.animation().head, 1);
    EXPECT_DOUBLE_EQ(p.animation().seconds_per_level, 3.5);
    EXPECT_FALSE(p.log_scale());
}

// /reinit puts the view back however it was typed; the text size and full screen stay the room's.
TEST(Playback, ReinitResetsTheViewWhateverTheSpelling) {
    for (const char* reinit : {"/reinit", " /reinit", "  /Réinit"}) {
        WindowFeatures w;
        for (const char* line : {"/vue texte 2", "/vue plein-ecran on", "/vue tete 2", "/vue vitesse 2", "/vue echelle lineaire"})
            ASSERT_TRUE(w.run(line).ok);
        ASSERT_TRUE(w.run(reinit).ok) << reinit;
        const Playback& p = w.features.playback();
        EXPECT_EQ(p.animation().head, 0) << reinit;
        EXPECT_DOUBLE_EQ(p.animation().seconds_per_level, AnimationOptions::kDefaultSecondsPerLevel) << reinit;
        EXPECT_TRUE(p.log_scale()) << reinit;
        EXPECT_FLOAT_EQ(p.text_scale(), 2.f) << reinit;
        EXPECT_TRUE(p.full_screen()) << reinit;
    }
}

TEST(Playback, PinnedStillStaysUntilAReplay) {
    WindowFeatures w;
    Playback& p = w.features.playback();
    p.pin(2.2);
    w.features.update(1.0);
    EXPECT_DOUBLE_EQ(p.playhead(), 2.2);
    EXPECT_TRUE(p.pinned());
    ASSERT_TRUE(w.run("/propager").ok);
    EXPECT_FALSE(p.pinned());
    EXPECT_EQ(p.playhead(), 0);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// /melanger does not send the beads up again: they stay where they are and slide to their new
// places over slide_seconds(), each from the column its word had; the reply stays over the
// cross-section until the next command.
TEST(Playback, MelangerSlidesTheBeadsToTheirNewPlaces) {
    WindowFeatures w;
    Playback& p = w.features.playback();
    ASSERT_TRUE(w.run("/position aucun").ok);
    p.finish();
    const double at_rest = p.playhead();
    const auto before = w.session.trace();
    ASSERT_TRUE(w.run("/melanger").ok);
    EXPECT_EQ(p.playhead(), at_rest);
    const std::vector<int>& from = p.animation().moved_from;
    ASSERT_EQ(from.size(), 5u);
    const Trace& now = *w.session.trace();
    for (int k = 0; k < 5; ++k) {
        EXPECT_EQ(now.tokens[static_cast<std::size_t>(k)].word, before->tokens[static_cast<std::size_t>(from[static_cast<std::size_t>(k)])].word);
        EXPECT_EQ(now.typed_place(k), before->typed_place(from[static_cast<std::size_t>(k)]));
    }
    EXPECT_TRUE(p.animating());
    EXPECT_NE(w.features.caption().find("sac de mots"), std::string::npos) << w.features.caption();

    // Halfway, a bead is halfway between its two columns; at the end, in its own.
    const Layout layout = make_layout(now.settings, test::kArea);
    w.features.update(p.slide_seconds() * 0.5);
    const FrameRecords half = animate(now, layout, p.playhead(), p.animation());
    for (const auto& b : half.beads) {
        const float a = layout.token_x(from[static_cast<std::size_t>(b.token)], 5), z = layout.token_x(b.token, 5);
        EXPECT_NEAR(b.x, (a + z) * 0.5f, 0.5f);
    }
    w.features.update(p.slide_seconds());
    EXPECT_FALSE(p.animating());
    for (const auto& b : animate(now, layout, p.playhead(), p.animation()).beads) EXPECT_FLOAT_EQ(b.x, layout.token_x(b.token, 5));
    ASSERT_TRUE(w.run("/etape 3").ok);
    EXPECT_TRUE(w.features.caption().empty());
}

// ← (one step back from the beads' rest) plays that sublayer backward, at the sublayer's speed,
// down to the new step; a longer jump lands at once.
TEST(Playback, OneStepBackPlaysTheSublayerInReverse) {
    WindowFeatures w;
    const Playback& p = w.features.playback();
    w.features.playback().finish();
    ASSERT_EQ(p.playhead(), 5);
    ASSERT_TRUE(w.run("/etape 4").ok);
    w.features.update(0);
    EXPECT_EQ(p.playhead(), 5);  // not a jump
    EXPECT_TRUE(p.animating());
    w.features.update(0.5 * AnimationOptions::kDefaultSecondsPerLevel);
    EXPECT_NEAR(p.playhead(), 4.5, 1e-9);
    for (int i = 0; i < 40; ++i) w.features.update(0.1);
    EXPECT_EQ(p.playhead(), 4);
    EXPECT_FALSE(p.animating());
    ASSERT_TRUE(w.run("/etape 1").ok);  // a jump: at once
    w.features.update(0);
    EXPECT_EQ(p.playhead(), 1);
}

// → (one step forward from rest) plays the next sublayer, attention one query at a time: long
// enough in the box for each of the n queries to show AnimationOptions::kSecondsPerQuery.
TEST(Playback, OneStepForwardShowsOneQueryAtATime) {
    WindowFeatures w;
    const Playback& p = w.features.playback();
    ASSERT_TRUE(w.run("/etape 2").ok);
    w.features.playback().finish();
    ASSERT_TRUE(w.run("/etape 3").ok);  // attention 2
    w.features.update(0);
    EXPECT_TRUE(p.animation().one_query);
    const Window inner = window_of(sublayer_stages(w.session.settings()), Step::Inner);
    double in_box = 0, elapsed = 0;
    const double dt = 0.01;
    while (p.animating() && elapsed < 60) {
        const double phase = p.playhead() - 2;
        if (phase >= inner.begin && phase <= inner.end) in_box += dt;
        w.features.update(dt);
        elapsed += dt;
    }
    EXPECT_EQ(p.playhead(), 3);
    EXPECT_GE(in_box, 5 * AnimationOptions::kSecondsPerQuery - 0.05);  // five words
    EXPECT_FALSE(p.animation().one_query);  // done: a pass shows every query at once again
    ASSERT_TRUE(w.run("/propager").ok);
    w.features.update(0);
    EXPECT_FALSE(p.animation().one_query);
}

}  // namespace
}  // namespace tb
