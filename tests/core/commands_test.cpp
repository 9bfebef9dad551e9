// The command language: every valid form changes what it says, every invalid form is refused
// with a French message naming what was expected and what was received, and changes nothing.
#include <string>

#include "../support.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using test::registry;
using test::session;

CommandResult run(Session& s, const std::string& line) { return registry().execute(s, line); }

TEST(Commands, ValidFormsChangeTheSetting) {
    auto s = session();
    EXPECT_TRUE(run(s, "/couches 6").ok);
    EXPECT_EQ(s.settings().layers, 6);
    EXPECT_TRUE(run(s, "couches 1").ok);  // the slash is optional
    EXPECT_EQ(s.settings().layers, 1);
    EXPECT_TRUE(run(s, "/COUCHES   3  ").ok);
    EXPECT_EQ(s.settings().layers, 3);
    for (auto [line, value] : {std::pair{"/position appris", Position::Learned}, {"/Position AUCUN", Position::None},
                               {"/position sinus", Position::Sinus}}) {
        EXPECT_TRUE(run(s, line).ok) << line;
        EXPECT_EQ(s.settings().position, value) << line;
    }
    EXPECT_TRUE(run(s, "/résiduel OFF").ok);  // accents and case do not matter
    EXPECT_FALSE(s.settings().residual);
    EXPECT_TRUE(run(s, "/residuel on").ok);
    EXPECT_TRUE(s.settings().residual);
    for (auto [line, value] : {std::pair{"/norme post", Norm::Post}, {"/norme aucune", Norm::None},
                               {"/norme pré", Norm::Pre}}) {
        EXPECT_TRUE(run(s, line).ok) << line;
        EXPECT_EQ(s.settings().norm, value) << line;
    }
    EXPECT_TRUE(run(s, "/ffn 8").ok);
    EXPECT_TRUE(run(s, "/ffn 64").ok);
    EXPECT_EQ(s.settings().ffn, 64);
    EXPECT_TRUE(run(s, "/dimension 16").ok);
    EXPECT_EQ(s.settings().dimension, 16);
    EXPECT_TRUE(run(s, "/phrase le chien regarde le chat").ok);
    EXPECT_EQ(s.settings().sentence, "le chien regarde le chat");
    EXPECT_TRUE(run(s, "/masque causal").ok);
    EXPECT_EQ(s.settings().mask, Mask::Causal);
    EXPECT_TRUE(run(s, "/masque aucun").ok);
    EXPECT_EQ(s.settings().mask, Mask::None);
    EXPECT_TRUE(run(s, "/activation ReLU").ok);
    EXPECT_EQ(s.settings().activation, Activation::Relu);
    EXPECT_TRUE(run(s, "/activation gelu").ok);
    EXPECT_EQ(s.settings().activation, Activation::Gelu);
    EXPECT_TRUE(run(s, "/étape 2").ok);
    EXPECT_EQ(s.settings().step, 2);
    EXPECT_TRUE(run(s, "/graine 18446744073709551615").ok);
    EXPECT_EQ(s.settings().seed, 18446744073709551615ull);
    EXPECT_TRUE(run(s, "/propager").ok);
    EXPECT_NE(s.settings().seed, 18446744073709551615ull);
    EXPECT_TRUE(run(s, "/paramètres").ok);
    EXPECT_TRUE(run(s, "/aide").ok);
    EXPECT_TRUE(run(s, "/aide couches").ok);
    EXPECT_TRUE(run(s, "/reinit").ok);
    EXPECT_TRUE(to_json(*s.trace()) == to_json(*session().trace())) << "/reinit is the start-up state";
}

TEST(Commands, ParametresReportsTheBreakdown) {
    auto s = session();
    const auto r = run(s, "/parametres");
    ASSERT_TRUE(r.ok);
    EXPECT_NE(r.message.find("total: " + std::to_string(s.trace()->parameters.total)), std::string::npos);
}

TEST(Commands, StepFollowsTheLayers) {
    auto s = session();
    EXPECT_EQ(s.settings().step, 5);  // 2L+1: all the way up
    run(s, "/couches 6");
    EXPECT_EQ(s.settings().step, 13);  // a step at the top stays at the top
    run(s, "/etape 9");
    run(s, "/couches 3");
    EXPECT_EQ(s.settings().step, 7);  // lowering L clamps
    run(s, "/etape 2");
    run(s, "/couches 5");
    EXPECT_EQ(s.settings().step, 2);
    EXPECT_FALSE(run(s, "/etape 12").ok);  // above 2L+1 = 11
    EXPECT_TRUE(run(s, "/etape 11").ok);
}

