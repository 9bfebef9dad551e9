// The teaching feature without a window: /lecon plays the shipped lesson step by step through the
// window's runner (echoed in the log), /presentateur and /theme change its state, refusals are
// French, and a saved session keeps the theme and the lesson's place.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../features_fixture.h"

namespace tb {
namespace {

using test::WindowFeatures;

TEST(TeachingFeature, ThemeAndPresenter) {
    WindowFeatures w;
    const Teaching& t = w.features.teaching();
    EXPECT_EQ(t.theme(), Theme::Dark);
    ASSERT_TRUE(w.run("/theme clair").ok);
    EXPECT_EQ(t.theme(), Theme::Light);
    const auto refused = w.run("/theme bleu");
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message, "/theme attend clair ou sombre (reçu « bleu »)");
    EXPECT_EQ(t.theme(), Theme::Light);
    ASSERT_TRUE(w.run("/presentateur on").ok);
    EXPECT_TRUE(t.presenter());
    EXPECT_FLOAT_EQ(t.text_factor(), 1.5f);
    // At 1600x900 (the window before it is told its size): the room's text, a 31.5th of the height,
    // above the body's 900 / 42 px; /vue texte 2 doubles the body, larger: it wins, as without
    // presenter mode.
    EXPECT_NEAR(w.features.text_px(), 900.f / 31.5f, 0.01f);
    ASSERT_TRUE(w.run("/vue texte 2").ok);
    EXPECT_NEAR(w.features.text_px(), 2 * 900.f / 42.f, 0.01f);
    EXPECT_EQ(w.run("/presentateur peut-etre").message, "/presentateur attend on ou off (reçu « peut-etre »)");
    ASSERT_TRUE(w.run("/presentateur off").ok);
    EXPECT_FALSE(t.presenter());
}

TEST(TeachingFeature, LessonStepsRunTheirCommandsThroughTheLog) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 5").ok);
    const Teaching& t = w.features.teaching();
    const auto opened = w.run("/lecon ouvrir transformer-bloc");
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_TRUE(t.lesson().is_open());
    EXPECT_EQ(t.lesson().index(), 0);
    EXPECT_EQ(w.session.settings().layers, 2);  // a lesson starts from the start-up state
    bool reinit_logged = false;
    for (const auto& line : w.features.log()) reinit_logged |= line.kind == LogLine::Kind::Command && line.text == "/reinit";
    EXPECT_TRUE(reinit_logged);
    ASSERT_TRUE(w.run("/lecon suivant").ok);
    EXPECT_EQ(t.lesson().index(), 1);
    ASSERT_TRUE(w.run("/lecon precedent").ok);
    EXPECT_EQ(t.lesson().index(), 0);
    const auto bad = w.run("/lecon sauter");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message, "/lecon attend ouvrir FICHIER, suivant, precedent, reveler ou fermer (reçu « sauter »)");
    ASSERT_TRUE(w.run("/lecon fermer").ok);
    EXPECT_FALSE(t.lesson().is_open());
    EXPECT_EQ(w.run("/lecon suivant").message, "aucune leçon ouverte (/lecon ouvrir FICHIER)");
    EXPECT_EQ(w.run("/lecon ouvrir").message, "/lecon ouvrir attend un fichier de leçon (par exemple transformer-bloc) (rien reçu)");
}

TEST(TeachingFeature, AnUnreadableLessonChangesNothing) {
    WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 4").ok);
    const auto r = w.run("/lecon ouvrir /nonexistent/lecon.txt");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message.rfind("leçon « /nonexistent/lecon.txt » refusée : ", 0), 0u) << r.message;
    EXPECT_FALSE(w.features.teaching().lesson().is_open());
    EXPECT_EQ(w.session.settings().layers, 4);
}

