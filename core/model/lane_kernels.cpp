// Built once per instruction set (see lane_kernels.h and core/CMakeLists.txt): TB_LANE_KERNELS
// names the LaneKernels this build defines, and the -m flags decide what the compiler may use.
#include "model/lane_kernels.h"

#include <cmath>
#include <cstring>
#include <type_traits>

#if TB_HAVE_LIBMVEC || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tb {
namespace {

// erf and exp of count values in place, count a multiple of kLanes. glibc's libmvec (part of
// libc6) has vector versions within a few ulp of the scalar ones and several times faster; its
// AVX2 versions also beat its AVX-512 ones here, so the AVX-512 build calls them too. Called on
// whole arrays, not lane by lane: a load right after a store of another width stalls.
#if TB_HAVE_LIBMVEC && defined(__AVX2__)
extern "C" __m256d _ZGVdN4v_erf(__m256d);
extern "C" __m256d _ZGVdN4v_exp(__m256d);
void erf_all(double* v, int count) {
    for (int i = 0; i < count; i += 4) _mm256_storeu_pd(v + i, _ZGVdN4v_erf(_mm256_loadu_pd(v + i)));
}
void exp_all(double* v, int count) {
    for (int i = 0; i < count; i += 4) _mm256_storeu_pd(v + i, _ZGVdN4v_exp(_mm256_loadu_pd(v + i)));
}
#elif TB_HAVE_LIBMVEC
extern "C" __m128d _ZGVbN2v_erf(__m128d);
extern "C" __m128d _ZGVbN2v_exp(__m128d);
void erf_all(double* v, int count) {
    for (int i = 0; i < count; i += 2) _mm_storeu_pd(v + i, _ZGVbN2v_erf(_mm_loadu_pd(v + i)));
}
void exp_all(double* v, int count) {
    for (int i = 0; i < count; i += 2) _mm_storeu_pd(v + i, _ZGVbN2v_exp(_mm_loadu_pd(v + i)));
}
#else
void erf_all(double* v, int count) {
    for (int i = 0; i < count; ++i) v[i] = std::erf(v[i]);
}
void exp_all(double* v, int count) {
    for (int i = 0; i < count; ++i) v[i] = std::exp(v[i]);
}
#endif

// Every inner loop runs over the kLanes tokens of one feature: 8 doubles, 4 SSE2, 2 AVX2 or
// 1 AVX-512 register. The pragma (-fopenmp-simd) keeps GCC from vectorizing an outer loop
// instead, which needs shuffles.
#define TB_FOR_EACH_LANE(t) _Pragma("omp simd") for (int t = 0; t < kLanes; ++t)

// Outputs computed together in affine: 4 outputs x 8 lanes are 8 AVX2 accumulators, enough
// independent sums to keep both FMA units busy (measured: 8 outputs in AVX-512 gained nothing).
constexpr int kOutputBlock = 4;

template <int Outputs>
inline void affine_block(const double* x, int in, const double* w, int out, const double* b, double* y) {
    double acc[Outputs][kLanes];
    for (int r = 0; r < Outputs; ++r)
        TB_FOR_EACH_LANE(t) acc[r][t] = b[r];
    for (int i = 0; i < in; ++i)  // w(o, i) is w[o + i * out], x(t, i) is x[t + i * kLanes]
        for (int r = 0; r < Outputs; ++r)
            TB_FOR_EACH_LANE(t) acc[r][t] += w[i * out + r] * x[i * kLanes + t];
    for (int r = 0; r < Outputs; ++r)
        TB_FOR_EACH_LANE(t) y[r * kLanes + t] = acc[r][t];
}

void affine(const double* x, int in, const double* w, int out, const double* b, double* y) {
    int o = 0;
    for (; o + kOutputBlock <= out; o += kOutputBlock)
        affine_block<kOutputBlock>(x, in, w + o, out, b + o, y + o * kLanes);
    for (; o < out; ++o) affine_block<1>(x, in, w + o, out, b + o, y + o * kLanes);
}

// The sum over features of term(f) for each lane, in four interleaved partial sums: four short
// dependency chains instead of one of length d, since each layer norm waits on the one before.
template <class Term>
inline void sum_features(int d, double* total, Term term) {
    double partial[4][kLanes] = {};
    int f = 0;
    for (; f + 4 <= d; f += 4)
        for (int k = 0; k < 4; ++k) TB_FOR_EACH_LANE(t) partial[k][t] += term(f + k, t);
    for (; f < d; ++f) TB_FOR_EACH_LANE(t) partial[0][t] += term(f, t);
    TB_FOR_EACH_LANE(t) total[t] = (partial[0][t] + partial[1][t]) + (partial[2][t] + partial[3][t]);
}

void layer_norm(const double* x, int d, const double* gain, const double* bias, double eps, double* y) {
    double mean[kLanes], var[kLanes], inv[kLanes];
    sum_features(d, mean, [&](int f, int t) { return x[f * kLanes + t]; });
    TB_FOR_EACH_LANE(t) mean[t] /= d;
    sum_features(d, var, [&](int f, int t) {  // biased variance, as in seed 000's C
        const double centred = x[f * kLanes + t] - mean[t];
        return centred * centred;
    });
    TB_FOR_EACH_LANE(t) inv[t] = 1.0 / std::sqrt(var[t] / d + eps);
    for (int f = 0; f < d; ++f)
        TB_FOR_EACH_LANE(t) y[f * kLanes + t] = (x[f * kLanes + t] - mean[t]) * inv[t] * gain[f] + bias[f];
}

// The softmax over keys runs lane by lane across the columns of weights (lane_kernels.h).
void head(const double* q, const double* k, const double* v, int n, int q_first, int kv_first, int dh, bool causal,
          double alibi_slope, double* weights, double* out) {
    const double inverse_root = 1.0 / std::sqrt(static_cast<double>(dh));
    double max[kLanes], sum[kLanes] = {};
    TB_FOR_EACH_LANE(t) max[t] = -INFINITY;
    for (int c = 0; c < n; ++c) {
        double acc[kLanes] = {};  // summed here, not in weights, which the compiler must assume aliases q
        for (int f = 0; f < dh; ++f) {
            const double key = k[(kv_first + f) * kLanes + c];
            TB_FOR_EACH_LANE(t) acc[t] += q[(q_first + f) * kLanes + t] * key;
        }
        TB_FOR_EACH_LANE(t) acc[t] *= inverse_root;
        if (alibi_slope != 0.0)  // ALiBi: the distance |t - c| between query and key, as a penalty
            TB_FOR_EACH_LANE(t) acc[t] -= alibi_slope * static_cast<double>(t > c ? t - c : c - t);
        if (causal)  // exp(-inf) = 0: a token sees only itself and those before it
            for (int t = 0; t < c; ++t) acc[t] = -INFINITY;
        TB_FOR_EACH_LANE(t) {
            max[t] = acc[t] > max[t] ? acc[t] : max[t];
            weights[c * kLanes + t] = acc[t];
        }
    }
    for (int c = 0; c < n; ++c)
        TB_FOR_EACH_LANE(t) weights[c * kLanes + t] -= max[t];
    exp_all(weights, n * kLanes);
    for (int c = 0; c < n; ++c)
        TB_FOR_EACH_LANE(t) sum[t] += weights[c * kLanes + t];
    TB_FOR_EACH_LANE(t) sum[t] = 1.0 / sum[t];
    for (int c = 0; c < n; ++c)
        TB_FOR_EACH_LANE(t) weights[c * kLanes + t] *= sum[t];
    for (int f = 0; f < dh; ++f) {
        double acc[kLanes] = {};
        for (int c = 0; c < n; ++c) {
            const double value = v[(kv_first + f) * kLanes + c];
            TB_FOR_EACH_LANE(t) acc[t] += weights[c * kLanes + t] * value;
        }
        TB_FOR_EACH_LANE(t) out[(q_first + f) * kLanes + t] = acc[t];
    }
}

void gelu(double* v, int count) {
    double e[kLanes * kMaxFeatures];
    for (int i = 0; i < count; ++i) e[i] = v[i] * M_SQRT1_2;
    erf_all(e, count);
    for (int i = 0; i < count; ++i) v[i] = 0.5 * v[i] * (1.0 + e[i]);
}

// The training pass's matrix product (lane_kernels.h), in tiles of kTileRows rows of c by
// kTileColumns columns whose sums stay in registers: 6 x 16 doubles are 12 AVX-512 registers, 6 x 8
// are 12 AVX2 ones, enough independent sums to keep both FMA units busy (measured on a Zen 3: 6 rows
// took 10-25 % less time than 4). Written with the instruction set's vectors: left to the compiler, the
// sums went through the stack in halves, and each tile's first load waited on two stores of another
// width (10-20 % slower).
#if defined(__AVX512F__)
using Vec = __m512d;
constexpr int kVecWidth = 8;
inline Vec load(const double* p) { return _mm512_loadu_pd(p); }
inline void store(double* p, Vec v) { _mm512_storeu_pd(p, v); }
inline Vec broadcast(double x) { return _mm512_set1_pd(x); }
inline Vec zero() { return _mm512_setzero_pd(); }
inline Vec multiply_add(Vec x, Vec y, Vec sum) { return _mm512_fmadd_pd(x, y, sum); }
constexpr int kTileRows = 6, kTileColumns = 16;
#elif defined(__AVX2__)
using Vec = __m256d;
constexpr int kVecWidth = 4;
inline Vec load(const double* p) { return _mm256_loadu_pd(p); }
inline void store(double* p, Vec v) { _mm256_storeu_pd(p, v); }
inline Vec broadcast(double x) { return _mm256_set1_pd(x); }
inline Vec zero() { return _mm256_setzero_pd(); }
inline Vec multiply_add(Vec x, Vec y, Vec sum) { return _mm256_fmadd_pd(x, y, sum); }
constexpr int kTileRows = 6, kTileColumns = 8;
#else  // SSE2, or another processor: the compilers' generic vectors of two
typedef double Vec __attribute__((vector_size(16)));
constexpr int kVecWidth = 2;
inline Vec load(const double* p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
inline void store(double* p, Vec v) { std::memcpy(p, &v, sizeof v); }
inline Vec broadcast(double x) { return Vec{x, x}; }
inline Vec zero() { return Vec{0.0, 0.0}; }
inline Vec multiply_add(Vec x, Vec y, Vec sum) { return x * y + sum; }
constexpr int kTileRows = 4, kTileColumns = 4;  // 8 sums of the 16 registers
#endif

template <int R, int W>
inline void gemm_tile(int K, const double* a, int a_row, int a_col, const double* b, int ldb, const double* bias,
                      bool accumulate, double* c, int ldc) {
    constexpr int V = W / kVecWidth;
    Vec acc[R][V];
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v)
            acc[r][v] = accumulate ? load(c + r * ldc + v * kVecWidth) : bias ? load(bias + v * kVecWidth) : zero();
    for (int k = 0; k < K; ++k) {
        const double* row = b + static_cast<long>(k) * ldb;
        Vec columns[V];
        for (int v = 0; v < V; ++v) columns[v] = load(row + v * kVecWidth);
        for (int r = 0; r < R; ++r) {
            const Vec x = broadcast(a[r * a_row + k * a_col]);
            for (int v = 0; v < V; ++v) acc[r][v] = multiply_add(x, columns[v], acc[r][v]);
        }
    }
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < V; ++v) store(c + r * ldc + v * kVecWidth, acc[r][v]);
}

