// The script splitter (split_script, CommandRegistry::read_script) against its rule in docs/cli.md,
// over generated scripts. Each script is built from commands and separators chosen at random, so
// the expected lines are known by construction, not by parsing: the commands themselves, trimmed,
// in order; read_script refuses exactly when a piece that names no command follows a kept piece
// through a single ';' of the same line (a file name cut in two), and never reads before the first
// piece (`;x;y` once read pieces[-1] and crashed).
#include <random>

#include "base/command_kit.h"
#include "files/exports.h"
#include "../support.h"

namespace tb {
namespace {

struct Piece {
    const char* text;
    bool names_a_command;  // what read_script accepts after a same-line ';'
};

// Command texts holding no unquoted ';', '#' at a word's start or new line: each comes back whole.
const Piece kPieces[] = {
    {"/couches 3", true},
    {"norme post", true},
    {"/etape 1", true},
    {"/couhces 2", true},  // a mistyped command: left to execute(), which suggests the name
    {"/exporter profil \"a;b#c.csv\"", true},
    {"/exporter svg \"x y\\\";z.svg\"", true},
    {"/exporter svg a#b.svg", true},
    {"/phrase l'a", true},
    {"x", false},
    {"é", false},
    {"b.svg", false},
    {"\"a\"", false},
    {"//…", false},
    {"/propager/couches", false},
    {"/tmp/b.svg", false},
};

// Between two commands: either a cut (one ';' on the same line, the second piece may be the rest of
// a file name) or a plain separation (new lines, comments, several ';').
const char* const kCuts[] = {";", " ; ", ";\t", "\t;  "};
const char* const kSeparations[] = {
    "\n", "\r\n", " ;\n", ";\r\n", ";;", "; ;", "\n\n", " # c;x\"y\n", "\n# whole; line\n",
    "; # after ;\n", "\n;", "\r\n;", "\n ; ;", " #\"a;b\" c\r\n",
};
// Before the first command and after the last: nothing, or only what cuts nothing.
const char* const kLeading[] = {"", ";", " ;", ";;", "\n;", "\r\n;", "# comment\n;", "  \t", "\n\n", "# a; b\n"};
const char* const kTrailing[] = {"", ";", "\n", " # end", ";  ", "\r\n", ";;\n"};

template <typename T, std::size_t N>
const T& pick(std::mt19937& random, const T (&choices)[N]) {
    return choices[std::uniform_int_distribution<std::size_t>(0, N - 1)(random)];
}

struct Generated {
    std::string script;
    std::vector<std::string> lines;
    bool cut_name = false;  // a piece naming no command follows a same-line ';'
};

Generated generate(std::mt19937& random) {
    Generated g;
    g.script = pick(random, kLeading);
    const int count = std::uniform_int_distribution<int>(1, 6)(random);
    for (int i = 0; i < count; ++i) {
        const Piece& piece = pick(random, kPieces);
        if (i > 0) {
            const bool cut = std::bernoulli_distribution(0.4)(random);
            g.script += cut ? pick(random, kCuts) : pick(random, kSeparations);
            g.cut_name = g.cut_name || (cut && !piece.names_a_command);
        }
        g.script += piece.text;
        g.lines.emplace_back(piece.text);
    }
    g.script += pick(random, kTrailing);
    return g;
}

TEST(ScriptSplit, GeneratedScriptsGiveTheirCommandsAndRefuseOnlyCutNames) {
    CommandRegistry registry;
    add_export_commands(registry, {}, {});
    std::mt19937 random(31);
    int refused = 0;
    for (int n = 0; n < 4000; ++n) {
        const Generated g = generate(random);
        EXPECT_EQ(split_script(g.script), g.lines) << "script: " << g.script;
        const ScriptLines read = registry.read_script(g.script);
        EXPECT_EQ(read.error.has_value(), g.cut_name) << "script: " << g.script;
        if (read.error) {
            EXPECT_TRUE(read.lines.empty());
            EXPECT_NE(read.error->fr.find("n'est pas une commande"), std::string::npos) << read.error->fr;
            ++refused;
        } else {
            EXPECT_EQ(read.lines, g.lines) << "script: " << g.script;
        }
    }
    EXPECT_GT(refused, 400);  // both halves of the rule were exercised
}

// The family that crashed: a first piece after a ';' that cuts nothing, and that names no command.
TEST(ScriptSplit, ASemicolonBeforeTheFirstPieceCutsNothing) {
    CommandRegistry registry;
    for (const char* script : {";x", " ;x", "\n;x", "\r\n;x", "# note\n;x", ";;x", "; ;x", ";\"a\"", ";é", ";//…",
                               ";/propager/couches", "\n;x\n;y"}) {
        const ScriptLines read = registry.read_script(script);
        EXPECT_FALSE(read.error) << script;
        EXPECT_EQ(read.lines, split_script(script)) << script;
        EXPECT_EQ(read.lines.size(), std::string(script).find('y') == std::string::npos ? 1u : 2u) << script;
    }
    const ScriptLines xy = registry.read_script(";x;y");
    EXPECT_EQ(xy.error.value_or(Text{}).fr,
              "« y » n'est pas une commande : le « ; » de « x;y » sépare deux commandes ; mettez le chemin entre "
              "guillemets : « /exporter svg \"a;b.svg\" » (rien n'a été exécuté)");
}

}  // namespace
}  // namespace tb
