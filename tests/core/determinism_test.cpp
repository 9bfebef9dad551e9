// Same seed, same picture: the generator is portable, each tensor has its own stream, and
// rewiring or stacking keeps every weight already drawn.
#include <fstream>
#include <limits>

#include "model/random.h"
#include "../support.h"
#include "model/trace_json.h"
#include "model/weights.h"

namespace tb {
namespace {

TEST(Random, SplitMix64ReferenceValues) {
    // The first outputs of SplitMix64 from state 0, as published with Vigna's reference code.
    std::uint64_t state = 0;
    EXPECT_EQ(splitmix64(state), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(splitmix64(state), 0x6E789E6AA1B965F4ull);
    EXPECT_EQ(splitmix64(state), 0x06C45D188009454Full);
}

TEST(Random, NormalStreamHasUnitMomentsAndDistinctStreams) {
    NormalStream a(7, "wq", 0);
    double sum = 0, sq = 0;
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        const double x = a.normal();
        sum += x, sq += x * x;
    }
    EXPECT_NEAR(sum / n, 0.0, 0.01);
    EXPECT_NEAR(sq / n, 1.0, 0.01);
    EXPECT_NE(NormalStream(7, "wq", 0).normal(), NormalStream(7, "wq", 1).normal());
    EXPECT_NE(NormalStream(7, "wq", 0).normal(), NormalStream(7, "wk", 0).normal());
    EXPECT_NE(NormalStream(7, "wq", 0).normal(), NormalStream(8, "wq", 0).normal());
    EXPECT_EQ(NormalStream(7, "wq", 0).normal(), NormalStream(7, "wq", 0).normal());
}

TEST(Determinism, SameSeedSameTraceBitForBit) {
    const auto a = to_json(*test::session("/graine 99; /couches 4").trace()).dump();
    const auto b = to_json(*test::session("/couches 4; /graine 99").trace()).dump();
    EXPECT_TRUE(a == b);
    EXPECT_TRUE(a != to_json(*test::session("/graine 100; /couches 4").trace()).dump());
}

TEST(Determinism, RewiringKeepsEveryWeight) {
    const auto base = test::session("/couches 3").trace();
    for (const char* change : {"/norme post", "/norme aucune", "/residuel off", "/position appris", "/position aucun"}) {
        const auto t = test::session(std::string("/couches 3; ") + change).trace();
        EXPECT_EQ(t->weights->token_embedding, base->weights->token_embedding) << change;
        EXPECT_EQ(t->weights->learned_position, base->weights->learned_position) << change;
        for (int b = 0; b < 3; ++b) {
            EXPECT_EQ(t->weights->blocks[b].attention.wq, base->weights->blocks[b].attention.wq) << change;
            EXPECT_EQ(t->weights->blocks[b].attention.wo, base->weights->blocks[b].attention.wo) << change;
            EXPECT_EQ(t->weights->blocks[b].ffn.w1, base->weights->blocks[b].ffn.w1) << change;
            EXPECT_EQ(t->weights->blocks[b].ffn.w2, base->weights->blocks[b].ffn.w2) << change;
        }
    }
}

TEST(Determinism, StackingKeepsTheFirstBlocks) {
    const auto two = test::session("/graine 5").trace();
    const auto six = test::session("/graine 5; /couches 6").trace();
    for (int b = 0; b < 2; ++b) {
        EXPECT_EQ(six->weights->blocks[b].attention.wk, two->weights->blocks[b].attention.wk);
        EXPECT_EQ(six->weights->blocks[b].ffn.w2, two->weights->blocks[b].ffn.w2);
    }
    for (int k = 0; k <= 4; ++k) EXPECT_EQ(six->levels[k].vectors, two->levels[k].vectors) << "level " << k;
}

TEST(Determinism, PropagerDrawsTheSameSequenceOfSeeds) {
    auto a = test::session("/propager");
    auto b = test::session("/propager");
    EXPECT_EQ(a.settings().seed, b.settings().seed);
    EXPECT_NE(a.settings().seed, Settings::kDefaultSeed);
    EXPECT_GE(a.settings().seed, 100000u);  // six digits, to write on the board
    EXPECT_LE(a.settings().seed, 999999u);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

TEST(TraceJson, NonFiniteValueIsAReportedError) {
    const auto good = test::session().trace();
    Trace bad = *good;
    bad.levels[2].vectors(1, 3) = std::numeric_limits<double>::quiet_NaN();
    try {
        to_json(bad);
        FAIL() << "a NaN must not reach the JSON file";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("non finie"), std::string::npos) << e.what();
    }
    const std::string path = ::testing::TempDir() + "/nan_trace.json";
    const auto error = write_trace(bad, path);
    ASSERT_TRUE(error);
    EXPECT_FALSE(std::ifstream(path).good()) << "nothing written";
}

}  // namespace
}  // namespace tb
