#pragma once
// The output head (seed 000, seed 002): the green output projected through the tied token
// embedding, z_i = E out_i, then softmax over the vocabulary. With random, untrained weights
// this predicts nothing; that is the point the next channel (#generation-temperature) starts from.
#include <string>
#include <vector>

#include "model/trace.h"

namespace tb {

// [n][V]: each row a probability distribution over the vocabulary (rows sum to 1).
Matrix next_word_probabilities(const Trace& trace);

struct Prediction {
    int id;
    std::string word;
    double probability;
};
// The k most probable words for each position, most probable first: [n][k].
std::vector<std::vector<Prediction>> top_predictions(const Trace& trace, const Vocabulary& vocabulary, int k);

// The caveat the output panel writes over those words while nothing hides what follows a position
// (/masque aucun, the channel's encoder, the start-up state) and nothing was trained: every
// position's attention already reads the word after it, so its « next word » is not a prediction.
// Empty with the causal mask, or once trained (the panel then says what the training taught).
std::string sees_next_word_caveat(const Trace& trace, Language language);

// The logit lens: every level's vectors read as if the model stopped there, through the output's
// own path — the final norm with its weights where the output has one (pre-norm), nothing
// otherwise — then the tied embedding (z = E h) and a softmax over all V rows. The output level is
// already past that norm and is read as it is, so its row is top_predictions' first word.
// [2L+2][n]: lens[k][i] is token i's most probable word at level k (lowest id on a tie).
std::vector<std::vector<Prediction>> logit_lens(const Trace& trace, const Vocabulary& vocabulary);

// The FFN neurons that push a word (issue 16): in block `block` (1..L), for token `token`, each
// hidden neuron k's activation h_k times the dot product of W↓'s column k with the word's embedding
// row E[word] — what that neuron adds to the word's logit through the tied head, read directly
// (the later blocks and the final norm left out, as the logit lens reads a level). All w neurons,
// the strongest push first (a tie: the lower neuron).
struct NeuronPush {
    int neuron;         // 0-based
    double activation;  // h_k, after the activation (gated: φ(W1 x + b1) ⊙ (W3 x + b3))
    double alignment;   // W↓[:, k] · E[word]
    double push;        // activation × alignment
};
std::vector<NeuronPush> neuron_pushes(const Trace& trace, int block, int token, int word);

}  // namespace tb
