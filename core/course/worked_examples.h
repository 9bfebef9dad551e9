#pragma once
// The seeds' worked examples, computed rather than quoted, so that a panel can show every step
// and a test can check every number:
//   - layer norm by hand (seed 000 C) and RMSNorm beside it (seed 002);
//   - the « Thomas Pesquet » neuron, an FFN read as a store of facts (seed 004);
//   - Raschka's five-layer network, gradients with and without shortcuts (seed 000 D): his published
//     figures, and our own draws of the same network.
#include <cstdint>
#include <string>
#include <vector>

#include "model/weights.h"

namespace tb {

// Layer norm over the features of one vector, each step kept.
struct LayerNormSteps {
    Vector x;                   // the input
    double mean;                // mu = (1/n) sum x_i
    Vector deviations;          // x_i - mu
    Vector squared_deviations;  // (x_i - mu)²
    double variance;            // sigma² = (1/n) sum (x_i - mu)²  (biased)
    double sigma;               // sqrt(sigma² + eps)
    Vector normalized;          // (x_i - mu) / sigma   (gain 1, bias 0)
};
LayerNormSteps layer_norm_steps(const Vector& x, double eps = 0.0);

// RMSNorm, gain 1 and no bias: x / sqrt((1/n) sum x_i² + eps).
Vector rms_norm(const Vector& x, double eps = 0.0);

// An FFN with hand-set weights in which one neuron stores « Thomas Pesquet -> astronaute ».
// Axes of the d = 8 space are named concepts; W_up's row 0 asks "Thomas + Pesquet?", its bias -1
// makes ReLU an AND, and W_down's column 0 writes the « astronaute » direction.
struct FactNetwork {
    std::vector<std::string> axes;        // d names: "Thomas", "Pesquet", "astronaute", ...
    std::vector<std::string> neurons;     // w names, what each neuron detects
    Matrix w_up;    // [w][d]: row i is neuron i's "question"
    Vector b_up;    // [w]
    Matrix w_down;  // [d][w]: column i is the direction neuron i adds
    Vector b_down;  // [d]
};
FactNetwork thomas_pesquet_network();

struct FactPass {
    Vector input;           // [d]
    Vector questions;       // W_up x: the dot products, before the bias [w]
    Vector pre_activation;  // W_up x + b_up [w]
    Vector neurons;         // ReLU(...) [w]: active > 0, inactive = 0
    Vector added;           // W_down neurons + b_down [d]
    Vector output;          // input + added: the residual stream after the MLP [d]
};
FactPass run_fact_network(const FactNetwork& net, const Vector& input);
// The input vector of a set of concepts (sum of their unit axes), e.g. {"Thomas", "Pesquet"}.
Vector concept_vector(const FactNetwork& net, const std::vector<std::string>& concepts);

// Raschka's experiment: five linear layers of sizes [3, 3, 3, 3, 3, 1], each followed by GELU (his
// tanh approximation), input [1, 0, -1], target 0, squared error; a shortcut x + layer(x) wherever
// shapes allow. Weights drawn from `seed` like PyTorch's default Linear: U(-1/sqrt(fan_in),
// 1/sqrt(fan_in)), but from our generator: the same network as his, another draw.
struct ShortcutExperiment {
    std::vector<double> without_shortcuts;  // mean |dLoss/dW| of layers 1..5
    std::vector<double> with_shortcuts;
};
ShortcutExperiment shortcut_gradient_experiment(std::uint64_t seed);

// His own run as published: Raschka, « Build a Large Language Model (From Scratch) », section 4.4,
// torch.manual_seed(123), the figures as printed (rounded).
constexpr int kRaschkaSeed = 123;
ShortcutExperiment raschka_published();

// With / without shortcuts at layer 1 over `count` of our draws, seeds first .. first + count - 1:
// how far one draw is from another.
struct ShortcutSpread {
    std::uint64_t first_seed;
    int count;
    double median, min, max;  // the median of an even count is the mean of the two middle values
};
ShortcutSpread shortcut_first_layer_spread(std::uint64_t first_seed = 1, int count = 100);

}  // namespace tb
