#include "training/training.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <type_traits>

#include "model/forward.h"
#include "model/kernels.h"
#include "model/random.h"

// The per-token loops here (norms, attention by sentence, FFN activations, the loss's softmax) are
// compiled for AVX-512, AVX2 + FMA and plain x86-64, the best picked at load time (GCC and Clang's
// function multiversioning); the matrix products are lane_kernels' gemm.
// Not under the sanitizers, whose run-time starts after the clones' resolvers.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(undefined_behavior_sanitizer) || \
    __has_feature(thread_sanitizer)
#define TB_SANITIZED 1
#endif
#endif
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__)) && !defined(TB_SANITIZED)
#define TB_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define TB_CLONES
#endif
#if defined(__GNUC__) || defined(__clang__)
#define TB_INLINE inline __attribute__((always_inline))
#define TB_INLINE_LAMBDA __attribute__((always_inline))
#else
#define TB_INLINE inline
#define TB_INLINE_LAMBDA
#endif

namespace tb {

Objective objective_of(const Settings& s) { return s.mask == Mask::Causal ? Objective::NextWord : Objective::MaskedWord; }

const char* to_string(Objective o) { return o == Objective::NextWord ? "mot-suivant" : "mot-masque"; }

Batch draw_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int step, int mask_id) {
    if (sentences.empty()) throw std::invalid_argument("no training sentence");
    NormalStream stream(s.seed, "entrainement", step);
    const auto pick = [&stream](std::size_t count) {
        return std::min(count - 1, static_cast<std::size_t>(stream.uniform() * static_cast<double>(count)));
    };
    Batch batch(static_cast<std::size_t>(s.batch_size));
    for (Example& e : batch) {
        e.ids = sentences[pick(sentences.size())];
        const int n = static_cast<int>(e.ids.size());
        if (objective_of(s) == Objective::NextWord) {
            for (int p = 0; p + 1 < n; ++p) e.targets.emplace_back(p, e.ids[static_cast<std::size_t>(p + 1)]);
        } else {
            const int p = static_cast<int>(pick(e.ids.size()));
            e.targets.emplace_back(p, e.ids[static_cast<std::size_t>(p)]);
            e.ids[static_cast<std::size_t>(p)] = mask_id;
        }
    }
    return batch;
}

Batch evaluation_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int mask_id) {
    Batch batch;
    for (const std::vector<int>& ids : sentences) {
        const int n = static_cast<int>(ids.size());
        if (objective_of(s) == Objective::NextWord) {
            Example e{ids, {}};
            for (int p = 0; p + 1 < n; ++p) e.targets.emplace_back(p, ids[static_cast<std::size_t>(p + 1)]);
            if (!e.targets.empty()) batch.push_back(std::move(e));
            continue;
        }
        for (int p = 0; p < n; ++p) {
            Example e{ids, {{p, ids[static_cast<std::size_t>(p)]}}};
            e.ids[static_cast<std::size_t>(p)] = mask_id;
            batch.push_back(std::move(e));
        }
    }
    return batch;
}

double frequency_only_loss(const std::vector<std::vector<int>>& sentences, Objective objective) {
    std::map<int, double> weight;  // word id -> its share of the targets
    double total = 0.0;
    for (const std::vector<int>& ids : sentences) {
        const std::size_t first = objective == Objective::NextWord ? 1 : 0;  // the first word is nobody's next
        if (ids.size() <= first) continue;
        const double each = objective == Objective::NextWord ? 1.0 : 1.0 / static_cast<double>(ids.size());
        for (std::size_t p = first; p < ids.size(); ++p) weight[ids[p]] += each;
        total += each * static_cast<double>(ids.size() - first);
    }
    double entropy = 0.0;
    for (const auto& [id, w] : weight) entropy -= w / total * std::log(w / total);
    return entropy;
}

namespace {

bool has_norm(const Settings& s) { return s.norm != Norm::None; }
bool has_bias(const Settings& s) { return s.norm_type == NormType::LayerNorm; }

template <class M>
void add(std::vector<TensorRef>& out, int block, const char* name, M& m) {
    out.push_back({block, name, m.data(), static_cast<long>(m.size())});
}

void add_norm(std::vector<TensorRef>& out, int block, const char* gain, const char* bias, LayerNormWeights& n, const Settings& s) {
    add(out, block, gain, n.gain);
    if (has_bias(s)) add(out, block, bias, n.bias);  // RMSNorm has a gain only
}

}  // namespace