TEST(Commands, UnknownWordsAreReplacedAndNamed) {
    auto s = session();
    const auto r = run(s, "/phrase le chat regarde xyzzy");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_NE(r.message.find("« xyzzy »"), std::string::npos) << r.message;
    EXPECT_NE(r.message.find("inconnu"), std::string::npos);
    EXPECT_FALSE(s.trace()->tokens[3].known);
    EXPECT_EQ(s.trace()->tokens[3].id, 0);
}

TEST(Commands, TheChannelExampleMessage) {
    auto s = session();
    EXPECT_EQ(run(s, "/couches 9").message, "/couches attend un entier de 1 à 6 (reçu « 9 »)");
}

TEST(Commands, TyposGetASuggestion) {
    auto s = session();
    const auto r = run(s, "/couche 3");
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("vouliez-vous dire /couches ?"), std::string::npos) << r.message;
    EXPECT_NE(run(s, "/residual off").message.find("/residuel"), std::string::npos);
    EXPECT_NE(run(s, "/propage").message.find("/propager"), std::string::npos);
    EXPECT_EQ(run(s, "/zzzzzzzz").message.find("vouliez-vous"), std::string::npos);  // nothing close
}

// Every one of these must be refused with a French message and leave the session exactly as it was.
TEST(Commands, InvalidFormsChangeNothing) {
    const std::string long_line = "/phrase " + std::string(10000, 'a');
    const std::string invalid_utf8 = "/phrase le chat \xC3\x28 regarde";
    const std::string truncated_utf8 = "/couches 3\xE2\x82";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"/couches 0", "entier de 1 à 6"},      {"/couches 7", "entier de 1 à 6"},
        {"/couches -1", "entier de 1 à 6"},     {"/couches trois", "(reçu « trois »)"},
        {"/couches 2.5", "entier"},             {"/couches", "(rien reçu)"},
        {"/couches 3 4", "(reçu « 3 4 »)"},     {"/couches 99999999999999999999", "entier"},
        {"/position cosinus", "sinus, appris, aucun, rope ou alibi"}, {"/position", "rien reçu"},
        {"/residuel peut-être", "on ou off"},  {"/residuel", "rien reçu"},
        {"/residuel on off", "on ou off"},
        {"/norme milieu", "pre, post ou aucune"}, {"/norme", "rien reçu"},
        {"/ffn 7", "entier de 8 à 64"},         {"/ffn 65", "entier de 8 à 64"},
        {"/ffn x", "entier de 8 à 64"},
        {"/dimension 12", "8 ou 16"},           {"/dimension", "8 ou 16"},
        {"/phrase chat", "de 2 à 8 mots (reçu 1 mot"},
        {"/phrase un deux trois quatre cinq six sept huit neuf", "de 2 à 8 mots (reçu 9 mots"},
        {"/phrase", "de 2 à 8 mots"},
        {"/phrase l'homme l'homme l'homme l'homme l'homme", "de 2 à 8 mots (reçu 10 mots"},
        {"/etape 8", "entier de 0 à 7"},        {"/etape -1", "entier de 0 à 7"},
        {"/etape", "rien reçu"},
        {"/graine -3", "entier de 0 à"},        {"/graine 18446744073709551616", "entier de 0 à"},
        {"/graine abc", "(reçu « abc »)"},
        {"/propager maintenant", "n'attend pas d'argument"},
        {"/reinit tout", "n'attend pas d'argument"},
        {"/parametres 3", "n'attend pas d'argument"},
        {"/aide inexistante", "le nom d'une commande"},
        {"/masque partiel", "aucun ou causal"},  {"/masque", "rien reçu"},
        {"/activation tanh", "gelu, relu, swiglu ou geglu"},    {"/activation", "rien reçu"},
        {"/normalisation batchnorm", "/normalisation attend layernorm ou rmsnorm (reçu « batchnorm »)"},
        {"/normalisation", "rien reçu"},        {"/normalisation rmsnorm layernorm", "normalisation"},
        {"/inconnue", "commande inconnue"},
        {long_line, "ligne trop longue"},
        {invalid_utf8, "UTF-8"},
        {truncated_utf8, "UTF-8"},
    };
    auto s = session("/couches 3; /norme post; /etape 4; /graine 77");
    const auto before = to_json(*s.trace()).dump();
    const auto replays = s.replay_count();
    for (const auto& [line, expected] : cases) {
        const auto r = run(s, line);
        EXPECT_FALSE(r.ok) << line.substr(0, 60);
        EXPECT_NE(r.message.find(expected), std::string::npos) << line.substr(0, 60) << " -> " << r.message;
        EXPECT_LT(r.message.size(), 400u) << "a message the class can read";
        EXPECT_TRUE(to_json(*s.trace()).dump() == before) << "changed by " << line.substr(0, 60);
    }
    EXPECT_EQ(s.replay_count(), replays);
}

