#pragma once
// What one forward pass leaves behind: every level and every sub-step, made once and never
// changed. The window, the tests and the JSON export all read this one object.
#include <memory>
#include <string>
#include <vector>

#include "base/language.h"
#include "model/parameters.h"
#include "model/settings.h"
#include "model/vocabulary.h"
#include "model/weights.h"

namespace tb {

enum class LevelKind { Input, Attention, Ffn, Output };

struct Level {
    int index;        // 0 = input, 1..2L sublayers (odd attention, even FFN), 2L+1 = output
    LevelKind kind;
    int block;        // 1-based block of a sublayer, 0 for input and output
    std::string name; // "entrée", "attention 1", "ffn 1", ..., "sortie"

    Matrix vectors;           // n x d: the stream after this level
    // Sublayer levels only (the stream entering one is the level below's vectors: Trace::input_of):
    Matrix normalized_input;  // n x d: LN(input) fed to F, pre-norm only (else empty)
    Matrix sublayer_output;   // n x d: F(.), before any addition or post-norm
    Matrix before_norm;       // n x d: x + F(x) (or F(x)) before the LayerNorm, post-norm only
    std::vector<Matrix> attention_weights;  // h of n x n, attention levels; rows sum to 1
    Matrix hidden;            // n x w: FFN activations after the activation (GELU or ReLU), FFN levels;
                              // gated FFN (SwiGLU, GeGLU): gate ⊙ up
    Matrix gate;              // n x w: φ(W1 x + b1), gated FFN levels only (else empty)
    Matrix up;                // n x w: W3 x + b3, the value path, gated FFN levels only (else empty)
};

struct Trace {
    Settings settings;
    std::vector<Token> tokens;
    int vocabulary_size;
    double layer_norm_eps;
    std::shared_ptr<const Weights> weights;
    Matrix position;             // [n_max][d]: the table added at level 0
    std::vector<Level> levels;   // 2L + 2, whatever the step
    ParameterBreakdown parameters;
    int trained_steps = 0;       // Adam steps behind these weights (0: the seed's random weights)
    // The place of each shown token in the sentence as typed: its identity (its colour), which
    // follows its word through /melanger. Empty means the sentence as typed (token i is place i).
    std::vector<int> typed_places;

    int typed_place(int token) const {
        return token >= 0 && token < static_cast<int>(typed_places.size()) ? typed_places[static_cast<std::size_t>(token)] : token;
    }
    int token_count() const { return static_cast<int>(tokens.size()); }
    // n x d: the stream entering a sublayer level, the residual copy.
    const Matrix& input_of(const Level& level) const { return levels.at(level.index - 1).vectors; }
};

// The name of level `index` for L layers: "entrée", "attention k", "ffn k", "sortie" (the
// trace's names); in English "input", "attention k", "ffn k", "output".
std::string level_name(int index, int layers, Language language = Language::French);
// An empty level with its index, kind, block and name filled in.
Level make_level(int index, int layers);

// Euclidean norm of each row (token): [n].
Vector token_norms(const Matrix& vectors);
// Mean cosine similarity over all pairs of distinct tokens: the measure of collapse.
double mean_pairwise_cosine(const Matrix& vectors);

}  // namespace tb
