#pragma once
// Seed 003's question, on this model: how much gradient reaches each sublayer with the residual
// and without it. Same weights, same sentence, same loss target; the other wiring is run again
// from the trace's shared weights, then a backward pass on each (training/backward.h's public API).
#include <vector>

#include "model/trace.h"

namespace tb {

// Mean |dL/dW| of each sublayer (levels 1..2L) with the residual on and off.
struct GradientComparison {
    std::vector<double> residual_on, residual_off;  // [2L]: index k-1 is level k
    double loss_on = 0, loss_off = 0;
};
GradientComparison gradient_comparison(const Trace& trace);

}  // namespace tb
