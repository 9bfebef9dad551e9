#include "training/sublayer_passes.h"

#include <algorithm>
#include <cmath>

#include "model/forward.h"
#include "training/row_ops.h"

namespace tb::train {

// Attention's forward over `in` (T x d): K and V at every token; Q, the weights of every head of
// every sentence, the heads' concatenation and W_o's output at the query rows (queries_in: their
// rows of `in`).
TB_CLONES void attention_forward(const Settings& s, const AttentionWeights& a, const Dims& z, Workspace& ws, SublayerBuffers& b,
                       const double* in, const Queries& queries, const double* queries_in) {
    const int T = z.T, Q = queries.count();
    double* q = b.q.get(Q * z.d);
    double* k = b.k.get(T * z.kv);
    double* v = b.v.get(T * z.kv);
    linear(queries_in, Q, z.d, a.wq, a.bq, q);
    linear(in, T, z.d, a.wk, a.bk, k);
    linear(in, T, z.d, a.wv, a.bv, v);
    if (s.position == Position::Rope) {
        rope_rows(q, Q, z.d, z.dh, queries.positions.data(), s.rope_base, 1.0);
        rope_rows(k, T, z.kv, z.dh, ws.positions.data(), s.rope_base, 1.0);
    }
    const int sentences = static_cast<int>(ws.offsets.size());
    const int blocks = sentences * z.heads;  // one kMaxN x kMaxN block of weights per (sentence, head)
    double* weights = b.weights.get(static_cast<std::size_t>(blocks) * kMaxN * kMaxN);
    double* concat = b.concat.get(Q * z.d);
    const double scale = 1.0 / std::sqrt(static_cast<double>(z.dh));
    const int group = z.heads / z.kv_heads;
    int cells = 0;
    // The scores less their row's maximum, one after the other (only the keys each query sees),
    // then one exp over them all, then each row's normalization into its block.
    double* scores = ws.scores.get(static_cast<std::size_t>(Q) * z.heads * kMaxN);
    with_head_width(z.dh, [&](auto head_width) TB_INLINE_LAMBDA {
        const int dh = head_width;
        for (int sentence = 0; sentence < sentences; ++sentence) {
            const int first = ws.offsets[sentence], n = ws.lengths[sentence];
            for (int j = 0; j < z.heads; ++j) {
                const double slope = s.position == Position::Alibi ? alibi_slope(j, z.heads) : 0.0;
                const int qf = j * dh, kf = j / group * dh;
                for (int r = queries.first[sentence]; r < queries.first[sentence + 1]; ++r) {
                    const int i = queries.tokens[r] - first;
                    const double* qi = q + r * z.d + qf;
                    const int keys = s.mask == Mask::Causal ? i + 1 : n;
                    double max = -INFINITY;
                    for (int c = 0; c < keys; ++c) {
                        const double* kc = k + (first + c) * z.kv + kf;
                        double dot = 0.0;
                        for (int f = 0; f < dh; ++f) dot += qi[f] * kc[f];
                        scores[cells + c] = dot * scale - slope * std::abs(i - c);
                        max = std::max(max, scores[cells + c]);
                    }
                    for (int c = 0; c < keys; ++c) scores[cells + c] -= max;
                    cells += keys;
                }
            }
        }
        kernels().exp(scores, cells);
        cells = 0;
        for (int sentence = 0; sentence < sentences; ++sentence) {
            const int first = ws.offsets[sentence], n = ws.lengths[sentence];
            for (int j = 0; j < z.heads; ++j) {
                const int qf = j * dh, kf = j / group * dh;
                double* A = weights + (sentence * z.heads + j) * kMaxN * kMaxN;
                for (int r = queries.first[sentence]; r < queries.first[sentence + 1]; ++r) {
                    const int i = queries.tokens[r] - first;
                    const int keys = s.mask == Mask::Causal ? i + 1 : n;  // keys after i get weight 0
                    double total = 0.0;
                    for (int c = 0; c < keys; ++c) total += scores[cells + c];
                    for (int c = 0; c < keys; ++c) A[i * kMaxN + c] = scores[cells + c] / total;
                    for (int c = keys; c < n; ++c) A[i * kMaxN + c] = 0.0;
                    cells += keys;
                    double* out = concat + r * z.d + qf;
                    for (int f = 0; f < dh; ++f) out[f] = 0.0;
                    for (int c = 0; c < n; ++c) {
                        const double* vc = v + (first + c) * z.kv + kf;
                        for (int f = 0; f < dh; ++f) out[f] += A[i * kMaxN + c] * vc[f];
                    }
                }
            }
        }
    });
    linear(concat, Q, z.d, a.wo, a.bo, b.output.get(Q * z.d));
}

// From d(output) (a row per query) to d(in) (T x d), adding to the attention's gradients.
TB_CLONES void attention_backward(const Settings& s, const AttentionWeights& a, const Dims& z, Workspace& ws, SublayerBuffers& b,
                        const double* in, const Queries& queries, const double* queries_in, const double* d_out,
                        AttentionWeights& g, std::size_t& next_rows, double* d_in) {
    const int T = z.T, Q = queries.count();
    double* d_concat = ws.d_concat.get(Q * z.d);
    linear_weight_gradient(d_out, Q, z.d, b.concat.v.data(), z.d, g.wo, g.bo);
    linear_input_gradient(d_out, Q, z.d, rows_of(ws.transposed[next_rows++], a.wo), z.d, false, d_concat);
    double* dq = ws.d_q.get(Q * z.d);  // written whole below
    double* dk = ws.d_k.zero(T * z.kv);
    double* dv = ws.d_v.zero(T * z.kv);
    const double* q = b.q.v.data();
    const double* k = b.k.v.data();
    const double* v = b.v.v.data();
    const double scale = 1.0 / std::sqrt(static_cast<double>(z.dh));
    const int group = z.heads / z.kv_heads;
    with_head_width(z.dh, [&](auto head_width) TB_INLINE_LAMBDA {
        const int dh = head_width;
        for (int sentence = 0; sentence < static_cast<int>(ws.offsets.size()); ++sentence) {
            const int first = ws.offsets[sentence], n = ws.lengths[sentence];
            for (int j = 0; j < z.heads; ++j) {
                const int qf = j * dh, kf = j / group * dh;
                const double* A = b.weights.v.data() + (sentence * z.heads + j) * kMaxN * kMaxN;
                for (int r = queries.first[sentence]; r < queries.first[sentence + 1]; ++r) {
                    const int i = queries.tokens[r] - first;
                    const double* weight = A + i * kMaxN;
                    // Local copies of the query's rows, so that the loops below write one array each
                    // and vectorize (the compiler cannot tell the buffers apart).
                    double d_o[kMaxHeadWidth], qi[kMaxHeadWidth], dqi[kMaxHeadWidth];
                    std::copy(d_concat + r * z.d + qf, d_concat + r * z.d + qf + dh, d_o);
                    std::copy(q + r * z.d + qf, q + r * z.d + qf + dh, qi);
                    std::fill(dqi, dqi + dh, 0.0);  // dh values: = {} zeroed all 16 with a slow rep stos
                    // dA = dO V^T; dV += A^T dO; dS = A ⊙ (dA - rowsum(dA ⊙ A)) (masked entries have A = 0).
                    double ds[kMaxN], row_dot = 0.0;
                    for (int c = 0; c < n; ++c) {
                        const double* vc = v + (first + c) * z.kv + kf;
                        double* dvc = dv + (first + c) * z.kv + kf;
                        double da = 0.0;
                        for (int f = 0; f < dh; ++f) da += d_o[f] * vc[f];
                        for (int f = 0; f < dh; ++f) dvc[f] += weight[c] * d_o[f];
                        ds[c] = da;
                        row_dot += da * weight[c];
                    }
                    for (int c = 0; c < n; ++c) {
                        const double dsc = weight[c] * (ds[c] - row_dot) * scale;
                        if (dsc == 0.0) continue;
                        const double* kc = k + (first + c) * z.kv + kf;
                        double* dkc = dk + (first + c) * z.kv + kf;
                        for (int f = 0; f < dh; ++f) dqi[f] += dsc * kc[f];
                        for (int f = 0; f < dh; ++f) dkc[f] += dsc * qi[f];
                    }
                    std::copy(dqi, dqi + dh, dq + r * z.d + qf);
                }
            }
        }
    });
    if (s.position == Position::Rope) {  // the turn is a rotation: its gradient turns back
        rope_rows(dq, Q, z.d, z.dh, queries.positions.data(), s.rope_base, -1.0);
        rope_rows(dk, T, z.kv, z.dh, ws.positions.data(), s.rope_base, -1.0);
    }
    linear_weight_gradient(dq, Q, z.d, queries_in, z.d, g.wq, g.bq);
    linear_weight_gradient(dk, T, z.kv, in, z.d, g.wk, g.bk);
    linear_weight_gradient(dv, T, z.kv, in, z.d, g.wv, g.bv);
    if (Q == T) {
        linear_input_gradient(dq, T, z.d, rows_of(ws.transposed[next_rows++], a.wq), z.d, false, d_in);
    } else {  // 0 off the query rows
        double* d_queries = ws.d_queries.get(Q * z.d);
        linear_input_gradient(dq, Q, z.d, rows_of(ws.transposed[next_rows++], a.wq), z.d, false, d_queries);
        scatter_rows(queries.tokens, d_queries, T, z.d, d_in);
    }
    linear_input_gradient(dk, T, z.kv, rows_of(ws.transposed[next_rows++], a.wk), z.d, true, d_in);
    linear_input_gradient(dv, T, z.kv, rows_of(ws.transposed[next_rows++], a.wv), z.d, true, d_in);
}

TB_CLONES void ffn_forward(const Settings& s, const FfnWeights& f, const Dims& z, SublayerBuffers& b, const double* in) {
    const int T = z.T, count = T * z.w;
    double* gate = b.gate.get(count);
    double* slope = b.slope.get(count);
    double* pre = b.hidden.get(count);  // W1 x + b1, overwritten by gate ⊙ up when gated
    linear(in, T, z.d, f.w1, f.b1, pre);
    switch (s.activation) {
        case Activation::Gelu: case Activation::Geglu: kernels().gelu_slope(pre, count, gate, slope); break;
        case Activation::Relu:
            for (int i = 0; i < count; ++i) gate[i] = pre[i] > 0.0 ? pre[i] : 0.0, slope[i] = pre[i] > 0.0 ? 1.0 : 0.0;
            break;
        case Activation::Swiglu:  // SiLU x σ(x), slope σ(x) (1 + x (1 - σ(x)))
            for (int i = 0; i < count; ++i) slope[i] = -pre[i];
            kernels().exp(slope, count);
            for (int i = 0; i < count; ++i) {
                const double sigmoid = 1.0 / (1.0 + slope[i]);
                gate[i] = pre[i] * sigmoid;
                slope[i] = sigmoid * (1.0 + pre[i] * (1.0 - sigmoid));
            }
            break;
    }
    const double* hidden = gate;
    if (gated(s.activation)) {
        double* up = b.up.get(count);
        linear(in, T, z.d, f.w3, f.b3, up);
        for (int i = 0; i < count; ++i) pre[i] = gate[i] * up[i];
        hidden = pre;
    }
    linear(hidden, T, z.w, f.w2, f.b2, b.output.get(T * z.d));
}

TB_CLONES void ffn_backward(const Settings& s, const FfnWeights& f, const Dims& z, Workspace& ws, SublayerBuffers& b,
                  const double* in, const double* d_out, FfnWeights& g, std::size_t& next_rows, double* d_in) {
    const int T = z.T, count = T * z.w;
    double* d_hidden = ws.d_hidden.get(count);
    linear_weight_gradient(d_out, T, z.d, gated(s.activation) ? b.hidden.v.data() : b.gate.v.data(), z.w, g.w2, g.b2);
    linear_input_gradient(d_out, T, z.d, rows_of(ws.transposed[next_rows++], f.w2), z.w, false, d_hidden);
    double* d_pre = ws.d_pre.get(count);
    const double* slope = b.slope.v.data();
    if (!gated(s.activation)) {
        for (int i = 0; i < count; ++i) d_pre[i] = d_hidden[i] * slope[i];
    } else {  // hidden = φ(pre) ⊙ up: both paths
        double* d_up = ws.d_up.get(count);
        const double* up = b.up.v.data();
        const double* gate = b.gate.v.data();
        for (int i = 0; i < count; ++i) d_pre[i] = d_hidden[i] * up[i] * slope[i], d_up[i] = d_hidden[i] * gate[i];
        linear_weight_gradient(d_up, T, z.w, in, z.d, g.w3, g.b3);
    }
    linear_weight_gradient(d_pre, T, z.w, in, z.d, g.w1, g.b1);
    linear_input_gradient(d_pre, T, z.w, rows_of(ws.transposed[next_rows++], f.w1), z.d, false, d_in);
    if (gated(s.activation))
        linear_input_gradient(ws.d_up.v.data(), T, z.w, rows_of(ws.transposed[next_rows++], f.w3), z.d, true, d_in);
}


}  // namespace tb::train
