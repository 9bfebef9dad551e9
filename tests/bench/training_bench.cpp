// One training step (batch, forward, backward, Adam) at issue 15's size: L 6, d 16, w 64, batch
// 16, the built-in corpus, one thread. tests/perf/training_vs_torch.sh times the whole process
// beside PyTorch eager.
#include <benchmark/benchmark.h>

#include "training/corpus.h"
#include "training/training.h"
#include "model/vocabulary.h"

namespace {

void training_step(benchmark::State& state, const char* corpus_name, tb::Mask mask) {
    static const tb::Vocabulary vocabulary = tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt");
    const tb::CorpusResult corpus = tb::builtin_corpus(corpus_name, vocabulary);
    if (!corpus.corpus) return state.SkipWithError(corpus.error_en.c_str());
    tb::Settings s;
    s.layers = 6, s.dimension = 16, s.ffn = 64, s.mask = mask;
    const tb::TrainingSetup setup{s, &corpus.corpus->training, vocabulary.mask_id(), tb::adam_options(s)};
    tb::TrainingState training = tb::start_training(tb::draw_weights(s.seed, vocabulary.size(), 16, 64, 6));
    auto work = tb::make_workspace();
    tb::Weights gradients;
    for (auto _ : state) benchmark::DoNotOptimize(tb::train_step(setup, training, *work, gradients).loss);
}

// The masked word (no mask) and the next word (causal), on the built-in corpus and on the grammar.
BENCHMARK_CAPTURE(training_step, masked_word_interne_L6_d16_w64_b16, "interne", tb::Mask::None)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(training_step, next_word_interne_L6_d16_w64_b16, "interne", tb::Mask::Causal)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(training_step, masked_word_grammaire_L6_d16_w64_b16, "grammaire", tb::Mask::None)->Unit(benchmark::kMicrosecond);

}  // namespace
