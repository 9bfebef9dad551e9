// Seed 002's modern presets and memory figures (cli.md "Modern block variants"): Llama 2 7B and
// Llama 3 8B counted term by term by hand, the tensor shapes of seed 002's example, one layer's
// scores and the KV cache in fp16, and how GQA divides the cache. Every expected number below is
// worked out in the comment beside it, from the seed and the spec, not from the program.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/memory.h"
#include "model/parameters.h"

namespace tb {
namespace {

TEST(Presets, Llama2_7bTermByTerm) {
    // d 4096, L 32, h 32, h_kv 32 (d_h 128), w 11008, V 32000; RMSNorm, SwiGLU, RoPE, no biases, untied.
    const auto a = preset("llama2-7b");
    ASSERT_TRUE(a);
    const auto p = count_parameters(*a);
    // Attention: Wq, Wk, Wv, Wo each 4096 × 4096 = 16 777 216 -> 4 × 16 777 216 = 67 108 864.
    EXPECT_EQ(p.attention_per_block, 67108864);
    // SwiGLU: W1, W3 4096 × 11008 = 45 088 768 each, W2 the same -> 3 × 45 088 768 = 135 266 304.
    EXPECT_EQ(p.ffn_per_block, 135266304);
    // Two RMSNorms, a gain of 4096 each: 8 192.
    EXPECT_EQ(p.norms_per_block, 8192);
    // 67 108 864 + 135 266 304 + 8 192 = 202 383 360; × 32 = 6 476 267 520.
    EXPECT_EQ(p.per_block, 202383360);
    EXPECT_EQ(p.blocks, 6476267520);
    // Embeddings 32 000 × 4 096 = 131 072 000, the untied head the same; the final RMSNorm 4 096.
    EXPECT_EQ(p.token_embeddings, 131072000);
    EXPECT_EQ(p.output_head, 131072000);
    EXPECT_EQ(p.final_norm, 4096);
    EXPECT_EQ(p.positions, 0);  // RoPE: no table
    // 6 476 267 520 + 2 × 131 072 000 + 4 096 = 6 738 415 616 (cli.md).
    EXPECT_EQ(p.total, 6738415616);
}

TEST(Presets, Llama3_8bTermByTerm) {
    // d 4096, L 32, h 32, h_kv 8 (d_h 128), w 14336, V 128256, same recipe.
    const auto a = preset("llama3-8b");
    ASSERT_TRUE(a);
    const auto p = count_parameters(*a);
    // Wq, Wo 4096² = 16 777 216 each; Wk, Wv 4096 × (8 × 128 = 1024) = 4 194 304 each:
    // 2 × 16 777 216 + 2 × 4 194 304 = 33 554 432 + 8 388 608 = 41 943 040.
    EXPECT_EQ(p.attention_per_block, 41943040);
    // SwiGLU: 3 × 4096 × 14336 = 3 × 58 720 256 = 176 160 768.
    EXPECT_EQ(p.ffn_per_block, 176160768);
    EXPECT_EQ(p.norms_per_block, 8192);
    // 41 943 040 + 176 160 768 + 8 192 = 218 112 000; × 32 = 6 979 584 000.
    EXPECT_EQ(p.per_block, 218112000);
    EXPECT_EQ(p.blocks, 6979584000);
    // 128 256 × 4 096 = 525 336 576, embeddings and untied head.
    EXPECT_EQ(p.token_embeddings, 525336576);
    EXPECT_EQ(p.output_head, 525336576);
    EXPECT_EQ(p.final_norm, 4096);
    // 6 979 584 000 + 2 × 525 336 576 + 4 096 = 8 030 261 248 (cli.md).
    EXPECT_EQ(p.total, 8030261248);
}

TEST(Presets, LlamaNamesAndHeadDimension) {
    const auto names = preset_names();
    EXPECT_NE(std::find(names.begin(), names.end(), "llama2-7b"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "llama3-8b"), names.end());
    EXPECT_TRUE(preset("LLAMA3-8B"));  // names fold case
    EXPECT_EQ(preset("llama3-8b")->head_dimension(), 128);  // 4096 / 32
    EXPECT_EQ(preset("llama3-8b")->kv(), 8);
    EXPECT_EQ(preset("gpt2-small")->kv(), 12);  // MHA when h_kv is not given
}

TEST(Presets, BreakdownShowsEachModernFormula) {
    const std::string text = format_breakdown(*preset("llama3-8b"));
    // Each term with its formula, in French (U+202F groups), the machine line last.
    for (const char* piece : {"2d² + 2·d·h_kv·d_h = 2 × 4\u202F096² + 2 × 4\u202F096 × 8 × 128",
                              "d·w + d·w + w·d = 4\u202F096×14\u202F336 + 4\u202F096×14\u202F336 + 14\u202F336×4\u202F096",
                              "2 × d = 2 × 4\u202F096", "V·d = 128\u202F256 × 4\u202F096", "tête de sortie (non liée)",
                              "aucune table apprise (rope)", "h_kv = 8", "sans biais"})
        EXPECT_NE(text.find(piece), std::string::npos) << piece << "\n" << text;
    const std::string last = "total: 8030261248\n";
    ASSERT_GE(text.size(), last.size());
    EXPECT_EQ(text.substr(text.size() - last.size()), last);
    const std::string llama2 = format_breakdown(*preset("llama2-7b"));
    EXPECT_NE(llama2.find("4d² = 4 × 4\u202F096²"), std::string::npos) << llama2;  // MHA without biases
    EXPECT_EQ(llama2.substr(llama2.size() - 18), "total: 6738415616\n");
}

TEST(Presets, VariantFormulasOfTheSpecWithBiases) {
    // cli.md: K and V 2·(d·h_kv·d_h + h_kv·d_h), gated FFN 2(d·w + w) + w·d + d, RMSNorm d per norm.
    // d 16, h 8, h_kv 2 (d_h 2), w 64, V 100, L 1, pre, sinus, biases, tied:
    // attention 2(256 + 16) + 2(16·2·2 + 2·2) = 544 + 2·68 = 680;
    // FFN 2(16·64 + 64) + 64·16 + 16 = 2·1088 + 1040 = 3216; norms 2 × 16 = 32; final 16;
    // embeddings 1600 -> 680 + 3216 + 32 + 1600 + 16 = 5544.
    Architecture a{"essai", 16, 1, 8, 64, 100, 8, Position::Sinus, Norm::Pre};
    a.kv_heads = 2;
    a.norm_type = NormType::RmsNorm;
    a.gated_ffn = true;
    const auto p = count_parameters(a);
    EXPECT_EQ(p.attention_per_block, 680);
    EXPECT_EQ(p.ffn_per_block, 3216);
    EXPECT_EQ(p.norms_per_block, 32);
    EXPECT_EQ(p.final_norm, 16);
    EXPECT_EQ(p.total, 5544);
    // With h_kv = h = 8 the attention is back to 4(d² + d) = 4 × 272 = 1088: heads alone change nothing.
    a.kv_heads = 8;
    EXPECT_EQ(count_parameters(a).attention_per_block, 1088);
}

TEST(Memory, SeedTwoShapes) {
    // Seed 002: batch 2, n 128, d 512, h 8 -> d_h = 512 / 8 = 64.
    const auto s = attention_shapes(2, 128, 512, 8, 8);
    EXPECT_EQ(s.q, (Shape{2, 8, 128, 64}));
    EXPECT_EQ(s.k, (Shape{2, 8, 128, 64}));
    EXPECT_EQ(s.v, (Shape{2, 8, 128, 64}));
    EXPECT_EQ(s.scores, (Shape{2, 8, 128, 128}));
    EXPECT_EQ(s.output, (Shape{2, 128, 512}));
    // With 2 KV heads (seed 002's GQA example) K and V shrink, Q and the scores keep h = 8.
    const auto g = attention_shapes(2, 128, 512, 8, 2);
    EXPECT_EQ(g.q, (Shape{2, 8, 128, 64}));
    EXPECT_EQ(g.k, (Shape{2, 2, 128, 64}));
    EXPECT_EQ(g.scores, (Shape{2, 8, 128, 128}));
    EXPECT_EQ(format_shape(s.q, Language::French), "[2, 8, 128, 64]");
}

TEST(Memory, OneLayerScoresOfSeedTwo) {
    // Seed 002: batch 1, n 4096, 8 heads: 8 × 4096² = 8 × 16 777 216 = 134 217 728 elements;
    // fp16 2 bytes each: 268 435 456 bytes = 256 × 1024² = 256 Mio.
    EXPECT_EQ(scores_elements(1, 8, 4096), 134217728);
    const auto m = memory_figures(8, 4096, 1);
    EXPECT_EQ(m.scores_elements, 134217728);
    EXPECT_EQ(m.scores_fp16_bytes, 268435456);
    EXPECT_EQ(format_bytes(m.scores_fp16_bytes, Language::French), "256\u00A0Mio");
    EXPECT_EQ(format_bytes(m.scores_fp16_bytes, Language::English), "256 MiB");
}

TEST(Memory, KvCacheOfGpt2SmallAt1024) {
    // 2 (K and V) × L 12 × n 1024 × h_kv 12 × d_h 64 × B 1 = 2 × 12 × 1024 × 768 = 18 874 368 elements;
    // × 2 bytes = 37 748 736 bytes = 36 × 1 048 576 = 36 Mio.
    EXPECT_EQ(kv_cache_elements(12, 1024, 12, 64, 1), 18874368);
    const auto m = memory_figures(*preset("gpt2-small"), 1024, 1);
    EXPECT_EQ(m.kv_cache_fp16_bytes, 37748736);
    EXPECT_EQ(format_bytes(m.kv_cache_fp16_bytes, Language::French), "36\u00A0Mio");
    // Scores of one layer: 12 heads × 1024² = 12 582 912 elements, 25 165 824 bytes = 24 Mio.
    EXPECT_EQ(m.scores_elements, 12582912);
    EXPECT_EQ(format_bytes(m.scores_fp16_bytes, Language::French), "24\u00A0Mio");
    EXPECT_EQ(m.kv_cache_mha_fp16_bytes, m.kv_cache_fp16_bytes);  // MHA: nothing to divide
}

TEST(Memory, KvCacheOfLlama3_8bAt8192AndWhatGqaDivides) {
    // 2 × 32 × 8192 × 8 × 128 × 1 = 536 870 912 elements; × 2 bytes = 1 073 741 824 = 1024³ = 1 Gio.
    const auto m = memory_figures(*preset("llama3-8b"), 8192, 1);
    EXPECT_EQ(m.kv_cache_elements, 536870912);
    EXPECT_EQ(m.kv_cache_fp16_bytes, 1073741824);
    EXPECT_EQ(format_bytes(m.kv_cache_fp16_bytes, Language::French), "1\u00A0Gio");
    // With 32 KV heads (MHA) it would be 32 / 8 = 4 times larger: 4 Gio = 4 294 967 296 bytes.
    EXPECT_EQ(m.kv_cache_mha_fp16_bytes, 4294967296);
    EXPECT_EQ(m.kv_cache_mha_fp16_bytes / m.kv_cache_fp16_bytes, 32 / 8);
    // A batch of 4 multiplies the cache by 4: 4 Gio.
    EXPECT_EQ(memory_figures(*preset("llama3-8b"), 8192, 4).kv_cache_fp16_bytes, 4 * 1073741824LL);
}

TEST(Memory, FormatEndsWithTheMachineLines) {
    const std::string text = format_memory(memory_figures(*preset("llama3-8b"), 8192, 1));
    const std::string tail = "scores_elements: 2147483648\nscores_fp16_bytes: 4294967296\nkv_cache_fp16_bytes: 1073741824\n";
    // 32 heads × 8192² = 32 × 67 108 864 = 2 147 483 648 elements, 4 294 967 296 bytes.
    ASSERT_GE(text.size(), tail.size());
    EXPECT_EQ(text.substr(text.size() - tail.size()), tail) << text;
    EXPECT_NE(text.find("divise le cache par h / h_kv = 4"), std::string::npos) << text;
    EXPECT_NE(text.find("1\u00A0Gio"), std::string::npos) << text;
    EXPECT_NE(text.find("[1, 8, 8\u202F192, 128]"), std::string::npos) << text;  // K: [B, h_kv, N, d_h]
    const std::string bare = format_memory(memory_figures(8, 4096, 1));
    const std::string bare_tail = "scores_elements: 134217728\nscores_fp16_bytes: 268435456\n";
    ASSERT_GE(bare.size(), bare_tail.size());
    EXPECT_EQ(bare.substr(bare.size() - bare_tail.size()), bare_tail) << bare;
    EXPECT_EQ(bare.find("kv_cache"), std::string::npos);
}

TEST(Memory, BytesInBinaryUnits) {
    EXPECT_EQ(format_bytes(512, Language::French), "512\u00A0o");
    EXPECT_EQ(format_bytes(1536, Language::French), "1,5\u00A0Kio");  // 1536 / 1024 = 1,5
    EXPECT_EQ(format_bytes(1536, Language::English), "1.5 KiB");
}

}  // namespace
}  // namespace tb