TEST(TeachingFeature, ASavedSessionKeepsTheThemeAndTheLessonsPlace) {
    const std::string file = test::temp_file("teaching.json");
    Settings saved;
    {
        WindowFeatures w;
        ASSERT_TRUE(w.run("/theme clair").ok);
        ASSERT_TRUE(w.run("/lecon ouvrir transformer-bloc").ok);
        ASSERT_TRUE(w.run("/lecon suivant").ok);
        ASSERT_TRUE(w.run("/lecon suivant").ok);
        saved = w.session.settings();
        ASSERT_TRUE(w.run("/session enregistrer " + file).ok);
    }
    WindowFeatures w;
    ASSERT_TRUE(w.run("/session ouvrir " + file).ok);
    const Teaching& t = w.features.teaching();
    EXPECT_EQ(t.theme(), Theme::Light);
    ASSERT_TRUE(t.lesson().is_open());
    EXPECT_EQ(t.lesson().index(), 2);
    EXPECT_TRUE(same_model(w.session.settings(), saved));
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// Restoring is all or nothing, view included: the lesson's /reinit does not reset the view that
// was saved with it, and a session whose lesson file is gone is refused whole (issue 17).
TEST(TeachingFeature, ASessionWithALessonKeepsItsViewOrOpensNothing) {
    const std::string dir = test::temp_file("lesson_session_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string lesson = dir + "/lecon.txt", file = dir + "/with_lesson.json";
    std::filesystem::copy_file(TB_ASSETS_DIR "/lessons/transformer-bloc.txt", lesson,
                               std::filesystem::copy_options::overwrite_existing);
    nlohmann::json saved_view;
    {
        WindowFeatures w;
        ASSERT_TRUE(w.run("/lecon ouvrir " + lesson).ok);
        ASSERT_TRUE(w.run("/lecon suivant").ok);
        for (const char* line : {"/tetes 2", "/vue tete 2", "/vue vitesse 2", "/vue echelle lineaire", "/comparer on",
                                 "/b /residuel off"})
            ASSERT_TRUE(w.run(line).ok) << line;
        saved_view = w.features.save_view();
        ASSERT_TRUE(w.run("/session enregistrer " + file).ok);
    }
    {
        WindowFeatures w;
        const auto opened = w.run("/session ouvrir " + file);
        ASSERT_TRUE(opened.ok) << opened.message;
        EXPECT_EQ(w.features.save_view(), saved_view);
        EXPECT_EQ(w.features.teaching().lesson().index(), 1);
    }
    std::filesystem::remove(lesson);
    WindowFeatures w;
    ASSERT_TRUE(w.run("/couches 4").ok);
    const nlohmann::json before = w.features.save_view();
    const auto refused = w.run("/session ouvrir " + file);
    EXPECT_FALSE(refused.ok);
    EXPECT_NE(refused.message.find("« " + lesson + " » introuvable"), std::string::npos) << refused.message;
    EXPECT_NE(refused.message.find("rien n'a changé"), std::string::npos) << refused.message;
    EXPECT_EQ(w.session.settings().layers, 4);
    EXPECT_EQ(w.features.save_view(), before);
    EXPECT_FALSE(w.features.teaching().lesson().is_open());
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// A step's /entrainer trains on the worker; the lines after it wait for its end, so the state is
// the lesson's (the training complete, then /etape 3), and a session reopened at that step runs
// none of the lesson's lines: nothing trains, nothing waits.
TEST(TeachingFeature, ALessonsTrainingRunsOnTheWorkerAndTheNextLinesWaitForIt) {
    const std::string dir = test::temp_file("lesson_training_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string lesson = dir + "/lecon.txt", file = dir + "/session.json";
    {
        std::ofstream out(lesson);
        out << "[étape] Un | One\nfr: a\nen: b\ncommande: /entrainer 1000\ncommande: /etape 3\n"
               "[étape] Deux | Two\nfr: a\nen: b\ncommande: /residuel off\n";
    }
    {
        WindowFeatures w;
        const auto opened = w.run("/lecon ouvrir " + lesson);
        ASSERT_TRUE(opened.ok) << opened.message;
        EXPECT_TRUE(w.features.training().running());
        EXPECT_EQ(w.features.teaching().lines_waiting(), 1u);  // /etape 3, after the training
        EXPECT_NE(w.session.settings().step, 3);
        w.features.wait_for_training();
        EXPECT_EQ(w.features.teaching().lines_waiting(), 0u);
        EXPECT_EQ(w.session.settings().step, 3);
        EXPECT_EQ(w.session.trained_steps(), 1000);
        ASSERT_TRUE(w.run("/session enregistrer " + file).ok);
    }
    {
        WindowFeatures w;
        ASSERT_TRUE(w.run("/lecon ouvrir " + lesson).ok);
        ASSERT_TRUE(w.run("/entrainer stop").ok);  // the lesson panel's « Annuler »
        EXPECT_FALSE(w.features.training().running());
        w.features.update(0);  // the frame loop: the lines that waited run
        EXPECT_EQ(w.features.teaching().lines_waiting(), 0u);
        EXPECT_EQ(w.session.settings().step, 3);
        EXPECT_LT(w.session.trained_steps(), 1000);
    }
    WindowFeatures w;
    const auto reopened = w.run("/session ouvrir " + file);
    ASSERT_TRUE(reopened.ok) << reopened.message;
    w.features.wait_for_training();  // the session's own model (retrained or loaded), not the lesson's lines
    EXPECT_EQ(w.features.teaching().lines_waiting(), 0u);
    EXPECT_EQ(w.features.teaching().lesson().index(), 0);
    EXPECT_EQ(w.session.settings().step, 3);
    EXPECT_EQ(w.session.trained_steps(), 1000);
    bool replayed = false;
    for (const auto& line : w.features.log()) replayed |= line.kind == LogLine::Kind::Command && line.text == "/entrainer 1000";
    EXPECT_FALSE(replayed);
}

}  // namespace
}  // namespace tb

