#pragma once
// Training the toy (channel.md §7, cli.md "The training log"): the objectives, the batches, the
// loss, the backward pass of every setting and variant, and Adam as torch.optim.Adam writes it.
//
// Shapes. A batch's sentences are stacked: its T tokens are the rows of one row-major T x f matrix
// for every per-token operation (linear maps, norms, FFN, loss); only attention loops over the
// sentences. Weights keep weights.h's shapes ([out][in], column-major), and so do their gradients,
// which are a Weights of their own. Every buffer lives in a Workspace that grows to the largest
// batch once, so that a step allocates nothing.
//
// train_step() is a pure function of (settings, corpus, optimizer state, step number): the same
// run gives the same numbers whether it is done in one go or resumed, on any thread.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/settings.h"
#include "model/weights.h"

namespace tb {

// The next word with the causal mask, else the masked word.
enum class Objective { MaskedWord, NextWord };
Objective objective_of(const Settings& s);
const char* to_string(Objective o);  // "mot-masque", "mot-suivant"

// One sentence of a batch: its ids as the model reads them (<masque> in place) and its targets,
// (position, expected id) pairs.
struct Example {
    std::vector<int> ids;
    std::vector<std::pair<int, int>> targets;
};
using Batch = std::vector<Example>;

// The batch of step `step` (1, 2, ...): settings.batch_size sentences drawn with replacement from
// `sentences`, and for mot-masque one position each replaced by mask_id, all from the stream
// (seed, "entrainement", step) of random.h. mot-suivant: targets (p, id at p + 1), p = 0 .. n - 2.
Batch draw_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int step, int mask_id);

// A trained tensor of a Weights: every tensor the trace writes, but the position table only with
// `appris` (cli.md). `data` points into the Weights it was listed from.
struct TensorRef {
    int block;         // 0-based, or -1 outside the blocks
    const char* name;  // "attention.wq", "token_embedding"
    double* data;
    long size;
    std::string full_name() const;  // "blocks[0].attention.wq"
};
std::vector<TensorRef> trained_tensors(Weights& w, const Settings& s);

// The buffers of a pass (their contents are training/workspace.h's business).
struct Workspace;
struct WorkspaceDeleter {
    void operator()(Workspace* w) const;
};
using WorkspacePtr = std::unique_ptr<Workspace, WorkspaceDeleter>;
WorkspacePtr make_workspace();

// The loss of a batch given the output level (T x d rows, after the final norm in pre): it returns
// the loss, writes dL/d(output) into d_output (T x d, zero where the loss does not look) and may
// add to the gradients of weights it reads itself (the tied head's embedding).
using OutputLoss = std::function<double(const double* output, int tokens, int d, double* d_output, Weights& gradients)>;

// The forward pass over the batch's sentences (each its own sequence) and the backward pass from
// `loss`: returns the loss and sets `gradients` (the weights' shape) to dL/d(every trained tensor);
// the other tensors of `gradients` are zero. loss_rows: the output rows the loss reads, ascending
// (target_rows), or empty for all; the last attention's queries and everything after it then run
// on those rows alone, a saving that changes no gradient (the output's other rows are then 0).
double loss_and_gradients(const Settings& s, const Weights& w, const Batch& batch, const OutputLoss& loss,
                          Weights& gradients, Workspace& work, const std::vector<int>& loss_rows = {});

// The rows of the batch's targets among its stacked tokens, ascending, each once.
std::vector<int> target_rows(const Batch& batch);

// cli.md's step loss: the mean over every (sentence, target) pair of -log softmax(E h_p)[id], the
// softmax over all V rows (tied head, no bias), natural log.
OutputLoss language_model_loss(const Weights& w, const Batch& batch, Workspace& work);

// The output level of every sentence of the batch, stacked (T x d rows): the training pass's
// forward alone, for the tests.
std::vector<double> batch_output(const Settings& s, const Weights& w, const Batch& batch, Workspace& work);

