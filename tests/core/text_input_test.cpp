// What a typed or read text means, whatever made it (issue 17): decomposed accents, invisible
// characters and no-break spaces, typographic apostrophes, words without letters, echoes that are
// short and show control characters, quoted file names, Latin Extended-A case. Expected strings
// are written from the Unicode tables, not from the program.
#include "base/command_kit.h"
#include "files/exports.h"
#include "base/utf8.h"
#include "model/vocabulary.h"
#include "../support.h"

namespace tb {
namespace {

TEST(TextInput, LowerCasesLatinExtendedAPairs) {
    // Capitals on odd code points in 0x139–0x148 and 0x179–0x17E, on even ones elsewhere.
    EXPECT_EQ(utf8::to_lower("ĹĻĽĿŁŃŅŇ"), "ĺļľŀłńņň");
    EXPECT_EQ(utf8::to_lower("ŹŻŽ"), "źżž");
    EXPECT_EQ(utf8::to_lower("ĺļľŀłńņňźżžſ"), "ĺļľŀłńņňźżžſ");  // small letters stay
    EXPECT_EQ(utf8::to_lower("ĀĒĞĶŊŒŠŶŸ"), "āēğķŋœšŷÿ");
    EXPECT_EQ(utf8::to_lower("ÉÀÇ"), "éàç");
}

TEST(TextInput, ComposesDecomposedAccentsAndDropsInvisibles) {
    EXPECT_EQ(utf8::normalize("e\xCC\x81"), "é");           // e + U+0301
    EXPECT_EQ(utf8::normalize("E\xCC\x80"), "È");           // E + U+0300
    EXPECT_EQ(utf8::normalize("c\xCC\xA7" "a"), "ça");      // c + U+0327
    EXPECT_EQ(utf8::normalize("i\xCC\x88"), "ï");           // i + U+0308
    EXPECT_EQ(utf8::normalize("z\xCC\x8C"), "ž");           // z + U+030C
    EXPECT_EQ(utf8::normalize("q\xCC\x81"), "q\xCC\x81");   // no precomposed letter: left alone
    EXPECT_EQ(utf8::normalize("\xE2\x80\x8B" "a\xE2\x80\x8D" "b\xE2\x80\x8F\xEF\xBB\xBF"), "ab");
    EXPECT_EQ(utf8::normalize("a\xC2\xA0" "b\xE2\x80\xAF" "c"), "a b c");  // NBSP, narrow NBSP
}

TEST(TextInput, CommandsReadThroughKeyboardOddities) {
    CommandRegistry registry;
    Session s = test::session();
    // « /résiduel off » typed with a combining accent; « /couches 3 » between invisible marks.
    ASSERT_TRUE(registry.execute(s, "/re\xCC\x81siduel off").ok);
    EXPECT_FALSE(s.settings().residual);
    const auto r = registry.execute(s, "\xE2\x80\x8B/couches\xC2\xA0" "3\xE2\x80\x8F");
    ASSERT_TRUE(r.ok) << r.message;
    EXPECT_EQ(s.settings().layers, 3);
}

TEST(TextInput, AWordNeedsALetterAndApostrophesAreOne) {
    const Vocabulary& v = *test::vocabulary();
    EXPECT_TRUE(v.tokenize("''''' -- ' -").empty());
    const auto plain = v.tokenize("l'homme");
    ASSERT_EQ(plain.size(), 2u);
    for (const char* typed : {"l\xE2\x80\x99homme", "l\xE2\x80\x98homme"}) {  // ’ and ‘
        const auto tokens = v.tokenize(typed);
        ASSERT_EQ(tokens.size(), 2u) << typed;
        EXPECT_EQ(tokens[0].word, "l'");
        EXPECT_EQ(tokens[0].id, plain[0].id);
    }
    CommandRegistry registry;
    Session s = test::session();
    const auto r = registry.execute(s, "/phrase '''''");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message, "/phrase attend de 2 à 8 mots (reçu 0 mot : « ''''' »)");
}

TEST(TextInput, EchoesAreShortAndShowControlCharacters) {
    EXPECT_EQ(utf8::visible("a\x1b[31mb\r\n"), "a\\x1b[31mb\\x0d\\x0a");
    EXPECT_EQ(utf8::visible(std::string(100, 'a')), std::string(80, 'a') + "…");
    EXPECT_EQ(utf8::visible("\xFF" "é"), "\\xffé");
    CommandRegistry registry;
    Session s = test::session();
    const auto r = registry.execute(s, "/zz\x1b" + std::string(300, 'q'));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message.rfind("commande inconnue « /zz\\x1b" + std::string(76, 'q') + "… »", 0), 0u) << r.message;
}

