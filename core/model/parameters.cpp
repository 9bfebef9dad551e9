#include "model/parameters.h"

#include <algorithm>
#include <functional>
#include <sstream>

#include "base/numbers.h"
#include "base/utf8.h"

namespace tb {

Text position_text(Position p) {
    switch (p) {
        case Position::Sinus: return {"positions sinusoïdales", "sinusoidal positions"};
        case Position::Learned: return {"positions apprises", "learned positions"};
        case Position::Rope: return same("RoPE");
        case Position::Alibi: return same("ALiBi");
        case Position::None: break;
    }
    return {"sans positions", "no positions"};
}

namespace {

// One formula written three ways: digits only (the trace's JSON), and for people in each language.
struct Formula {
    std::string machine, fr, en;
};
using Digits = std::function<std::string(std::int64_t)>;
Formula formula(const std::function<std::string(const Digits&)>& make) {
    return {make([](std::int64_t v) { return std::to_string(v); }),
            make([](std::int64_t v) { return format_count(v, Language::French); }),
            make([](std::int64_t v) { return format_count(v, Language::English); })};
}
Formula words(const std::string& fr, const std::string& en) { return {fr, fr, en}; }

// Pads `text` with spaces to `width` code points (the columns of a terminal).
std::string padded(const std::string& text, std::size_t width) {
    const std::size_t n = utf8::length(text);
    return text + std::string(n < width ? width - n : 0, ' ');
}

}  // namespace

ParameterBreakdown count_parameters(const Architecture& a) {
    const auto d = a.dimension, w = a.ffn, L = a.layers;
    const auto kv_width = a.kv() * a.head_dimension();  // h_kv·d_h: the width of K and of V (d in MHA)
    const std::int64_t b = a.biases ? 1 : 0;
    const std::int64_t norm = a.norm_type == NormType::RmsNorm ? d : 2 * d;  // RMSNorm: a gain only; LayerNorm: gain and bias
    ParameterBreakdown p{};
    // Q and the output projection d×d each; K and V d×(h_kv·d_h) each; their biases.
    p.attention_per_block = 2 * (d * d + b * d) + 2 * (d * kv_width + b * kv_width);
    // W1 d->w and W2 w->d, plus W3 d->w when gated.
    p.ffn_per_block = (a.gated_ffn ? 2 : 1) * (d * w + b * w) + w * d + b * d;
    p.norms_per_block = a.norm == Norm::None ? 0 : 2 * norm;
    p.per_block = p.attention_per_block + p.ffn_per_block + p.norms_per_block;
    p.blocks = L * p.per_block;
    p.token_embeddings = a.vocabulary * d;
    p.positions = a.position == Position::Learned ? a.context * d : 0;
    p.final_norm = a.norm == Norm::Pre ? norm : 0;
    p.output_head = a.tied_head ? 0 : a.vocabulary * d;
    p.total = p.blocks + p.token_embeddings + p.positions + p.final_norm + p.output_head;
    return p;
}

std::vector<ParameterTerm> parameter_terms(const Architecture& a) {
    const ParameterBreakdown p = count_parameters(a);
    const std::int64_t D = a.dimension, W = a.ffn, layers = a.layers, V = a.vocabulary, context = a.context, block = p.per_block;
    const bool learned = a.position == Position::Learned, pre = a.norm == Norm::Pre, none = a.norm == Norm::None;
    const std::int64_t KV = a.kv(), DH = a.head_dimension();
    const bool mha = KV == a.heads, biases = a.biases, gated = a.gated_ffn, rms = a.norm_type == NormType::RmsNorm;
    const Formula ffn = formula([&](const Digits& n) {
        if (gated && biases)
            return "2(d·w + w) + w·d + d = 2 × (" + n(D) + "×" + n(W) + " + " + n(W) + ") + " + n(W) + "×" + n(D) + " + " +
                   n(D);
        if (gated)  // W1 (gate) and W3 (up) d×w, W2 w×d
            return "d·w + d·w + w·d = " + n(D) + "×" + n(W) + " + " + n(D) + "×" + n(W) + " + " + n(W) + "×" + n(D);
        if (!biases) return "d·w + w·d = " + n(D) + "×" + n(W) + " + " + n(W) + "×" + n(D);
        return "d·w + w + w·d + d = " + n(D) + "×" + n(W) + " + " + n(W) + " + " + n(W) + "×" + n(D) + " + " + n(D);
    });
    const Formula attention = formula([&](const Digits& n) {
        if (mha && biases) return "4(d² + d) = 4 × (" + n(D) + "² + " + n(D) + ")";
        if (mha) return "4d² = 4 × " + n(D) + "²";
        // Q and the output d×d; K and V d×(h_kv·d_h) (GQA, MQA)
        const std::string kv = n(D) + " × " + n(KV) + " × " + n(DH);
        if (biases)
            return "2(d² + d) + 2(d·h_kv·d_h + h_kv·d_h) = 2 × (" + n(D) + "² + " + n(D) + ") + 2 × (" + kv + " + " +
                   n(KV) + " × " + n(DH) + ")";
        return "2d² + 2·d·h_kv·d_h = 2 × " + n(D) + "² + 2 × " + kv;
    });
    const Formula learned_table = formula([&](const Digits& n) { return "n_ctx·d = " + n(context) + " × " + n(D); });
    const Formula embeddings = formula([&](const Digits& n) { return "V·d = " + n(V) + " × " + n(D); });
    const Formula norms = formula([&](const Digits& n) { return rms ? "2 × d = 2 × " + n(D) : "2 × 2d = 4 × " + n(D); });
    const Formula final_norm = formula([&](const Digits& n) { return rms ? "d = " + n(D) : "2d = 2 × " + n(D); });
    const Formula blocks = {"L × bloc = " + std::to_string(layers) + " × " + std::to_string(block),
                            "L × bloc = " + format_count(layers, Language::French) + " × " + format_count(block, Language::French),
                            "L × block = " + format_count(layers, Language::English) + " × " + format_count(block, Language::English)};
    const std::string position = a.rope ? "rope" : to_string(a.position);
    std::vector<ParameterTerm> terms;
    auto term = [&terms](std::string name, std::string name_en, const Formula& f, std::int64_t value, bool summed) {
        terms.push_back({std::move(name), f.machine, value, summed, std::move(name_en), f.en, f.fr});
    };
    term("attention par bloc", "attention per block", attention, p.attention_per_block, false);
    term("FFN par bloc", "FFN per block", ffn, p.ffn_per_block, false);
    term("normalisations par bloc", "norms per block", none ? words("aucune normalisation", "no normalization") : norms,
         p.norms_per_block, false);
    term("blocs", "blocks", blocks, p.blocks, true);
    term("embeddings de tokens", "token embeddings", embeddings, p.token_embeddings, true);
    term("positions apprises", "learned positions",
         learned ? learned_table : words("aucune table apprise (" + position + ")", "no learned table (" + position + ")"),
         p.positions, true);
    term("normalisation finale", "final norm", pre ? final_norm : words("seulement en pré-norme", "pre-norm only"),
         p.final_norm, true);
    if (a.tied_head)
        term("tête de sortie", "output head", words("liée aux embeddings de tokens", "tied to the token embeddings"), 0, true);
    else
        term("tête de sortie (non liée)", "output head (untied)", embeddings, p.output_head, true);
    return terms;
}

Architecture toy_architecture(const Settings& s, int vocabulary_size) {
    Architecture a{"modèle jouet", s.dimension, s.layers, s.heads, s.ffn, vocabulary_size,
                   Settings::kMaxTokens, s.position, s.norm, s.norm_type};
    a.kv_heads = s.kv_heads;            // GQA, MQA: K and V h_kv·d_h wide
    a.gated_ffn = gated(s.activation);  // SwiGLU, GeGLU: W3 and b3
    if (a.gated_ffn) a.gated_name = s.activation == Activation::Geglu ? "GeGLU" : "SwiGLU";
    return a;
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
    // Llama 2 7B (Touvron et al. 2023, context 4 096) and Llama 3 8B (Meta 2024, context 8 192,
    // GQA with 8 KV heads): pre-RMSNorm, RoPE, SwiGLU, no biases, untied output head (cli.md).
    auto llama = [](const char* label, std::int64_t kv, std::int64_t w, std::int64_t V, std::int64_t context) {
        Architecture a{label, 4096, 32, 32, w, V, context, Position::None, Norm::Pre};
        a.kv_heads = kv;
        a.norm_type = NormType::RmsNorm;
        a.gated_ffn = a.rope = true;
        a.biases = a.tied_head = false;
        return a;
    };
    if (key == "llama2-7b") return llama("Llama 2 7B", 32, 11008, 32000, 4096);
    if (key == "llama3-8b") return llama("Llama 3 8B", 8, 14336, 128256, 8192);
    return std::nullopt;
}

std::vector<std::string> preset_names() {
    return {"gpt2-small", "gpt2-medium", "gpt2-large", "gpt2-xl", "gpt3", "llama2-7b", "llama3-8b"};
}

std::string format_breakdown(const Architecture& a, Language language) {
    const std::int64_t total = count_parameters(a).total;
    const bool english = language == Language::English;
    const std::string name = english && a.name == "modèle jouet" ? "toy model" : a.name;
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    std::ostringstream out;
    out << (english ? "Parameters — " : "Paramètres — ") << name << " (d = " << n(a.dimension) << ", L = " << n(a.layers)
        << ", h = " << n(a.heads);
    if (a.kv_heads > 0) out << ", h_kv = " << n(a.kv());
    // The encoding in the reader's language (it printed the command's word: « positions appris »).
    const Text position = a.rope ? same("RoPE") : position_text(a.position);
    out << ", w = " << n(a.ffn) << ", V = " << n(a.vocabulary) << ", " << (english ? position.en : position.fr)
        << (english ? ", norm " : ", norme ") << to_string(a.norm);
    if (a.norm_type == NormType::RmsNorm) out << " RMSNorm";
    if (a.gated_ffn) out << ", FFN " << a.gated_name;
    if (!a.biases) out << (english ? ", no biases" : ", sans biais");
    if (!a.tied_head) out << (english ? ", untied head" : ", tête non liée");
    out << ")\n";
    // Columns: the widest label, formula and value set the others' padding; values right-aligned.
    const std::vector<ParameterTerm> terms = parameter_terms(a);
    std::size_t label_w = 5, formula_w = 0, value_w = utf8::length(n(total));
    for (const auto& t : terms) {
        label_w = std::max(label_w, utf8::length(t.label(language)));
        formula_w = std::max(formula_w, utf8::length(t.formula_in(language)));
        value_w = std::max(value_w, utf8::length(n(t.value)));
    }
    const auto row = [&](const std::string& label, const std::string& f, std::int64_t value, const std::string& share) {
        const std::string v = n(value);
        out << "  " << padded(label, label_w) << "  " << padded(f, formula_w) << "  "
            << std::string(value_w - utf8::length(v), ' ') << v;
        if (!share.empty()) out << "  " << share;
        out << '\n';
    };
    for (const auto& t : terms)
        row(t.label(language), t.formula_in(language), t.value,
            t.summed ? format_percent(total ? static_cast<double>(t.value) / static_cast<double>(total) : 0.0, language) : "");
    row("total", "", total, format_percent(1.0, language));
    out << "total: " << total << '\n';  // the machine line (cli.md): digits only, whatever the language
    return out.str();
}

}  // namespace tb
