#include "kernels.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace tb {
namespace {

// The best kernels this processor runs, or the set named by TB_KERNELS in the environment
// (sse2, avx2, avx512) when it can run that one: how the tests check every build of them.
const LaneKernels& choose_kernels() {
    const std::vector<const LaneKernels*> sets = runnable_kernels();
    if (const char* wanted = std::getenv("TB_KERNELS"))
        for (const LaneKernels* set : sets)
            if (std::strcmp(set->name, wanted) == 0) return *set;
    return *sets.back();
}

const LaneKernels& kernels() {
    static const LaneKernels& chosen = choose_kernels();
    return chosen;
}

TokenLanes lanes(Eigen::Index features) { return TokenLanes(kLanes, features); }

}  // namespace

std::vector<const LaneKernels*> runnable_kernels() {
    std::vector<const LaneKernels*> sets{&kSse2Kernels};
#if TB_AVX2_KERNELS
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) sets.push_back(&kAvx2Kernels);
#endif
#if TB_AVX512_KERNELS
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512bw"))
        sets.push_back(&kAvx512Kernels);
#endif
    return sets;
}

const char* kernels_in_use() { return kernels().name; }

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
    kernels().affine(x.data(), static_cast<int>(x.cols()), w.data(), static_cast<int>(w.rows()), b.data(), y.data());
    return y;
}

TokenLanes layer_norm(const TokenLanes& x, const LayerNormWeights& norm, double eps) {
    TokenLanes y = lanes(x.cols());
    kernels().layer_norm(x.data(), static_cast<int>(x.cols()), norm.gain.data(), norm.bias.data(), eps, y.data());
    return y;
}

void gelu_in_place(TokenLanes& x) { kernels().gelu(x.data(), static_cast<int>(x.size())); }

void relu_in_place(TokenLanes& x) { x = x.cwiseMax(0.0); }

TokenLanes attend(const TokenLanes& q, const TokenLanes& k, const TokenLanes& v, int n, int heads, Mask mask,
                  std::vector<Matrix>& weights) {
    const int dh = static_cast<int>(q.cols()) / heads;
    TokenLanes concat = lanes(q.cols());
    weights.reserve(weights.size() + static_cast<std::size_t>(heads));
    alignas(64) double head_weights[kLanes * kLanes];  // lane t of column c: query t's weight for key c
    for (int j = 0; j < heads; ++j) {
        kernels().head(q.data(), k.data(), v.data(), n, j * dh, dh, mask == Mask::Causal, head_weights, concat.data());
        Matrix head(n, n);  // row r = query r, column c = key c
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) head(r, c) = head_weights[c * kLanes + r];
        weights.push_back(std::move(head));
    }
    return concat;
}

}  // namespace tb