TEST(Commands, ErrorMessagesQuoteLongInputShortly) {
    auto s = session();
    const auto r = run(s, "/couches " + std::string(300, '9'));
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.message.find("…"), std::string::npos);
    EXPECT_LT(r.message.size(), 150u);
}

TEST(Commands, EveryChangeReplaysButTheStep) {
    auto s = session();
    auto count = s.replay_count();
    for (const char* line : {"/couches 3", "/position appris", "/residuel off", "/norme post", "/ffn 16",
                             "/dimension 16", "/phrase le chien dort", "/propager", "/graine 4", "/reinit"}) {
        run(s, line);
        EXPECT_EQ(s.replay_count(), ++count) << line;
        EXPECT_TRUE(s.previous_trace());
    }
    run(s, "/etape 1");
    EXPECT_EQ(s.replay_count(), count);
}

TEST(Commands, CompletionAndHelp) {
    const auto& r = registry();
    EXPECT_EQ(r.complete("/cou"), std::vector<std::string>{"/couches "});
    EXPECT_EQ(r.complete("/norme p"), (std::vector<std::string>{"/norme pre", "/norme post"}));
    EXPECT_EQ(r.complete("/résiduel o"), (std::vector<std::string>{"/residuel on", "/residuel off"}));
    const std::string help = r.help_text();
    for (const auto& c : r.commands()) EXPECT_NE(help.find(c.usage), std::string::npos) << c.name;
    for (const char* name : {"propager", "couches", "position", "residuel", "norme", "ffn", "dimension", "phrase",
                             "etape", "parametres", "reinit", "graine", "aide", "masque", "activation", "langue",
                             "melanger", "normalisation"})
        EXPECT_TRUE(r.find(name)) << name;
}

TEST(Commands, EnglishRepliesAfterLangue) {
    CommandRegistry r;
    auto s = session();
    EXPECT_TRUE(r.execute(s, "/langue en").ok);
    EXPECT_EQ(r.language(), Language::English);
    EXPECT_EQ(r.execute(s, "/couches 9").message, "/couches expects an integer from 1 to 6 (got “9”)");  // English quotes in English (issue 34)
    EXPECT_NE(r.execute(s, "/couche 3").message.find("did you mean /couches?"), std::string::npos);
    EXPECT_EQ(r.execute(s, "/residuel off").message, "residual connection cut: x ← F(LN(x))");  // pre-norm: F reads LN(x)
    EXPECT_NE(r.help_text().find("Number L of stacked blocks."), std::string::npos);
    for (const auto& c : r.commands()) EXPECT_FALSE(c.help_en.empty()) << c.name << " has no English help";
    EXPECT_FALSE(r.execute(s, "/langue de").ok);
    EXPECT_EQ(r.language(), Language::English);  // a refused /langue changes nothing
    EXPECT_TRUE(r.execute(s, "/langue Français").ok);
    EXPECT_EQ(r.execute(s, "/couches 9").message, "/couches attend un entier de 1 à 6 (reçu « 9 »)");
}

TEST(Commands, Scripts) {
    EXPECT_EQ(split_script("/couches 3; /norme post\n# a comment\n/ffn 16 # trailing\n\n"),
              (std::vector<std::string>{"/couches 3", "/norme post", "/ffn 16"}));
    auto s = session();
    const auto results = run_script(registry(), s, "/couches 3; /couches 9; /norme post");
    ASSERT_EQ(results.size(), 2u);  // stops at the first failure
    EXPECT_FALSE(results.back().ok);
    EXPECT_EQ(s.settings().norm, Norm::Pre);
    EXPECT_EQ(s.settings().layers, 3);
}

}  // namespace
}  // namespace tb
