// The output head: tied to the token embeddings, a distribution over the vocabulary per position.
#include <cmath>

#include "predictions.h"
#include "../support.h"

namespace tb {
namespace {

TEST(Predictions, TiedHeadSoftmaxOverTheVocabulary) {
    const auto t = test::session("/norme post").trace();
    const Matrix p = next_word_probabilities(*t);
    ASSERT_EQ(p.rows(), 5);
    ASSERT_EQ(p.cols(), t->vocabulary_size);
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(p.row(i).sum(), 1.0, 1e-12);
    // Independently: logit of word v at position i is out_i . E_v.
    const Matrix& out = t->levels.back().vectors;
    const Matrix& e = t->weights->token_embedding;
    const int v1 = 7, v2 = 42;
    EXPECT_NEAR(std::log(p(2, v1) / p(2, v2)), out.row(2).dot(e.row(v1)) - out.row(2).dot(e.row(v2)), 1e-9);
}

TEST(Predictions, TopFiveAreSortedAndNamed) {
    const auto t = test::session().trace();
    const auto top = top_predictions(*t, *test::vocabulary(), 5);
    ASSERT_EQ(top.size(), 5u);
    const Matrix p = next_word_probabilities(*t);
    for (int i = 0; i < 5; ++i) {
        ASSERT_EQ(top[i].size(), 5u);
        for (int r = 1; r < 5; ++r) EXPECT_GE(top[i][r - 1].probability, top[i][r].probability);
        EXPECT_DOUBLE_EQ(top[i][0].probability, p.row(i).maxCoeff());
        EXPECT_EQ(top[i][0].word, test::vocabulary()->word(top[i][0].id));
    }
}

}  // namespace
}  // namespace tb
