#include "training/backward.h"

#include <cmath>

#include "model/forward.h"
#include "model/random.h"
#include "training/training.h"

namespace tb {
Matrix loss_target(const Trace& trace) {
    NormalStream stream(trace.settings.seed, "loss_target", -1);
    Matrix t(trace.token_count(), trace.settings.dimension);
    for (Eigen::Index i = 0; i < t.rows(); ++i)
        for (Eigen::Index c = 0; c < t.cols(); ++c) t(i, c) = stream.normal();
    return t;
}

double loss(const Trace& trace, const Matrix& target) {
    return 0.5 * (trace.levels.back().vectors - target).squaredNorm() / trace.token_count();
}

Gradients backward(const Trace& t, const Matrix& target) {
    // The training's backward pass (training.h) on a batch of this one sentence, from this loss.
    const Settings& s = t.settings;
    const int n = t.token_count();
    Batch batch(1);
    for (const Token& token : t.tokens) batch[0].ids.push_back(token.id);
    const OutputLoss squared = [&target, n](const double* out, int, int d, double* d_out, Weights&) {
        double total = 0.0;
        for (int i = 0; i < n; ++i)
            for (int f = 0; f < d; ++f) {
                const double diff = out[i * d + f] - target(i, f);
                total += diff * diff;
                d_out[i * d + f] = diff / n;
            }
        return 0.5 * total / n;
    };
    auto work = make_workspace();
    Weights g;
    Gradients result;
    result.loss = loss_and_gradients(s, *t.weights, batch, squared, g, *work);
    const std::vector<double> means = sublayer_gradient_means(g, s);
    for (int k = 1; k <= 2 * s.layers; ++k) {
        const BlockWeights& b = g.blocks.at(static_cast<std::size_t>((k - 1) / 2));
        SublayerGradients sub{k, {}, {}, 0.0};
        if (k % 2 == 1) {
            const AttentionWeights& a = b.attention;
            sub.weights = {a.wq, a.wk, a.wv, a.wo}, sub.biases = {a.bq, a.bk, a.bv, a.bo};
        } else {
            sub.weights = {b.ffn.w1, b.ffn.w2}, sub.biases = {b.ffn.b1, b.ffn.b2};
            if (gated(s.activation)) sub.weights.push_back(b.ffn.w3), sub.biases.push_back(b.ffn.b3);
        }
        sub.mean_abs_weight_gradient = means[static_cast<std::size_t>(k - 1)];
        result.sublayers.push_back(std::move(sub));
    }
    return result;
}

}  // namespace tb