std::string TensorRef::full_name() const {
    return block < 0 ? std::string(name) : "blocks[" + std::to_string(block) + "]." + name;
}

// Called a few times a step: no strings built.
std::vector<TensorRef> trained_tensors(Weights& w, const Settings& s) {
    std::vector<TensorRef> out;
    out.reserve(static_cast<std::size_t>(4 + 20 * s.layers));
    add(out, -1, "token_embedding", w.token_embedding);
    if (s.position == Position::Learned) add(out, -1, "position", w.learned_position);
    for (int b = 0; b < s.layers; ++b) {
        BlockWeights& block = w.blocks.at(static_cast<std::size_t>(b));
        if (has_norm(s)) add_norm(out, b, "norm1.gain", "norm1.bias", block.norm1, s);
        AttentionWeights& a = block.attention;
        add(out, b, "attention.wq", a.wq), add(out, b, "attention.bq", a.bq);
        add(out, b, "attention.wk", a.wk), add(out, b, "attention.bk", a.bk);
        add(out, b, "attention.wv", a.wv), add(out, b, "attention.bv", a.bv);
        add(out, b, "attention.wo", a.wo), add(out, b, "attention.bo", a.bo);
        if (has_norm(s)) add_norm(out, b, "norm2.gain", "norm2.bias", block.norm2, s);
        FfnWeights& f = block.ffn;
        add(out, b, "ffn.w1", f.w1), add(out, b, "ffn.b1", f.b1);
        add(out, b, "ffn.w2", f.w2), add(out, b, "ffn.b2", f.b2);
        if (gated(s.activation)) add(out, b, "ffn.w3", f.w3), add(out, b, "ffn.b3", f.b3);
    }
    if (s.norm == Norm::Pre) add_norm(out, -1, "final_norm.gain", "final_norm.bias", w.final_norm, s);
    return out;
}

// ---------------------------------------------------------------------------------------------
// The buffers. A Buffer grows and never shrinks, so that a step of the same size allocates nothing.

namespace {

struct Buffer {
    std::vector<double> v;
    double* get(std::size_t size) {
        if (v.size() < size) v.resize(size);
        return v.data();
    }
    double* zero(std::size_t size) {
        double* p = get(size);
        std::fill(p, p + size, 0.0);
        return p;
    }
};

// What one sublayer keeps between the forward and the backward pass (T rows each).
struct SublayerBuffers {
    Buffer input;       // T x d: the stream entering
    Buffer normalized;  // T x d: N(input), pre-norm only
    Buffer sum;         // T x d: input + F (or F) before the norm, post-norm only
    Buffer mean, rstd;  // T: the statistics of the norm's input (input in pre, sum in post)
    Buffer output;      // T x d: F(.)
    // Attention.
    Buffer q, k, v;     // T x d, T x kv, T x kv (Q and K turned, with RoPE)
    Buffer weights;     // sentences x h x 8 x 8: softmax weights, row = query (the queries' rows, n keys)
    Buffer concat;      // T x d
    // FFN.
    Buffer gate;        // T x w: φ(W1 x + b1)
    Buffer slope;       // T x w: φ'(W1 x + b1)
    Buffer up;          // T x w: W3 x + b3, gated only
    Buffer hidden;      // T x w: gate ⊙ up, gated only (else the hidden activations are the gate)
    Buffer query_input;  // Q x d: the query rows of the attention's input, when they are not all
};

// The query rows of an attention, ascending: row r of Q is token tokens[r], at position
// positions[r] of its sentence; sentence i's rows are first[i] .. first[i + 1] - 1.
struct Queries {
    std::vector<int> tokens, positions, first;
    int count() const { return static_cast<int>(tokens.size()); }
};

}  // namespace

