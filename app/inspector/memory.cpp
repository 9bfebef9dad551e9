// The shapes and memory panel's data (seed 002).
#include "inspector/inspector.h"

#include <algorithm>

#include "base/numbers.h"

namespace tb {

MemoryPanelData memory_panel_data(const Settings& s, int tokens, const MemoryChoice& choice) {
    MemoryPanelData m{};
    m.tokens = tokens;
    m.dimension = s.dimension;
    m.heads = s.heads;
    m.kv_heads = s.kv_heads > 0 ? s.kv_heads : s.heads;
    m.head_dimension = s.heads > 0 ? s.dimension / s.heads : 0;
    m.toy = attention_shapes(1, tokens, s.dimension, s.heads, m.kv_heads);
    m.example = attention_shapes(2, 128, 512, 8, 8);
    m.scores = memory_figures(8, 4096, 1);
    const std::optional<Architecture> a = preset(choice.preset);
    m.cache = memory_figures(a ? *a : *preset("gpt2-small"), choice.context, choice.batch);
    return m;
}

CountEdit set_memory_count(std::int64_t& target, long long value, std::int64_t max, const char* what, const char* what_en) {
    if (value >= 1 && value <= max) {
        target = value;
        return {};
    }
    const auto fr = [](long long v) { return format_count(v, Language::French); };
    const auto en = [](long long v) { return format_count(v, Language::English); };
    return {std::string(what) + " : un entier de 1 à " + fr(max) + " (reçu " + fr(value) + ")",
            std::string(what_en) + ": a whole number from 1 to " + en(max) + " (got " + en(value) + ")"};
}

}  // namespace tb
