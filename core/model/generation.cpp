#include "model/generation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "model/forward.h"
#include "model/random.h"
#include "model/stages.h"

namespace tb {
namespace {

int head_dimension(const Settings& s) { return s.dimension / s.heads; }

// One token as (d, 1) lanes, the other lanes zero.
TokenLanes one_token(const Vector& x) { return to_lanes(Matrix(x.transpose())); }
Vector first_lane(const TokenLanes& lanes) { return lanes.row(0).transpose(); }

// RoPE on one token's features at position p: rope_in_place's turn of lane p, the sentence's own.
void rope_at(Vector& x, int dh, double base, int p) {
    TokenLanes lanes = TokenLanes::Zero(kLanes, x.size());
    lanes.row(p) = x.transpose();
    rope_in_place(lanes, dh, base);
    x = lanes.row(p).transpose();
}

void append_row(Matrix& m, const Vector& row) {
    m.conservativeResize(m.rows() + 1, row.size());
    m.row(m.rows() - 1) = row.transpose();
}

// The new token's attention at position p: its K and V join layer `layer`'s cache (p rows before),
// its query reads every row.
Vector cached_attention(const Vector& in, const AttentionWeights& w, const AttentionShape& shape, KvCache& cache,
                        int layer, int p) {
    const TokenLanes x = one_token(in);
    Vector q = first_lane(affine(x, w.wq, w.bq)), k = first_lane(affine(x, w.wk, w.bk));
    const Vector v = first_lane(affine(x, w.wv, w.bv));
    const int dh = static_cast<int>(q.size()) / shape.heads, group = shape.heads / shape.kv_heads;
    if (shape.position == Position::Rope) rope_at(q, dh, shape.rope_base, p), rope_at(k, dh, shape.rope_base, p);
    for (int g = 0; g < shape.kv_heads; ++g) {
        append_row(cache.keys[layer][g], k.segment(g * dh, dh));
        append_row(cache.values[layer][g], v.segment(g * dh, dh));
    }
    Vector concat(q.size());
    for (int j = 0; j < shape.heads; ++j) {
        const Matrix& keys = cache.keys[layer][j / group];
        const Matrix& values = cache.values[layer][j / group];
        const double slope = shape.position == Position::Alibi ? alibi_slope(j, shape.heads) : 0.0;
        Vector scores = keys * q.segment(j * dh, dh) / std::sqrt(static_cast<double>(dh));
        for (int c = 0; c <= p; ++c) scores(c) -= slope * (p - c);
        const Vector a = (scores.array() - scores.maxCoeff()).exp().matrix();
        concat.segment(j * dh, dh) = values.transpose() * (a / a.sum());
    }
    return first_lane(affine(one_token(concat), w.wo, w.bo));
}

// One sublayer on one token, wired by the stages as forward.cpp's wire() does for the sentence.
template <class F>
Vector wire_one(const std::vector<Step>& steps, const Vector& x, const LayerNormWeights& norm, NormType type, F f) {
    const bool normalizes = std::find(steps.begin(), steps.end(), Step::Normalize) != steps.end();
    const Vector normalized = normalizes ? first_lane(normalize(one_token(x), norm, type)) : Vector();
    const Vector* in = &x;
    Vector out;
    for (const Step step : steps) {
        if (step == Step::Normalize) in = &normalized;
        else if (step == Step::Inner) out = f(*in);
        else if (step == Step::Add) out += x;
        else if (step == Step::PostNormalize) out = first_lane(normalize(one_token(out), norm, type));
    }
    return out;
}

double largest_logit(const Vector& z) { return z.size() ? z.maxCoeff() : 0.0; }

}  // namespace

int KvCache::positions() const { return keys.empty() || keys[0].empty() ? 0 : static_cast<int>(keys[0][0].rows()); }

std::int64_t KvCache::elements() const {
    std::int64_t total = 0;
    for (const auto& layer : keys)
        for (const Matrix& head : layer) total += 2 * head.size();  // its V alike
    return total;
}

std::int64_t cache_elements(const Settings& s, int position) {
    return 2LL * s.layers * (position + 1) * s.kv_heads * head_dimension(s);
}

std::int64_t position_multiply_adds(const Settings& s, int keys) {
    const std::int64_t d = s.dimension, w = s.ffn, kv = static_cast<std::int64_t>(s.kv_heads) * head_dimension(s);
    const std::int64_t linear = d * d + 2 * d * kv + d * d + (gated(s.activation) ? 3 : 2) * d * w;
    const std::int64_t attention = 2 * d * keys;  // h heads of d_h: q·k per key, then a·v per key
    return s.layers * (linear + attention);
}

std::int64_t multiply_adds_with_cache(const Settings& s, int vocabulary_size, int position) {
    return position_multiply_adds(s, position + 1) + static_cast<std::int64_t>(vocabulary_size) * s.dimension;
}

std::int64_t multiply_adds_without_cache(const Settings& s, int vocabulary_size, int position) {
    std::int64_t total = static_cast<std::int64_t>(vocabulary_size) * s.dimension;
    for (int q = 0; q <= position; ++q) total += position_multiply_adds(s, q + 1);
    return total;
}

KvCache prefill_cache(const Trace& t) {
    const Settings& s = t.settings;
    const AttentionShape shape = attention_shape(s);
    const int n = t.token_count(), dh = head_dimension(s);
    KvCache cache;
    for (int b = 0; b < s.layers; ++b) {
        const Level& level = t.levels.at(static_cast<std::size_t>(2 * b + 1));
        const Matrix& in = level.normalized_input.size() ? level.normalized_input : t.input_of(level);
        const AttentionWeights& w = t.weights->blocks.at(static_cast<std::size_t>(b)).attention;
        TokenLanes k = affine(to_lanes(in), w.wk, w.bk);
        const TokenLanes v = affine(to_lanes(in), w.wv, w.bv);
        if (shape.position == Position::Rope) rope_in_place(k, dh, shape.rope_base);
        cache.keys.emplace_back(), cache.values.emplace_back();
        for (int g = 0; g < s.kv_heads; ++g) {
            cache.keys.back().push_back(to_rows(k, n).middleCols(g * dh, dh));
            cache.values.back().push_back(to_rows(v, n).middleCols(g * dh, dh));
        }
    }
    return cache;
}

Vector decode_step(const Settings& s, const Weights& weights, KvCache& cache, int id) {
    const int p = cache.positions();
    if (p >= Settings::kMaxTokens) throw std::invalid_argument("generation stops at 8 tokens");
    const Matrix position = position_table(s.position, weights);
    Vector x = weights.token_embedding.row(id).transpose() + position.row(p).transpose();
    const std::vector<Step> steps = steps_of(sublayer_stages(s));
    const AttentionShape shape = attention_shape(s);
    for (int b = 0; b < s.layers; ++b) {
        const BlockWeights& block = weights.blocks.at(static_cast<std::size_t>(b));
        x = wire_one(steps, x, block.norm1, s.norm_type,
                     [&](const Vector& in) { return cached_attention(in, block.attention, shape, cache, b, p); });
        x = wire_one(steps, x, block.norm2, s.norm_type, [&](const Vector& in) {
            TokenLanes hidden;
            return first_lane(feed_forward(one_token(in), block.ffn, s.activation, hidden));
        });
    }
    if (has_step(output_stages(s.norm), Step::Normalize)) x = first_lane(normalize(one_token(x), weights.final_norm, s.norm_type));
    return x;
}

Vector logits_of(const Weights& weights, const Vector& h) { return weights.token_embedding * h; }

Vector recomputed_logits(const Settings& s, const std::vector<int>& ids, int vocabulary_size,
                         std::shared_ptr<const Weights> weights) {
    std::vector<Token> tokens;
    for (int id : ids) tokens.push_back({"", id, true});
    const Trace t = run(s, std::move(tokens), vocabulary_size, weights);
    return logits_of(*weights, t.levels.back().vectors.row(t.token_count() - 1).transpose());
}

Vector next_word_probabilities(const Vector& logits, double temperature) {
    const double t = temperature > 0 ? temperature : 1.0;
    const Vector e = ((logits.array() - largest_logit(logits)) / t).exp().matrix();
    return e / e.sum();
}

int choose_token(const Vector& logits, double temperature, std::uint64_t seed, int draw) {
    Eigen::Index best = 0;
    if (!(temperature > 0)) {
        for (Eigen::Index i = 1; i < logits.size(); ++i)
            if (logits(i) > logits(best)) best = i;  // strictly: a tie keeps the lowest id
        return static_cast<int>(best);
    }
    const Vector p = next_word_probabilities(logits, temperature);
    NormalStream stream(seed, "generation", draw);
    const double u = stream.uniform();
    double cumulative = 0;
    for (Eigen::Index i = 0; i < p.size(); ++i) {
        cumulative += p(i);
        if (p(i) > 0) best = i;  // rounding may leave the sum just below u: the last possible id
        if (u < cumulative) return static_cast<int>(i);
    }
    return static_cast<int>(best);
}

namespace {
double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

std::vector<int> top_ids(const Vector& logits, int count, int chosen) {
    std::vector<int> order(static_cast<std::size_t>(logits.size()));
    for (int i = 0; i < logits.size(); ++i) order[static_cast<std::size_t>(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return logits(a) > logits(b); });
    order.resize(static_cast<std::size_t>(std::clamp<Eigen::Index>(count, 1, logits.size())));
    if (std::find(order.begin(), order.end(), chosen) == order.end()) order.back() = chosen;
    return order;
}

Generation generate(const Trace& prompt, int count, double temperature, int first_draw, bool use_cache) {
    const Settings& s = prompt.settings;
    if (s.mask != Mask::Causal) throw std::invalid_argument("generation needs the causal mask");
    Generation g;
    g.settings = s, g.vocabulary_size = prompt.vocabulary_size, g.weights = prompt.weights;
    g.temperature = temperature, g.first_draw = first_draw, g.cache = use_cache;
    for (const Token& t : prompt.tokens) g.prompt.push_back(t.id);
    std::vector<int> ids = g.prompt;
    const int n0 = static_cast<int>(ids.size());
    g.prefill_multiply_adds = n0 > 1 ? multiply_adds_without_cache(s, 0, n0 - 2) : 0;
    g.kv = prefill_cache(prompt);
    Vector cached = logits_of(*g.weights, prompt.levels.back().vectors.row(n0 - 1).transpose());
    double with_seconds = 0, without_seconds = 0;
    for (int i = 0; i < count && static_cast<int>(ids.size()) < Settings::kMaxTokens; ++i) {
        GenerationStep step;
        step.position = static_cast<int>(ids.size()) - 1;
        const auto recompute_start = std::chrono::steady_clock::now();
        const Vector recomputed = recomputed_logits(s, ids, g.vocabulary_size, g.weights);
        // The first recomputation is the prompt's own pass: the prefill.
        (i == 0 ? g.prefill_seconds : without_seconds) += seconds_since(recompute_start);
        step.max_abs_diff = (cached - recomputed).cwiseAbs().maxCoeff();
        step.logits = use_cache ? cached : recomputed;
        step.token = choose_token(step.logits, temperature, s.seed, first_draw + i);
        step.probability = next_word_probabilities(step.logits, temperature)(step.token);
        step.cache_elements = cache_elements(s, step.position);
        step.with_cache = multiply_adds_with_cache(s, g.vocabulary_size, step.position);
        step.without_cache = multiply_adds_without_cache(s, g.vocabulary_size, step.position);
        ids.push_back(step.token);
        g.steps.push_back(std::move(step));
        // The chosen token passes through the stack alone when a next step needs its output; after
        // the last, on a copy, only to time a decoded word.
        const bool last = i + 1 == count || static_cast<int>(ids.size()) >= Settings::kMaxTokens;
        KvCache probe;
        const auto decode_start = std::chrono::steady_clock::now();
        if (!last) cached = logits_of(*g.weights, decode_step(s, *g.weights, g.kv, ids.back()));
        else probe = g.kv, decode_step(s, *g.weights, probe, ids.back());
        with_seconds += seconds_since(decode_start);
    }
    const int words = static_cast<int>(g.steps.size());
    if (words > 0) g.word_seconds_with_cache = with_seconds / words;
    // Without the cache, word k > 1 recomputed its whole prefix; the first word's pass was the prefill.
    g.word_seconds_without_cache = words > 1 ? without_seconds / (words - 1) : g.prefill_seconds;
    return g;
}

double earlier_positions_change(const Settings& s, const std::vector<int>& ids, int added, int vocabulary_size,
                                std::shared_ptr<const Weights> weights) {
    std::vector<Token> before, after;
    for (int id : ids) before.push_back({"", id, true});
    after = before;
    after.push_back({"", added, true});
    const Trace a = run(s, std::move(before), vocabulary_size, weights);
    const Trace b = run(s, std::move(after), vocabulary_size, weights);
    double largest = 0;
    for (int p = 0; p < a.token_count(); ++p) {
        const Vector y = a.levels.back().vectors.row(p).transpose(), z = b.levels.back().vectors.row(p).transpose();
        largest = std::max(largest, (z - y).norm() / std::max(y.norm(), 1e-300));
    }
    return largest;
}

}  // namespace tb