struct Workspace {
    std::vector<SublayerBuffers> sublayers;  // 2L
    std::vector<int> ids, positions, offsets, lengths;  // per token, per token, per sentence, per sentence
    int tokens = 0;
    // The loss's rows (loss_and_gradients' loss_rows), when they are not all: the stream narrows to
    // them at the last attention, whose queries they are (narrowed_at: that sublayer, else -1).
    std::vector<int> rows;
    int narrowed_at = -1;
    Queries every_token, loss_queries;
    Buffer final_input, final_mean, final_rstd, output;  // the output level (T x d)
    Buffer narrowed_output;  // R x d: the output level on the loss's rows
    // Backward.
    Buffer grad, d_f, d_in, d_q, d_k, d_v, d_concat, d_hidden, d_pre, d_up, d_queries;
    Buffer scores;  // an attention's scores, one query's keys after the other
    // Row-major copies of the weights ([out][in]) for the products by W.
    std::vector<Buffer> transposed;
    Buffer embedding_rows;  // V x d
    // The loss.
    Buffer logits, picked, d_picked;
};

void WorkspaceDeleter::operator()(Workspace* w) const { delete w; }
WorkspacePtr make_workspace() { return WorkspacePtr(new Workspace); }

namespace {

// c (M x N) = a (M x K) · W^T + b with W [N][K] column-major (its data is W^T row-major).
void linear(const double* a, int M, int K, const Matrix& w, const Vector& b, double* c) {
    const int N = static_cast<int>(w.rows());
    kernels().gemm(M, N, K, a, K, 1, w.data(), N, b.data(), false, c, N);
}

// d_a (M x K) (+)= d_c (M x N) · W, W given row-major ([N][K]).
void linear_input_gradient(const double* d_c, int M, int N, const double* w_rows, int K, bool accumulate, double* d_a) {
    kernels().gemm(M, K, N, d_c, N, 1, w_rows, K, nullptr, accumulate, d_a, K);
}

// dW = d_c^T a and db = the sum of d_c's rows, written (a pass uses each weight once): W [N][K]
// column-major, so its data is [K][N] row-major.
TB_CLONES void linear_weight_gradient(const double* d_c, int M, int N, const double* a, int K, Matrix& dw, Vector& db) {
    kernels().gemm(K, N, M, a, 1, K, d_c, N, nullptr, false, dw.data(), N);
    // The column sums, 16 or 8 columns at a time in local sums that stay in registers.
    const auto columns = [&](int first, auto width) TB_INLINE_LAMBDA {
        double sum[width] = {};
        for (int m = 0; m < M; ++m)
            for (int j = 0; j < width; ++j) sum[j] += d_c[m * N + first + j];
        std::copy(sum, sum + width, db.data() + first);
    };
    int n = 0;
    for (; n + 16 <= N; n += 16) columns(n, std::integral_constant<int, 16>());
    for (; n + 8 <= N; n += 8) columns(n, std::integral_constant<int, 8>());
    for (; n < N; ++n) columns(n, std::integral_constant<int, 1>());
}

// W's row-major copy ([N][K]): the transpose of its data, [K][N] row-major.
const double* rows_of(Buffer& buffer, const Matrix& w) {
    double* p = buffer.get(static_cast<std::size_t>(w.size()));
    kernels().transpose(w.data(), static_cast<int>(w.cols()), static_cast<int>(w.rows()), p);
    return p;
}

// The sum over f < d of term(f) in four interleaved partial sums: short dependency chains that the
// compiler may keep in one vector register (a single chain of d additions waits on each one).
template <class Term>
inline double sum_features(int d, Term term) {
    double partial[4] = {};
    int f = 0;
    for (; f + 4 <= d; f += 4)
        for (int k = 0; k < 4; ++k) partial[k] += term(f + k);
    for (; f < d; ++f) partial[0] += term(f);
    return (partial[0] + partial[1]) + (partial[2] + partial[3]);
}

// y = N(x) row by row (LayerNorm or RMSNorm, over d features), keeping each row's mean and 1/σ.
TB_CLONES void norm_forward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, double* mean, double* rstd,
                  double* y) {
    const double* gain = n.gain.data();
    const double* bias = n.bias.data();
    const bool layer = type == NormType::LayerNorm;
    for (int t = 0; t < T; ++t) {
        const double* r = x + t * d;
        const double mu = layer ? sum_features(d, [r](int f) { return r[f]; }) / d : 0.0;
        const double squares = sum_features(d, [r, mu](int f) { return (r[f] - mu) * (r[f] - mu); });
        const double inverse = 1.0 / std::sqrt(squares / d + kLayerNormEps);
        mean[t] = mu, rstd[t] = inverse;
        double* out = y + t * d;
        if (layer)
            for (int f = 0; f < d; ++f) out[f] = (r[f] - mu) * inverse * gain[f] + bias[f];
        else
            for (int f = 0; f < d; ++f) out[f] = (r[f] - mu) * inverse * gain[f];
    }
}

