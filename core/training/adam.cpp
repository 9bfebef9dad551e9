#include "training/training.h"

#include <cmath>

#include "model/kernels.h"
#include "training/workspace.h"

namespace tb {

TrainingState start_training(const Weights& weights) {
    TrainingState state{weights, weights, weights, 0};
    train::zero_all(state.first_moment), train::zero_all(state.second_moment);
    return state;
}

AdamOptions adam_options(const Settings& s) {
    AdamOptions a;
    a.lr = s.learning_rate;
    a.warmup_steps = s.warmup_steps;
    return a;
}

double warmup_rate(const AdamOptions& adam, int step) {
    if (adam.warmup_steps <= 0 || step >= adam.warmup_steps) return adam.lr;
    return adam.lr * (static_cast<double>(step) / adam.warmup_steps);
}

void adam_step(TrainingState& state, const Weights& gradients, const Settings& s, const AdamOptions& adam) {
    const int t = ++state.steps;
    // As torch.optim.Adam (single-tensor path): m = β1 m + (1 - β1) g, v = β2 v + (1 - β2) g²,
    // w -= (lr_t / (1 - β1^t)) m / (sqrt(v) / sqrt(1 - β2^t) + eps), lr_t the warm-up's rate.
    const double step_size = warmup_rate(adam, t) / (1.0 - std::pow(adam.beta1, t));
    const double root_correction = std::sqrt(1.0 - std::pow(adam.beta2, t));
    auto params = trained_tensors(state.weights, s);
    auto grads = trained_tensors(const_cast<Weights&>(gradients), s);  // read only
    auto m = trained_tensors(state.first_moment, s);
    auto v = trained_tensors(state.second_moment, s);
    for (std::size_t i = 0; i < params.size(); ++i)
        kernels().adam(params[i].data, grads[i].data, m[i].data, v[i].data, params[i].size, adam.beta1, adam.beta2,
                       step_size, root_correction, adam.eps, adam.weight_decay);
}

namespace {

// True when every value is finite: v - v is 0 then, NaN for ±inf and NaN. In eight partial sums,
// which the compiler keeps in vector registers.
TB_CLONES bool all_finite(const double* v, long count) {
    double partial[8] = {};
    long i = 0;
    for (; i + 8 <= count; i += 8)
        for (int k = 0; k < 8; ++k) partial[k] += v[i + k] - v[i + k];
    for (; i < count; ++i) partial[0] += v[i] - v[i];
    double total = 0.0;
    for (double p : partial) total += p;
    return total == 0.0;
}

}  // namespace

StepRecord train_step(const TrainingSetup& setup, TrainingState& state, Workspace& ws, Weights& gradients) {
    StepRecord record;
    record.step = state.steps + 1;
    record.batch = draw_batch(*setup.sentences, setup.settings, record.step, setup.mask_id);
    record.loss = loss_and_gradients(setup.settings, state.weights, record.batch,
                                     language_model_loss(state.weights, record.batch, ws), gradients, ws,
                                     target_rows(record.batch));
    record.finite = std::isfinite(record.loss);
    for (const TensorRef& t : trained_tensors(gradients, setup.settings)) record.finite = record.finite && all_finite(t.data, t.size);
    if (record.finite && records_gradients(record.step)) record.sublayer_gradients = sublayer_gradient_means(gradients, setup.settings);
    if (record.finite) adam_step(state, gradients, setup.settings, setup.adam);
    return record;
}

}  // namespace tb
