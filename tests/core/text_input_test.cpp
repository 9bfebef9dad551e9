// What a typed or read text means, whatever made it (issue 17): decomposed accents, invisible
// characters and no-break spaces, typographic apostrophes, words without letters, echoes that are
// short and show control characters, quoted file names, Latin Extended-A case. Expected strings
// are written from the Unicode tables, not from the program.
#include "command_kit.h"
#include "utf8.h"
#include "vocabulary.h"
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

}  // namespace
}  // namespace tb
