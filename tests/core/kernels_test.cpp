// Every build of the lane kernels this processor runs (SSE2, AVX2, AVX-512) against the formulas
// written again here with Eigen on ordinary n x d rows: y = x W^T + b, layer norm by row, GELU
// with std::erf, softmax(Q K^T / sqrt(d_h)) V. The forward pass uses only one build on a given
// machine; this test is what covers the others.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "model/kernels.h"
#include "model/lane_kernels.h"
#include "model/weights.h"  // Matrix, Vector

namespace tb {
namespace {

// Lane layout (kernels.h): feature f of token t at [f * kLanes + t]; unused lanes hold garbage
// that must not leak into used ones, so they are filled with large values.
std::vector<double> lanes_of(const Matrix& rows) {
    std::vector<double> lanes(static_cast<std::size_t>(kLanes * rows.cols()), 1e6);
    for (Eigen::Index f = 0; f < rows.cols(); ++f)
        for (Eigen::Index t = 0; t < rows.rows(); ++t) lanes[static_cast<std::size_t>(f * kLanes + t)] = rows(t, f);
    return lanes;
}

Matrix rows_of(const std::vector<double>& lanes, Eigen::Index n, Eigen::Index features) {
    Matrix rows(n, features);
    for (Eigen::Index f = 0; f < features; ++f)
        for (Eigen::Index t = 0; t < n; ++t) rows(t, f) = lanes[static_cast<std::size_t>(f * kLanes + t)];
    return rows;
}

Matrix random_matrix(std::mt19937_64& rng, Eigen::Index rows, Eigen::Index cols) {
    std::normal_distribution<double> normal;
    Matrix m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
    return m;
}

double max_difference(const Matrix& a, const Matrix& b) { return (a - b).cwiseAbs().maxCoeff(); }

TEST(Kernels, TheProcessorRunsAtLeastSse2AndTheBestIsInUse) {
    const auto sets = runnable_kernels();
    ASSERT_FALSE(sets.empty());
    EXPECT_STREQ(sets.front()->name, "sse2");
    EXPECT_STREQ(kernels_in_use(), sets.back()->name);
}

TEST(Kernels, EveryBuildMatchesTheFormulas) {
    std::mt19937_64 rng(42);
    for (const LaneKernels* set : runnable_kernels()) {
        SCOPED_TRACE(set->name);
        for (const int n : {1, 5, 8})
            for (const int d : {4, 8, 16}) {
                SCOPED_TRACE("n " + std::to_string(n) + " d " + std::to_string(d));
                const Matrix x = random_matrix(rng, n, d);
                const std::vector<double> x_lanes = lanes_of(x);

                for (const int out : {1, 13, 64}) {  // affine, widths not a multiple of the block too
                    const Matrix w = random_matrix(rng, out, d);
                    const Vector b = random_matrix(rng, out, 1);
                    std::vector<double> y(static_cast<std::size_t>(kLanes * out));
                    set->affine(x_lanes.data(), d, w.data(), out, b.data(), y.data());
                    const Matrix expected = (x * w.transpose()).rowwise() + b.transpose();
                    EXPECT_LT(max_difference(rows_of(y, n, out), expected), 1e-12) << "affine out " << out;
                }

                const Vector gain = random_matrix(rng, d, 1), bias = random_matrix(rng, d, 1);
                std::vector<double> normalized(x_lanes.size());
                set->layer_norm(x_lanes.data(), d, gain.data(), bias.data(), 1e-5, normalized.data());
                Matrix expected_norm(n, d);
                for (int t = 0; t < n; ++t) {
                    const Eigen::ArrayXd row = x.row(t).transpose().array();
                    const double mean = row.mean(), var = (row - mean).square().mean();
                    expected_norm.row(t) = ((row - mean) / std::sqrt(var + 1e-5) * gain.array() + bias.array()).matrix().transpose();
                }
                EXPECT_LT(max_difference(rows_of(normalized, n, d), expected_norm), 1e-12) << "layer norm";

                std::vector<double> activated = x_lanes;
                for (double& v : activated) v = std::fmod(v, 8.0);  // the unused lanes too, as GELU sees them
                const Matrix before = rows_of(activated, n, d);
                set->gelu(activated.data(), static_cast<int>(activated.size()));
                const Matrix expected_gelu =
                    before.unaryExpr([](double v) { return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))); });
                EXPECT_LT(max_difference(rows_of(activated, n, d), expected_gelu), 1e-14) << "gelu";

