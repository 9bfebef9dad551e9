// Superposition (seed 004, issue 14 item 5): the fraction of pairs of random unit vectors within
// 85°–95° of each other. Checked against a count done here with a plain loop over the same vectors,
// and against the exact probability P(|cos θ| ≤ sin 5°) with cos θ of density ∝ (1 − t²)^((d−3)/2),
// whose values tests/reference/superposition.py computes independently (Python, its own integral
// normalised by the Beta function, and its own random vectors): 17,643 %, 26,057 %, 98,438 %,
// 100,000 % at d = 8, 16, 768, 12 288.
#include <gtest/gtest.h>

#include <cmath>

#include "course/superposition.h"

namespace tb {
namespace {

constexpr double kExact[] = {0.176432, 0.260575, 0.984376, 1.0};  // superposition.py, d = 8, 16, 768, 12 288

TEST(Superposition, CountMatchesAPlainLoopOverTheSameVectors) {
    for (const int d : kSuperpositionDimensions) {
        const Matrix u = random_unit_vectors(7, kSuperpositionVectors, d);
        ASSERT_EQ(u.rows(), kSuperpositionVectors);
        ASSERT_EQ(u.cols(), d);
        std::int64_t pairs = 0, near = 0;
        for (int i = 0; i < kSuperpositionVectors; ++i) {
            double norm = 0;
            for (int k = 0; k < d; ++k) norm += u(i, k) * u(i, k);
            EXPECT_NEAR(norm, 1.0, 1e-12) << "d " << d << " vector " << i;
            for (int j = i + 1; j < kSuperpositionVectors; ++j) {
                double dot = 0;
                for (int k = 0; k < d; ++k) dot += u(i, k) * u(j, k);
                const double degrees = std::acos(dot) * 180.0 / 3.14159265358979323846;
                ++pairs;
                near += degrees >= 85.0 && degrees <= 95.0;
            }
        }
        const SuperpositionRow row = count_near_perpendicular(u);
        EXPECT_EQ(row.pairs, 8128);  // 128 × 127 / 2
        EXPECT_EQ(row.pairs, pairs);
        EXPECT_EQ(row.near_perpendicular, near) << "d " << d;
        EXPECT_EQ(row.dimension, d);
    }
}

TEST(Superposition, FractionsWithinSamplingErrorOfTheExactValue) {
    // Given one vector, the other's angle to it has the same law whatever the first: the pairs'
    // indicators are pairwise independent, so the error of the fraction is √(p(1 − p)/pairs).
    const auto rows = superposition_rows(20260518);
    ASSERT_EQ(rows.size(), 4u);
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const double p = kExact[k];
        const double sigma = std::sqrt(p * (1 - p) / static_cast<double>(rows[k].pairs));
        EXPECT_NEAR(rows[k].fraction, p, 4 * sigma + 1e-4) << "d " << rows[k].dimension;
        EXPECT_NEAR(rows[k].exact, p, 2e-6) << "d " << rows[k].dimension;
    }
    // The issue's « about 19 %, 27 %, 98 %, ~100 % »: the toy's widths far from the rule, GPT's in it.
    EXPECT_LT(rows[0].fraction, 0.21);
    EXPECT_LT(rows[1].fraction, 0.30);
    EXPECT_GT(rows[2].fraction, 0.97);
    EXPECT_GT(rows[3].fraction, 0.999);
}

TEST(Superposition, DeterministicForASeed) {
    const auto a = superposition_rows(42), b = superposition_rows(42), c = superposition_rows(43);
    int differ = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        EXPECT_EQ(a[k].near_perpendicular, b[k].near_perpendicular);
        differ += a[k].near_perpendicular != c[k].near_perpendicular;
    }
    EXPECT_GE(differ, 2);  // another seed draws other vectors
    EXPECT_EQ(random_unit_vectors(42, 3, 8), random_unit_vectors(42, 3, 8));
}

TEST(Superposition, ExactProbabilityAtSmallDimensions) {
    // d = 3: cos θ is uniform on [−1, 1], so P(|cos θ| ≤ sin 5°) = sin 5° = 0,087156.
    EXPECT_NEAR(near_perpendicular_probability(3), 0.0871557, 1e-6);
    // d = 2: θ uniform on [0, π], so 10° out of 180° = 1/18.
    EXPECT_NEAR(near_perpendicular_probability(2), 1.0 / 18.0, 1e-3);
    EXPECT_EQ(near_perpendicular_probability(1), 0.0);
}

}  // namespace
}  // namespace tb
