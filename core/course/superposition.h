#pragma once
// Superposition (seed 004): in d dimensions at most d directions are exactly perpendicular, but
// « presque perpendiculaires » (85° to 95° apart) become the rule as d grows. Among N seeded
// random unit vectors, the fraction of pairs whose angle lies within 85°–95°, i.e. |cos θ| ≤
// cos 85° = sin 5°, at the toy's d and at GPT-2's and GPT-3's, beside the exact value: for two
// random unit vectors in d dimensions cos θ has the density ∝ (1 − t²)^((d−3)/2) on [−1, 1].
#include <cstdint>
#include <vector>

#include "model/weights.h"

namespace tb {

// The dimensions the panel shows: the toy's two widths, GPT-2 small's, GPT-3's.
inline constexpr int kSuperpositionDimensions[] = {8, 16, 768, 12288};
// Vectors drawn at each d: 128 give 8 128 pairs (a sampling error of about 0,4 point at d = 8),
// and the four dimensions take about 50 ms together (measured: see superposition_test.cpp).
inline constexpr int kSuperpositionVectors = 128;
// cos 85° = sin 5°: |cos θ| at most this is an angle within 85°–95°.
double near_perpendicular_cosine();

// `count` unit vectors of dimension `dimension` (rows), drawn from the seeded stream
// ("superposition", dimension): normal coordinates, each row divided by its norm.
Matrix random_unit_vectors(std::uint64_t seed, int count, int dimension);

struct SuperpositionRow {
    int dimension = 0;
    int vectors = 0;
    std::int64_t pairs = 0;               // N(N − 1)/2
    std::int64_t near_perpendicular = 0;  // pairs within 85°–95°
    double fraction = 0;                  // near_perpendicular / pairs
    double exact = 0;                     // P(|cos θ| ≤ sin 5°) for random directions in this d
};
// Counts the pairs of the rows of `unit_vectors` within 85°–95° of each other.
SuperpositionRow count_near_perpendicular(const Matrix& unit_vectors);
// P(|cos θ| ≤ sin 5°) for two random directions in `dimension` ≥ 2 dimensions (numerical integral).
double near_perpendicular_probability(int dimension);
// One row per dimension of kSuperpositionDimensions, `vectors` vectors each.
std::vector<SuperpositionRow> superposition_rows(std::uint64_t seed, int vectors = kSuperpositionVectors);

}  // namespace tb
