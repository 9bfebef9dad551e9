// The forward pass's parts against hand calculations and formulas written independently here.
#include <cmath>

#include "model/forward.h"
#include "model/random.h"
#include "../support.h"

namespace tb {
namespace {

TEST(Forward, GeluExactErfForm) {
    Matrix x(1, 4);
    x << -1.0, 0.0, 1.0, 2.0;
    const Matrix y = gelu(x);
    // Phi(1) = 0.841344746068543, Phi(2) = 0.977249868051821 (standard normal table).
    EXPECT_NEAR(y(0, 0), -1.0 * (1 - 0.841344746068543), 1e-12);
    EXPECT_EQ(y(0, 1), 0.0);
    EXPECT_NEAR(y(0, 2), 0.841344746068543, 1e-12);
    EXPECT_NEAR(y(0, 3), 2.0 * 0.977249868051821, 1e-12);
}

TEST(Forward, AttentionRowsSumToOne) {
    for (const char* script : {"", "/couches 6; /dimension 16; /ffn 64; /phrase le petit chat dort sur le tapis rouge",
                               "/residuel off; /norme aucune; /couches 6"}) {
        const auto t = test::session(script).trace();
        for (const Level& level : t->levels) {
            if (level.kind != LevelKind::Attention) continue;
            ASSERT_EQ(level.attention_weights.size(), 2u);
            for (const Matrix& head : level.attention_weights) {
                EXPECT_EQ(head.rows(), t->token_count());
                EXPECT_GE(head.minCoeff(), 0.0);
                for (int r = 0; r < head.rows(); ++r) EXPECT_NEAR(head.row(r).sum(), 1.0, 1e-12);
            }
        }
    }
}

TEST(Forward, AttentionOfTwoIdenticalTokensIsUniform) {
    // Two identical rows: equal scores, so each head weighs both keys 1/2 and returns the same
    // value for both: W_o (W_v x + b_v) + b_o.
    AttentionWeights w{Matrix::Random(4, 4), Matrix::Random(4, 4), Matrix::Random(4, 4), Matrix::Random(4, 4),
                       Vector::Random(4), Vector::Random(4), Vector::Random(4), Vector::Random(4)};
    Matrix x(2, 4);
    x.row(0) << 0.5, -1, 2, 0.25;
    x.row(1) = x.row(0);
    const auto r = attention(x, w, 2);
    for (const Matrix& head : r.weights) EXPECT_NEAR(head(0, 1), 0.5, 1e-15);
    const Vector expected = w.wo * (w.wv * x.row(0).transpose() + w.bv) + w.bo;
    EXPECT_LT((r.output.row(0).transpose() - expected).norm(), 1e-12);
}

TEST(Forward, SinusoidalTableMatchesTheFormula) {
    for (int d : {8, 16}) {
        const Matrix p = sinusoidal_table(8, d);
        for (int pos = 0; pos < 8; ++pos)
            for (int i = 0; i < d; ++i) {
                const double freq = std::pow(10000.0, -double(i - i % 2) / d);  // 1 / 10000^(2k/d)
                const double expected = i % 2 == 0 ? std::sin(pos * freq) : std::cos(pos * freq);
                EXPECT_NEAR(p(pos, i), expected, 1e-15) << "p " << pos << " i " << i;
            }
        for (int i = 0; i < d; ++i) EXPECT_EQ(p(0, i), i % 2 ? 1.0 : 0.0);  // sin 0, cos 0
    }
}

TEST(Forward, LevelZeroIsEmbeddingPlusPosition) {
    for (const char* position : {"sinus", "appris", "aucun"}) {
        const auto t = test::session(std::string("/position ") + position).trace();
        const Weights& w = *t->weights;
        for (int i = 0; i < t->token_count(); ++i) {
            Vector expected = w.token_embedding.row(t->tokens[i].id);
            if (std::string(position) == "sinus") expected += sinusoidal_table(8, 8).row(i);
            if (std::string(position) == "appris") expected += w.learned_position.row(i);
            EXPECT_EQ(Vector(t->levels[0].vectors.row(i)), expected) << position;
        }
    }
}

TEST(Forward, TheTwoLeDifferWithPositions) {
    for (const char* position : {"sinus", "appris"}) {
        const auto t = test::session(std::string("/couches 6; /position ") + position).trace();
        for (const Level& level : t->levels)
            EXPECT_GT((level.vectors.row(0) - level.vectors.row(3)).norm(), 1e-3) << position << " " << level.name;
    }
}

TEST(Forward, LevelsAndNames) {
    const auto t = test::session("/couches 3").trace();
    ASSERT_EQ(t->levels.size(), 8u);
    const char* names[] = {"entrée", "attention 1", "ffn 1", "attention 2", "ffn 2", "attention 3", "ffn 3", "sortie"};
    for (int k = 0; k < 8; ++k) {
        EXPECT_EQ(t->levels[k].index, k);
        EXPECT_EQ(t->levels[k].name, names[k]);
    }
    EXPECT_EQ(t->levels[5].kind, LevelKind::Attention);
    EXPECT_EQ(t->levels[5].block, 3);
    EXPECT_EQ(t->levels[6].hidden.cols(), 32);
}

TEST(Forward, OutputIsFinalNormOnlyInPreNorm) {
    const auto pre = test::session().trace();
    const Vector norms = token_norms(pre->levels.back().vectors);
    for (int i = 0; i < norms.size(); ++i) EXPECT_NEAR(norms(i), std::sqrt(8.0), 1e-4);
    for (const char* norm : {"post", "aucune"}) {
        const auto t = test::session(std::string("/norme ") + norm).trace();
        EXPECT_EQ(t->levels.back().vectors, t->levels[t->levels.size() - 2].vectors) << norm;
    }
}

TEST(Forward, WiringOfEachMode) {
    // post: x <- LN(x + F(x)); residual off: x <- F(N(x)) in pre, F(x) in aucune.
    const auto post = test::session("/norme post").trace();
    const Level& a = post->levels[1];
    EXPECT_EQ(a.before_norm, Matrix(post->input_of(a) + a.sublayer_output));
    EXPECT_EQ(a.vectors, layer_norm(a.before_norm, {Vector::Ones(8), Vector::Zero(8)}));
    const auto off = test::session("/residuel off").trace();
    EXPECT_EQ(off->levels[2].vectors, off->levels[2].sublayer_output);
    const auto none = test::session("/norme aucune").trace();
    EXPECT_EQ(none->levels[1].vectors, Matrix(none->levels[0].vectors + none->levels[1].sublayer_output));
    EXPECT_EQ(none->levels[1].normalized_input.size(), 0);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

// Seed 002: with a causal mask each token sees only itself and the tokens before it.
TEST(Mask, CausalEmptiesTheUpperTriangle) {
    for (int seed = 1; seed <= 20; ++seed) {
        const auto t = test::session("/masque causal; /couches 3; /graine " + std::to_string(seed)).trace();
        for (const Level& level : t->levels) {
            if (level.kind != LevelKind::Attention) continue;
            for (const Matrix& head : level.attention_weights)
                for (int i = 0; i < head.rows(); ++i) {
                    EXPECT_NEAR(head.row(i).sum(), 1.0, 1e-12);
                    for (int j = i + 1; j < head.cols(); ++j) EXPECT_EQ(head(i, j), 0.0) << level.name;
                }
            EXPECT_EQ(level.attention_weights[0](0, 0), 1.0);  // the first token sees only itself
        }
    }
}

// Seed 002: "a fixed causal mask already introduces an order": without any position, the two
// « le » are identical in the encoder but differ as soon as the mask lets them see different pasts.
TEST(Mask, CausalMaskAloneBreaksTheSymmetry) {
    for (int seed = 1; seed <= 50; ++seed) {
        const std::string script = "/position aucun; /couches 4; /graine " + std::to_string(seed);
        const auto encoder = test::session(script).trace();
        const auto decoder = test::session(script + "; /masque causal").trace();
        EXPECT_EQ(Vector(decoder->levels[0].vectors.row(0)), Vector(decoder->levels[0].vectors.row(3)));
        for (std::size_t k = 1; k < decoder->levels.size(); ++k) {
            EXPECT_EQ(Vector(encoder->levels[k].vectors.row(0)), Vector(encoder->levels[k].vectors.row(3)));
            EXPECT_GT((decoder->levels[k].vectors.row(0) - decoder->levels[k].vectors.row(3)).norm(), 1e-6)
                << "seed " << seed << " level " << k;
        }
    }
}

TEST(Activation, ReluHiddenIsNonNegativeWithExactZeros) {
    const auto relu = test::session("/activation relu").trace();
    const auto gelu = test::session().trace();
    const Matrix& h = relu->levels[2].hidden;
    EXPECT_GE(h.minCoeff(), 0.0);
    EXPECT_GT((h.array() == 0.0).count(), 0);
    EXPECT_LT(gelu->levels[2].hidden.minCoeff(), 0.0);  // GELU lets small negatives through
    EXPECT_GT(gelu->levels[2].hidden.minCoeff(), -0.17);  // its minimum is about -0.17
    EXPECT_EQ(relu->weights->blocks[0].ffn.w1, gelu->weights->blocks[0].ffn.w1);  // same weights
}

}  // namespace
}  // namespace tb
