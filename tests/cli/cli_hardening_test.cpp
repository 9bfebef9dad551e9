// The writers and the echoed text under hostile input, through the command line (issue 31): a
// diverged model is never exported as "nan", a read-only file is never replaced (as root too),
// control characters never reach the terminal raw, a CR-only corpus is read line by line.
#include "cli_support.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

using namespace tb::cli_test;
namespace fs = std::filesystem;

const char kEsc[] = "\x1b[31m";  // the colour red on a terminal

// A fresh folder of this test process.
std::string folder(const std::string& name) {
    const std::string dir = temp_path("hardening_" + std::to_string(getpid()) + "_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// `path` holding `text`, its mode bits `mode` (chmod).
void protect(const std::string& path, const std::string& text, mode_t mode) {
    write(path, text);
    ASSERT_EQ(::chmod(path.c_str(), mode), 0);
}

mode_t mode_of(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

// The model of the issue: no norm, GeGLU, a rate of 1, six blocks: its stream overflows.
const std::string kDiverged = "/norme aucune; /activation geglu; /taux 1; /couches 6; /dimension 16; /ffn 64; /entrainer 300";

TEST(CliHardening, ADivergedModelIsNeverExportedAsNan) {
    const std::string dir = folder("nan");
    // The log and the breakdown read no diverged value (the log ends at its last finite step):
    // they are written; the profile is refused, and nothing after it runs.
    const auto r = run("--headless --run '" + kDiverged + "; /exporter entrainement " + dir + "/log.json; /exporter parametres " +
                       dir + "/p.md; /exporter profil " + dir + "/p.csv; /exporter fiche " + dir + "/after.md'");
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("/exporter : le modèle a divergé, une valeur non finie (NaN ou infini) dès le niveau "), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("rien n'a été écrit"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/p.csv"));
    EXPECT_FALSE(fs::exists(dir + "/after.md"));
    ASSERT_TRUE(fs::exists(dir + "/log.json")) << r.err;
    const std::string log = read_file(dir + "/log.json");
    EXPECT_EQ(log.find("nan"), std::string::npos);
    EXPECT_EQ(log.find("inf"), std::string::npos);
    EXPECT_TRUE(fs::exists(dir + "/p.md"));
    // The trace refuses the same model, so does every export of its values (the SVG included).
    for (const std::string kind : {"lentille", "neurones", "svg", "trace"}) {
        const std::string target = dir + "/out." + kind;
        const auto e = run("--headless --run '" + kDiverged + "; /exporter " + kind + " " + target + "'");
        EXPECT_EQ(e.status, 2) << kind << e.err;
        EXPECT_NE(e.err.find("le modèle a divergé"), std::string::npos) << kind << e.err;
        EXPECT_FALSE(fs::exists(target)) << kind;
    }
    const auto trace = run("--headless --run '" + kDiverged + "' --trace " + dir + "/t.json");
    EXPECT_EQ(trace.status, 2);
    EXPECT_NE(trace.err.find("non finie"), std::string::npos) << trace.err;
}

TEST(CliHardening, AReadOnlyFileIsRefusedByEveryWriterEvenForRoot) {
    const std::string dir = folder("readonly");
    const std::string quoted = "« " + dir + "/ro";
    const std::string said = " » est en lecture seule : rien n'a été écrit (chmod u+w pour l'autoriser)";
    const std::string runs[] = {"/exporter profil", "/exporter svg", "/exporter lentille", "/exporter neurones", "/exporter parametres",
                                "/exporter fiche", "/exporter trace", "/session enregistrer", "/entrainer 2; /exporter entrainement"};
    for (const std::string& command : runs) {
        protect(dir + "/ro", "precious", 0444);
        const auto r = run("--headless --run '" + command + " " + dir + "/ro'");
        EXPECT_EQ(r.status, 2) << command << r.out;
        EXPECT_NE(r.err.find(quoted + said), std::string::npos) << command << r.err;
        EXPECT_EQ(read_file(dir + "/ro"), "precious") << command;
        EXPECT_EQ(mode_of(dir + "/ro"), 0444u) << command;
    }
    // --trace and --screenshot: refused before anything runs (no window opened for the screenshot).
    protect(dir + "/ro", "precious", 0400);
    const auto trace = run("--headless --run '/entrainer 5' --trace " + dir + "/ro");
    EXPECT_EQ(trace.status, 2);
    EXPECT_NE(trace.err.find("trace non écrite : " + quoted + said), std::string::npos) << trace.err;
    EXPECT_EQ(trace.out.find("step"), std::string::npos) << trace.out;  // refused before training
    const auto shot = run("--fresh --screenshot " + dir + "/ro");
    EXPECT_EQ(shot.status, 2);
    EXPECT_NE(shot.err.find("--screenshot : " + quoted + said), std::string::npos) << shot.err;
    EXPECT_EQ(read_file(dir + "/ro"), "precious");
    // Through a link: the file it points to is protected the same way; in English, said in English.
    fs::create_symlink(dir + "/ro", dir + "/link.csv");
    const auto english = run("--lang en --headless --run '/exporter profil " + dir + "/link.csv'");
    EXPECT_EQ(english.status, 2);
    EXPECT_NE(english.err.find("“" + dir + "/link.csv” is read-only: nothing was written (chmod u+w to allow it)"),
              std::string::npos)
        << english.err;
    EXPECT_EQ(read_file(dir + "/ro"), "precious");
    // A writable file is still replaced, its mode kept.
    protect(dir + "/rw.csv", "old", 0640);
    EXPECT_EQ(run("--headless --run '/exporter profil " + dir + "/rw.csv'").status, 0);
    EXPECT_EQ(read_file(dir + "/rw.csv").rfind("index,nom", 0), 0u);
    EXPECT_EQ(mode_of(dir + "/rw.csv"), 0640u);
}

TEST(CliHardening, ControlCharactersInNamesAreShownNeverSentRaw) {
    const std::string dir = folder("control");
    const std::string name = dir + "/a" + kEsc + "b";
    // An export's name: written under its true name, echoed with ESC made visible.
    const auto r = run("--headless --run '/exporter profil " + name + ".csv'");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(name + ".csv"));
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("« " + dir + "/a\\x1b[31mb.csv »"), std::string::npos) << r.out;
    // A corpus's name, with a C1 control (U+009B, the one-byte CSI) and DEL besides.
    const std::string corpus = dir + "/c" + kEsc + "\xc2\x9b\x7f.txt";
    write(corpus, "le chat regarde le chien\nle chien regarde le chat\n");
    const auto c = run("--headless --run '/corpus ouvrir " + corpus + "; /entrainer 1'");
    EXPECT_EQ(c.status, 0) << c.err;
    EXPECT_EQ(c.out.find('\x1b'), std::string::npos) << c.out;
    EXPECT_EQ(c.out.find("\xc2\x9b"), std::string::npos) << c.out;
    EXPECT_EQ(c.out.find('\x7f'), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("c\\x1b[31m\\u009b\\x7f.txt »"), std::string::npos) << c.out;
    // A refusal names it the same way.
    const auto missing = run("--headless --run '/corpus ouvrir " + dir + "/none" + kEsc + ".txt'");
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(missing.err.find('\x1b'), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find("none\\x1b[31m.txt » introuvable"), std::string::npos) << missing.err;
}

// (A bidirectional override never reaches /phrase: a typed line drops it, utf8::normalize.)
TEST(CliHardening, APhraseWithAControlCharacterIsRefusedInFrench) {
    const std::string dir = folder("phrase");
    const struct {
        std::string typed, shown;
    } cases[] = {{std::string("le chat") + kEsc + " dort", "le chat\\x1b[31m dort"},
                 {"le chat\x7f dort", "le chat\\x7f dort"},
                 {"le chat\x01 dort", "le chat\\x01 dort"},
                 {"le chat\tdort", "le chat\\x09dort"},
                 {"le chat\xc2\x85 dort", "le chat\\u0085 dort"}};
    for (const auto& c : cases) {
        const auto r = run("--headless --run '/phrase " + c.typed + "' --trace " + dir + "/t.json");
        EXPECT_EQ(r.status, 2) << c.shown;
        EXPECT_NE(r.err.find("/phrase attend des mots sans caractère de contrôle (reçu « " + c.shown + " »)"), std::string::npos)
            << r.err;
        EXPECT_EQ(r.err.find('\x1b'), std::string::npos);
        EXPECT_FALSE(fs::exists(dir + "/t.json"));
    }
}

TEST(CliHardening, ACorpusWithCrOnlyLineEndsIsReadLineByLine) {
    const std::string dir = folder("cr");
    write(dir + "/mac.txt", "le chat regarde le chien\rle chien regarde le chat\rle chat dort\r");
    const auto r = run("--headless --run '/corpus ouvrir " + dir + "/mac.txt'");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("mac.txt » : 3 phrases d'entraînement, 0 mise de côté"), std::string::npos) << r.out;
    // The same sentences with LF, CRLF or a mixture read the same.
    write(dir + "/mixed.txt", "le chat regarde le chien\r\nle chien regarde le chat\nle chat dort\r");
    const auto mixed = run("--headless --run '/corpus ouvrir " + dir + "/mixed.txt'");
    EXPECT_NE(mixed.out.find("mixed.txt » : 3 phrases d'entraînement"), std::string::npos) << mixed.out;
}

}  // namespace
