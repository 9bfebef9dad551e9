#include "model/memory.h"

#include <sstream>

#include "base/numbers.h"

namespace tb {

AttentionShapes attention_shapes(std::int64_t batch, std::int64_t n, std::int64_t d, std::int64_t heads,
                                 std::int64_t kv_heads) {
    const std::int64_t dh = heads > 0 ? d / heads : 0;
    return {{batch, heads, n, dh}, {batch, kv_heads, n, dh}, {batch, kv_heads, n, dh}, {batch, heads, n, n}, {batch, n, d}};
}

std::int64_t scores_elements(std::int64_t batch, std::int64_t heads, std::int64_t n) { return batch * heads * n * n; }

std::int64_t kv_cache_elements(std::int64_t layers, std::int64_t n, std::int64_t kv_heads, std::int64_t head_dimension,
                               std::int64_t batch) {
    return 2 * layers * n * kv_heads * head_dimension * batch;
}

MemoryFigures memory_figures(std::int64_t heads, std::int64_t context, std::int64_t batch) {
    MemoryFigures m{};
    m.heads = heads;
    m.context = context;
    m.batch = batch;
    m.scores_elements = scores_elements(batch, heads, context);
    m.scores_fp16_bytes = kFp16Bytes * m.scores_elements;
    return m;
}

MemoryFigures memory_figures(const Architecture& a, std::int64_t context, std::int64_t batch) {
    MemoryFigures m = memory_figures(a.heads, context, batch);
    m.architecture = a;
    m.kv_cache_elements = kv_cache_elements(a.layers, context, a.kv(), a.head_dimension(), batch);
    m.kv_cache_fp16_bytes = kFp16Bytes * m.kv_cache_elements;
    m.kv_cache_mha_fp16_bytes = kFp16Bytes * kv_cache_elements(a.layers, context, a.heads, a.head_dimension(), batch);
    return m;
}

std::string format_bytes(std::int64_t bytes, Language language) {
    const bool english = language == Language::English;
    const char* const fr[] = {"o", "Kio", "Mio", "Gio", "Tio", "Pio", "Eio"};
    const char* const en[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int unit = 0;
    double value = static_cast<double>(bytes);
    while (unit < 6 && value >= 1024.0) {
        value /= 1024.0;
        ++unit;
    }
    const std::string number = unit == 0 ? format_count(bytes, language) : format_shortest(value, 3, language);
    return number + (english ? " " : "\u00A0") + (english ? en[unit] : fr[unit]);
}

std::string format_shape(const Shape& shape, Language language) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + format_count(shape[i], language);
    return out + "]";
}

std::string format_memory(const MemoryFigures& m, Language language) {
    const bool english = language == Language::English;
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const auto bytes = [&](std::int64_t b) {
        return n(b) + (english ? " B (" : " o (") + format_bytes(b, language) + ")";
    };
    std::ostringstream out;
    out << (english ? "Memory — " : "Mémoire — ");
    if (m.architecture) {
        const Architecture& a = *m.architecture;
        out << a.name << " (L = " << n(a.layers) << ", d = " << n(a.dimension) << ", h = " << n(a.heads)
            << ", h_kv = " << n(a.kv()) << ", d_h = " << n(a.head_dimension()) << ")";
    } else {
        out << (english ? "one attention layer" : "une couche d'attention") << " (h = " << n(m.heads) << ")";
    }
    out << (english ? ", context N = " : ", contexte N = ") << n(m.context) << (english ? ", batch B = " : ", lot B = ")
        << n(m.batch) << (english ? ", fp16 (2 bytes an element)\n" : ", fp16 (2 octets par élément)\n");
    if (m.architecture) {
        const Architecture& a = *m.architecture;
        const AttentionShapes s = attention_shapes(m.batch, m.context, a.dimension, a.heads, a.kv());
        out << (english ? "  shapes: Q " : "  formes : Q ") << format_shape(s.q, language) << ", K "
            << format_shape(s.k, language) << ", V " << format_shape(s.v, language) << ", scores "
            << format_shape(s.scores, language) << (english ? ", output " : ", sortie ") << format_shape(s.output, language)
            << '\n';
    } else {
        out << (english ? "  shapes: scores " : "  formes : scores ")
            << format_shape({m.batch, m.heads, m.context, m.context}, language) << '\n';
    }
    out << (english ? "  one layer's scores: B·h·N² = " : "  scores d'une couche : B·h·N² = ") << n(m.batch) << " × "
        << n(m.heads) << " × " << n(m.context) << "² = " << n(m.scores_elements) << (english ? " elements = " : " éléments = ")
        << bytes(m.scores_fp16_bytes) << '\n';
    if (m.architecture) {
        const Architecture& a = *m.architecture;
        out << (english ? "  KV cache: 2·L·N·h_kv·d_h·B = 2 × " : "  cache KV : 2·L·N·h_kv·d_h·B = 2 × ") << n(a.layers)
            << " × " << n(m.context) << " × " << n(a.kv()) << " × " << n(a.head_dimension()) << " × " << n(m.batch) << " = "
            << n(m.kv_cache_elements) << (english ? " elements = " : " éléments = ") << bytes(m.kv_cache_fp16_bytes) << '\n';
        if (a.kv() != a.heads) {
            const std::int64_t r = a.heads / a.kv();
            out << (english ? "  GQA: h_kv = " : "  GQA : h_kv = ") << n(a.kv()) << (english ? " instead of h = " : " au lieu de h = ")
                << n(a.heads) << (english ? " divides the cache by h / h_kv = " : " divise le cache par h / h_kv = ") << n(r)
                << (english ? " (MHA: " : " (MHA : ") << format_bytes(m.kv_cache_mha_fp16_bytes, language) << ")\n";
        } else {
            out << (english ? "  MHA: h_kv = h = " : "  MHA : h_kv = h = ") << n(a.heads)
                << (english ? ", one K and one V per query head; GQA would divide the cache by h / h_kv\n"
                            : ", un K et un V par tête de requête ; GQA diviserait le cache par h / h_kv\n");
        }
    }
    out << "scores_elements: " << m.scores_elements << '\n' << "scores_fp16_bytes: " << m.scores_fp16_bytes << '\n';
    if (m.architecture) out << "kv_cache_fp16_bytes: " << m.kv_cache_fp16_bytes << '\n';
    return out.str();
}

}  // namespace tb
