#include "model/kernels.h"

#include <cstdlib>
#include <cstring>

namespace tb {

// The best kernels this processor runs, or the set named by TB_KERNELS in the environment
// (sse2, avx2, avx512) when it can run that one: how the tests check every build of them.
const LaneKernels& choose_kernels() {
    const std::vector<const LaneKernels*> sets = runnable_kernels();
    if (const char* wanted = std::getenv("TB_KERNELS"))
        for (const LaneKernels* set : sets)
            if (std::strcmp(set->name, wanted) == 0) return *set;
    return *sets.back();
}

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

}  // namespace tb