// The last columns, fewer than a tile's (at most 7): one row at a time.
inline void gemm_narrow(int K, int width, const double* a, int a_col, const double* b, int ldb, const double* bias,
                        bool accumulate, double* c) {
    double acc[8];
    for (int j = 0; j < width; ++j) acc[j] = accumulate ? c[j] : bias ? bias[j] : 0.0;
    for (int k = 0; k < K; ++k) {
        const double x = a[k * a_col];
        for (int j = 0; j < width; ++j) acc[j] += x * b[static_cast<long>(k) * ldb + j];
    }
    for (int j = 0; j < width; ++j) c[j] = acc[j];
}

template <int R>
inline void gemm_rows(int N, int K, const double* a, int a_row, int a_col, const double* b, int ldb, const double* bias,
                      bool accumulate, double* c, int ldc) {
    int n = 0;
    for (; n + kTileColumns <= N; n += kTileColumns)
        gemm_tile<R, kTileColumns>(K, a, a_row, a_col, b + n, ldb, bias ? bias + n : nullptr, accumulate, c + n, ldc);
    if (kTileColumns > 8 && n + 8 <= N) {
        gemm_tile<R, 8>(K, a, a_row, a_col, b + n, ldb, bias ? bias + n : nullptr, accumulate, c + n, ldc);
        n += 8;
    }
    if (n < N)
        for (int r = 0; r < R; ++r)
            gemm_narrow(K, N - n, a + r * a_row, a_col, b + n, ldb, bias ? bias + n : nullptr, accumulate, c + r * ldc + n);
}