// dx (+)= the gradient through y = N(x) given dy; the gain's and bias's gradients are added:
// dx = (1/σ) (dx̂ - mean(dx̂) - x̂ mean(dx̂ x̂)), dx̂ = dy g (RMSNorm: no mean(dx̂) term).
TB_CLONES void norm_backward(const double* x, int T, int d, const LayerNormWeights& n, NormType type, const double* mean,
                   const double* rstd, const double* dy, LayerNormWeights& grad, bool accumulate, double* dx) {
    const bool layer = type == NormType::LayerNorm;
    const double* gain = n.gain.data();
    double* d_gain = grad.gain.data();
    double* d_bias = grad.bias.data();
    for (int t = 0; t < T; ++t) {
        double xhat[64], dxhat[64];
        const double* g = dy + t * d;
        const double mu = mean[t], inverse = rstd[t];
        for (int f = 0; f < d; ++f) {
            xhat[f] = (x[t * d + f] - mu) * inverse;
            d_gain[f] += g[f] * xhat[f];
            dxhat[f] = g[f] * gain[f];
        }
        if (layer)
            for (int f = 0; f < d; ++f) d_bias[f] += g[f];
        const double mean_dxhat = layer ? sum_features(d, [&dxhat](int f) { return dxhat[f]; }) / d : 0.0;
        const double mean_dot = sum_features(d, [&dxhat, &xhat](int f) { return dxhat[f] * xhat[f]; }) / d;
        double* out = dx + t * d;
        if (accumulate)
            for (int f = 0; f < d; ++f) out[f] += inverse * (dxhat[f] - mean_dxhat - xhat[f] * mean_dot);
        else
            for (int f = 0; f < d; ++f) out[f] = inverse * (dxhat[f] - mean_dxhat - xhat[f] * mean_dot);
    }
}

// RoPE on rows of `width` features (heads of dh), token t at positions[t]; direction -1 turns back.
TB_CLONES void rope_rows(double* x, int T, int width, int dh, const int* positions, double base, double direction) {
    for (int k = 0; 2 * k < dh; ++k) {
        const double frequency = std::pow(base, -2.0 * k / dh);
        double cos[Settings::kMaxTokens], sin[Settings::kMaxTokens];
        for (int p = 0; p < Settings::kMaxTokens; ++p)
            cos[p] = std::cos(direction * p * frequency), sin[p] = std::sin(direction * p * frequency);
        for (int t = 0; t < T; ++t)
            for (int first = 0; first + dh <= width; first += dh) {
                double* pair = x + t * width + first + 2 * k;
                const int p = positions[t];
                const double a = pair[0], b = pair[1];
                pair[0] = a * cos[p] - b * sin[p];
                pair[1] = a * sin[p] + b * cos[p];
            }
    }
}

constexpr int kMaxN = Settings::kMaxTokens;
constexpr int kMaxHeadWidth = 16;  // d / h, d = 8 or 16

void gather_rows(const std::vector<int>& rows, const double* from, int d, double* to) {
    for (std::size_t r = 0; r < rows.size(); ++r) std::copy(from + rows[r] * d, from + (rows[r] + 1) * d, to + r * d);
}

// to (T x d) = 0 but its rows[r] = from's row r.
void scatter_rows(const std::vector<int>& rows, const double* from, int T, int d, double* to) {
    std::fill(to, to + T * d, 0.0);
    for (std::size_t r = 0; r < rows.size(); ++r) std::copy(from + r * d, from + (r + 1) * d, to + rows[r] * d);
}

