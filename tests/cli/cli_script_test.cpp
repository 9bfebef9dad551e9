// Scripts on the command line (--run, --script): what comes before the first command never makes
// the splitter read a piece that is not there (`--run ';x;y'` ended on SIGSEGV); every refusal is in
// French, exits with 2 and runs nothing.
#include "cli_support.h"

#include <gtest/gtest.h>

namespace {

using namespace tb::cli_test;

// Single quotes for the shell (popen's /bin/sh): newlines and carriage returns stay as they are.
std::string shell_quoted(const std::string& text) {
    std::string out = "'";
    for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

TEST(CliScript, NothingBeforeTheFirstCommandCrashesTheSplitter) {
    for (const char* script : {";x;y", ";x", " ;x", "\n;x", "\r\n;x", "# note\n;x", ";;x", ";\"a\"", ";é", ";//…",
                               ";/propager/couches"}) {
        const auto r = run("--headless --run " + shell_quoted(script));
        EXPECT_EQ(r.status, 2) << script << "\n" << r.err;
        const bool cut = std::string(script) == ";x;y";  // y cut from x: refused before anything runs
        const char* reason = cut ? "n'est pas une commande" : "commande inconnue";
        EXPECT_NE(r.err.find(reason), std::string::npos) << script << "\n" << r.err;
    }
}

TEST(CliScript, AScriptFileThatStartsWithASemicolonIsRefusedInFrench) {
    const std::string path = temp_path("semicolon_first.txt");
    std::ofstream(path, std::ios::binary) << ";x\n/couches 3\n";
    const auto r = run("--headless --script '" + path + "' --run /parametres");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("commande inconnue « x »"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("/couches 3"), std::string::npos) << "ran past the refusal:\n" << r.out;
    std::remove(path.c_str());
}

}  // namespace
