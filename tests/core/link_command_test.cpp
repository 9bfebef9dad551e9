// /lien's model part (core/commands/link_command.h): the lines that rebuild the settings, written by hand
// from the settings table's commands and ties, and the round trip a link exists for: its lines run
// on a fresh session give the same trace file.
#include <gtest/gtest.h>

#include "../support.h"
#include "commands/link.h"
#include "commands/link_command.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using Lines = std::vector<std::string>;

TEST(LinkLines, OnlyWhatDiffersFromStartUpTheStepLast) {
    EXPECT_EQ(settings_lines(Settings{}, Settings{}), Lines{});
    Settings s;
    s.layers = 3, s.step = 7;  // L = 3 at the top: /couches keeps a top step at the top
    s.residual = false;
    s.seed = 99;
    EXPECT_EQ(settings_lines(Settings{}, s), (Lines{"/couches 3", "/residuel off", "/graine 99"}));
    s.step = 4;
    EXPECT_EQ(settings_lines(Settings{}, s), (Lines{"/couches 3", "/residuel off", "/graine 99", "/etape 4"}));
    Settings t;
    t.learning_rate = 0.0005, t.batch_size = 8, t.sentence = "l'élève ; regarde", t.position = Position::Learned, t.step = 0;
    t.warmup_steps = 40;
    EXPECT_EQ(settings_lines(Settings{}, t),
              (Lines{"/position appris", "/phrase l'élève ; regarde", "/lot 8", "/taux 0,0005", "/echauffement 40", "/etape 0"}));
}

// d = 16 with h = 8 is reached through /dimension first; back to d = 8, /tetes first (h = 8 does
// not split d = 8 into even heads).
TEST(LinkLines, EveryIntermediateStateIsValid) {
    Settings wide;
    wide.dimension = 16, wide.heads = 8, wide.kv_heads = 2;
    EXPECT_EQ(settings_lines(Settings{}, wide), (Lines{"/dimension 16", "/tetes 8 2"}));
    EXPECT_EQ(settings_lines(wide, Settings{}), (Lines{"/tetes 2 2", "/dimension 8"}));
    // Only the entries kept: side B's overrides, no step.
    Settings b = wide;
    b.layers = 4, b.step = 3;
    const auto only_layers = [](const SettingEntry& e) { return e.key == "layers"; };
    EXPECT_EQ(settings_lines(Settings{}, b, only_layers), Lines{"/couches 4"});
}

TEST(LinkLines, DecimalsReadBackExactly) {
    EXPECT_EQ(link_decimal(0.003), "0,003");
    EXPECT_EQ(link_decimal(0.00001), "0,00001");
    EXPECT_EQ(link_decimal(2.0), "2");
    EXPECT_EQ(link_decimal(1.8), "1,8");
    EXPECT_EQ(link_decimal(1.5f), "1,5");
    EXPECT_EQ(link_decimal(0.1f), "0,1");  // not 0,100000001490116 (the float's double)
    const float grown = 1.1f * 1.1f * 1.1f;  // Ctrl + three times, say
    const auto back = parse_decimal(link_decimal(grown));
    ASSERT_TRUE(back);
    EXPECT_EQ(static_cast<float>(*back), grown);
}

// Runs `script` on a fresh session with /lien registered, then the link's lines on another.
struct RoundTrip {
    Session a{test::vocabulary()}, b{test::vocabulary()};
    CommandRegistry registry;
    std::string reply;
    explicit RoundTrip(const std::string& script) {
        add_link_command(registry);
        for (const auto& r : run_script(registry, a, script)) EXPECT_TRUE(r.ok) << script << " : " << r.message;
        const CommandResult linked = registry.execute(a, "/lien");
        EXPECT_TRUE(linked.ok) << linked.message;
        reply = linked.message;
        const std::string fragment = reply.substr(reply.find('#'), reply.find_first_of(" ", reply.find('#')) - reply.find('#'));
        const LinkLines read = read_link(fragment);  // the policy lets every line through
        EXPECT_FALSE(read.error) << fragment << " : " << read.error->fr;
        for (const std::string& line : read.lines) {
            const CommandResult r = registry.execute(b, line);
            EXPECT_TRUE(r.ok) << line << " : " << r.message;
        }
    }
};

