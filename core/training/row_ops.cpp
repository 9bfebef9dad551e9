#include "training/row_ops.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "model/forward.h"

namespace tb::train {

// dW = d_c^T a and db = the sum of d_c's rows, written (a pass uses each weight once): W [N][K]
// column-major, so its data is [K][N] row-major.
TB_CLONES void linear_weight_gradient(const double* d_c, int M, int N, const double* a, int K, Matrix& dw, Vector& db) {
    kernels().gemm(K, N, M, a, 1, K, d_c, N, nullptr, false, dw.data(), N);
    // The column sums, 16 or 8 columns at a time in local sums that stay in registers.
    const auto columns = [&](int first, auto width) TB_INLINE_LAMBDA {
        double sum[width] = {};
        for (int m = 0; m < M; ++m)
            for (int j = 0; j < width; ++j) sum[j] += d_c[m * N + first + j];
        std::copy(sum, sum + width, db.data() + first);
    };
    int n = 0;
    for (; n + 16 <= N; n += 16) columns(n, std::integral_constant<int, 16>());
    for (; n + 8 <= N; n += 8) columns(n, std::integral_constant<int, 8>());
    for (; n < N; ++n) columns(n, std::integral_constant<int, 1>());
}

// W's row-major copy ([N][K]): the transpose of its data, [K][N] row-major.
const double* rows_of(Buffer& buffer, const Matrix& w) {
    double* p = buffer.get(static_cast<std::size_t>(w.size()));
    kernels().transpose(w.data(), static_cast<int>(w.cols()), static_cast<int>(w.rows()), p);
    return p;
}

// The sum over f < d of term(f) in four interleaved partial sums: short dependency chains that the
// compiler may keep in one vector register (a single chain of d additions waits on each one).
template <class Term>
inline double sum_features(int d, Term term) {
    double partial[4] = {};
    int f = 0;
    for (; f + 4 <= d; f += 4)
        for (int k = 0; k < 4; ++k) partial[k] += term(f + k);
    for (; f < d; ++f) partial[0] += term(f);
    return (partial[0] + partial[1]) + (partial[2] + partial[3]);
}

// y = N(x) row by row (LayerNorm or RMSNorm, over d features), keeping each row's mean and 1/σ.
TB_CLONES void norm_forward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, double* mean, double* rstd,
                  double* y) {
    const double* gain = n.gain.data();
    const double* bias = n.bias.data();
    const bool layer = type == NormType::LayerNorm;
    for (int t = 0; t < T; ++t) {
        const double* r = x + t * d;
        const double mu = layer ? sum_features(d, [r](int f) { return r[f]; }) / d : 0.0;
        const double squares = sum_features(d, [r, mu](int f) { return (r[f] - mu) * (r[f] - mu); });
        const double inverse = 1.0 / std::sqrt(squares / d + kLayerNormEps);
        mean[t] = mu, rstd[t] = inverse;
        double* out = y + t * d;
        if (layer)
            for (int f = 0; f < d; ++f) out[f] = (r[f] - mu) * inverse * gain[f] + bias[f];
        else
            for (int f = 0; f < d; ++f) out[f] = (r[f] - mu) * inverse * gain[f];
    }
}

// dx (+)= the gradient through y = N(x) given dy; the gain's and bias's gradients are added:
// dx = (1/σ) (dx̂ - mean(dx̂) - x̂ mean(dx̂ x̂)), dx̂ = dy g (RMSNorm: no mean(dx̂) term).
TB_CLONES void norm_backward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, const double* mean,
                   const double* rstd, const double* dy, LayerNormWeights& grad, bool accumulate, double* dx) {
    const bool layer = type == NormType::LayerNorm;
    const double* gain = n.gain.data();
    double* d_gain = grad.gain.data();
    double* d_bias = grad.bias.data();
    for (int t = 0; t < T; ++t) {
        double xhat[64], dxhat[64];
        const double* g = dy + t * d;
        const double mu = mean[t], inverse = rstd[t];
        for (int f = 0; f < d; ++f) {
            xhat[f] = (x[t * d + f] - mu) * inverse;
            d_gain[f] += g[f] * xhat[f];
            dxhat[f] = g[f] * gain[f];
        }
        if (layer)
            for (int f = 0; f < d; ++f) d_bias[f] += g[f];
        const double mean_dxhat = layer ? sum_features(d, [&dxhat](int f) { return dxhat[f]; }) / d : 0.0;
        const double mean_dot = sum_features(d, [&dxhat, &xhat](int f) { return dxhat[f] * xhat[f]; }) / d;
        double* out = dx + t * d;
        if (accumulate)
            for (int f = 0; f < d; ++f) out[f] += inverse * (dxhat[f] - mean_dxhat - xhat[f] * mean_dot);
        else
            for (int f = 0; f < d; ++f) out[f] = inverse * (dxhat[f] - mean_dxhat - xhat[f] * mean_dot);
    }
}

// RoPE on rows of `width` features (heads of dh), token t at positions[t]; direction -1 turns back.
TB_CLONES void rope_rows(double* x, int T, int width, int dh, const int* positions, double base, double direction) {
    for (int k = 0; 2 * k < dh; ++k) {
        const double frequency = std::pow(base, -2.0 * k / dh);
        double cos[Settings::kMaxTokens], sin[Settings::kMaxTokens];
        for (int p = 0; p < Settings::kMaxTokens; ++p)
            cos[p] = std::cos(direction * p * frequency), sin[p] = std::sin(direction * p * frequency);
        for (int t = 0; t < T; ++t)
            for (int first = 0; first + dh <= width; first += dh) {
                double* pair = x + t * width + first + 2 * k;
                const int p = positions[t];
                const double a = pair[0], b = pair[1];
                pair[0] = a * cos[p] - b * sin[p];
                pair[1] = a * sin[p] + b * cos[p];
            }
    }
}

void gather_rows(const std::vector<int>& rows, const double* from, int d, double* to) {
    for (std::size_t r = 0; r < rows.size(); ++r) std::copy(from + rows[r] * d, from + (rows[r] + 1) * d, to + r * d);
}

// to (T x d) = 0 but its rows[r] = from's row r.
void scatter_rows(const std::vector<int>& rows, const double* from, int T, int d, double* to) {
    std::fill(to, to + T * d, 0.0);
    for (std::size_t r = 0; r < rows.size(); ++r) std::copy(from + r * d, from + (r + 1) * d, to + rows[r] * d);
}

}  // namespace tb::train
