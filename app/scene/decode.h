#pragma once
// A generation told in the cross-section (issue 36, seed 002). The prompt's beads rise once (the
// prefill); then, for each word: the last position's most probable words stand as bars at the
// output, the chosen one marked; it drops to the input in the next column and rises alone, the
// earlier beads resting at the top, not recomputed. Beside each attention box the K/V cache: one
// column a position held (a row of the cache), one cell a K/V head for K and for V (so /tetes 8 2
// holds a quarter of MHA's), the newest query's weights over it as one strip. With /cache off every
// bead rises again at each word and the cache empties before each pass.
//
// Its clock is a beat: one beat is one level's climb (AnimationOptions::seconds_per_level). The
// prefill takes `top` beats (top = 2L + 1); word k then takes kChooseBeats (the bars), kDropBeats
// (the fall) and top / kClimbLevelsPerBeat (its lone climb, quicker: the class has seen one):
// decode_step_start(). Pure, like animate().
#include <memory>
#include <string>
#include <vector>

#include "base/language.h"
#include "model/generation.h"
#include "model/vocabulary.h"
#include "scene/animation.h"

namespace tb {

inline constexpr double kChooseBeats = 1.5, kDropBeats = 0.6, kClimbLevelsPerBeat = 2;
// Where in its level the climbing beads stand in the attention box: a layer's cache gains their
// K/V from there.
inline constexpr double kEntersBox = 0.4;

// The vocabulary's words by id, the mask token as /phrase types it ([masque]).
std::vector<std::string> generation_words(const Vocabulary& vocabulary);

// Whether `g` made the sentence `trace` shows: the same weights and settings, the prompt then its words.
bool shows_generation(const Generation& g, const Trace& trace);

int decode_top(const Generation& g);                    // 2L + 1
double decode_step_start(const Generation& g, int word);  // word 1..N: the beat its bars appear
double decode_beats(const Generation& g);               // the whole story: prefill and every word

// Side B of a comparison tells A's generation on its own stack: the same words (the sentence is
// shared), B's own logits, probabilities, cache and counts; null where B's mask is not causal or
// its sentence not A's.
std::shared_ptr<const Generation> generation_on(const Trace& b, const Generation& a);

// The trace of the first `n` tokens alone: under the causal mask, each level's first n rows (and
// the attention's first n × n weights) are exactly what those tokens alone give; the plots beside
// the stack read it, so that no word shows before its time.
Trace first_tokens(const Trace& trace, int n);

struct DecodeInstant {
    int word = 0;         // 0: the prefill; k ≥ 1: the k-th word generated
    int shown = 0;        // tokens drawn: the prompt, then one more a word dropped
    int resting = 0;      // tokens 0..resting-1 stay at the top (their K/V cached); the others climb
    double playhead = 0;  // the climb's level (animate's playhead)
    float bars = 0;       // 0..1: word k's bars at the output (0: none)
    float drop = -1;      // 0..1: word k falling to the input (-1: not falling)
    bool finished = false;  // the story told: every bead at the top
};
DecodeInstant decode_instant(const Generation& g, double beat);

// One attention box's cache: column p holds position p's K and V; `strip` the newest query's
// weights (the shown head) over the columns; `fresh` the column the last pass added (-1 none).
struct KvCacheRecord {
    int level = 0, layer = 0;       // the attention level and its 1-based block
    int rows = 0, kv_heads = 0;     // positions held, cells a column for K (and as many for V)
    int capacity = 0;               // the columns drawn empty after them (up to 8 tokens)
    int fresh = -1;
    Rect area;                      // the whole grid, beside the box's beads
    std::vector<Rect> columns;      // `rows` of them (the cache's rows), then the empty ones
    float cell_w = 0, cell_h = 0, strip_y = 0, keys_y = 0, values_y = 0;  // K above V, the strip on top
    std::vector<float> strip;       // weight a held position (empty: no query passed yet)
    bool cache_on = true;
};

// The step's choice at the output: its most probable words (probability under the temperature),
// the chosen one marked, their logits (unchanged by the temperature).
struct WordBar {
    std::string word;
    double probability = 0, logit = 0;
    bool chosen = false;
};
struct WordBarsRecord {
    int word = 0;  // 1..N
    Rect area;
    std::vector<WordBar> bars;
    float alpha = 0;
    float row_h = 0, px = 0;
};

struct DecodeRecords {
    bool active = false;
    DecodeInstant instant;
    std::vector<KvCacheRecord> caches;  // one an attention box
    WordBarsRecord bars;                // bars.bars empty: none shown
    std::string caption;                // the one line the section's caption says (the counters)
};

// The frame `animate(trace, layout, instant.playhead, options)` made, told as the decode story:
// the tokens not yet generated gone, the resting ones at the top, the dropping bead, the caches and
// the bars. `words` are the vocabulary's words by id.
DecodeRecords decode_frame(FrameRecords& frame, const Trace& trace, const Layout& layout, const Generation& g,
                           const DecodeInstant& instant, const AnimationOptions& options,
                           const std::vector<std::string>& words, Language language);

}  // namespace tb
