// The window's /lien (persist/view_link.h, Features): the view's lines written by hand from the view
// commands, and the round trip a link exists for: its lines, read back through the link policy and
// run on a fresh window, give the same trace file, the same saved view and the same panels.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "../features_fixture.h"
#include "commands/link.h"
#include "persist/view_link.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using Lines = std::vector<std::string>;

TEST(ViewLink, TheViewLinesOfEveryOption) {
    EXPECT_EQ(view_lines(WindowLink{}), Lines{});
    WindowLink w;
    w.view.text_scale = 1.5f, w.view.full_screen = true, w.view.log_scale = false, w.view.head = 1;
    w.view.seconds_per_level = 0.5, w.view.light_theme = true;
    w.presenter = true, w.panel = "attention", w.parameters_open = true;
    EXPECT_EQ(view_lines(w), (Lines{"/vue texte 1,5", "/vue plein-ecran on", "/vue echelle lineaire", "/vue tete 2", "/vue vitesse 0,5",
                                    "/theme clair", "/presentateur on", "/panneau attention", "/parametres"}));
}

TEST(ViewLink, OnlyTheShippedLessonsHaveANameALinkOpens) {
    const std::string dir = TB_ASSETS_DIR "/lessons";
    EXPECT_EQ(builtin_lesson_name(dir + "/transformer-bloc.txt", dir), "transformer-bloc");
    EXPECT_EQ(builtin_lesson_name(dir + "/../lessons/./transformer-bloc.txt", dir), "transformer-bloc");
    EXPECT_FALSE(builtin_lesson_name(dir + "/a.b.txt", dir));  // a name with a dot reads as a file
    EXPECT_FALSE(builtin_lesson_name(dir + "/notes.md", dir));
    EXPECT_FALSE(builtin_lesson_name("/tmp/transformer-bloc.txt", dir));
    EXPECT_FALSE(builtin_lesson_name(dir + "/transformer-bloc.txt", "/tmp"));
}

// A window after `lines` (each /entrainer done before the next line, as --run), its /lien, and a
// fresh window after the link's lines.
struct Linked {
    test::WindowFeatures a, b;
    std::string reply, fragment;
    LinkLines read;

    void run_all(test::WindowFeatures& w, const Lines& lines) {
        for (const std::string& line : lines) {
            w.features.wait_for_training();
            const CommandResult r = w.run(line);
            EXPECT_TRUE(r.ok) << line << " : " << r.message;
        }
        w.features.wait_for_training();
    }
    explicit Linked(const Lines& lines) {
        run_all(a, lines);
        const CommandResult linked = a.run("/lien");
        EXPECT_TRUE(linked.ok) << linked.message;
        reply = linked.message;
        fragment = a.features.take_clipboard().value_or("none");
        EXPECT_FALSE(a.features.take_clipboard());  // taken once
        read = read_link(fragment);  // the link policy lets every line through
        EXPECT_FALSE(read.error) << fragment << " : " << read.error->fr;
        run_all(b, read.lines);
    }
};

void expect_same_state(Linked& t, const std::string& what) {
    SCOPED_TRACE(what + "\n" + t.reply);
    EXPECT_EQ(trace_text(*t.a.session.trace()), trace_text(*t.b.session.trace()));
    EXPECT_EQ(t.a.features.save_view(), t.b.features.save_view());
    EXPECT_EQ(t.a.features.teaching().presenter(), t.b.features.teaching().presenter());
    EXPECT_EQ(t.a.features.inspector().panel(), t.b.features.inspector().panel());
    EXPECT_EQ(t.a.features.inspector().parameters_open(), t.b.features.inspector().parameters_open());
    const LessonPlayer &la = t.a.features.teaching().lesson(), &lb = t.b.features.teaching().lesson();
    EXPECT_EQ(la.is_open(), lb.is_open());
    EXPECT_EQ(la.is_open() && la.revealed(), lb.is_open() && lb.revealed());
    ASSERT_EQ(t.a.features.comparison().is_open(), t.b.features.comparison().is_open());
    if (t.a.features.comparison().is_open()) {
        EXPECT_EQ(trace_text(*t.a.features.comparison().b()->trace()), trace_text(*t.b.features.comparison().b()->trace()));
    }
}