struct Dims {
    int T, d, w, heads, kv_heads, dh, kv;
};

Dims dims_of(const Settings& s, const Workspace& ws) {
    const int dh = s.dimension / s.heads;
    return {ws.tokens, s.dimension, s.ffn, s.heads, s.kv_heads, dh, s.kv_heads * dh};
}

// body(dh) with the head width as a compile-time constant where it is a common one, so that the
// loops over a head's features unroll into a few vector instructions.
// Inlined into the clones of its callers, and so compiled for their instruction set.
template <class Body>
TB_INLINE void with_head_width(int dh, Body body) {
    switch (dh) {
        case 4: return body(std::integral_constant<int, 4>());
        case 8: return body(std::integral_constant<int, 8>());
        default: return body(dh);
    }
}

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

// Lays the batch out: ids, positions, sentence offsets, every token as queries, the rows the loss
// reads (loss_rows, ascending; empty: all); sizes the per-sublayer buffers.
void lay_out(const Settings& s, const Batch& batch, const std::vector<int>& loss_rows, Workspace& ws) {
    ws.ids.clear(), ws.positions.clear(), ws.offsets.clear(), ws.lengths.clear();
    for (const Example& e : batch) {
        if (e.ids.empty() || e.ids.size() > static_cast<std::size_t>(kMaxN))
            throw std::invalid_argument("a training sentence has 1 to 8 tokens");
        ws.offsets.push_back(static_cast<int>(ws.ids.size()));
        ws.lengths.push_back(static_cast<int>(e.ids.size()));
        for (std::size_t p = 0; p < e.ids.size(); ++p) ws.ids.push_back(e.ids[p]), ws.positions.push_back(static_cast<int>(p));
    }
    ws.tokens = static_cast<int>(ws.ids.size());
    ws.every_token.tokens.resize(ws.ids.size());
    for (int t = 0; t < ws.tokens; ++t) ws.every_token.tokens[static_cast<std::size_t>(t)] = t;
    ws.every_token.positions = ws.positions;
    ws.every_token.first = ws.offsets;
    ws.every_token.first.push_back(ws.tokens);
    // The last attention's queries are the loss's rows: the loss reads nothing else, and every
    // sublayer after it works row by row, so the other rows' gradients would be 0 there.
    ws.rows = loss_rows;
    ws.narrowed_at = !ws.rows.empty() && static_cast<int>(ws.rows.size()) < ws.tokens ? 2 * s.layers - 2 : -1;
    if (ws.narrowed_at >= 0) {
        Queries& q = ws.loss_queries;
        q.tokens = ws.rows;
        q.positions.clear(), q.first.assign(1, 0);
        std::size_t r = 0;
        for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
            const int end = ws.offsets[i] + ws.lengths[i];
            for (; r < q.tokens.size() && q.tokens[r] < end; ++r) q.positions.push_back(ws.positions[static_cast<std::size_t>(q.tokens[r])]);
            q.first.push_back(static_cast<int>(r));
        }
    }
    if (ws.sublayers.size() < static_cast<std::size_t>(2 * s.layers)) ws.sublayers.resize(static_cast<std::size_t>(2 * s.layers));
    if (ws.transposed.size() < static_cast<std::size_t>(7 * s.layers)) ws.transposed.resize(static_cast<std::size_t>(7 * s.layers));
}

// The rows of the stream entering sublayer k: every token, or the loss's rows after the narrowing.
int stream_rows(const Workspace& ws, int k) {
    return ws.narrowed_at >= 0 && k > ws.narrowed_at ? static_cast<int>(ws.rows.size()) : ws.tokens;
}

const Queries& queries_of(const Workspace& ws, int k) { return k == ws.narrowed_at ? ws.loss_queries : ws.every_token; }

