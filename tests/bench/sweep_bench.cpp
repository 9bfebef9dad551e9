// Issue 37's sweep: 12 seeds, A and B (/residuel off), 300 steps each, on the grammar at L 6,
// d 16, w 64, batch 16, as /graines 1..12 300 runs them; with one thread and with every core.
#include <benchmark/benchmark.h>

#include <thread>

#include "commands/sweep.h"

namespace {

void sweep_12_seeds_ab(benchmark::State& state) {
    static const auto vocabulary = std::make_shared<const tb::Vocabulary>(tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    tb::CorpusResult loaded = tb::builtin_corpus("grammaire", *vocabulary);
    if (!loaded.corpus) return state.SkipWithError(loaded.error_en.c_str());
    const auto corpus = std::make_shared<const tb::Corpus>(std::move(*loaded.corpus));
    tb::Settings s;
    s.layers = 6, s.dimension = 16, s.ffn = 64, s.batch_size = 16;
    s.step = s.top_level();
    const tb::Session a(vocabulary, s);
    s.residual = false;
    const tb::Session b(vocabulary, s);
    const int threads = static_cast<int>(state.range(0));
    for (auto _ : state) benchmark::DoNotOptimize(tb::run_sweep(a, &b, corpus, 1, 12, 300, threads).a.size());
}

BENCHMARK(sweep_12_seeds_ab)->Arg(1)->Arg(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())))
    ->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace
