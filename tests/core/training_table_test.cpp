// The lesson of issue 15's table, on the built-in grammar (assets/corpus/grammaire.txt), over ten
// seeds: at depth the residual and the norm are what let the toy learn. The protocol: the
// masked word, Adam lr 3e-3, batch 16, 300 steps; "ends" = the mean loss of the last 30 steps.
// Each seed's figures are printed, so that a failure shows the whole table.
#include <cmath>
#include <cstdio>
#include <map>

#include "training/corpus.h"
#include "training/training.h"
#include "../support.h"

namespace tb {
namespace {

constexpr int kSteps = 300, kLast = 30, kSeeds = 10;

// 33 000 training steps: a statistical lesson, not a memory check (Training.* runs the same code
// under the sanitizers), and tenfold slower there. Skipped in the sanitizer build.
#if defined(__SANITIZE_ADDRESS__)
#define SKIP_UNDER_SANITIZERS() GTEST_SKIP() << "the table's claims are checked in the plain build"
#else
#define SKIP_UNDER_SANITIZERS() (void)0
#endif

const Corpus& grammar() {
    static const Corpus c = *builtin_corpus("grammaire", *test::vocabulary()).corpus;
    return c;
}

// The mean loss of the last 30 of 300 steps from the seed's random weights.
double ends(const std::string& wiring, std::uint64_t seed) {
    Settings s = test::settings(wiring);
    s.seed = seed;
    Weights w = draw_weights(seed, test::vocabulary()->size(), s.dimension, s.ffn, s.layers);
    keep_kv_heads(w, s.kv_heads * (s.dimension / s.heads));
    const TrainingSetup setup{s, &grammar().training, test::vocabulary()->mask_id(), adam_options(s)};
    TrainingState state = start_training(w);
    auto work = make_workspace();
    Weights g;
    double sum = 0.0;
    for (int i = 1; i <= kSteps; ++i) {
        const StepRecord r = train_step(setup, state, *work, g);
        if (!r.finite) return INFINITY;  // blew up: it did not learn
        if (i > kSteps - kLast) sum += r.loss;
    }
    return sum / kLast;
}

struct Range {
    double lo = INFINITY, hi = -INFINITY;
};

TEST(TrainingTable, DepthNeedsTheResidualAndTheNorm) {
    SKIP_UNDER_SANITIZERS();
    const std::string deep = "/couches 6; /dimension 16; /ffn 64; ";
    const std::vector<std::pair<std::string, std::string>> wirings = {
        {"pre, résidu", deep + "/norme pre"},          {"pre, sans résidu", deep + "/norme pre; /residuel off"},
        {"post, résidu", deep + "/norme post"},        {"post, sans résidu", deep + "/norme post; /residuel off"},
        {"aucune, résidu", deep + "/norme aucune"},
    };
    const double chance = std::log(test::vocabulary()->size());
    std::map<std::string, Range> table;
    double post_gap = 0.0;
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
        std::map<std::string, double> e;
        for (const auto& [name, script] : wirings) {
            e[name] = ends(script, seed);
            table[name].lo = std::min(table[name].lo, e[name]), table[name].hi = std::max(table[name].hi, e[name]);
        }
        std::printf("seed %2d: pre %.2f / %.2f, post %.2f / %.2f, aucune %.2f (chance %.2f)\n", int(seed), e["pre, résidu"],
                    e["pre, sans résidu"], e["post, résidu"], e["post, sans résidu"], e["aucune, résidu"], chance);
        EXPECT_GE(e["pre, sans résidu"] - e["pre, résidu"], 0.5) << "seed " << seed;
        EXPECT_GE(e["aucune, résidu"], 2.0 * e["pre, résidu"]) << "seed " << seed;
        post_gap += (e["post, sans résidu"] - e["post, résidu"]) / kSeeds;
    }
    // Post-norm with the residual sometimes stalls at depth in this toy: seeds 1, 5, 6 and 10 end at
    // 2.38, 1.77, 2.38 and 2.95 with it, 2.19, 2.23, 2.85 and 2.95 without (it starts near 7.7 and
    // needs 300 to 600 steps to leave the unigram plateau). Not the vocabulary's size: with only the
    // corpus's 30 embedding rows (numpy), seeds 1 and 10 still end at 2.23 / 2.42 and 2.51 / 2.84.
    // The claim holds on average over the seeds (mean gap 0.72), not for every seed (docs/training.md).
    EXPECT_GE(post_gap, 0.5);
    for (const auto& [name, r] : table) std::printf("L 6 %-18s %.2f – %.2f\n", name.c_str(), r.lo, r.hi);
}

TEST(TrainingTable, AtTwoLayersEveryWiringLearns) {
    SKIP_UNDER_SANITIZERS();
    const double chance = std::log(test::vocabulary()->size());
    for (const char* norm : {"pre", "post", "aucune"})
        for (const char* residual : {"on", "off"}) {
            const std::string script = std::string("/couches 2; /dimension 16; /ffn 64; /norme ") + norm + "; /residuel " + residual;
            Range r;
            for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
                const double e = ends(script, seed);
                r.lo = std::min(r.lo, e), r.hi = std::max(r.hi, e);
                EXPECT_LT(e, chance - 2.0) << script << ", seed " << seed;
            }
            std::printf("L 2 %s, résidu %s: %.2f – %.2f (chance %.2f)\n", norm, residual, r.lo, r.hi, chance);
        }
}

}  // namespace
}  // namespace tb
