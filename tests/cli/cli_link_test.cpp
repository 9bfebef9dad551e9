// /exporter trace and /lien through the command line: the trace an export writes is the file
// --trace writes, byte for byte; a link printed headless rebuilds the same trace in a fresh process.
#include "cli_support.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace {

using namespace tb::cli_test;
namespace fs = std::filesystem;

std::string scratch(const std::string& name) { return temp_path("link_" + std::to_string(getpid()) + "_" + name); }

// The same state written by /exporter trace (during the run) and by --trace (at the end): the same
// bytes, whatever the state (a changed model, a sentence with accents, a trained model).
TEST(CliExportTrace, WritesExactlyWhatTraceWrites) {
    const std::string states[] = {"/couches 3", "/norme post;/phrase l'élève regarde la mer;/etape 2",
                                  "/masque causal;/corpus grammaire;/entrainer 4"};
    int k = 0;
    for (const std::string& state : states) {
        const std::string a = scratch("a" + std::to_string(k) + ".json"), b = scratch("b" + std::to_string(k++) + ".json");
        const auto exported = run("--headless --run \"" + state + ";/exporter trace " + a + "\"");
        ASSERT_EQ(exported.status, 0) << state << exported.err;
        EXPECT_NE(exported.out.find("trace (JSON, comme --trace) écrite dans « " + a + " »"), std::string::npos) << exported.out;
        const auto traced = run("--headless --run \"" + state + "\" --trace " + b);
        ASSERT_EQ(traced.status, 0) << state << traced.err;
        const std::string bytes = read_file(a);
        EXPECT_GT(bytes.size(), 1000u) << state;
        EXPECT_EQ(bytes, read_file(b)) << state;
        std::remove(a.c_str()), std::remove(b.c_str());
    }
}

// Refused as the other exports are: a missing folder, nothing written, exit status 2, the line
// named (the read-only file and the diverged model: cli_hardening_test.cpp).
TEST(CliExportTrace, RefusedWhereNothingMayBeWritten) {
    const std::string missing = scratch("absent") + "/t.json";
    const auto r = run("--headless --run '/exporter trace " + missing + "; /couches 4'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("/exporter : impossible d'écrire dans « " + missing + " »"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(missing));
    const auto empty = run("--headless --run '/exporter trace'");
    EXPECT_EQ(empty.status, 2);
    EXPECT_NE(empty.err.find("/exporter attend"), std::string::npos) << empty.err;
}

}  // namespace
