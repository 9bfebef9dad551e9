// What reads the settings table instead of a copy beside it: the /residuel reply (the strip's one
// formula writer), /reinit's help, /tetes and /phrase's limits, the controls' order, the end of a
// training run. Expected values from channel.md and seed 002, written here by hand.
#include "model/settings_table.h"
#include "../support.h"

namespace tb {
namespace {

std::string reply(const std::string& script, const std::string& line) {
    Session s = test::session(script);
    return test::registry().execute(s, line).message;
}

std::string ends_with(const std::string& text, std::size_t n) { return text.size() < n ? text : text.substr(text.size() - n); }

TEST(TablesTruth, ResidualReplyWritesTheWiredNorm) {
    const std::string rms_off = "x ← F(RMSNorm(x))";
    EXPECT_EQ(ends_with(reply("/normalisation rmsnorm", "/residuel off"), rms_off.size()), rms_off);
    const std::string rms_post = "x ← RMSNorm(x + F(x))";
    EXPECT_EQ(ends_with(reply("/normalisation rmsnorm; /norme post; /residuel off", "/residuel on"), rms_post.size()), rms_post);
    const std::string post_off = "x ← LN(F(x))";
    EXPECT_EQ(ends_with(reply("/norme post", "/residuel off"), post_off.size()), post_off);
    const std::string none_off = ": x ← F(x)";
    EXPECT_EQ(ends_with(reply("/norme aucune", "/residuel off"), none_off.size()), none_off);
    const std::string pre_on = ": x ← x + F(LN(x))";
    EXPECT_EQ(ends_with(reply("/residuel off", "/residuel on"), pre_on.size()), pre_on);
}

TEST(TablesTruth, ReinitHelpListsTheStartUpValues) {
    const Command* reinit = test::registry().find("reinit");
    ASSERT_NE(reinit, nullptr);
    // settings.h's start-up values (channel.md section 1), each as the command that sets it.
    for (const char* part : {"/couches 2", "/position sinus", "/residuel on", "/norme pre", "/ffn 32", "/dimension 8",
                             "/masque aucun", "/activation gelu", "/normalisation layernorm", "/tetes 2 2", "/etape 5",
                             "/graine 2017", "/lot 16", "/echauffement 0", "/phrase le chat regarde le chien"}) {
        EXPECT_NE(reinit->help.find(part), std::string::npos) << part << " in " << reinit->help;
        EXPECT_NE(reinit->help_en.find(part), std::string::npos) << part << " in " << reinit->help_en;
    }
    // Each language writes its decimals (cli.md's number rule).
    EXPECT_NE(reinit->help.find("/taux 0,003"), std::string::npos) << reinit->help;
    EXPECT_NE(reinit->help_en.find("/taux 0.003"), std::string::npos) << reinit->help_en;
}

TEST(TablesTruth, HeadsAndSentenceLimitsFromTheirRule) {
    // d_h = d/h even: at d = 8, h = 1, 2, 4; at d = 16, h = 1, 2, 4, 8.
    EXPECT_NE(test::registry().find("tetes")->help.find("1, 2, 4 à d = 8 ; 1, 2, 4, 8 à d = 16"), std::string::npos)
        << test::registry().find("tetes")->help;
    EXPECT_NE(reply("", "/tetes 8").find("h = 1, 2 ou 4 à d = 8"), std::string::npos);
    EXPECT_NE(reply("/dimension 16", "/tetes 3").find("h = 1, 2, 4 ou 8 à d = 16"), std::string::npos);
    EXPECT_NE(reply("/tetes 4", "/tetes 4 3").find("h_kv qui divise h = 4"), std::string::npos);
    EXPECT_EQ(values_that_fit(*find_setting("heads"), test::settings("/dimension 16")), (std::vector<int>{1, 2, 4, 8}));
    EXPECT_EQ(values_that_fit(*find_setting("kv_heads"), test::settings("/dimension 16; /tetes 8")), (std::vector<int>{1, 2, 4, 8}));
    EXPECT_NE(test::registry().find("phrase")->help.find("2 à 8 mots"), std::string::npos);  // kMinWords, n_max
    EXPECT_NE(reply("", "/phrase un").find("de 2 à 8 mots"), std::string::npos);
}

TEST(TablesTruth, ControlsInTheirRowOrder) {
    // The block's size, then its wiring as seed 002's table lists it, the mask, the sentence; then
    // the step, which has a control and no row number.
    std::vector<std::string> keys;
    for (const SettingEntry* e : control_rows()) keys.push_back(e->key);
    EXPECT_EQ(keys, (std::vector<std::string>{"layers", "dimension", "ffn", "position", "norm", "norm_type", "residual", "heads",
                                              "activation", "mask", "sentence", "step"}));
}

TEST(TablesTruth, WhatEndsATrainingRun) {
    const Settings a;
    for (const char* script : {"/lot 8", "/taux 0.01", "/echauffement 50"}) EXPECT_TRUE(ends_training_run(a, test::settings(script))) << script;
    for (const char* script : {"/etape 2", "/phrase le chien regarde le chat", "/couches 3"})
        EXPECT_FALSE(ends_training_run(a, test::settings(script))) << script;
}

}  // namespace
}  // namespace tb
