// Generation headless (channel.md §7, cli.md "The generation log"): the seeded draw is the same in
// two processes, word for word and log byte for byte; /generer without the causal mask is refused
// (exit status 2, French, nothing after it runs).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_support.h"

namespace tb::cli_test {
namespace {

// The reply without the lines naming the log's file (its path differs between the runs).
std::string without_paths(const std::string& out) {
    std::istringstream in(out);
    std::string line, kept;
    while (std::getline(in, line))
        if (line.find("generation-") == std::string::npos) kept += line + "\n";
    return kept;
}

TEST(CliGeneration, TheSeededDrawIsTheSameInTwoProcesses) {
    const std::string script = "/masque causal; /couches 1; /tetes 2 1; /entrainer 20; /temperature 1,3; /phrase le chat; /generer 3; /generer 2";
    const std::string a = temp_path("generation-a-" + std::to_string(getpid()) + ".json");
    const std::string b = temp_path("generation-b-" + std::to_string(getpid()) + ".json");
    const auto first = run("--headless --run '" + script + "; /exporter generation " + a + "'");
    const auto second = run("--headless --run '" + script + "; /exporter generation " + b + "'");
    ASSERT_EQ(first.status, 0) << first.err;
    ASSERT_EQ(second.status, 0) << second.err;
    EXPECT_NE(first.out.find("mot 2 (position 5) : «"), std::string::npos) << first.out;
    EXPECT_EQ(without_paths(first.out), without_paths(second.out));
    const std::string log = read_file(a);
    EXPECT_EQ(log, read_file(b));
    const auto json = nlohmann::json::parse(log);
    EXPECT_EQ(json["sampling"]["first_draw"], 4);
    EXPECT_EQ(json["prompt"].size(), 5u);
    EXPECT_EQ(json["steps"].size(), 2u);
    std::remove(a.c_str());
    std::remove(b.c_str());
}

// A saved session carries its generation to another process: the log written there is the one
// written before saving, byte for byte, and a next /generer continues the same draws.
TEST(CliGeneration, ASavedSessionReopensItsGenerationInAnotherProcess) {
    const std::string id = std::to_string(getpid());
    const std::string session = temp_path("generation-session-" + id + ".json");
    const std::string before = temp_path("generation-before-" + id + ".json"), after = temp_path("generation-after-" + id + ".json");
    const std::string script = "/masque causal; /couches 1; /entrainer 30; /temperature 0,8; /phrase le chat; /generer 3";
    const auto saved = run("--headless --run '" + script + "; /exporter generation " + before + "; /session enregistrer " + session + "'");
    ASSERT_EQ(saved.status, 0) << saved.err;
    const auto opened = run("--headless --run '/session ouvrir " + session + "; /exporter generation " + after + "'");
    ASSERT_EQ(opened.status, 0) << opened.err;
    EXPECT_NE(opened.out.find("dernière génération refaite, les mêmes 3 mots"), std::string::npos) << opened.out;
    EXPECT_EQ(read_file(after), read_file(before));
    // One word more in each: the session that never closed and the reopened one draw the same (draw 4).
    const auto continued = run("--headless --run '" + script + "; /generer 1; /exporter generation " + before + "'");
    const auto reopened = run("--headless --run '/session ouvrir " + session + "; /generer 1; /exporter generation " + after + "'");
    ASSERT_EQ(continued.status, 0) << continued.err;
    ASSERT_EQ(reopened.status, 0) << reopened.err;
    EXPECT_EQ(nlohmann::json::parse(read_file(after))["sampling"]["first_draw"], 4);
    EXPECT_EQ(read_file(after), read_file(before));
    for (const std::string& f : {session, before, after}) std::remove(f.c_str());
}

TEST(CliGeneration, RefusedWithoutTheCausalMask) {
    const auto r = run("--headless --run '/phrase le chat; /generer 2; /couches 3'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("/generer a besoin de /masque causal"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("L = 3"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tb::cli_test