TEST(LinkCommand, ItsLinesRebuildTheSameTrace) {
    for (const std::string script : {"", "/couches 3; /residuel off; /norme post; /activation swiglu; /ffn 48; /lot 8; /taux 0,0005; /echauffement 25",
                                     "/graine 123456789012; /etape 2", "/dimension 16; /tetes 8 2; /position rope; /masque causal",
                                     "/recette llama; /couches 1; /etape 1", "/propager; /melanger", "/couches 6; /couches 1",
                                     "/normalisation rmsnorm; /norme aucune; /position aucun; /etape 0"}) {
        RoundTrip t(script);
        EXPECT_EQ(trace_text(*t.a.trace()), trace_text(*t.b.trace())) << script << "\n" << t.reply;
    }
    // The sentence is not a script line here: its ';' and '#' are its own.
    RoundTrip t("");
    Session a{test::vocabulary()}, b{test::vocabulary()};
    ASSERT_TRUE(t.registry.execute(a, "/phrase L'élève ; regarde 100% #1 [masque]").ok);
    const std::string reply = t.registry.execute(a, "/lien").message;
    EXPECT_EQ(reply, "lien : #/phrase%20L'%C3%A9l%C3%A8ve%20%3B%20regarde%20100%25%20%231%20%5Bmasque%5D");
    const LinkLines read = read_link(reply.substr(7));
    ASSERT_FALSE(read.error);
    for (const std::string& line : read.lines) EXPECT_TRUE(t.registry.execute(b, line).ok) << line;
    EXPECT_EQ(trace_text(*a.trace()), trace_text(*b.trace()));
}

// A teacher's link that generates: the policy lets /temperature, /cache and /generer through, and
// the lines run on a fresh session give what the same script gives typed.
TEST(LinkCommand, ALinkMayEndOnAGeneration) {
    const LinkLines read = read_link("#/masque%20causal;/temperature%200,8;/cache%20off;/phrase%20le%20chat;/generer%202");
    ASSERT_FALSE(read.error) << read.error->fr;
    EXPECT_EQ(read.lines, (Lines{"/masque causal", "/temperature 0,8", "/cache off", "/phrase le chat", "/generer 2"}));
    CommandRegistry registry;
    Session linked{test::vocabulary()};
    for (const std::string& line : read.lines) EXPECT_TRUE(registry.execute(linked, line).ok) << line;
    const Session typed = test::session("/masque causal; /temperature 0,8; /cache off; /phrase le chat; /generer 2");
    EXPECT_EQ(linked.generation().temperature, 0.8);
    EXPECT_FALSE(linked.generation().cache);
    EXPECT_EQ(linked.generation().draws, 2);  // two words drawn since « le chat »
    EXPECT_EQ(linked.settings().sentence, typed.settings().sentence);
    EXPECT_EQ(split_words(linked.settings().sentence).size(), 4u);
}

TEST(LinkCommand, SaysTheStartUpStateAndWhatALinkCannotHold) {
    RoundTrip start("");
    EXPECT_EQ(start.reply, "lien : # (l'état de départ)");
    RoundTrip trained("/couches 1; /entrainer 3");
    EXPECT_EQ(trained.reply, "lien : #/couches%201 ; les poids entraînés (3 pas) ne sont pas dans le lien : il redonne les "
                             "poids tirés de la graine");
    EXPECT_EQ(trained.b.trained_steps(), 0);
    trained.registry.set_language(Language::English);
    EXPECT_EQ(trained.registry.execute(trained.a, "/lien").message,
              "link: #/couches%201; the trained weights (3 steps) are not in the link: it gives back the weights drawn from the seed");
    EXPECT_FALSE(trained.registry.execute(trained.a, "/lien maintenant").ok);
}

}  // namespace
}  // namespace tb