// Whole tiles, then the last rows in tiles of 4, 2 and 1.
void gemm(int M, int N, int K, const double* a, int a_row, int a_col, const double* b, int ldb, const double* bias,
          bool accumulate, double* c, int ldc) {
    int m = 0;
    const auto rows = [&](auto R) {
        gemm_rows<R>(N, K, a + static_cast<long>(m) * a_row, a_row, a_col, b, ldb, bias, accumulate,
                     c + static_cast<long>(m) * ldc, ldc);
        m += R;
    };
    while (m + kTileRows <= M) rows(std::integral_constant<int, kTileRows>());
    if (m + 4 <= M) rows(std::integral_constant<int, 4>());
    if (m + 2 <= M) rows(std::integral_constant<int, 2>());
    if (m < M) rows(std::integral_constant<int, 1>());
}

// erf and exp work in place on the whole multiples of 4 (libmvec's width), on the few values
// after them through a padded buffer.
constexpr int kWidth = 4;
constexpr double kInverseRootTwoPi = 0.39894228040143267794;

void gelu_slope_chunk(const double* x, int count, double* y, double* slope) {
    const int whole = count / kWidth * kWidth;
    for (int i = 0; i < whole; ++i) y[i] = x[i] * M_SQRT1_2, slope[i] = -0.5 * x[i] * x[i];
    erf_all(y, whole);
    exp_all(slope, whole);
    for (int i = 0; i < whole; ++i) {
        const double phi = 0.5 * (1.0 + y[i]);
        y[i] = x[i] * phi;
        slope[i] = phi + x[i] * slope[i] * kInverseRootTwoPi;
    }
    if (whole == count) return;
    double e[kWidth] = {}, g[kWidth] = {};
    for (int i = whole; i < count; ++i) e[i - whole] = x[i] * M_SQRT1_2, g[i - whole] = -0.5 * x[i] * x[i];
    erf_all(e, kWidth);
    exp_all(g, kWidth);
    for (int i = whole; i < count; ++i) {
        const double phi = 0.5 * (1.0 + e[i - whole]);
        y[i] = x[i] * phi;
        slope[i] = phi + x[i] * g[i - whole] * kInverseRootTwoPi;
    }
}

