// The forward pass + trace at the start-up configuration and at the largest one. Run it with
// ./transformer-bloc-bench --benchmark_repetitions=10 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <memory>

#include "commands/commands.h"
#include "model/forward.h"
#include "model/kernels.h"
#include "commands/session.h"

namespace {

std::shared_ptr<const tb::Vocabulary> vocabulary() {
    static const auto v = std::make_shared<const tb::Vocabulary>(tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    return v;
}

void forward(benchmark::State& state, const char* script) {
    tb::Session session(vocabulary());
    tb::CommandRegistry registry;
    for (const auto& r : tb::run_script(registry, session, script))
        if (!r.ok) state.SkipWithError(r.message.c_str());
    const auto& s = session.settings();
    const auto tokens = session.vocabulary().tokenize(s.sentence);
    const auto weights = session.trace()->weights;
    for (auto _ : state) {
        auto trace = tb::run(s, tokens, session.vocabulary().size(), weights);
        benchmark::DoNotOptimize(trace.levels.back().vectors.data());
    }
}

// L 2, d 8, w 32, 5 tokens.
BENCHMARK_CAPTURE(forward, default_L2_d8_w32_n5, "");
// L 6, d 16, w 64, 8 tokens.
BENCHMARK_CAPTURE(forward, largest_L6_d16_w64_n8,
                  "/couches 6; /dimension 16; /ffn 64; /phrase le petit chat dort sur le tapis rouge");
// The same with seed 002's attention variants: RoPE turns Q and K, 8 query heads on 2 K/V heads; ALiBi.
BENCHMARK_CAPTURE(forward, rope_gqa_L6_d16_w64_n8,
                  "/couches 6; /dimension 16; /ffn 64; /tetes 8 2; /position rope; /phrase le petit chat dort sur le tapis rouge");
BENCHMARK_CAPTURE(forward, alibi_L6_d16_w64_n8,
                  "/couches 6; /dimension 16; /ffn 64; /position alibi; /phrase le petit chat dort sur le tapis rouge");

// A whole command as the window sends it: weights redrawn (new seed) and forward pass.
void propager(benchmark::State& state) {
    tb::Session session(vocabulary());
    tb::CommandRegistry registry;
    tb::run_script(registry, session, "/couches 6; /dimension 16; /ffn 64");
    for (auto _ : state) benchmark::DoNotOptimize(registry.execute(session, "/propager").ok);
}
BENCHMARK(propager);

}  // namespace

int main(int argc, char** argv) {
    // Which build of the forward pass's loops ran (TB_KERNELS=sse2|avx2|avx512 picks a lower one).
    benchmark::AddCustomContext("kernels", tb::kernels_in_use());
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
