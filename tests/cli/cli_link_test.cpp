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

// The test's own reading of a fragment (RFC 3986 percent-decoding, pieces cut at each ';'), shared
// with nothing of the program's, the lines joined by new lines as --run takes them.
std::string lines_of(const std::string& fragment) {
    std::string out;
    for (std::size_t i = 1; i < fragment.size(); ++i) {
        if (fragment[i] == ';') out += '\n';
        else if (fragment[i] == '%') out += static_cast<char>(std::stoi(fragment.substr(i + 1, 2), nullptr, 16)), i += 2;
        else out += fragment[i];
    }
    return out;
}

// Headless, /lien prints the model's part of the state as a fragment; run in a fresh process, its
// lines give the same trace file.
TEST(CliLink, HeadlessPrintsALinkThatRebuildsTheTrace) {
    const std::string a = scratch("link_a.json"), b = scratch("link_b.json");
    const auto linked = run("--headless --run \"/couches 3;/residuel off;/graine 99;/phrase l'élève regarde la mer;/etape 4;/lien\" --trace " + a);
    ASSERT_EQ(linked.status, 0) << linked.err;
    const std::string fragment = "#/couches%203;/residuel%20off;/phrase%20l'%C3%A9l%C3%A8ve%20regarde%20la%20mer;/graine%2099;/etape%204";
    EXPECT_NE(linked.out.find("lien : " + fragment + "\n"), std::string::npos) << linked.out;
    const auto rebuilt = run("--headless --run \"" + lines_of(fragment) + "\" --trace " + b);
    ASSERT_EQ(rebuilt.status, 0) << rebuilt.err;
    EXPECT_EQ(read_file(a), read_file(b));
    EXPECT_NE(run("--lang en --headless --run '/couches 3;/lien'").out.find("link: #/couches%203\n"), std::string::npos);
    std::remove(a.c_str()), std::remove(b.c_str());
}

}  // namespace