TEST(TextInput, QuotedFileNamesHoldSemicolonsHashesAndSpaces) {
    EXPECT_EQ(split_script("/exporter profil \"a b;c#d.csv\"; /couches 3 # note"),
              (std::vector<std::string>{"/exporter profil \"a b;c#d.csv\"", "/couches 3"}));
    // An unbalanced quote is plain text; an apostrophe never quotes.
    EXPECT_EQ(split_script("/phrase il dit \"oui; /couches 3"), (std::vector<std::string>{"/phrase il dit \"oui", "/couches 3"}));
    EXPECT_EQ(split_script("/phrase l'a; b'c"), (std::vector<std::string>{"/phrase l'a", "b'c"}));
    EXPECT_EQ(unquote_file_name("\"a\\\"b\\\\c d\""), "a\"b\\c d");
    EXPECT_FALSE(unquote_file_name("\"never closed"));
    EXPECT_FALSE(unquote_file_name("\"a\" b"));
}

// An unquoted '#' inside a word is part of it (a comment starts a piece or follows a space, as in
// a shell); a ';' that cuts a file name is refused before anything runs, naming the quoted form.
TEST(TextInput, AnUnquotedHashOrSemicolonNeverCutsSilently) {
    EXPECT_EQ(split_script("/exporter svg a#b.svg # the picture\n#whole line\n/couches 3;#after a ;"),
              (std::vector<std::string>{"/exporter svg a#b.svg", "/couches 3"}));
    CommandRegistry registry;
    add_export_commands(registry, {}, {});
    Session s = test::session();
    const ScriptLines cut = registry.read_script("/couches 3\n/exporter svg a;b.svg\n/couches 4");
    EXPECT_TRUE(cut.lines.empty());
    ASSERT_TRUE(cut.error);
    EXPECT_EQ(cut.error->fr, "« b.svg » n'est pas une commande : le « ; » de « /exporter svg a;b.svg » sépare deux commandes ; "
                             "mettez le chemin entre guillemets : « /exporter svg \"a;b.svg\" » (rien n'a été exécuté)");
    EXPECT_EQ(cut.error->en, "“b.svg” is not a command: the “;” in “/exporter svg a;b.svg” separates two commands; "
                             "put the path in double quotes: “/exporter svg \"a;b.svg\"” (nothing was run)");
    const auto results = run_script(registry, s, "/couches 3; /exporter svg a;b.svg");
    ASSERT_EQ(results.size(), 1u);
    EXPECT_EQ(results[0].message, cut.error->fr);
    EXPECT_EQ(s.settings().layers, 2);  // not even the first line ran
    // A quote or a backslash in the cut name is escaped in the suggestion.
    EXPECT_EQ(registry.read_script("/exporter svg x\\\"y;z").error.value_or(Text{}).fr,
              "« z » n'est pas une commande : le « ; » de « /exporter svg x\\\"y;z » sépare deux commandes ; "
              "mettez le chemin entre guillemets : « /exporter svg \"x\\\\\\\"y;z\" » (rien n'a été exécuté)");
    // A command after the ';' (with or without its slash) is a second command, as always; a
    // mistyped one is left to execute(), whose refusal suggests the name.
    const ScriptLines two = registry.read_script("/couches 3;norme post; /etape 1;/couhces 2");
    EXPECT_FALSE(two.error);
    EXPECT_EQ(two.lines, (std::vector<std::string>{"/couches 3", "norme post", "/etape 1", "/couhces 2"}));
}

}  // namespace
}  // namespace tb
