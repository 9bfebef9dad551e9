#include "training/training.h"

#include <cmath>
#include <stdexcept>

#include "model/kernels.h"
#include "training/row_ops.h"
#include "training/workspace.h"

namespace tb {

using train::rows_of;

namespace {

// z ([N][V] logits) becomes dL/dz = (softmax(z) - onehot(id)) / N; returns the mean of -log softmax(z)[id].
TB_CLONES double softmax_gradient(double* z, int N, int V, const std::vector<std::pair<int, int>>& rows) {
    double loss = 0.0;
    for (int r = 0; r < N; ++r) {
        double* zr = z + static_cast<long>(r) * V;
        double max = zr[0];
        for (int c = 1; c < V; ++c) max = zr[c] > max ? zr[c] : max;
        for (int c = 0; c < V; ++c) zr[c] -= max;
        loss -= zr[rows[r].second];
    }
    kernels().exp(z, N * V);
    for (int r = 0; r < N; ++r) {
        double* p = z + static_cast<long>(r) * V;
        double total = 0.0;
        for (int c = 0; c < V; ++c) total += p[c];
        loss += std::log(total);  // -log softmax(z)[id] = log sum exp(z - max) - (z_id - max)
        const double scale = 1.0 / (total * N);
        for (int c = 0; c < V; ++c) p[c] *= scale;
        p[rows[r].second] -= 1.0 / N;
    }
    return loss / N;
}

}  // namespace

OutputLoss language_model_loss(const Weights& w, const Batch& batch, Workspace& ws) {
    return [&w, &batch, &ws](const double* out, int, int d, double* d_output, Weights& g) {
        const int V = static_cast<int>(w.token_embedding.rows());
        std::vector<std::pair<int, int>> rows;  // (token row, expected id)
        int first = 0;
        for (const Example& e : batch) {
            for (const auto& [p, id] : e.targets) rows.emplace_back(first + p, id);
            first += static_cast<int>(e.ids.size());
        }
        const int N = static_cast<int>(rows.size());
        if (N == 0) throw std::invalid_argument("a batch without targets");
        double* h = ws.picked.get(static_cast<std::size_t>(N) * d);
        for (int r = 0; r < N; ++r) std::copy(out + rows[r].first * d, out + (rows[r].first + 1) * d, h + r * d);
        // z = E h for every target: [N][V]; the embedding's data is E^T row-major ([d][V]).
        double* z = ws.logits.get(static_cast<std::size_t>(N) * V);
        kernels().gemm(N, V, d, h, d, 1, w.token_embedding.data(), V, nullptr, false, z, V);
        const double loss = softmax_gradient(z, N, V, rows);
        // dh = dz E ([N][d]) and dE += dz^T h: the output head's half of the embedding's gradient.
        double* dh = ws.d_picked.get(static_cast<std::size_t>(N) * d);
        kernels().gemm(N, d, V, z, V, 1, rows_of(ws.embedding_rows, w.token_embedding), d, nullptr, false, dh, d);
        kernels().gemm(d, V, N, h, 1, d, z, V, nullptr, true, g.token_embedding.data(), V);
        for (int r = 0; r < N; ++r)
            for (int f = 0; f < d; ++f) d_output[rows[r].first * d + f] += dh[r * d + f];
        return loss;
    };
}

double batch_loss(const Settings& s, const Weights& weights, const Batch& batch, Workspace& work, Weights& gradients) {
    return loss_and_gradients(s, weights, batch, language_model_loss(weights, batch, work), gradients, work);
}

}  // namespace tb
