// The attention panel's reading: the gap to the even share 1/n and the caption's condition on
// hand-made matrices (figures worked out by hand), the causal rows' own 1/n and their hidden
// cells ignored, the colour scale, the ink that reads on a cell, the key words fitted uncut.
#include "scene/attention_grid.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "../../support.h"
#include "base/numbers.h"

namespace tb {
namespace {

Matrix rows(std::initializer_list<std::initializer_list<double>> values) {
    Matrix m(static_cast<Eigen::Index>(values.size()), static_cast<Eigen::Index>(values.begin()->size()));
    Eigen::Index i = 0;
    for (const auto& row : values) {
        Eigen::Index j = 0;
        for (double v : row) m(i, j++) = v;
        ++i;
    }
    return m;
}

std::vector<Token> words(std::initializer_list<const char*> list) {
    std::vector<Token> out;
    for (const char* w : list) out.push_back({w, 1, true});
    return out;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(AttentionGrid, NearUniformWhenEveryWeightIsWithinHalfItsEvenShare) {
    // n = 4, 1/n = 0,25. The largest gap: |0,30 − 0,25| = 0,05 (row 2), that is 0,2 of 1/n: < 0,5.
    const Matrix a = rows({{0.25, 0.25, 0.25, 0.25}, {0.28, 0.22, 0.25, 0.25}, {0.20, 0.30, 0.25, 0.25}, {0.25, 0.25, 0.25, 0.25}});
    const AttentionReading r = read_attention({a}, Mask::None);
    EXPECT_NEAR(r.gap, 0.05, 1e-12);
    EXPECT_NEAR(r.relative, 0.2, 1e-12);
    EXPECT_TRUE(r.near_uniform);
    EXPECT_NEAR(r.top, 0.30, 1e-12);
    const std::string fr = attention_caption(r, words({"le", "chat", "dort", "bien"}), Language::French);
    EXPECT_EQ(fr, "poids non entraînés\u00A0: attention presque uniforme (écart max à 1/n\u00A0: 0,05)");  // no-break spaces
    EXPECT_EQ(attention_caption(r, words({"le", "chat", "dort", "bien"}), Language::English),
              "untrained weights: attention almost uniform (largest gap to 1/n: 0.05)");
}

TEST(AttentionGrid, NotUniformSaysWhichWordIsReadMost) {
    // Row 2 gives 0,40 to key 1: 0,15 above 1/4, that is 0,6 of 1/n: not uniform. Over two heads the
    // reading takes the largest: head 2's 0,40 beats head 1's 0,28.
    const Matrix flat = rows({{0.25, 0.25, 0.25, 0.25}, {0.28, 0.22, 0.25, 0.25}, {0.25, 0.25, 0.25, 0.25}, {0.25, 0.25, 0.25, 0.25}});
    const Matrix peaked = rows({{0.25, 0.25, 0.25, 0.25}, {0.25, 0.25, 0.25, 0.25}, {0.10, 0.40, 0.25, 0.25}, {0.25, 0.25, 0.25, 0.25}});
    const AttentionReading r = read_attention({flat, peaked}, Mask::None);
    EXPECT_NEAR(r.gap, 0.15, 1e-12);
    EXPECT_NEAR(r.relative, 0.6, 1e-12);
    EXPECT_FALSE(r.near_uniform);
    EXPECT_EQ(r.head, 1);
    EXPECT_EQ(r.query, 2);
    EXPECT_EQ(r.key, 1);
    EXPECT_NEAR(r.weight, 0.40, 1e-12);
    EXPECT_NEAR(r.even, 0.25, 1e-12);
    const std::string fr = attention_caption(r, words({"le", "chat", "regarde", "chien"}), Language::French);
    EXPECT_TRUE(contains(fr, "attention pourtant marquée (écart max à 1/n\u00A0: 0,15)")) << fr;
    EXPECT_TRUE(contains(fr, "«\u00A0regarde\u00A0» lit surtout «\u00A0chat\u00A0», 0,40 contre 1/n = 0,25 (tête 2)")) << fr;
    EXPECT_FALSE(contains(fr, "presque"));
    const std::string en = attention_caption(r, words({"le", "chat", "regarde", "chien"}), Language::English);
    EXPECT_TRUE(contains(en, "0.40 against 1/n = 0.25 (head 2)")) << en;
    EXPECT_TRUE(contains(en, "\u201Cregarde\u201D reads")) << en;  // English quotes in English (issue 34)
    EXPECT_FALSE(contains(en, "«")) << en;
}

TEST(AttentionGrid, CausalRowsHaveTheirOwnEvenShareAndHiddenCellsDoNotCount) {
    // Row 0 sees 1 key (1/1), row 1 two (1/2), row 2 three (1/3). Above the diagonal: hidden, even
    // with nonsense in them. Largest gap: |0,45 − 1/3| = 0,1167 (0,35 of 1/3): nearly uniform.
    const Matrix a = rows({{1.0, 9.0, 9.0}, {0.5, 0.5, 9.0}, {0.25, 0.30, 0.45}});
    const AttentionReading r = read_attention({a}, Mask::Causal);
    EXPECT_NEAR(r.gap, 0.45 - 1.0 / 3, 1e-12);
    EXPECT_NEAR(r.relative, (0.45 - 1.0 / 3) * 3, 1e-12);
    EXPECT_TRUE(r.near_uniform);
    EXPECT_NEAR(r.top, 1.0, 1e-12);  // row 0's only key
    EXPECT_EQ(r.query, 2);           // the most read cell is not row 0's trivial 1
    EXPECT_EQ(r.key, 2);
    EXPECT_TRUE(attention_visible(2, 1, Mask::Causal));
    EXPECT_FALSE(attention_visible(1, 2, Mask::Causal));
    EXPECT_TRUE(attention_visible(1, 2, Mask::None));
    EXPECT_EQ(visible_keys(0, 5, Mask::Causal), 1);
    EXPECT_EQ(visible_keys(0, 5, Mask::None), 5);
    // The same row 2 without the mask would compare 0,45 to 1/3 as well, but rows 0 and 1 put
    // 9 and 0 in their cells: far from uniform.
    EXPECT_FALSE(read_attention({a}, Mask::None).near_uniform);
}

TEST(AttentionGrid, TheCaptionSaysUniformOnlyWhenEveryWeightIsNearItsEvenShareOverSeeds) {
    // 40 seeds, both masks, every block: "presque uniforme" exactly when each visible weight lies
    // strictly between 0,5/n_i and 1,5/n_i, checked here cell by cell; the figure quoted is the
    // largest |a_ij − 1/n_i| to two decimals.
    int uniform = 0, marked = 0;
    for (int seed = 1; seed <= 40; ++seed)
        for (const char* mask : {"aucun", "causal"}) {
            const Session s = test::session("/graine " + std::to_string(seed) + "; /masque " + mask + "; /couches 3");
            const Trace& t = *s.trace();
            for (int block = 1; block <= 3; ++block) {
                const std::vector<Matrix>& heads = t.levels[static_cast<std::size_t>(2 * block - 1)].attention_weights;
                bool near = true;
                double gap = 0;
                for (const Matrix& a : heads)
                    for (int i = 0; i < a.rows(); ++i) {
                        const int seen = t.settings.mask == Mask::Causal ? i + 1 : static_cast<int>(a.cols());
                        for (int j = 0; j < seen; ++j) {
                            near = near && a(i, j) > 0.5 / seen && a(i, j) < 1.5 / seen;
                            gap = std::max(gap, std::abs(a(i, j) - 1.0 / seen));
                        }
                    }
                const std::string caption = attention_caption(read_attention(heads, t.settings.mask), t.tokens, Language::French);
                EXPECT_EQ(contains(caption, "presque uniforme"), near) << caption;
                EXPECT_TRUE(contains(caption, "écart max à 1/n\u00A0: " + format_fixed(gap, 2, Language::French))) << caption;
                (near ? uniform : marked) += 1;
            }
        }
    std::printf("     random weights: %d blocks nearly uniform, %d marked\n", uniform, marked);
}

TEST(AttentionGrid, ColourScaleRunsFromLowAtZeroToHighAtTheTop) {
    for (bool light : {false, true}) {
        const WeightScale s = weight_scale(light);
        const Rgb zero = weight_colour(0, 0.3, light), top = weight_colour(0.3, 0.3, light), half = weight_colour(0.15, 0.3, light);
        EXPECT_FLOAT_EQ(zero.r, s.low.r);
        EXPECT_FLOAT_EQ(top.b, s.high.b);
        EXPECT_NEAR(half.g, (s.low.g + s.high.g) / 2, 1e-6);
        EXPECT_FLOAT_EQ(weight_colour(2, 0.3, light).r, s.high.r);  // clamped
        // The scale's ends far apart in luminance, so that weights read as light against dark.
        EXPECT_GT(contrast_ratio(s.low, s.high), 4.5);
    }
}

TEST(AttentionGrid, InkIsWhicheverOfBlackAndWhiteContrastsMore) {
    // WCAG: white 1, black 0, contrast 21. Mid grey 0,5: ((0,5 + 0,055) / 1,055)^2,4 = 0,2140, so
    // 0,264 / 0,05 = 5,3 with black against 1,05 / 0,264 = 4,0 with white: black.
    EXPECT_NEAR(relative_luminance({1, 1, 1}), 1, 1e-12);
    EXPECT_NEAR(relative_luminance({0.5f, 0.5f, 0.5f}), 0.2140, 1e-4);
    EXPECT_NEAR(contrast_ratio({1, 1, 1}, {0, 0, 0}), 21, 1e-9);
    EXPECT_EQ(readable_ink({0.5f, 0.5f, 0.5f}).r, 0);
    EXPECT_EQ(readable_ink({0.1f, 0.1f, 0.3f}).r, 1);
    for (bool light : {false, true})
        for (double w : {0.0, 0.05, 0.1, 0.2, 0.3})  // every cell's number readable (WCAG AA, 4,5:1)
            EXPECT_GE(contrast_ratio(weight_colour(w, 0.3, light), readable_ink(weight_colour(w, 0.3, light))), 4.5) << w;
}

TEST(AttentionGrid, KeyWordsAreStaggeredThenShrunkNeverCut) {
    // Cells of 40 px: 30 px words stand on one line; « regarde » at 62 px needs two (80 − 4 ≥ 62).
    EXPECT_EQ(column_words({30, 30, 20}, 40).rows, 1);
    const ColumnWords two = column_words({30, 62, 30}, 40);
    EXPECT_EQ(two.rows, 2);
    EXPECT_FLOAT_EQ(two.scale, 1);
    // 120 px over three lines of 40 px cells: (120 − 4) / 120 of the font.
    const ColumnWords shrunk = column_words({120, 20}, 40);
    EXPECT_EQ(shrunk.rows, 3);
    EXPECT_FLOAT_EQ(shrunk.scale, 116.f / 120.f);
    EXPECT_FLOAT_EQ(fit_scale(50, 100), 1);
    EXPECT_FLOAT_EQ(fit_scale(100, 80), 0.8f);
    EXPECT_FLOAT_EQ(fit_scale(100, 10), 0.55f);  // never below the smallest
}

// Which head looks where, on models trained headless on the grammar (masked word, and next word
// under the causal mask): each head's five patterns averaged here from the trace's weights, the
// clear ones by the two rules (at least 0,5, at least twice even attention), and the [masque]
// query's strongest key; the panel's line must say exactly the clear ones and nothing else.
TEST(AttentionGrid, HeadPatternsOfATrainedModelSayOnlyWhatIsClear) {
    const char* sentences[] = {"le chat [masque] le chien", "la petite souris [masque] le chat", "le [masque] regarde la souris",
                               "la voiture suit le [masque]", "le chat regarde le chien"};
    int clear = 0, unclear = 0;
    for (const char* model : {"/corpus grammaire; /entrainer 300", "/recette gpt2; /corpus grammaire; /entrainer 300"}) {
        Session s = test::session(model);
        for (const char* sentence : sentences) {
            ASSERT_TRUE(test::registry().execute(s, std::string("/phrase ") + sentence).ok);
            const Trace& t = *s.trace();
            ASSERT_EQ(t.trained_steps, 300);
            const int n = t.token_count(), mask_id = t.vocabulary_size - 1;
            const bool causal = t.settings.mask == Mask::Causal;
            int m = -1;
            for (int i = n - 1; i >= 0; --i)
                if (t.tokens[static_cast<std::size_t>(i)].id == mask_id) m = i;
            for (int block = 1; block <= t.settings.layers; ++block) {
                const std::vector<Matrix>& heads = t.levels[static_cast<std::size_t>(2 * block - 1)].attention_weights;
                const std::vector<HeadPattern> got = head_patterns(heads, t.settings.mask, t.tokens, mask_id);
                const std::string line = head_patterns_caption(got, t.tokens, Language::French);
                ASSERT_EQ(got.size(), heads.size());
                for (std::size_t h = 0; h < heads.size(); ++h) {
                    const Matrix& a = heads[h];
                    const std::string where = std::string(model) + " « " + sentence + " » bloc " + std::to_string(block) + " : " + line;
                    // (pattern, mean, even share) for the queries where it exists and that choose.
                    struct Mean {
                        Look look;
                        double mean, even;
                    };
                    std::vector<Mean> means;
                    auto add = [&](Look look, auto key_of) {
                        double sum = 0, even = 0;
                        int count = 0;
                        for (int i = causal ? 1 : 0; i < n; ++i) {
                            const int j = key_of(i);
                            if (j < 0 || j >= n || (causal && j > i)) continue;
                            sum += a(i, j), even += 1.0 / (causal ? i + 1 : n), ++count;
                        }
                        if (count) means.push_back({look, sum / count, even / count});
                    };
                    add(Look::Previous, [](int i) { return i - 1; });
                    add(Look::Self, [](int i) { return i; });
                    if (!causal) add(Look::Next, [](int i) { return i + 1; });
                    add(Look::First, [](int i) { return i == 0 ? -1 : 0; });
                    if (m >= 0) add(Look::Mask, [m](int i) { return i == m ? -1 : m; });
                    Look expected = Look::None;
                    double best = 0;
                    for (const Mean& x : means)
                        if (x.mean >= 0.5 && x.mean >= 2 * x.even && x.mean > best) expected = x.look, best = x.mean;
                    EXPECT_EQ(got[h].look, expected) << where;
                    if (expected != Look::None) {
                        EXPECT_NEAR(got[h].weight, best, 1e-12) << where;
                    }
                    const std::string head = "tête\u00A0" + std::to_string(h + 1) + "\u00A0: ";
                    EXPECT_TRUE(contains(line, head + (expected == Look::None ? "pas de motif net" : "regarde "))) << where;
                    // The [masque] query's strongest key, when clear.
                    int key = -1;
                    if (m >= 0 && !(causal && m == 0)) {
                        Eigen::Index j = 0;
                        const double w = a.row(m).maxCoeff(&j);
                        if (w >= 0.5 && w >= 2.0 / (causal ? m + 1 : n)) {
                            key = static_cast<int>(j);
                            EXPECT_TRUE(contains(line, "[masque] → «\u00A0" + t.tokens[j].word + "\u00A0» (" + format_fixed(w, 2, Language::French) + ")"))
                                << where;
                        }
                    }
                    EXPECT_EQ(got[h].mask_key, key) << where;
                    (expected != Look::None || key >= 0 ? clear : unclear) += 1;
                }
                if (line.find("[masque] →") != std::string::npos) {
                    EXPECT_GE(m, 0);
                }
            }
        }
    }
    std::printf("     trained 300 steps on the grammar: %d heads with a clear pattern, %d without\n", clear, unclear);
    EXPECT_GT(clear, 0);  // some head does say where it looks
}

}  // namespace
}  // namespace tb
