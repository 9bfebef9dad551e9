// The training pass on stacked rows, forward and backward, driven by the sublayer's stages
// (model/stages.h) as forward.cpp's wire() is: a wiring is described once, in stages.cpp.
#include "training/training.h"

#include <algorithm>

#include "model/stages.h"
#include "training/row_ops.h"
#include "training/sublayer_passes.h"
#include "training/workspace.h"

namespace tb {
namespace train {
namespace {

// The steps of a sublayer in order (wire(): pre x <- x + F(LN(x)), post x <- LN(x + F(x)), aucune
// x <- x + F(x); residual off drops the x +) and of the output level. Rise, Enter, Output, Hold
// and Leave move the bead only: no arithmetic.
struct Wiring {
    std::vector<Step> steps;
    std::size_t last_change = 0;  // the last step that changes the stream: it writes the next input
    bool final_norm = false;      // the output level normalizes (pre-norm, as GPT-2)
};

Wiring wiring_of(const Settings& s) {
    Wiring wiring{steps_of(sublayer_stages(s))};
    for (std::size_t i = 0; i < wiring.steps.size(); ++i) {
        const Step step = wiring.steps[i];
        if (step == Step::Inner || step == Step::Add || step == Step::PostNormalize) wiring.last_change = i;
    }
    wiring.final_norm = has_step(output_stages(s.norm), Step::Normalize);
    return wiring;
}

// Sublayer k (attention at even k, FFN at odd): its weights, its buffers, its rows.
struct Sublayer {
    int k;
    const BlockWeights& block;
    const LayerNormWeights& norm;
    SublayerBuffers& b;
    Dims at;       // at.T: the rows entering
    int rows_out;  // the rows leaving: the loss's rows from the narrowing on
};

Sublayer sublayer_at(const Weights& w, Workspace& ws, const Dims& z, int k) {
    const BlockWeights& block = w.blocks.at(static_cast<std::size_t>(k / 2));
    Dims at = z;
    at.T = stream_rows(ws, k);
    return {k, block, k % 2 == 0 ? block.norm1 : block.norm2, ws.sublayers[static_cast<std::size_t>(k)], at,
            stream_rows(ws, k + 1)};
}

// F on its input (b.f_input) into b.output; at the narrowing, the attention's queries are the
// loss's rows.
void inner_forward(const Settings& s, Workspace& ws, const Sublayer& u) {
    const double* in = u.b.f_input;
    if (u.k % 2 == 1) return ffn_forward(s, u.block.ffn, u.at, u.b, in);
    const Queries& queries = queries_of(ws, u.k);
    const double* queries_in = in;
    if (u.k == ws.narrowed_at) {
        double* gathered = u.b.query_input.get(static_cast<std::size_t>(queries.count() * u.at.d));
        gather_rows(queries.tokens, in, u.at.d, gathered);
        queries_in = gathered;
    }
    attention_forward(s, u.block.attention, u.at, ws, u.b, in, queries, queries_in);
}

// From dL/d(F's output) to dL/d(F's input) (d_in, at.T rows), writing F's gradients.
void inner_backward(const Settings& s, Workspace& ws, const Sublayer& u, const double* d_out, BlockWeights& g,
                    std::size_t& next_rows, double* d_in) {
    const double* in = u.b.f_input;
    if (u.k % 2 == 1) return ffn_backward(s, u.block.ffn, u.at, ws, u.b, in, d_out, g.ffn, next_rows, d_in);
    const double* queries_in = u.k == ws.narrowed_at ? u.b.query_input.v.data() : in;
    attention_backward(s, u.block.attention, u.at, ws, u.b, in, queries_of(ws, u.k), queries_in, d_out, g.attention,
                       next_rows, d_in);
}

// sum = the stream entering + f on the rows leaving (the loss's rows at the narrowing).
TB_CLONES void add_residual(const Workspace& ws, const Sublayer& u, const double* f, double* sum) {
    const double* in = u.b.input.v.data();
    const int d = u.at.d;
    if (u.k == ws.narrowed_at) {
        for (int r = 0; r < u.rows_out; ++r)
            for (int e = 0; e < d; ++e) sum[r * d + e] = in[ws.rows[r] * d + e] + f[r * d + e];
    } else {
        for (int i = 0; i < u.at.T * d; ++i) sum[i] = in[i] + f[i];
    }
}

// Sublayer k's steps in order, as wire(): the stream leaving is written into `next`.
void sublayer_forward(const Settings& s, const Wiring& wiring, Workspace& ws, const Sublayer& u, double* next) {
    SublayerBuffers& b = u.b;
    const int T = u.at.T, R = u.rows_out, d = u.at.d;
    const std::size_t size = static_cast<std::size_t>(R * d);
    b.f_input = b.input.v.data();
    b.post_input = nullptr;
    const double* stream = b.input.v.data();  // the stream after the steps so far
    for (std::size_t i = 0; i < wiring.steps.size(); ++i) {
        double* into = i == wiring.last_change ? next : nullptr;  // the last change writes the next input
        switch (wiring.steps[i]) {
            case Step::Normalize:  // F reads the norm of the stream entering
                norm_forward(b.input.v.data(), T, d, u.norm, s.norm_type, b.mean.get(T), b.rstd.get(T),
                             b.normalized.get(static_cast<std::size_t>(T * d)));
                b.f_input = b.normalized.v.data();
                break;
            case Step::Inner:
                inner_forward(s, ws, u);
                stream = b.output.v.data();
                break;
            case Step::Add: {
                double* sum = into ? into : b.sum.get(size);
                add_residual(ws, u, stream, sum);
                stream = sum;
                break;
            }
            case Step::PostNormalize: {
                double* y = into ? into : b.post_output.get(size);
                norm_forward(stream, R, d, u.norm, s.norm_type, b.post_mean.get(R), b.post_rstd.get(R), y);
                b.post_input = stream;
                stream = y;
                break;
            }
            case Step::Rise: case Step::Enter: case Step::Output: case Step::Hold: case Step::Leave:
                break;  // the bead moves; no arithmetic
        }
    }
    if (stream != next) std::copy(stream, stream + size, next);
}

// Sublayer k's steps backwards: grad holds dL/d(the stream leaving) (rows_out rows) and is left
// holding dL/d(the stream entering) (at.T rows). The residual's 1 is written into grad first, then
// F's path (through Normalize where F read the norm) is added to it.
void sublayer_backward(const Settings& s, const Wiring& wiring, Workspace& ws, const Sublayer& u, BlockWeights& g,
                       std::size_t& next_rows, double* grad) {
    SublayerBuffers& b = u.b;
    const int T = u.at.T, R = u.rows_out, d = u.at.d;
    const std::size_t size = static_cast<std::size_t>(R * d);
    LayerNormWeights& g_norm = u.k % 2 == 0 ? g.norm1 : g.norm2;
    const double* d_stream = grad;  // dL/d(the stream after the step being undone)
    double* d_f_in = nullptr;       // dL/d(F's input) until it reaches grad
    bool written = false;           // grad holds a part of dL/d(the stream entering)
    for (auto step = wiring.steps.rbegin(); step != wiring.steps.rend(); ++step) {
        switch (*step) {
            case Step::PostNormalize: {
                double* d_sum = ws.d_f.get(size);
                norm_backward(b.post_input, R, d, u.norm, s.norm_type, b.post_mean.v.data(), b.post_rstd.v.data(),
                              d_stream, g_norm, false, d_sum);
                d_stream = d_sum;
                break;
            }
            case Step::Add:  // the residual's 1: the stream entering gets d_stream (F still reads it)
                if (u.k == ws.narrowed_at) {
                    if (d_stream == grad) d_stream = std::copy(grad, grad + size, ws.d_f.get(size)) - size;
                    scatter_rows(ws.rows, d_stream, T, d, grad);
                } else if (d_stream != grad) {
                    std::copy(d_stream, d_stream + size, grad);
                }
                written = true;
                break;
            case Step::Inner:
                d_f_in = ws.d_in.get(static_cast<std::size_t>(T * d));
                inner_backward(s, ws, u, d_stream, g, next_rows, d_f_in);
                break;
            case Step::Normalize:
                norm_backward(b.input.v.data(), T, d, u.norm, s.norm_type, b.mean.v.data(), b.rstd.v.data(), d_f_in,
                              g_norm, written, grad);
                d_f_in = nullptr, written = true;
                break;
            case Step::Rise: case Step::Enter: case Step::Output: case Step::Hold: case Step::Leave:
                break;
        }
    }
    if (!d_f_in) return;  // F read the stream itself
    if (written)
        for (int i = 0; i < T * d; ++i) grad[i] += d_f_in[i];
    else
        std::copy(d_f_in, d_f_in + T * d, grad);
}

// Level 0: x = E[id] + P[p] for every token.
TB_CLONES void embed(const Settings& s, const Weights& w, const Workspace& ws, double* x) {
    const Matrix position = position_table(s.position, w);
    const int d = s.dimension;
    for (int t = 0; t < ws.tokens; ++t)
        for (int f = 0; f < d; ++f) x[t * d + f] = w.token_embedding(ws.ids[t], f) + position(ws.positions[t], f);
}

// The stack's forward pass: returns the output level (T x d; with the narrowing, 0 off the loss's
// rows).
const double* forward(const Settings& s, const Wiring& wiring, const Weights& w, Workspace& ws) {
    const Dims z = dims_of(s, ws);
    const int d = z.d, sublayers = 2 * s.layers;
    const int R = stream_rows(ws, sublayers);  // the output level's rows
    double* out = ws.output.get(static_cast<std::size_t>(z.T * d));
    double* level = ws.narrowed_at >= 0 ? ws.narrowed_output.get(static_cast<std::size_t>(R * d)) : out;
    // Each sublayer writes the stream straight into the next one's input; the last one into the
    // final norm's input or the output level.
    const auto stream_into = [&](int k, int rows) {
        const std::size_t size = static_cast<std::size_t>(rows * d);
        if (k < sublayers) return ws.sublayers[static_cast<std::size_t>(k)].input.get(size);
        return wiring.final_norm ? ws.final_input.get(size) : level;
    };
    embed(s, w, ws, stream_into(0, z.T));
    for (int k = 0; k < sublayers; ++k) {
        const Sublayer u = sublayer_at(w, ws, z, k);
        sublayer_forward(s, wiring, ws, u, stream_into(k + 1, u.rows_out));
    }
    if (wiring.final_norm)
        norm_forward(ws.final_input.v.data(), R, d, w.final_norm, s.norm_type, ws.final_mean.get(R), ws.final_rstd.get(R),
                     level);
    if (ws.narrowed_at >= 0) scatter_rows(ws.rows, level, z.T, d, out);
    return out;
}

// dL/d(the output level) (T rows, grad) to dL/d(the last sublayer's output): the loss's rows
// moved up (row r comes from row rows[r] >= r), then back through the final norm.
void output_backward(const Settings& s, const Wiring& wiring, const Weights& w, Workspace& ws, Weights& gradients,
                     double* grad) {
    const int d = s.dimension, R = stream_rows(ws, 2 * s.layers);
    if (ws.narrowed_at >= 0)
        for (int r = 0; r < R; ++r)
            if (ws.rows[r] != r) std::copy(grad + ws.rows[r] * d, grad + (ws.rows[r] + 1) * d, grad + r * d);
    if (!wiring.final_norm) return;
    double* d_final = ws.d_in.get(static_cast<std::size_t>(R * d));
    norm_backward(ws.final_input.v.data(), R, d, w.final_norm, s.norm_type, ws.final_mean.v.data(),
                  ws.final_rstd.v.data(), grad, gradients.final_norm, false, d_final);
    std::copy(d_final, d_final + R * d, grad);
}

// The input: x = E[id] + P[p]; the learned table is trained only with `appris`.
void embed_backward(const Settings& s, const Workspace& ws, const double* grad, Weights& gradients) {
    const int d = s.dimension;
    for (int t = 0; t < ws.tokens; ++t)
        for (int f = 0; f < d; ++f) {
            gradients.token_embedding(ws.ids[t], f) += grad[t * d + f];
            if (s.position == Position::Learned) gradients.learned_position(ws.positions[t], f) += grad[t * d + f];
        }
}

}  // namespace
}  // namespace train

std::vector<double> batch_output(const Settings& s, const Weights& w, const Batch& batch, Workspace& ws) {
    train::lay_out(s, batch, {}, ws);
    const double* out = train::forward(s, train::wiring_of(s), w, ws);
    return std::vector<double>(out, out + ws.tokens * s.dimension);
}

double loss_and_gradients(const Settings& s, const Weights& w, const Batch& batch, const OutputLoss& loss,
                          Weights& gradients, Workspace& ws, const std::vector<int>& loss_rows) {
    using namespace train;
    lay_out(s, batch, loss_rows, ws);
    zero_sums(gradients, w);
    const Wiring wiring = wiring_of(s);
    const double* out = forward(s, wiring, w, ws);
    const Dims z = dims_of(s, ws);
    double* grad = ws.grad.zero(static_cast<std::size_t>(z.T * z.d));  // dL/d(stream), from the top down
    const double value = loss(out, z.T, z.d, grad, gradients);
    output_backward(s, wiring, w, ws, gradients, grad);
    std::size_t next_rows = 0;
    for (int k = 2 * s.layers - 1; k >= 0; --k)
        sublayer_backward(s, wiring, ws, sublayer_at(w, ws, z, k), gradients.blocks.at(static_cast<std::size_t>(k / 2)),
                          next_rows, grad);
    embed_backward(s, ws, grad, gradients);
    return value;
}

}  // namespace tb