// The stack's forward pass, as forward.cpp's wire() (channel.md section 2): returns the output level
// (T x d; with the narrowing, 0 off the loss's rows).
TB_CLONES const double* forward(const Settings& s, const Weights& w, Workspace& ws) {
    const Dims z = dims_of(s, ws);
    const int d = z.d, sublayers = 2 * s.layers;
    const int R = ws.narrowed_at >= 0 ? static_cast<int>(ws.rows.size()) : z.T;  // the output level's rows
    double* out = ws.output.get(z.T * d);
    double* level = ws.narrowed_at >= 0 ? ws.narrowed_output.get(R * d) : out;
    // Each sublayer writes the stream straight into the next one's input; the last one into the
    // final norm's input (pre) or the output level.
    const auto stream_into = [&](int k, int rows) {
        if (k < sublayers) return ws.sublayers[static_cast<std::size_t>(k)].input.get(rows * d);
        return s.norm == Norm::Pre ? ws.final_input.get(rows * d) : level;
    };
    const Matrix position = position_table(s.position, w);
    double* x = stream_into(0, z.T);
    for (int t = 0; t < z.T; ++t)
        for (int f = 0; f < d; ++f) x[t * d + f] = w.token_embedding(ws.ids[t], f) + position(ws.positions[t], f);
    int T = z.T;
    for (int k = 0; k < sublayers; ++k) {
        const BlockWeights& block = w.blocks.at(static_cast<std::size_t>(k / 2));
        const LayerNormWeights& norm = k % 2 == 0 ? block.norm1 : block.norm2;
        SublayerBuffers& b = ws.sublayers[static_cast<std::size_t>(k)];
        Dims at = z;
        at.T = T;
        const double* in = b.input.v.data();
        const double* f_in = in;
        if (s.norm == Norm::Pre) {
            double* u = b.normalized.get(T * d);
            norm_forward(in, T, d, norm, s.norm_type, b.mean.get(T), b.rstd.get(T), u);
            f_in = u;
        }
        if (k % 2 == 0) {
            const Queries& queries = queries_of(ws, k);
            const double* queries_in = f_in;
            if (k == ws.narrowed_at) {
                double* gathered = b.query_input.get(queries.count() * d);
                gather_rows(queries.tokens, f_in, d, gathered);
                queries_in = gathered;
            }
            attention_forward(s, block.attention, at, ws, b, f_in, queries, queries_in);
        } else {
            ffn_forward(s, block.ffn, at, b, f_in);
        }
        const double* f = b.output.v.data();
        const int T_out = k == ws.narrowed_at ? R : T;
        double* next = stream_into(k + 1, T_out);
        double* sum = s.norm == Norm::Post ? b.sum.get(T_out * d) : next;
        if (k == ws.narrowed_at) {
            for (int r = 0; r < T_out; ++r)
                for (int e = 0; e < d; ++e) sum[r * d + e] = s.residual ? in[ws.rows[r] * d + e] + f[r * d + e] : f[r * d + e];
        } else {
            for (int i = 0; i < T * d; ++i) sum[i] = s.residual ? in[i] + f[i] : f[i];
        }
        if (s.norm == Norm::Post) norm_forward(sum, T_out, d, norm, s.norm_type, b.mean.get(T_out), b.rstd.get(T_out), next);
        T = T_out;
    }
    if (s.norm == Norm::Pre)
        norm_forward(ws.final_input.v.data(), T, d, w.final_norm, s.norm_type, ws.final_mean.get(T), ws.final_rstd.get(T), level);
    if (ws.narrowed_at >= 0) scatter_rows(ws.rows, level, z.T, d, out);
    return out;
}

// Every tensor of w to zero, the unused ones too.
void zero_all(Weights& w) {
    w.token_embedding.setZero(), w.learned_position.setZero(), w.final_norm.gain.setZero(), w.final_norm.bias.setZero();
    for (BlockWeights& b : w.blocks) {
        for (LayerNormWeights* n : {&b.norm1, &b.norm2}) n->gain.setZero(), n->bias.setZero();
        AttentionWeights& a = b.attention;
        for (Matrix* m : {&a.wq, &a.wk, &a.wv, &a.wo, &b.ffn.w1, &b.ffn.w2, &b.ffn.w3}) m->setZero();
        for (Vector* v : {&a.bq, &a.bk, &a.bv, &a.bo, &b.ffn.b1, &b.ffn.b2, &b.ffn.b3}) v->setZero();
    }
}

