#pragma once
// A real backward pass through the toy model (seed 000 D): the gradient of a simple loss on the
// output with respect to every sublayer's weights, so that a class can see the residual's
// "1 + F'" keep the early layers alive. It is the training's backward pass (training.h) on the
// trace's sentence, from this loss; a test checks it against finite differences.
//
// Loss: L = 1/(2n) sum_i ||out_i - target_i||², with a fixed target drawn from the seed.
#include <vector>

#include "model/trace.h"

namespace tb {

struct SublayerGradients {
    int level;                      // 1..2L: odd attention, even FFN
    std::vector<Matrix> weights;    // attention: dWq, dWk, dWv, dWo (dWk, dWv [h_kv·d_h][d]); FFN: dW1, dW2, and dW3 when gated ([out][in] each)
    std::vector<Vector> biases;     // attention: dbq, dbk, dbv, dbo; FFN: db1, db2, and db3 when gated
    double mean_abs_weight_gradient;  // mean |dL/dW| over every entry of `weights`
};

struct Gradients {
    double loss;
    std::vector<SublayerGradients> sublayers;  // sublayers[k - 1] is level k
};

// [n][d] target of the loss, drawn N(0, 1) from the trace's seed (its own stream).
Matrix loss_target(const Trace& trace);
// L for the trace's output and `target`.
double loss(const Trace& trace, const Matrix& target);
Gradients backward(const Trace& trace, const Matrix& target);

}  // namespace tb
