#pragma once
// Which build of the forward pass's inner loops runs (lane_kernels.h): SSE2, AVX2 + FMA or
// AVX-512, the best the processor runs, chosen once. The layers that call them are in forward.h.
#include <vector>

#include "model/lane_kernels.h"

// The per-token loops outside lane_kernels (training's norms, attention by sentence, FFN
// activations, the loss's softmax) are compiled for AVX-512, AVX2 + FMA and plain x86-64 with
// TB_CLONES, the best picked at load time (GCC and Clang's function multiversioning); TB_INLINE
// helpers are then compiled into each clone. Not under the sanitizers, whose run-time starts after
// the clones' resolvers.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(undefined_behavior_sanitizer) || \
    __has_feature(thread_sanitizer)
#define TB_SANITIZED 1
#endif
#endif
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(TB_SANITIZED)
#define TB_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define TB_CLONES
#endif
#if defined(__GNUC__) || defined(__clang__)
#define TB_INLINE inline __attribute__((always_inline))
#define TB_INLINE_LAMBDA __attribute__((always_inline))
#else
#define TB_INLINE inline
#define TB_INLINE_LAMBDA
#endif

namespace tb {

// The builds of the loops this processor can run, SSE2 first, and the name of the one in use.
std::vector<const LaneKernels*> runnable_kernels();
const char* kernels_in_use();

// The build in use: the best this processor runs, or the one TB_KERNELS names. Chosen once;
// inline, since every layer asks for it.
const LaneKernels& choose_kernels();
inline const LaneKernels& kernels() {
    static const LaneKernels& chosen = choose_kernels();
    return chosen;
}

}  // namespace tb