// g shaped like `like`, and 0 in the tensors the backward pass adds into: the embedding, the
// position table and the norms (it writes the blocks' weights and biases whole, once each).
void zero_sums(Weights& g, const Weights& like) {
    if (g.blocks.size() != like.blocks.size() || g.token_embedding.rows() != like.token_embedding.rows() ||
        g.token_embedding.cols() != like.token_embedding.cols() || g.blocks.empty() ||
        g.blocks.front().ffn.w1.rows() != like.blocks.front().ffn.w1.rows() ||
        g.blocks.front().attention.wk.rows() != like.blocks.front().attention.wk.rows())
        g = like, zero_all(g);
    g.token_embedding.setZero(), g.learned_position.setZero(), g.final_norm.gain.setZero(), g.final_norm.bias.setZero();
    for (BlockWeights& b : g.blocks)
        for (LayerNormWeights* n : {&b.norm1, &b.norm2}) n->gain.setZero(), n->bias.setZero();
}

}  // namespace

std::vector<double> batch_output(const Settings& s, const Weights& w, const Batch& batch, Workspace& ws) {
    lay_out(s, batch, {}, ws);
    const double* out = forward(s, w, ws);
    return std::vector<double>(out, out + ws.tokens * s.dimension);
}

double loss_and_gradients(const Settings& s, const Weights& w, const Batch& batch, const OutputLoss& loss,
                          Weights& gradients, Workspace& ws, const std::vector<int>& loss_rows) {
    lay_out(s, batch, loss_rows, ws);
    zero_sums(gradients, w);
    const double* out = forward(s, w, ws);
    const Dims z = dims_of(s, ws);
    const int d = z.d;
    double* grad = ws.grad.zero(z.T * d);  // dL/d(stream), from the top down
    const double value = loss(out, z.T, d, grad, gradients);
    int T = stream_rows(ws, 2 * s.layers);
    if (ws.narrowed_at >= 0)  // the loss's rows, in place: row r comes from row rows[r] >= r
        for (int r = 0; r < T; ++r)
            if (ws.rows[r] != r) std::copy(grad + ws.rows[r] * d, grad + (ws.rows[r] + 1) * d, grad + r * d);
    if (s.norm == Norm::Pre) {
        double* d_final = ws.d_in.get(T * d);
        norm_backward(ws.final_input.v.data(), T, d, w.final_norm, s.norm_type, ws.final_mean.v.data(),
                      ws.final_rstd.v.data(), grad, gradients.final_norm, false, d_final);
        std::copy(d_final, d_final + T * d, grad);
    }
    std::size_t next_rows = 0;
    for (int k = 2 * s.layers - 1; k >= 0; --k) {
        const BlockWeights& block = w.blocks.at(static_cast<std::size_t>(k / 2));
        BlockWeights& g = gradients.blocks.at(static_cast<std::size_t>(k / 2));
        const LayerNormWeights& norm = k % 2 == 0 ? block.norm1 : block.norm2;
        LayerNormWeights& g_norm = k % 2 == 0 ? g.norm1 : g.norm2;
        SublayerBuffers& b = ws.sublayers[static_cast<std::size_t>(k)];
        // T rows leave the sublayer, T_in enter it (fewer leave the narrowing).
        const int T_in = stream_rows(ws, k);
        Dims at = z;
        at.T = T_in;
        // The wiring undone: post-norm's norm first, then F, then pre-norm's norm; the residual's "1".
        // d_sum: dL/d(input + F) (dL/dF without the residual), grad itself where nothing changes it
        // before it is read.
        double* d_sum = grad;
        if (s.norm == Norm::Post) {
            d_sum = ws.d_f.get(T * d);
            norm_backward(b.sum.v.data(), T, d, norm, s.norm_type, b.mean.v.data(), b.rstd.v.data(), grad, g_norm, false, d_sum);
        } else if (k == ws.narrowed_at) {
            d_sum = ws.d_f.get(T * d);
            std::copy(grad, grad + T * d, d_sum);
        }
        const double* f_in = s.norm == Norm::Pre ? b.normalized.v.data() : b.input.v.data();
        double* d_f_in = ws.d_in.get(T_in * d);
        if (k % 2 == 0) {
            const double* queries_in = k == ws.narrowed_at ? b.query_input.v.data() : f_in;
            attention_backward(s, block.attention, at, ws, b, f_in, queries_of(ws, k), queries_in, d_sum, g.attention,
                               next_rows, d_f_in);
        } else {
            ffn_backward(s, block.ffn, at, ws, b, f_in, d_sum, g.ffn, next_rows, d_f_in);
        }
        if (s.residual) {
            if (k == ws.narrowed_at)
                scatter_rows(ws.rows, d_sum, T_in, d, grad);
            else if (d_sum != grad)
                std::copy(d_sum, d_sum + T * d, grad);
        }
        T = T_in;
        if (s.norm == Norm::Pre)
            norm_backward(b.input.v.data(), T, d, norm, s.norm_type, b.mean.v.data(), b.rstd.v.data(), d_f_in, g_norm,
                          s.residual, grad);
        else if (s.residual)
            for (int i = 0; i < T * d; ++i) grad[i] += d_f_in[i];
        else
            std::copy(d_f_in, d_f_in + T * d, grad);
    }
    // The input: x = E[id] + P[p]; the learned table is trained only with `appris`.
    for (int t = 0; t < T; ++t)
        for (int f = 0; f < d; ++f) {
            gradients.token_embedding(ws.ids[t], f) += grad[t * d + f];
            if (s.position == Position::Learned) gradients.learned_position(ws.positions[t], f) += grad[t * d + f];
        }
    return value;
}

