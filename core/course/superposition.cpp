#include "course/superposition.h"

#include <cmath>

#include "model/random.h"

namespace tb {

double near_perpendicular_cosine() {
    const double pi = 3.14159265358979323846;
    return std::sin(5.0 * pi / 180.0);
}

Matrix random_unit_vectors(std::uint64_t seed, int count, int dimension) {
    NormalStream stream(seed, "superposition", dimension);
    Matrix m(count, dimension);
    for (int i = 0; i < count; ++i) {
        for (int j = 0; j < dimension; ++j) m(i, j) = stream.normal();
        m.row(i) /= m.row(i).norm();
    }
    return m;
}

SuperpositionRow count_near_perpendicular(const Matrix& u) {
    SuperpositionRow r;
    r.dimension = static_cast<int>(u.cols());
    r.vectors = static_cast<int>(u.rows());
    // Unit rows: the Gram matrix u·uᵀ holds every cos θ; its upper triangle is enough (half the work).
    Matrix cosines = Matrix::Zero(u.rows(), u.rows());
    cosines.selfadjointView<Eigen::Upper>().rankUpdate(u);
    const double limit = near_perpendicular_cosine();
    for (Eigen::Index i = 0; i < u.rows(); ++i)
        for (Eigen::Index j = i + 1; j < u.rows(); ++j) {
            ++r.pairs;
            r.near_perpendicular += std::abs(cosines(i, j)) <= limit;
        }
    r.fraction = r.pairs > 0 ? static_cast<double>(r.near_perpendicular) / static_cast<double>(r.pairs) : 0.0;
    r.exact = near_perpendicular_probability(r.dimension);
    return r;
}

double near_perpendicular_probability(int dimension) {
    if (dimension < 2) return 0.0;
    // ∫₀^s (1 − t²)^k dt / ∫₀^1 (1 − t²)^k dt with k = (d − 3)/2, by the midpoint rule (the
    // density is even). For d = 2 it is infinite at t = 1 but integrable: midpoints avoid t = 1.
    const double k = (dimension - 3) / 2.0, s = near_perpendicular_cosine();
    const auto integral = [k](double a, double b, int steps) {
        const double h = (b - a) / steps;
        double sum = 0;
        for (int i = 0; i < steps; ++i) {
            const double t = a + (i + 0.5) * h;
            sum += std::exp(k * std::log1p(-t * t));
        }
        return sum * h;
    };
    const double inside = integral(0.0, s, 20000);
    return inside / (inside + integral(s, 1.0, 200000));
}

std::vector<SuperpositionRow> superposition_rows(std::uint64_t seed, int vectors) {
    std::vector<SuperpositionRow> rows;
    for (const int d : kSuperpositionDimensions) rows.push_back(count_near_perpendicular(random_unit_vectors(seed, vectors, d)));
    return rows;
}

}  // namespace tb
