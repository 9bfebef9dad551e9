#pragma once
// The forward pass's inner loops on raw token lanes (kernels.h explains the layout), compiled
// once per x86-64 instruction set: lane_kernels.cpp is built several times with different -m
// flags, each build defining one LaneKernels. kernels.cpp picks, once, the best set the processor
// runs. Kept free of inline library code on purpose: one inline function compiled for AVX-512 in
// one build and picked by the linker for all would crash an older processor.

namespace tb {

constexpr int kLanes = 8;         // = Settings::kMaxTokens, checked in kernels.h
constexpr int kMaxFeatures = 64;  // = Settings::kMaxFfn, the widest tensor

struct LaneKernels {
    const char* name;  // "sse2", "avx2", "avx512": also the values of TB_KERNELS
    // y[o] = b[o] + sum_i w(o, i) x[i]: x [in] lanes, w column-major [out][in], y [out] lanes.
    void (*affine)(const double* x, int in, const double* w, int out, const double* b, double* y);
    // (x - mean) / sqrt(var + eps) * gain + bias over the d features, lane by lane.
    void (*layer_norm)(const double* x, int d, const double* gain, const double* bias, double eps, double* y);
    // v <- 0.5 v (1 + erf(v / sqrt 2)) for count values, a multiple of kLanes.
    void (*gelu)(double* v, int count);
    // One attention head: the query features q_first .. q_first + dh - 1 of q against the key and
    // value features kv_first .. kv_first + dh - 1 of k and v (lanes of n tokens; kv_first differs
    // from q_first when query heads share a KV head, GQA/MQA). The scaled score of query t, key c
    // gets - alibi_slope |t - c| (0: none, ALiBi otherwise) before the causal mask and the softmax.
    // weights[c * kLanes + t] = query t's softmax weight for key c; out's features q_first ..
    // q_first + dh - 1 = the weighted values.
    void (*head)(const double* q, const double* k, const double* v, int n, int q_first, int kv_first, int dh,
                 bool causal, double alibi_slope, double* weights, double* out);

    // The training pass (training.h) stacks a batch's tokens as rows and multiplies whole matrices.
    // c[m][n] = start + sum_k A(m, k) b[k][n] for m < M, n < N, k < K, with A(m, k) = a[m * a_row +
    // k * a_col] (a row-major matrix, or a transposed one), b and c row-major (row strides ldb, ldc);
    // start is c[m][n] itself when accumulating, else bias[n], or 0 when bias is null.
    void (*gemm)(int M, int N, int K, const double* a, int a_row, int a_col, const double* b, int ldb,
                 const double* bias, bool accumulate, double* c, int ldc);
    // y = GELU(x) = x Φ(x) and slope = GELU'(x) = Φ(x) + x φ(x), for any count.
    void (*gelu_slope)(const double* x, int count, double* y, double* slope);
    // v <- exp(v), for any count.
    void (*exp)(double* v, int count);
    // Adam's update of count elements (training/adam.cpp's adam_step): g' = g + weight_decay w,
    // m = β1 m + (1 - β1) g', v = β2 v + (1 - β2) g'², w -= step_size m / (sqrt(v) / root_correction + eps).
    void (*adam)(double* w, const double* g, double* m, double* v, long count, double beta1, double beta2,
                 double step_size, double root_correction, double eps, double weight_decay);
    // t (cols x rows, row-major) = the transpose of a (rows x cols, row-major).
    void (*transpose)(const double* a, int rows, int cols, double* t);
};

// One build of lane_kernels.cpp each. The last two exist only where CMake compiles them (x86-64
// with GCC or Clang), which it tells kernels.cpp with TB_AVX2_KERNELS and TB_AVX512_KERNELS.
extern const LaneKernels kSse2Kernels, kAvx2Kernels, kAvx512Kernels;

}  // namespace tb
