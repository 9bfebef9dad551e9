#include "kernels.h"

#include <cmath>
#include <cstring>
#include <stdexcept>

#if TB_HAVE_LIBMVEC
#include <immintrin.h>
#endif

// Each kernel is compiled for the baseline x86-64 and for x86-64-v3 (AVX2 + FMA); the dynamic
// loader picks one for the machine, so an old laptop and a new one both run the same code.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TB_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define TB_CLONES
#endif

namespace tb {
namespace {

// Every value of v[0..count) through erf or exp. glibc's libmvec (part of libc6) has vector
// versions within a few ulp of the scalar ones, about ten times faster than a scalar loop.
#if TB_HAVE_LIBMVEC
extern "C" __m128d _ZGVbN2v_erf(__m128d);
extern "C" __m128d _ZGVbN2v_exp(__m128d);
extern "C" __attribute__((target("avx2"))) __m256d _ZGVdN4v_erf(__m256d);
extern "C" __attribute__((target("avx2"))) __m256d _ZGVdN4v_exp(__m256d);

template <__m128d (*f)(__m128d)>
void map_sse2(double* v, int count) {  // count is a multiple of kLanes
    for (int i = 0; i < count; i += 2) _mm_storeu_pd(v + i, f(_mm_loadu_pd(v + i)));
}

template <__m256d (*f)(__m256d)>
__attribute__((target("avx2"))) void map_avx2(double* v, int count) {
    for (int i = 0; i < count; i += 4) _mm256_storeu_pd(v + i, f(_mm256_loadu_pd(v + i)));
}

bool cpu_has_avx2() {
    __builtin_cpu_init();  // needed when called from a static initializer
    return __builtin_cpu_supports("avx2");
}
const bool has_avx2 = cpu_has_avx2();

void erf_all(double* v, int count) {
    has_avx2 ? map_avx2<_ZGVdN4v_erf>(v, count) : map_sse2<_ZGVbN2v_erf>(v, count);
}
void exp_all(double* v, int count) {
    has_avx2 ? map_avx2<_ZGVdN4v_exp>(v, count) : map_sse2<_ZGVbN2v_exp>(v, count);
}
#else
void erf_all(double* v, int count) {
    for (int i = 0; i < count; ++i) v[i] = std::erf(v[i]);
}
void exp_all(double* v, int count) {
    for (int i = 0; i < count; ++i) v[i] = std::exp(v[i]);
}
#endif

// Every inner loop runs over the kLanes tokens of one feature: 8 doubles, 4 SSE2 or 2 AVX2
// registers. The pragma (-fopenmp-simd) keeps GCC from vectorizing an outer loop instead, which
// needs shuffles.
#define TB_FOR_EACH_LANE(t) _Pragma("omp simd") for (int t = 0; t < kLanes; ++t)
// GCC inlines a helper into a clone built for another -march only when told to.
#define TB_INLINE inline __attribute__((always_inline))

// Outputs computed together in affine: 4 outputs x 8 lanes are 8 AVX2 accumulators, enough
// independent sums to keep both FMA units busy.
constexpr int kOutputBlock = 4;

template <int Outputs>
TB_INLINE void affine_block(const double* x, int in, const double* w, int out, const double* b, double* y) {
    double acc[Outputs][kLanes];
    for (int r = 0; r < Outputs; ++r)
        TB_FOR_EACH_LANE(t) acc[r][t] = b[r];
    for (int i = 0; i < in; ++i)  // w(o, i) is w[o + i * out], x(t, i) is x[t + i * kLanes]
        for (int r = 0; r < Outputs; ++r)
            TB_FOR_EACH_LANE(t) acc[r][t] += w[i * out + r] * x[i * kLanes + t];
    for (int r = 0; r < Outputs; ++r)
        TB_FOR_EACH_LANE(t) y[r * kLanes + t] = acc[r][t];
}

TB_CLONES void affine_kernel(const double* x, int in, const double* w, int out, const double* b, double* y) {
    int o = 0;
    for (; o + kOutputBlock <= out; o += kOutputBlock)
        affine_block<kOutputBlock>(x, in, w + o, out, b + o, y + o * kLanes);
    for (; o < out; ++o) affine_block<1>(x, in, w + o, out, b + o, y + o * kLanes);
}

// The sum over features of term(f) for each lane, in four interleaved partial sums: four short
// dependency chains instead of one of length d, since each layer norm waits on the one before.
template <class Term>
TB_INLINE void sum_features(int d, double* total, Term term) {
    double partial[4][kLanes] = {};
    int f = 0;
    for (; f + 4 <= d; f += 4)
        for (int k = 0; k < 4; ++k) TB_FOR_EACH_LANE(t) partial[k][t] += term(f + k, t);
    for (; f < d; ++f) TB_FOR_EACH_LANE(t) partial[0][t] += term(f, t);
    TB_FOR_EACH_LANE(t) total[t] = (partial[0][t] + partial[1][t]) + (partial[2][t] + partial[3][t]);
}

TB_CLONES void layer_norm_kernel(const double* x, int d, const double* gain, const double* bias, double eps,
                                 double* y) {
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

// One head on features first .. first + dh - 1. weights[c * kLanes + t] is query t's weight
// for key c, so the softmax over keys runs lane by lane across the keys.
TB_CLONES void head_kernel(const double* q, const double* k, const double* v, int n, int first, int dh, bool causal,
                           double* weights, double* out) {
    const double inverse_root = 1.0 / std::sqrt(static_cast<double>(dh));
    double max[kLanes], sum[kLanes] = {};
    TB_FOR_EACH_LANE(t) max[t] = -INFINITY;
    for (int c = 0; c < n; ++c) {
        double acc[kLanes] = {};  // summed here, not in weights, which the compiler must assume aliases q
        for (int f = first; f < first + dh; ++f) {
            const double key = k[f * kLanes + c];
            TB_FOR_EACH_LANE(t) acc[t] += q[f * kLanes + t] * key;
        }
        TB_FOR_EACH_LANE(t) acc[t] *= inverse_root;
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
    for (int f = first; f < first + dh; ++f) {
        double acc[kLanes] = {};
        for (int c = 0; c < n; ++c) {
            const double value = v[f * kLanes + c];
            TB_FOR_EACH_LANE(t) acc[t] += weights[c * kLanes + t] * value;
        }
        TB_FOR_EACH_LANE(t) out[f * kLanes + t] = acc[t];
    }
}

TB_CLONES void gelu_kernel(double* v, int count) {
    alignas(64) double e[kLanes * Settings::kMaxFfn];
    for (int i = 0; i < count; ++i) e[i] = v[i] * M_SQRT1_2;
    erf_all(e, count);
    for (int i = 0; i < count; ++i) v[i] = 0.5 * v[i] * (1.0 + e[i]);
}

TokenLanes lanes(Eigen::Index features) { return TokenLanes(kLanes, features); }

}  // namespace

TokenLanes to_lanes(const Matrix& x) {
    if (x.rows() > kLanes) throw std::invalid_argument("the forward pass takes at most 8 tokens");
    TokenLanes result = TokenLanes::Zero(kLanes, x.cols());
    result.topRows(x.rows()) = x;
    return result;
}

Matrix to_rows(const TokenLanes& lanes, int n) {
    if (n < kLanes) return lanes.topRows(n);
    Matrix rows(n, lanes.cols());  // the same layout: one contiguous copy
    std::memcpy(rows.data(), lanes.data(), sizeof(double) * static_cast<std::size_t>(lanes.size()));
    return rows;
}

TokenLanes affine(const TokenLanes& x, const Matrix& w, const Vector& b) {
    TokenLanes y = lanes(w.rows());
    affine_kernel(x.data(), static_cast<int>(x.cols()), w.data(), static_cast<int>(w.rows()), b.data(), y.data());
    return y;
}

TokenLanes layer_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps) {
    TokenLanes y = lanes(x.cols());
    layer_norm_kernel(x.data(), static_cast<int>(x.cols()), norm.gain.data(), norm.bias.data(), eps, y.data());
    return y;
}

void gelu_in_place(TokenLanes& x) { gelu_kernel(x.data(), static_cast<int>(x.size())); }

void relu_in_place(TokenLanes& x) { x = x.cwiseMax(0.0); }

TokenLanes attend(const TokenLanes& q, const TokenLanes& k, const TokenLanes& v, int n, int heads, Mask mask,
                  std::vector<Matrix>& weights) {
    const int dh = static_cast<int>(q.cols()) / heads;
    TokenLanes concat = lanes(q.cols());
    weights.reserve(weights.size() + static_cast<std::size_t>(heads));
    alignas(64) double head_weights[kLanes * kLanes];  // lane t of column c: query t's weight for key c
    for (int j = 0; j < heads; ++j) {
        head_kernel(q.data(), k.data(), v.data(), n, j * dh, dh, mask == Mask::Causal, head_weights, concat.data());
        Matrix head(n, n);  // row r = query r, column c = key c
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) head(r, c) = head_weights[c * kLanes + r];
        weights.push_back(std::move(head));
    }
    return concat;
}

}  // namespace tb
