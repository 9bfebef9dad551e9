// The vocabulary of assets/ and the tokenizer.
#include "../support.h"
#include "utf8.h"

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
