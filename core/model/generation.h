#pragma once
// Generation with a K/V cache (seed 002, channel.md §7, cli.md "The generation log"). Prefill runs
// the prompt through the stack once (run()) and keeps every layer's keys and values per K/V head;
// each decode step then passes one new token through the stack alone, its query reading the cached
// K/V of every earlier position. Without the cache, every step recomputes the whole prefix: the
// same logits (the causal mask leaves earlier positions untouched by a later word), more work.
#include <cstdint>
#include <memory>
#include <vector>

#include "model/trace.h"

namespace tb {

// Every layer's K and V, per K/V head: keys[layer][g] is positions x d_h (RoPE already turned),
// values alike. One row per position: a decode step appends one.
struct KvCache {
    std::vector<std::vector<Matrix>> keys, values;
    int positions() const;
    // 2 · L · positions · h_kv · d_h: the K and V held.
    std::int64_t elements() const;
};

// Cache elements after position `position` (0-based) is held: 2 · L · (position + 1) · h_kv · d_h.
std::int64_t cache_elements(const Settings& s, int position);

// Multiply-adds (cli.md): the linear maps (Q, K, V, output, FFN: W1, W3 when gated, W2), the scores
// and the weighted sums, and the head E·h of the chosen position; not norms, activations, biases,
// RoPE's turns or ALiBi's offsets. Scores and weighted sums count the keys a causal query reads.
// One position's pass reading `keys` keys, without the head:
std::int64_t position_multiply_adds(const Settings& s, int keys);
// The step at `position` with the cache: that position alone (its keys: position + 1), then the head.
std::int64_t multiply_adds_with_cache(const Settings& s, int vocabulary_size, int position);
// The same position recomputed from the whole prefix: positions 0..position, then the head.
std::int64_t multiply_adds_without_cache(const Settings& s, int vocabulary_size, int position);

// The cache of a trace's whole sentence, from the inputs each attention read in that pass.
KvCache prefill_cache(const Trace& trace);
// Passes token `id` at position cache.positions() through the stack alone, appending its K/V to
// the cache; returns its output vector (after the final norm in pre), [d].
Vector decode_step(const Settings& s, const Weights& weights, KvCache& cache, int id);
// z = E · h: one logit per vocabulary id (the tied head).
Vector logits_of(const Weights& weights, const Vector& h);
// The last position's logits, recomputed by run() over the whole prefix `ids`, no cache.
Vector recomputed_logits(const Settings& s, const std::vector<int>& ids, int vocabulary_size,
                         std::shared_ptr<const Weights> weights);

// softmax(z / T); at T = 0, softmax(z) (what greedy reads its probability from).
Vector next_word_probabilities(const Vector& logits, double temperature);
// T = 0: argmax, the lowest id on a tie. T > 0: drawn from softmax(z / T) by the stream
// (seed, "generation", draw): the first id whose cumulative probability passes one uniform.
int choose_token(const Vector& logits, double temperature, std::uint64_t seed, int draw);

// The `count` ids of largest logit (the lowest id first on a tie), `chosen` in place of the last
// when it is not among them (a draw at T > 0): the words a picture of the choice shows.
std::vector<int> top_ids(const Vector& logits, int count, int chosen);

struct GenerationStep {
    int position = 0;                 // the position whose output chose the token
    Vector logits;                    // that position's z (with the cache, or recomputed when off)
    int token = 0;
    double probability = 0;           // of the token under next_word_probabilities
    std::int64_t cache_elements = 0;  // K/V held after it
    std::int64_t with_cache = 0, without_cache = 0;  // multiply-adds
    double max_abs_diff = 0;          // |logits with the cache − recomputed|, max
};

struct Generation {
    Settings settings;  // as the generation started (the prompt's sentence)
    int vocabulary_size = 0;
    std::shared_ptr<const Weights> weights;
    std::vector<int> prompt;
    double temperature = 0;
    int first_draw = 1;  // the stream's draw index of the first step
    bool cache = true;
    std::int64_t prefill_multiply_adds = 0;  // the prompt's positions 0..n0-2 (the last is step 1's)
    std::vector<GenerationStep> steps;
    KvCache kv;  // after the last step
    // Measured live, never logged (the log is the same on every machine): the prompt's pass through
    // the stack, and one decoded word's mean time with the cache and recomputed without it.
    double prefill_seconds = 0, word_seconds_with_cache = 0, word_seconds_without_cache = 0;
};

// `count` tokens after the prompt of `prompt` (a causal trace), at most up to 8 tokens.
Generation generate(const Trace& prompt, int count, double temperature, int first_draw, bool use_cache);

// With a bidirectional mask: the largest relative change ‖Δy_p‖ / ‖y_p‖ of an earlier position's
// output when token `added` joins the sentence `ids` (what a cache would get wrong).
double earlier_positions_change(const Settings& s, const std::vector<int>& ids, int added, int vocabulary_size,
                                std::shared_ptr<const Weights> weights);

}  // namespace tb
