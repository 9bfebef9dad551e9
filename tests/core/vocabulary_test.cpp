// The vocabulary of assets/ and the tokenizer.
#include <fstream>
#include <stdexcept>
#include <string>

#include "../support.h"
#include "base/utf8.h"
#include "model/weights.h"

namespace tb {
namespace {

TEST(Vocabulary, HasTheCourseWords) {
    const auto& v = *test::vocabulary();
    EXPECT_GE(v.size(), 301);  // 300 words + the unknown token
    EXPECT_EQ(v.word(0), Vocabulary::kUnknown);
    for (const char* w : {"le", "chat", "regarde", "chien", "thomas", "pesquet", "astronaute", "l'", "homme",
                          "mange", "pomme", "aujourd'hui", "élèves", "fusée", "bonjour", "monde"})
        EXPECT_TRUE(v.find(w)) << w;
}

TEST(Vocabulary, SplitsLikeTheChannel) {
    EXPECT_EQ(split_words("Le Chat regarde le chien"),
              (std::vector<std::string>{"le", "chat", "regarde", "le", "chien"}));
    EXPECT_EQ(split_words("l'homme mange"), (std::vector<std::string>{"l'", "homme", "mange"}));
    EXPECT_EQ(split_words("L’Élève, qu’il dit !"), (std::vector<std::string>{"l'", "élève", "qu'", "il", "dit"}));
    EXPECT_EQ(split_words("il fait beau aujourd'hui"), (std::vector<std::string>{"il", "fait", "beau", "aujourd'hui"}));
    EXPECT_EQ(split_words("« Thomas Pesquet »\u202f: astronaute"),
              (std::vector<std::string>{"thomas", "pesquet", "astronaute"}));
}

TEST(Vocabulary, UnknownWordsBecomeTheUnknownToken) {
    const auto tokens = test::vocabulary()->tokenize("le zorglub mange");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_TRUE(tokens[0].known);
    EXPECT_FALSE(tokens[1].known);
    EXPECT_EQ(tokens[1].id, 0);
    EXPECT_EQ(tokens[1].word, "zorglub");
}

// channel.md §7: <masque> is the last id, typed [masque]; V counts it beside the unknown token.
TEST(Vocabulary, MaskIsTheLastIdAndTypedInBrackets) {
    const auto& v = *test::vocabulary();
    std::ifstream in(TB_ASSETS_DIR "/vocabulary.txt");
    int lines = 0;
    for (std::string line; std::getline(in, line);) lines += !line.empty();
    EXPECT_EQ(v.size(), lines + 2);  // the file's words, <inconnu>, <masque>
    EXPECT_EQ(v.mask_id(), v.size() - 1);
    EXPECT_EQ(v.word(v.mask_id()), "<masque>");
    EXPECT_EQ(v.find("le"), 1);  // the file's first word keeps id 1
    for (const char* typed : {"le [masque] regarde le chien", "le [MASQUE] regarde le chien", "le [Masque]regarde le chien",
                              "le <masque> regarde le chien"}) {
        const auto tokens = v.tokenize(typed);
        ASSERT_EQ(tokens.size(), 5u) << typed;
        EXPECT_EQ(tokens[1].id, v.mask_id()) << typed;
        EXPECT_TRUE(tokens[1].known) << typed;
        EXPECT_EQ(tokens[1].word, "<masque>") << typed;
        EXPECT_EQ(tokens[2].word, "regarde") << typed;
    }
    const auto plain = v.tokenize("le masque");  // the bare word is not the token
    ASSERT_EQ(plain.size(), 2u);
    EXPECT_NE(plain[1].id, v.mask_id());
    // Built from a list, the mask still comes last, and a list word spelled <masque> is not doubled.
    const Vocabulary small({"a", "<masque>", "b"});
    EXPECT_EQ(small.size(), 4);
    EXPECT_EQ(small.mask_id(), 3);
    EXPECT_EQ(small.find("b"), 2);
}

// E is drawn row by row: the mask's row is new, every word keeps the row it had without it.
TEST(Vocabulary, AddingTheMaskKeepsEveryEmbeddingRow) {
    const int V = test::vocabulary()->size();
    const Weights with = draw_weights(2017, V, 8, 32, 2), without = draw_weights(2017, V - 1, 8, 32, 2);
    EXPECT_EQ(with.token_embedding.topRows(V - 1), without.token_embedding);
}

// The unknown and mask tokens come with every vocabulary: a file that lists only them has no word
// (found by vocabulary_fuzzer: « <masque> » alone gave V = 2, nothing to tokenize a sentence into).
TEST(Vocabulary, AFileOfOnlyTheTwoTokensIsEmpty) {
    for (const char* text : {"<masque>\n", "<inconnu>\n<masque>\r\n\n"}) {
        try {
            Vocabulary::parse(text, "v.txt");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const std::runtime_error& e) {
            EXPECT_EQ(std::string(e.what()), "vocabulaire vide : « v.txt » (aucun mot hors <inconnu> et <masque>)");
        }
    }
    const Vocabulary one = Vocabulary::parse("<inconnu>\nchat\n", "v.txt");
    EXPECT_EQ(one.size(), 3);  // <inconnu>, chat, <masque>: the line « <inconnu> » is not a second word
}

TEST(Utf8, FoldAndValidate) {
    EXPECT_EQ(utf8::fold("/Résiduel"), "/residuel");
    EXPECT_EQ(utf8::fold("PARAMÈTRES Œuvre"), "parametres oeuvre");
    EXPECT_EQ(utf8::to_lower("ÉLÈVE À ÇA"), "élève à ça");
    EXPECT_TRUE(utf8::is_valid("élève « x » √ ≤ 😀"));
    EXPECT_FALSE(utf8::is_valid("\xC3"));            // truncated
    EXPECT_FALSE(utf8::is_valid("\xC0\xAF"));        // overlong
    EXPECT_FALSE(utf8::is_valid("\xED\xA0\x80"));    // surrogate
    EXPECT_FALSE(utf8::is_valid("\xFF"));
}

}  // namespace
}  // namespace tb
