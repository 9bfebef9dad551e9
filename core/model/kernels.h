#pragma once
// Which build of the forward pass's inner loops runs (lane_kernels.h): SSE2, AVX2 + FMA or
// AVX-512, the best the processor runs, chosen once. The layers that call them are in forward.h.
#include <vector>

#include "model/lane_kernels.h"

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
