// The nine things a class must see (shared/spec/channel.md section 4), each checked over many
// seeds: a phenomenon that holds for one lucky seed only is not one the class can rely on.
#include <algorithm>
#include <cmath>
#include <vector>

#include "../support.h"

namespace tb {
namespace {

using test::mean_norm;
using test::session;

constexpr int kSeeds = 100;

std::string with_seed(int seed, const std::string& script) {
    return "/graine " + std::to_string(seed) + "; " + script;
}

double median(std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

double distance(const Matrix& m, int i, int j) { return (m.row(i) - m.row(j)).norm(); }

// 1. Default state: five beads; the two « le » (tokens 0 and 3) apart because positions differ.
TEST(Phenomena, DefaultStateTheTwoLeDifferByPosition) {
    for (int seed = 1; seed <= kSeeds; ++seed) {
        const auto t = session(with_seed(seed, "")).trace();
        ASSERT_EQ(t->token_count(), 5);
        ASSERT_EQ(t->tokens[0].word, "le");
        ASSERT_EQ(t->tokens[3].word, "le");
        ASSERT_EQ(t->tokens[0].id, t->tokens[3].id);
        for (const Level& level : t->levels) EXPECT_GT(distance(level.vectors, 0, 3), 0.05) << level.name;
    }
}

// 2. Residual off: each sublayer replaces the vector and the tokens fall onto each other; the
// mean pairwise cosine goes from about 0.3 at the input to about 1 by the second block.
TEST(Phenomena, ResidualOffTokensCollapse) {
    std::vector<double> input, block2;
    int rose = 0;
    for (int seed = 1; seed <= kSeeds; ++seed) {
        const auto t = session(with_seed(seed, "/couches 6; /residuel off")).trace();
        input.push_back(mean_pairwise_cosine(t->levels[0].vectors));
        block2.push_back(mean_pairwise_cosine(t->levels[4].vectors));
        rose += mean_pairwise_cosine(t->levels[12].vectors) > 0.9;
    }
    EXPECT_NEAR(median(input), 0.3, 0.1);
    EXPECT_GT(median(block2), 0.99);
    EXPECT_GE(rose, kSeeds * 95 / 100) << "collapsed by block 6 in " << rose << " seeds of " << kSeeds;
}

// 3. Residual off and no norm: nothing fixes the scale; the norm falls about a hundredfold
// over six blocks.
TEST(Phenomena, NoResidualNoNormScaleDrifts) {
    std::vector<double> ratio;
    for (int seed = 1; seed <= kSeeds; ++seed) {
        const auto t = session(with_seed(seed, "/couches 6; /residuel off; /norme aucune")).trace();
        ratio.push_back(mean_norm(t->levels[12].vectors) / mean_norm(t->levels[0].vectors));
    }
    EXPECT_LT(median(ratio), 1.0 / 30);
    EXPECT_GT(median(ratio), 1.0 / 3000);
    EXPECT_GE(std::count_if(ratio.begin(), ratio.end(), [](double r) { return r < 0.2; }), kSeeds * 9 / 10);
}

// 4. Residual back on, still no norm: the stream keeps its information but its norm grows layer
// by layer (about fifteenfold over six blocks).
TEST(Phenomena, ResidualWithoutNormGrows) {
    std::vector<double> ratio;
    std::vector<int> grew_in_block(7, 0);
    for (int seed = 1; seed <= kSeeds; ++seed) {
        const auto t = session(with_seed(seed, "/couches 6; /norme aucune")).trace();
        ratio.push_back(mean_norm(t->levels[12].vectors) / mean_norm(t->levels[0].vectors));
        for (int block = 1; block <= 6; ++block)
            grew_in_block[block] += mean_norm(t->levels[2 * block].vectors) > mean_norm(t->levels[2 * block - 2].vectors);
    }
    EXPECT_GT(median(ratio), 5.0);
    EXPECT_LT(median(ratio), 50.0);
    EXPECT_GE(std::count_if(ratio.begin(), ratio.end(), [](double r) { return r > 2.0; }), kSeeds * 95 / 100);
    for (int block = 1; block <= 6; ++block)
        EXPECT_GE(grew_in_block[block], kSeeds * 9 / 10) << "block " << block;
}

// 5. Pre-norm: each sublayer receives a normalized input (mean 0, norm sqrt d), and the stream
// is left intact: after the sublayer it is exactly input + F(LN(input)).
TEST(Phenomena, PreNormNormalizesTheInputNotTheStream) {
    for (int seed = 1; seed <= kSeeds; ++seed) {
        const auto t = session(with_seed(seed, "/couches 6; /norme pre")).trace();
        for (const Level& level : t->levels) {
            if (level.kind != LevelKind::Attention && level.kind != LevelKind::Ffn) continue;
            for (int i = 0; i < t->token_count(); ++i) {
                // Norm sqrt(d), exactly sqrt(d var / (var + eps)) with the epsilon of LayerNorm.
                const auto x = t->input_of(level).row(i).array();
                const double var = (x - x.mean()).square().mean();
                EXPECT_NEAR(level.normalized_input.row(i).mean(), 0.0, 1e-12);
                EXPECT_NEAR(level.normalized_input.row(i).norm(), std::sqrt(8.0 * var / (var + 1e-5)), 1e-12);
                EXPECT_NEAR(level.normalized_input.row(i).norm(), std::sqrt(8.0), 1e-2);
            }
            EXPECT_EQ(level.vectors, Matrix(t->input_of(level) + level.sublayer_output)) << level.name;
        }
    }
}

// 6. Post-norm: after every sublayer every token's norm is sqrt(d) (gain 1, bias 0).
TEST(Phenomena, PostNormHoldsTheNormAtSqrtD) {
    for (int d : {8, 16})
        for (int seed = 1; seed <= kSeeds; ++seed) {
            const auto t = session(with_seed(seed, "/couches 6; /norme post; /dimension " + std::to_string(d))).trace();
            for (int k = 1; k <= 12; ++k) {
                const Vector norms = token_norms(t->levels[k].vectors);
                for (int i = 0; i < norms.size(); ++i) EXPECT_NEAR(norms(i), std::sqrt(double(d)), 1e-3);
            }
        }
}

// 7. No positions: the two « le » are the same vector at every level (a bag of words).
TEST(Phenomena, NoPositionTheTwoLeAreIdentical) {
    for (const char* wiring : {"", "/residuel off", "/norme post", "/norme aucune"})
        for (int seed = 1; seed <= kSeeds; ++seed) {
            const auto t = session(with_seed(seed, std::string("/couches 6; /position aucun; ") + wiring)).trace();
            for (const Level& level : t->levels)
                EXPECT_EQ(Vector(level.vectors.row(0)), Vector(level.vectors.row(3))) << level.name << " " << wiring;
        }
}

// 8. Six layers: twelve sublayers, and the blocks' parameter count is three times that of two.
TEST(Phenomena, SixLayersTwelveSublayersThreeTimesTheBlocks) {
    const auto two = session().trace();
    const auto six = session("/couches 6").trace();
    EXPECT_EQ(six->levels.size(), 14u);  // input, 12 sublayers, output
    int sublayers = 0;
    for (const Level& l : six->levels) sublayers += l.kind == LevelKind::Attention || l.kind == LevelKind::Ffn;
    EXPECT_EQ(sublayers, 12);
    EXPECT_EQ(six->parameters.blocks, 3 * two->parameters.blocks);
}

// 9. Dimension 16: the attention's parameters about x4, exactly 4(d² + d).
TEST(Phenomena, DoubleWidthQuadruplesAttention) {
    const auto d8 = session().trace()->parameters;
    const auto d16 = session("/dimension 16").trace()->parameters;
    EXPECT_EQ(d8.attention_per_block, 4 * (8 * 8 + 8));
    EXPECT_EQ(d16.attention_per_block, 4 * (16 * 16 + 16));
    EXPECT_NEAR(double(d16.attention_per_block) / d8.attention_per_block, 4.0, 0.25);
}

}  // namespace
}  // namespace tb
