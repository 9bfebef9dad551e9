// The backward pass against finite differences of the forward pass, in every wiring, and the
// phenomenon it exists to show: the residual path keeps the early layers' gradients alive.
#include <algorithm>
#include <cmath>

#include "training/backward.h"
#include "model/forward.h"
#include "../support.h"

namespace tb {
namespace {

// The loss after moving one weight entry by h (a fresh forward pass, nothing shared).
double loss_with(const Trace& t, const Matrix& target, int block, int matrix, int r, int c, double h) {
    Weights w = *t.weights;
    BlockWeights& b = w.blocks[block];
    Matrix* m[] = {&b.attention.wq, &b.attention.wk, &b.attention.wv, &b.attention.wo, &b.ffn.w1, &b.ffn.w2};
    (*m[matrix])(r, c) += h;
    const Trace moved = run(t.settings, t.tokens, t.vocabulary_size, std::make_shared<const Weights>(std::move(w)));
    return loss(moved, target);
}

TEST(Backward, MatchesFiniteDifferencesInEveryWiring) {
    for (const char* wiring : {"", "/residuel off", "/norme post", "/norme post; /residuel off", "/norme aucune",
                               "/norme aucune; /residuel off", "/masque causal; /activation relu", "/dimension 16; /ffn 12",
                               "/normalisation rmsnorm", "/normalisation rmsnorm; /norme post",
                               "/normalisation rmsnorm; /norme post; /residuel off", "/normalisation rmsnorm; /residuel off"}) {
        const auto t = test::session(std::string("/couches 3; /graine 3; ") + wiring).trace();
        const Matrix target = loss_target(*t);
        const Gradients g = backward(*t, target);
        ASSERT_EQ(g.sublayers.size(), 6u);
        EXPECT_DOUBLE_EQ(g.loss, loss(*t, target));
        double worst = 0.0;
        for (int block = 0; block < 3; ++block)
            for (int matrix = 0; matrix < 6; ++matrix) {
                const SublayerGradients& sub = g.sublayers[2 * block + (matrix < 4 ? 0 : 1)];
                const Matrix& analytic = sub.weights[matrix < 4 ? matrix : matrix - 4];
                for (auto [r, c] : {std::pair{0, 0}, std::pair{1, 3}, std::pair{int(analytic.rows()) - 1, int(analytic.cols()) - 2}}) {
                    const double h = 1e-6;
                    const double numeric = (loss_with(*t, target, block, matrix, r, c, h) -
                                            loss_with(*t, target, block, matrix, r, c, -h)) / (2 * h);
                    // Central differences carry ~1e-10 of rounding noise: relative 1e-4 above an absolute floor.
                    const double error = std::abs(numeric - analytic(r, c));
                    worst = std::max(worst, error / (std::abs(numeric) + 1e-8));
                    EXPECT_LT(error, 1e-4 * std::abs(numeric) + 1e-8) << wiring << " block " << block << " matrix " << matrix << " (" << r << ", " << c
                                           << "): analytic " << analytic(r, c) << ", numeric " << numeric;
                }
            }
        RecordProperty(std::string("worst relative error ") + wiring, std::to_string(worst));
    }
}

// Seed 000 D on the toy model (pre-norm, six blocks): with the residual, the first sublayer's
// weights get at least as much gradient as the last one's; without it, several times less.
// Measured over seeds 1..50: median first/last 2.5 with, 0.24 without.
TEST(Backward, ResidualKeepsEarlyLayersAlive) {
    std::vector<double> with, without;
    int paired = 0;
    for (int seed = 1; seed <= 50; ++seed) {
        double ratio[2];
        for (bool residual : {true, false}) {
            const auto t = test::session("/couches 6; /graine " + std::to_string(seed) + (residual ? "" : "; /residuel off")).trace();
            const Gradients g = backward(*t, loss_target(*t));
            ratio[residual] = g.sublayers.front().mean_abs_weight_gradient / g.sublayers.back().mean_abs_weight_gradient;
        }
        with.push_back(ratio[1]);
        without.push_back(ratio[0]);
        paired += ratio[1] > ratio[0];
    }
    std::sort(with.begin(), with.end());
    std::sort(without.begin(), without.end());
    EXPECT_GT(with[25], 1.0) << "median first/last with the residual";
    EXPECT_LT(without[25], 0.5) << "median first/last without the residual";
    EXPECT_GE(paired, 40) << "seeds where the residual gives the first layer relatively more gradient";
}

}  // namespace
}  // namespace tb