// torch.optim.Adam (cli.md): bias-corrected moments, eps after the square root, weight decay as
// L2 added to the gradient; dense (every element of every trained tensor at every step).
// warmup_steps N > 0: step k (1-based, Adam's t) uses lr · min(1, k / N) (cli.md); 0: lr throughout.
struct AdamOptions {
    double lr = 0.003, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0.0;
    int warmup_steps = 0;
};
// The rate step `step` (1, 2, ...) uses: lr · min(1, step / warmup_steps); exactly lr once the
// warm-up is over or without one.
double warmup_rate(const AdamOptions& adam, int step);

// What a step changes: the model and Adam's state.
struct TrainingState {
    Weights weights;
    Weights first_moment, second_moment;  // Adam's m and v, the weights' shapes
    int steps = 0;                        // steps done: Adam's t before the next step
};
// A run starts from `weights` with zero moments.
TrainingState start_training(const Weights& weights);

// One update of every trained tensor from its gradient; state.steps counts it.
void adam_step(TrainingState& state, const Weights& gradients, const Settings& s, const AdamOptions& adam);

struct StepRecord {
    int step = 0;       // 1, 2, ...: this run's step number
    Batch batch;
    double loss = 0.0;  // before this step's update
    bool finite = true;  // false: the loss or a gradient was not finite, and nothing was updated
    // The mean |dL/dW| of each sublayer (sublayer_gradient_means) of this step's gradient, on the
    // recorded steps (records_gradients), else empty: the gradients panel along the training.
    std::vector<double> sublayer_gradients;
};

// Every sublayer's mean |dL/dW| is kept on step 1 and every kGradientEvery-th step: often enough
// for a curve, rarely enough to cost nothing (2L sums over the blocks' matrices).
constexpr int kGradientEvery = 10;
inline bool records_gradients(int step) { return step == 1 || step % kGradientEvery == 0; }

// [2L]: index k - 1 is level k (odd attention, even FFN): the mean of |g| over every entry of that
// sublayer's weight matrices (attention Wq, Wk, Wv, Wo; FFN W1, W2, and W3 when gated), biases and
// norms left out, as the gradients panel has always shown it (backward.h).
std::vector<double> sublayer_gradient_means(const Weights& gradients, const Settings& s);

// The recorded steps of a run, in order: (step, its sublayer_gradients).
struct GradientRecord {
    int step = 0;
    std::vector<double> means;  // [2L]
};
std::vector<GradientRecord> gradient_records(const std::vector<StepRecord>& steps);

// The held-out batch: every sentence once, with every target the objective has in it (mot-suivant:
// each next word; mot-masque: each position masked in turn, one example each), so that its loss
// needs no random draw and measures the same thing at every step.
Batch evaluation_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int mask_id);

// The loss of the best guess that never reads the sentence: the entropy (natural log) of the
// targets' words, each target weighed as a step's expected loss weighs it (mot-masque: a sentence
// 1/S, a position in it 1/n; mot-suivant: every next-word pair alike). A curve that stays on it
// has learnt how often each word comes and nothing of its context: issue 15's "stuck".
double frequency_only_loss(const std::vector<std::vector<int>>& sentences, Objective objective);

// What a run reads and never changes.
struct TrainingSetup {
    Settings settings;
    const std::vector<std::vector<int>>* sentences = nullptr;  // the corpus's training set
    int mask_id = 0;
    AdamOptions adam;
};
AdamOptions adam_options(const Settings& s);  // lr = settings.learning_rate, warmup_steps = settings.warmup_steps

// Step state.steps + 1: its batch, loss and gradients, then Adam's update. A non-finite loss or
// gradient leaves the state untouched (record.finite false).
StepRecord train_step(const TrainingSetup& setup, TrainingState& state, Workspace& work, Weights& gradients);

// The loss of `weights` on `batch` (cli.md's step loss), nothing updated; `gradients` is scratch.
double batch_loss(const Settings& s, const Weights& weights, const Batch& batch, Workspace& work, Weights& gradients);

}  // namespace tb
