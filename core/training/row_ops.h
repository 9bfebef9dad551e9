#pragma once
// The training pass's operations on stacked rows (row-major T x f): products by a weight matrix
// and their gradients, the norms, RoPE, moving rows. Internal to core/training.
#include <type_traits>
#include <vector>

#include "model/kernels.h"
#include "model/weights.h"
#include "training/workspace.h"

namespace tb::train {

// c (M x N) = a (M x K) · W^T + b with W [N][K] column-major (its data is W^T row-major).
inline void linear(const double* a, int M, int K, const Matrix& w, const Vector& b, double* c) {
    const int N = static_cast<int>(w.rows());
    kernels().gemm(M, N, K, a, K, 1, w.data(), N, b.data(), false, c, N);
}

// d_a (M x K) (+)= d_c (M x N) · W, W given row-major ([N][K]).
inline void linear_input_gradient(const double* d_c, int M, int N, const double* w_rows, int K, bool accumulate,
                                  double* d_a) {
    kernels().gemm(M, K, N, d_c, N, 1, w_rows, K, nullptr, accumulate, d_a, K);
}

// dW = d_c^T a and db = the sum of d_c's rows, written (a pass uses each weight once): W [N][K]
// column-major, so its data is [K][N] row-major.
void linear_weight_gradient(const double* d_c, int M, int N, const double* a, int K, Matrix& dw, Vector& db);

// W's row-major copy ([N][K]): the transpose of its data, [K][N] row-major.
const double* rows_of(Buffer& buffer, const Matrix& w);

// y = N(x) row by row (LayerNorm or RMSNorm, over d features), keeping each row's mean and 1/σ.
void norm_forward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, double* mean, double* rstd,
                  double* y);
// dx (+)= the gradient through y = N(x) given dy; the gain's and bias's gradients are added.
void norm_backward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, const double* mean,
                   const double* rstd, const double* dy, LayerNormWeights& grad, bool accumulate, double* dx);

// RoPE on rows of `width` features (heads of dh), token t at positions[t]; direction -1 turns back.
void rope_rows(double* x, int T, int width, int dh, const int* positions, double base, double direction);

// to (R x d) = from's rows[r], r < R.
void gather_rows(const std::vector<int>& rows, const double* from, int d, double* to);
// to (T x d) = 0 but its rows[r] = from's row r.
void scatter_rows(const std::vector<int>& rows, const double* from, int T, int d, double* to);

// body(dh) with the head width as a compile-time constant where it is a common one, so that the
// loops over a head's features unroll into a few vector instructions.
// Inlined into the clones of its callers, and so compiled for their instruction set.
template <class Body>
TB_INLINE void with_head_width(int dh, Body body) {
    switch (dh) {
        case 4: return body(std::integral_constant<int, 4>());
        case 8: return body(std::integral_constant<int, 8>());
        default: return body(dh);
    }
}

}  // namespace tb::train