std::vector<int> target_rows(const Batch& batch) {
    std::vector<int> rows;
    int first = 0;
    for (const Example& e : batch) {
        for (const auto& target : e.targets) rows.push_back(first + target.first);
        first += static_cast<int>(e.ids.size());
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

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

TrainingState start_training(const Weights& weights) {
    TrainingState state{weights, weights, weights, 0};
    zero_all(state.first_moment), zero_all(state.second_moment);
    return state;
}

AdamOptions adam_options(const Settings& s) {
    AdamOptions a;
    a.lr = s.learning_rate;
    return a;
}

void adam_step(TrainingState& state, const Weights& gradients, const Settings& s, const AdamOptions& adam) {
    const int t = ++state.steps;
    // As torch.optim.Adam (single-tensor path): m = β1 m + (1 - β1) g, v = β2 v + (1 - β2) g²,
    // w -= (lr / (1 - β1^t)) m / (sqrt(v) / sqrt(1 - β2^t) + eps).
    const double step_size = adam.lr / (1.0 - std::pow(adam.beta1, t));
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

std::vector<double> sublayer_gradient_means(const Weights& g, const Settings& s) {
    std::vector<double> out;
    for (int k = 1; k <= 2 * s.layers; ++k) {
        const BlockWeights& b = g.blocks.at(static_cast<std::size_t>((k - 1) / 2));
        std::vector<const Matrix*> matrices;
        if (k % 2 == 1) matrices = {&b.attention.wq, &b.attention.wk, &b.attention.wv, &b.attention.wo};
        else if (gated(s.activation)) matrices = {&b.ffn.w1, &b.ffn.w2, &b.ffn.w3};
        else matrices = {&b.ffn.w1, &b.ffn.w2};
        double total = 0.0;
        Eigen::Index count = 0;
        for (const Matrix* m : matrices) total += m->cwiseAbs().sum(), count += m->size();
        out.push_back(total / static_cast<double>(std::max<Eigen::Index>(1, count)));
    }
    return out;
}

std::vector<GradientRecord> gradient_records(const std::vector<StepRecord>& steps) {
    std::vector<GradientRecord> out;
    for (const StepRecord& r : steps)
        if (!r.sublayer_gradients.empty()) out.push_back({r.step, r.sublayer_gradients});
    return out;
}

double batch_loss(const Settings& s, const Weights& weights, const Batch& batch, Workspace& work, Weights& gradients) {
    return loss_and_gradients(s, weights, batch, language_model_loss(weights, batch, work), gradients, work);
}

}  // namespace tb