                const Matrix q = random_matrix(rng, n, d), k = random_matrix(rng, n, d), v = random_matrix(rng, n, d);
                const std::vector<double> q_lanes = lanes_of(q), k_lanes = lanes_of(k), v_lanes = lanes_of(v);
                // The second of two query heads, reading the first K/V head (GQA), with and without ALiBi.
                for (const bool causal : {false, true})
                  for (const double slope : {0.0, 0.25}) {
                    const int dh = d / 2, first = dh, kv_first = 0;
                    std::vector<double> weights(kLanes * kLanes), head_out(x_lanes.size(), 0.0);
                    set->head(q_lanes.data(), k_lanes.data(), v_lanes.data(), n, first, kv_first, dh, causal, slope,
                              weights.data(), head_out.data());
                    Matrix scores = q.middleCols(first, dh) * k.middleCols(kv_first, dh).transpose() / std::sqrt(double(dh));
                    for (int r = 0; r < n; ++r)
                        for (int c = 0; c < n; ++c) scores(r, c) -= slope * std::abs(r - c);
                    for (int r = 0; r < n; ++r) {
                        const double max = scores.row(r).maxCoeff();  // any shift gives the same softmax
                        for (int c = 0; c < n; ++c) scores(r, c) = causal && c > r ? 0.0 : std::exp(scores(r, c) - max);
                        scores.row(r) /= scores.row(r).sum();
                    }
                    Matrix got_weights(n, n);
                    for (int r = 0; r < n; ++r)
                        for (int c = 0; c < n; ++c) got_weights(r, c) = weights[static_cast<std::size_t>(c * kLanes + r)];
                    EXPECT_LT(max_difference(got_weights, scores), 1e-14) << "attention weights, causal " << causal << ", slope " << slope;
                    const Matrix expected_out = scores * v.middleCols(kv_first, dh);
                    EXPECT_LT(max_difference(rows_of(head_out, n, d).middleCols(first, dh), expected_out), 1e-13)
                        << "attention output, causal " << causal << ", slope " << slope;
                  }
            }
    }
}

// The training pass's transpose (its weights' row-major copies), in every build: exact, with
// sizes that are and are not multiples of its 4 x 4 blocks (478: the vocabulary's size).
TEST(Kernels, EveryBuildTransposesExactly) {
    std::mt19937_64 rng(7);
    for (const LaneKernels* set : runnable_kernels()) {
        SCOPED_TRACE(set->name);
        for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{1, 1}, {5, 7}, {16, 16}, {64, 16}, {16, 478}, {478, 16}}) {
            const Matrix a = random_matrix(rng, rows, cols);  // column-major: its data is a^T row-major
            std::vector<double> t(static_cast<std::size_t>(rows * cols), NAN);
            set->transpose(a.data(), cols, rows, t.data());  // a^T (cols x rows) turned: a, row-major
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < cols; ++c) ASSERT_EQ(t[static_cast<std::size_t>(r * cols + c)], a(r, c)) << rows << " x " << cols;
        }
    }
}

// The training pass's matrix product, in every build, against Eigen: sizes around its tiles (rows
// by 6, 4, 2 and 1; columns by 16, 8 and the last few), a row-major or transposed a, wider strides
// than the matrices, and each start (0, the bias, c itself).
TEST(Kernels, EveryBuildMultipliesMatrices) {
    std::mt19937_64 rng(11);
    for (const LaneKernels* set : runnable_kernels()) {
        SCOPED_TRACE(set->name);
        for (const int M : {1, 2, 3, 5, 6, 7, 11, 16, 88})
            for (const int N : {1, 5, 8, 13, 16, 24, 64, 478})
                for (const int K : {1, 16, 64})
                    for (const bool transposed : {false, true})
                        for (const int start : {0, 1, 2}) {  // 0, the bias, accumulate
                            const Matrix a = random_matrix(rng, M, K), b = random_matrix(rng, K, N + 3);
                            const Matrix c0 = random_matrix(rng, M, N + 2);
                            const Vector bias = random_matrix(rng, N, 1);
                            // a's data as the kernel reads it: A(m, k) = data[m * a_row + k * a_col].
                            const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> a_rows = a;
                            const Matrix& a_columns = a;  // column-major: data[m + k * M]
                            const double* a_data = transposed ? a_columns.data() : a_rows.data();
                            const int a_row = transposed ? 1 : K, a_col = transposed ? M : 1;
                            const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> b_rows = b;
                            Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> c = c0;
                            set->gemm(M, N, K, a_data, a_row, a_col, b_rows.data(), N + 3, start == 1 ? bias.data() : nullptr,
                                      start == 2, c.data(), N + 2);
                            Matrix expected = a * b.leftCols(N);
                            if (start == 1) expected.rowwise() += bias.transpose();
                            if (start == 2) expected += c0.leftCols(N);
                            ASSERT_LT(max_difference(c.leftCols(N), expected), 1e-12)
                                << M << " x " << N << " x " << K << (transposed ? ", a transposed" : "") << ", start " << start;
                            ASSERT_EQ(c.rightCols(2), c0.rightCols(2)) << "wrote past column N";
                        }
    }
}

}  // namespace
}  // namespace tb
