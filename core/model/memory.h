#pragma once
// Tensor shapes and memory of attention (seed 002 "Exemple de dimensions et de mémoire", cli.md
// "Modern block variants": `--memoire`). With batch B, sequence n, width d, h query heads and h_kv
// K/V heads, d_h = d / h: Q [B, h, n, d_h], K and V [B, h_kv, n, d_h], scores [B, h, n, n], the
// concatenated output [B, n, d]. One layer's scores hold B·h·n² elements; the KV cache of L layers
// 2·L·n·h_kv·d_h·B (a K and a V per layer, token and KV head); fp16 takes 2 bytes an element.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/language.h"
#include "model/parameters.h"

namespace tb {

using Shape = std::vector<std::int64_t>;

struct AttentionShapes {
    Shape q, k, v, scores, output;
};
AttentionShapes attention_shapes(std::int64_t batch, std::int64_t n, std::int64_t d, std::int64_t heads,
                                 std::int64_t kv_heads);

inline constexpr std::int64_t kFp16Bytes = 2;
// The bounds `--memoire` accepts: every figure then fits in 63 bits.
inline constexpr std::int64_t kMaxMemoryContext = 1 << 20, kMaxMemoryBatch = 1024, kMaxMemoryHeads = 1024;

std::int64_t scores_elements(std::int64_t batch, std::int64_t heads, std::int64_t n);  // B·h·n²
std::int64_t kv_cache_elements(std::int64_t layers, std::int64_t n, std::int64_t kv_heads, std::int64_t head_dimension,
                               std::int64_t batch);  // 2·L·n·h_kv·d_h·B

// The figures `--memoire` prints: a preset's (its scores per layer and its KV cache), or a bare
// attention layer's (scores only).
struct MemoryFigures {
    std::optional<Architecture> architecture;  // none for a bare attention layer
    std::int64_t heads, context, batch;
    std::int64_t scores_elements, scores_fp16_bytes;
    std::int64_t kv_cache_elements = 0, kv_cache_fp16_bytes = 0;
    std::int64_t kv_cache_mha_fp16_bytes = 0;  // the same cache with h_kv = h (MHA): GQA divides it by h / h_kv
};
MemoryFigures memory_figures(const Architecture& a, std::int64_t context, std::int64_t batch);
MemoryFigures memory_figures(std::int64_t heads, std::int64_t context, std::int64_t batch);

// Bytes for people in binary units: "256 Mio", "1 Gio", "1,5 Kio", "512 o" (English: MiB, GiB, B).
std::string format_bytes(std::int64_t bytes, Language language);
// "[2, 8, 128, 64]", each size with the number rule of `language`.
std::string format_shape(const Shape& shape, Language language);
// The figures for people, then the machine lines of cli.md, digits only: `scores_elements: N`,
// `scores_fp16_bytes: N` and, with a preset, `kv_cache_fp16_bytes: N`.
std::string format_memory(const MemoryFigures& m, Language language = Language::French);

}  // namespace tb
