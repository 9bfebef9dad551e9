#include "parameters.h"

#include <cstdarg>
#include <cstdio>
#include <sstream>

#include "utf8.h"

namespace tb {
namespace {

__attribute__((format(printf, 1, 2))) std::string format(const char* pattern, ...) {
    char buf[128];
    va_list args;
    va_start(args, pattern);
    std::vsnprintf(buf, sizeof buf, pattern, args);
    va_end(args);
    return buf;
}

std::string share(std::int64_t part, std::int64_t total, Language language) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", total ? 100.0 * part / total : 0.0);
    std::string s = buf;
    if (language == Language::French)
        for (char& c : s) if (c == '.') c = ',';  // French decimal comma
    return s;
}

}  // namespace

ParameterBreakdown count_parameters(const Architecture& a) {
    const auto d = a.dimension, w = a.ffn, L = a.layers;
    ParameterBreakdown p{};
    p.attention_per_block = 4 * (d * d + d);
    p.ffn_per_block = d * w + w + w * d + d;
    p.norms_per_block = a.norm == Norm::None ? 0 : 2 * 2 * d;
    p.per_block = p.attention_per_block + p.ffn_per_block + p.norms_per_block;
    p.blocks = L * p.per_block;
    p.token_embeddings = a.vocabulary * d;
    p.positions = a.position == Position::Learned ? a.context * d : 0;
    p.final_norm = a.norm == Norm::Pre ? 2 * d : 0;
    p.total = p.blocks + p.token_embeddings + p.positions + p.final_norm;
    return p;
}

std::vector<ParameterTerm> parameter_terms(const Architecture& a) {
    const ParameterBreakdown p = count_parameters(a);
    const long long D = a.dimension, W = a.ffn, layers = a.layers, V = a.vocabulary, context = a.context,
                    block = p.per_block;  // as long long for %lld
    const bool learned = a.position == Position::Learned, pre = a.norm == Norm::Pre, none = a.norm == Norm::None;
    const std::string ffn = format("d·w + w + w·d + d = %lld×%lld + %lld + %lld×%lld + %lld", D, W, W, W, D, D);
    const std::string attention = format("4(d² + d) = 4 × (%lld² + %lld)", D, D);
    const std::string learned_table = format("n_ctx·d = %lld × %lld", context, D);
    const std::string embeddings = format("V·d = %lld × %lld", V, D);
    const std::string norms = format("2 × 2d = 4 × %lld", D), final_norm = format("2d = 2 × %lld", D);
    const char* position = to_string(a.position);
    std::vector<ParameterTerm> terms;
    auto term = [&terms](std::string name, std::string formula, std::int64_t value, bool summed, std::string name_en,
                         std::string formula_en) {
        terms.push_back({std::move(name), std::move(formula), value, summed, std::move(name_en), std::move(formula_en)});
    };
    term("attention par bloc", attention, p.attention_per_block, false, "attention per block", attention);
    term("FFN par bloc", ffn, p.ffn_per_block, false, "FFN per block", ffn);
    term("normalisations par bloc", none ? "aucune normalisation" : norms, p.norms_per_block, false,
         "norms per block", none ? "no normalization" : norms);
    term("blocs", format("L × bloc = %lld × %lld", layers, block), p.blocks, true, "blocks",
         format("L × block = %lld × %lld", layers, block));
    term("embeddings de tokens", embeddings, p.token_embeddings, true, "token embeddings", embeddings);
    term("positions apprises", learned ? learned_table : format("aucune table apprise (%s)", position), p.positions,
         true, "learned positions", learned ? learned_table : format("no learned table (%s)", position));
    term("normalisation finale", pre ? final_norm : "seulement en pré-norme", p.final_norm, true, "final norm",
         pre ? final_norm : "pre-norm only");
    term("tête de sortie", "liée aux embeddings de tokens", 0, true, "output head", "tied to the token embeddings");
    return terms;
}

Architecture toy_architecture(const Settings& s, int vocabulary_size) {
    return {"modèle jouet", s.dimension, s.layers, s.heads, s.ffn, vocabulary_size,
            Settings::kMaxTokens, s.position, s.norm};
}

std::optional<Architecture> preset(std::string_view name) {
    // GPT-2: Radford et al. 2019 (V 50 257, context 1 024, learned positions, pre-norm, w = 4d);
    // GPT-3 175B: Brown et al. 2020 (d 12 288, 96 layers, 96 heads, context 2 048).
    const std::string key = utf8::fold(name);
    auto gpt2 = [](const char* label, std::int64_t d, std::int64_t L, std::int64_t h) {
        return Architecture{label, d, L, h, 4 * d, 50257, 1024, Position::Learned, Norm::Pre};
    };
    if (key == "gpt2-small") return gpt2("GPT-2 small", 768, 12, 12);
    if (key == "gpt2-medium") return gpt2("GPT-2 medium", 1024, 24, 16);
    if (key == "gpt2-large") return gpt2("GPT-2 large", 1280, 36, 20);
    if (key == "gpt2-xl") return gpt2("GPT-2 XL", 1600, 48, 25);
    if (key == "gpt3") return Architecture{"GPT-3", 12288, 96, 96, 4 * 12288, 50257, 2048,
                                           Position::Learned, Norm::Pre};
    return std::nullopt;
}

std::vector<std::string> preset_names() {
    return {"gpt2-small", "gpt2-medium", "gpt2-large", "gpt2-xl", "gpt3"};
}

std::string format_breakdown(const Architecture& a, Language language) {
    const std::int64_t total = count_parameters(a).total;
    const bool english = language == Language::English;
    const std::string name = english && a.name == "modèle jouet" ? "toy model" : a.name;
    std::ostringstream out;
    out << (english ? "Parameters — " : "Paramètres — ") << name << " (d = " << a.dimension << ", L = " << a.layers
        << ", h = " << a.heads << ", w = " << a.ffn << ", V = " << a.vocabulary
        << ", positions " << to_string(a.position) << (english ? ", norm " : ", norme ") << to_string(a.norm) << ")\n";
    for (const auto& t : parameter_terms(a)) {
        out << "  " << t.label(language) << (english ? ": " : " : ") << t.formula_in(language) << " = " << t.value;
        if (t.summed) out << "  (" << share(t.value, total, language) << ")";
        out << '\n';
    }
    out << "total: " << total << '\n';
    return out.str();
}

}  // namespace tb