TEST(ViewLink, ALinkRebuildsTheModelTheViewAndTheLesson) {
    const std::vector<Lines> states = {
        {},
        {"/couches 3", "/residuel off", "/norme post", "/activation geglu", "/ffn 40", "/lot 8", "/taux 0,0005", "/masque causal"},
        {"/graine 987654321", "/phrase L'élève ; regarde la mer #1 100%", "/etape 2"},
        {"/dimension 16", "/tetes 8 2", "/vue tete 7", "/vue texte 1,5", "/vue echelle lineaire", "/vue vitesse 0,5", "/theme clair",
         "/vue plein-ecran on", "/panneau attention", "/parametres"},
        {"/couches 3", "/comparer on", "/b /residuel off", "/b /dimension 16", "/b /tetes 8 2", "/b /norme aucune", "/etape 4"},
        {"/recette llama", "/comparer on", "/b /recette 2017", "/b /couches 1"},
        {"/presentateur on", "/melanger", "/panneau lentille"},
        {"/lecon ouvrir transformer-bloc", "/lecon suivant", "/lecon reveler", "/lecon suivant", "/couches 3", "/vue tete 2"},
        {"/lecon ouvrir transformer-bloc", "/lecon suivant", "/lecon suivant", "/lecon suivant", "/lecon suivant", "/lecon suivant",
         "/lecon suivant", "/lecon reveler", "/couches 1", "/dimension 16", "/tetes 8 2", "/comparer on", "/b /couches 2"},
        {"/lecon ouvrir transformer-bloc", "/recette gpt2", "/theme clair", "/presentateur on"},
    };
    for (const Lines& state : states) {
        Linked t(state);
        std::string what;
        for (const std::string& line : state) what += line + "; ";
        expect_same_state(t, what);
        if (std::getenv("TB_SHOW_LINKS")) std::printf("%s\n  %s\n", what.c_str(), t.reply.c_str());
    }
}

TEST(ViewLink, TheReplyTheClipboardAndWhatALinkLeavesOut) {
    Linked simple({"/couches 3"});
    EXPECT_EQ(simple.reply, "lien : #/couches%203 ; copié dans le presse-papiers");
    EXPECT_EQ(simple.fragment, "#/couches%203");
    // Text grown by keys (Ctrl +) comes back as the same float.
    Linked grown({});
    grown.a.features.playback().force_text_scale(1.1f * 1.1f);
    ASSERT_TRUE(grown.a.run("/lien").ok);
    const LinkLines read = read_link(grown.a.features.take_clipboard().value_or(""));
    ASSERT_FALSE(read.error);
    grown.run_all(grown.b, read.lines);
    EXPECT_EQ(grown.b.features.playback().text_scale(), 1.1f * 1.1f);
    // A lesson opened from a file is not in the link, and the reply says so.
    const auto copy = test::scratch("view_link", "ma-lecon.txt");
    std::filesystem::copy_file(TB_ASSETS_DIR "/lessons/transformer-bloc.txt", copy, std::filesystem::copy_options::overwrite_existing);
    Linked from_file({"/lecon ouvrir " + copy.string(), "/couches 4"});
    EXPECT_EQ(from_file.fragment.find("lecon"), std::string::npos) << from_file.fragment;
    EXPECT_FALSE(from_file.b.features.teaching().lesson().is_open());
    EXPECT_EQ(trace_text(*from_file.a.session.trace()), trace_text(*from_file.b.session.trace()));  // its state, though
    EXPECT_NE(from_file.reply.find("la leçon ouverte vient d'un fichier : elle n'est pas dans le lien"), std::string::npos)
        << from_file.reply;
}

}  // namespace
}  // namespace tb