// In chunks whose three arrays stay in the first-level cache between the passes.
void gelu_slope(const double* x, int count, double* y, double* slope) {
    constexpr int kChunk = 512;
    for (int first = 0; first < count; first += kChunk) {
        const int size = count - first < kChunk ? count - first : kChunk;
        gelu_slope_chunk(x + first, size, y + first, slope + first);
    }
}

void exp_values(double* v, int count) {
    const int whole = count / kWidth * kWidth;
    exp_all(v, whole);
    if (whole == count) return;
    double e[kWidth] = {};
    for (int i = whole; i < count; ++i) e[i - whole] = v[i];
    exp_all(e, kWidth);
    for (int i = whole; i < count; ++i) v[i] = e[i - whole];
}

// One vector loop: CMake builds these kernels with -fno-math-errno (sqrt of v >= 0 needs no errno).
void adam(double* __restrict w, const double* __restrict g, double* __restrict m, double* __restrict v, long count,
          double beta1, double beta2, double step_size, double root_correction, double eps, double weight_decay) {
    _Pragma("omp simd") for (long i = 0; i < count; ++i) {
        const double grad = g[i] + weight_decay * w[i];
        m[i] = m[i] * beta1 + grad * (1.0 - beta1);
        v[i] = v[i] * beta2 + (1.0 - beta2) * grad * grad;
        w[i] -= step_size * (m[i] / (std::sqrt(v[i]) / root_correction + eps));
    }
}

// In blocks of 4 x 4, turned in registers with AVX2: four loads, eight shuffles, four stores.
void transpose(const double* a, int rows, int cols, double* t) {
    int i = 0;
#if defined(__AVX2__)
    for (; i + 4 <= rows; i += 4) {
        int j = 0;
        for (; j + 4 <= cols; j += 4) {
            const double* from = a + static_cast<long>(i) * cols + j;
            const __m256d r0 = _mm256_loadu_pd(from), r1 = _mm256_loadu_pd(from + cols);
            const __m256d r2 = _mm256_loadu_pd(from + 2 * cols), r3 = _mm256_loadu_pd(from + 3 * cols);
            const __m256d low01 = _mm256_unpacklo_pd(r0, r1), high01 = _mm256_unpackhi_pd(r0, r1);  // a0 b0 a2 b2, a1 b1 a3 b3
            const __m256d low23 = _mm256_unpacklo_pd(r2, r3), high23 = _mm256_unpackhi_pd(r2, r3);
            double* to = t + static_cast<long>(j) * rows + i;
            _mm256_storeu_pd(to, _mm256_permute2f128_pd(low01, low23, 0x20));
            _mm256_storeu_pd(to + rows, _mm256_permute2f128_pd(high01, high23, 0x20));
            _mm256_storeu_pd(to + 2 * rows, _mm256_permute2f128_pd(low01, low23, 0x31));
            _mm256_storeu_pd(to + 3 * rows, _mm256_permute2f128_pd(high01, high23, 0x31));
        }
        for (; j < cols; ++j)
            for (int r = i; r < i + 4; ++r) t[static_cast<long>(j) * rows + r] = a[static_cast<long>(r) * cols + j];
    }
#endif
    for (; i < rows; ++i)
        for (int j = 0; j < cols; ++j) t[static_cast<long>(j) * rows + i] = a[static_cast<long>(i) * cols + j];
}

}  // namespace

extern const LaneKernels TB_LANE_KERNELS = {TB_LANE_KERNELS_NAME, affine, layer_norm, gelu, head, gemm, gelu_slope, exp_values, adam,
                                            transpose};

}  // namespace tb
