#include "inspector/generation.h"

#include <algorithm>
#include <cstdint>

#include "base/command_kit.h"
#include "base/numbers.h"
#include "model/memory.h"
#include "model/parameters.h"

namespace tb {
namespace {

std::string pick(Language language, const std::string& french, const std::string& english) {
    return language == Language::French ? french : english;
}
std::string word_of(const std::vector<std::string>& words, int id) {
    return id >= 0 && id < static_cast<int>(words.size()) ? words[static_cast<std::size_t>(id)] : "?";
}
std::string milliseconds(double seconds, Language language) {
    return format_significant(seconds * 1e3, 2, language) + " ms";
}

// 2 · L · n · h_kv · d_h = elements, in fp16 bytes.
std::string cache_formula(std::int64_t layers, std::int64_t n, std::int64_t kv, std::int64_t head_dim, Language language) {
    const std::int64_t elements = kv_cache_elements(layers, n, kv, head_dim, 1);
    const auto c = [&](std::int64_t v) { return format_count(v, language); };
    return "2 × " + c(layers) + " × " + c(n) + " × " + c(kv) + " × " + c(head_dim) + " = " + c(elements) +
           pick(language, " éléments = ", " elements = ") + format_bytes(elements * kFp16Bytes, language) +
           pick(language, " en fp16", " in fp16");
}

}  // namespace

GenerationPanelData generation_panel_data(const Generation& g, int word, const std::vector<std::string>& words, int count,
                                          Language language) {
    GenerationPanelData d;
    const Settings& s = g.settings;
    const int n0 = static_cast<int>(g.prompt.size()), total = static_cast<int>(g.steps.size());
    std::string prompt;
    for (int id : g.prompt) prompt += (prompt.empty() ? "" : " ") + word_of(words, id);
    d.title = quoted(prompt, language) + " + " + std::to_string(total) + pick(language, " mots · température ", " words · temperature ") +
              format_shortest(g.temperature, 3, language) + (g.cache ? " · cache on" : " · cache off");
    word = std::clamp(word, 1, std::max(1, total));
    if (total > 0) {
        const GenerationStep& step = g.steps[static_cast<std::size_t>(word - 1)];
        const int before = step.position < n0 ? g.prompt[static_cast<std::size_t>(step.position)]
                                              : g.steps[static_cast<std::size_t>(step.position - n0)].token;
        d.question = pick(language, "Mot ", "Word ") + std::to_string(word) + pick(language, " : après ", ": after ") +
                     quoted(word_of(words, before), language);
        const Vector p = next_word_probabilities(step.logits, g.temperature);
        for (int id : top_ids(step.logits, count, step.token)) d.columns.push_back({word_of(words, id), step.logits(id), p(id), id == step.token});
    }
    const std::int64_t kv = s.kv_heads > 0 ? s.kv_heads : s.heads, head_dim = s.dimension / std::max(1, s.heads);
    d.toy_cache = pick(language, "Cache K/V du jouet après ", "The toy's K/V cache after ") + std::to_string(n0 + total) +
                  " tokens : 2·L·n·h_kv·d_h = " + cache_formula(s.layers, n0 + total, kv, head_dim, language);
    if (language == Language::English) d.toy_cache.replace(d.toy_cache.find(" tokens : "), 10, " tokens: ");
    const Architecture llama = *preset("llama3-8b");
    const MemoryFigures m = memory_figures(llama, 8192, 1);
    d.preset_cache = "Llama 3 8B, 8 192 tokens" + pick(language, " : ", ": ") +
                     cache_formula(llama.layers, 8192, llama.kv(), llama.dimension / llama.heads, language) +
                     pick(language, " ; en MHA (h_kv = h = ", "; in MHA (h_kv = h = ") + format_count(llama.heads, language) +
                     ") " + format_bytes(m.kv_cache_mha_fp16_bytes, language) + pick(language, " : GQA divise par ", ": GQA divides by ") +
                     format_count(llama.heads / llama.kv(), language);
    std::int64_t with = g.prefill_multiply_adds, without = 0;
    for (const GenerationStep& step : g.steps) with += step.with_cache, without += step.without_cache;
    d.multiply_adds = pick(language, "Multiplications-additions : ", "Multiply-adds: ") + format_count(with, language) +
                      pick(language, " avec le cache (préremplissage compris), ", " with the cache (prefill included), ") +
                      format_count(without, language) + pick(language, " sans", " without");
    d.times = pick(language, "Mesuré ici : préremplissage ", "Measured here: prefill ") + milliseconds(g.prefill_seconds, language) +
              pick(language, " ; par mot ", "; per word ") + milliseconds(g.word_seconds_with_cache, language) +
              pick(language, " avec le cache, ", " with the cache, ") + milliseconds(g.word_seconds_without_cache, language) +
              pick(language, " sans", " without");
    d.temperature_note = pick(language, "La température change les probabilités et le choix, jamais les logits.",
                              "The temperature changes the probabilities and the choice, never the logits.");
    return d;
}

}  // namespace tb
