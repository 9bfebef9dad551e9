#pragma once
// The channel's state: one struct, each field with its start-up value beside it (shared/spec/
// channel.md section 1). Nothing else in the program holds model settings; settings_table.h
// describes each field once (its key, command, words, range, labels).
#include <cstdint>
#include <string>

namespace tb {

enum class Position { Sinus, Learned, None, Rope, Alibi };  // /position sinus|appris|aucun|rope|alibi (rope, alibi: seed 002)
enum class Norm { Pre, Post, None };           // /norme pre|post|aucune
enum class Mask { None, Causal };              // /masque aucun|causal (an addition: seed 002)
enum class Activation { Gelu, Relu, Swiglu, Geglu };  // /activation (additions: seeds 004, 002); the last two gated
enum class NormType { LayerNorm, RmsNorm };    // /normalisation layernorm|rmsnorm (an addition: seed 002)

struct Settings {
    static constexpr int kMinLayers = 1, kMaxLayers = 6;
    static constexpr int kMinFfn = 8, kMaxFfn = 64;
    static constexpr int kMaxTokens = 8;  // n_max: positions table rows, longest sentence
    static constexpr int kMinWords = 2;
    // Bounds on the sentence wherever it comes from (a command line is 500 bytes, a session file
    // is not): its words are drawn as labels, and no label may outgrow a draw list.
    static constexpr std::size_t kMaxSentenceBytes = 400;
    static constexpr std::size_t kMaxWordChars = 48;
    static constexpr std::uint64_t kDefaultSeed = 2017;  // the year of "Attention is all you need"

    int layers = 2;                       // L, /couches 1..6
    Position position = Position::Sinus;  // /position
    bool residual = true;                 // /residuel on|off
    Norm norm = Norm::Pre;                // /norme
    int ffn = 32;                         // w, /ffn 8..64
    int dimension = 8;                    // d, /dimension 8|16
    int heads = 2;                        // h, /tetes h [h_kv]: d_h = d / h, even
    // Additions to the channel; their start-up values keep the channel's behaviour.
    Mask mask = Mask::None;               // /masque: none (the channel's encoder) or causal
    Activation activation = Activation::Gelu;  // /activation: FFN non-linearity
    NormType norm_type = NormType::LayerNorm;  // /normalisation: the norm's type, wherever /norme places it
    int kv_heads = 2;                     // h_kv, /tetes h [h_kv]: divides h (MHA = h, MQA = 1, GQA between)
    int rope_base = 10000;                // RoPE's base, θ = p·base^(−2k/d_h): fixed (cli.md), no command
    std::string sentence = "le chat regarde le chien";  // /phrase, 2 to 8 tokens
    int step = 5;                         // /etape 0..2L+1: where the beads stop (2L+1 = top)
    std::uint64_t seed = kDefaultSeed;    // /graine, /propager draws the next one
    // Training (channel.md §7): they keep the trained weights.
    int batch_size = 16;                  // /lot 1..64: sentences a step
    double learning_rate = 0.003;         // /taux 0,00001..1: Adam's lr
    int warmup_steps = 0;                 // /echauffement 0..1000: step k uses lr · min(1, k / N); 0: none

    int level_count() const { return 2 * layers + 2; }  // levels 0..2L+1
    int top_level() const { return 2 * layers + 1; }
};

// Names as the channel writes them (also the JSON values of shared/spec/cli.md), read off the
// settings table (settings_table.h).
const char* to_string(Position p);  // "sinus", "appris", "aucun"
const char* to_string(Norm n);      // "pre", "post", "aucune"
const char* to_string(Mask m);      // "aucun", "causal"
const char* to_string(Activation a);  // "gelu", "relu", "swiglu", "geglu"
const char* to_string(NormType t);    // "layernorm", "rmsnorm"

// SwiGLU and GeGLU: y = W2 (φ(W1 x + b1) ⊙ (W3 x + b3)) + b2, a third matrix W3.
inline bool gated(Activation a) { return a == Activation::Swiglu || a == Activation::Geglu; }
// RoPE and ALiBi bring the position in through the scores: the table added at level 0 is zeros.
inline bool positions_in_scores(Position p) { return p == Position::Rope || p == Position::Alibi; }

// « MHA » (h_kv = h; one head is MHA: its own K/V), « MQA » (h_kv = 1), « GQA » between (seed 002).
inline const char* attention_kind(int heads, int kv_heads) {
    if (kv_heads >= heads) return "MHA";
    return kv_heads == 1 ? "MQA" : "GQA";
}

// True when a and b describe the same model and sentence (every field but the step): a change
// that replays.
bool same_model(const Settings& a, const Settings& b);

// Changes the number of layers keeping the step meaningful: a step at the top stays at the
// top, any other step is clamped to the new top (channel.md section 3).
void set_layers(Settings& s, int layers);

}  // namespace tb
