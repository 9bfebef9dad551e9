// The scale panel's data: the one parameter formula from the toy to GPT-3, and the seeds' figures.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

#include "base/numbers.h"

namespace tb {

ScaleRow scale_row(const Architecture& a) {
    ScaleRow r{a, count_parameters(a), 0, 0, 0, 0, a.ffn * a.dimension};
    const auto& p = r.parameters;
    const double total = static_cast<double>(std::max<std::int64_t>(1, p.total));
    r.embeddings_share = static_cast<double>(p.token_embeddings + p.positions) / total;
    r.attention_share = static_cast<double>(a.layers * p.attention_per_block) / total;
    r.ffn_share = static_cast<double>(a.layers * p.ffn_per_block) / total;
    r.ffn_over_attention = static_cast<double>(p.ffn_per_block) / static_cast<double>(std::max<std::int64_t>(1, p.attention_per_block));
    r.head_share = static_cast<double>(p.output_head) / total;
    return r;
}

std::vector<ScaleRow> scale_rows(const Trace& trace) {
    std::vector<ScaleRow> rows{scale_row(toy_architecture(trace.settings, trace.vocabulary_size))};
    for (const std::string& name : scale_preset_names())
        if (const auto a = preset(name)) rows.push_back(scale_row(*a));
    return rows;
}

const std::vector<std::string>& scale_preset_names() {
    static const std::vector<std::string> names{"gpt2-small", "gpt2-medium", "gpt2-large", "gpt2-xl",
                                                "gpt3",       "llama2-7b",   "llama3-8b"};
    return names;
}

ScaleFigures scale_figures() {
    ScaleFigures f{};
    Architecture small = *preset("gpt2-small");
    const ParameterBreakdown p = count_parameters(small);
    f.gpt2_head_dimension = small.head_dimension();
    f.gpt2_total = p.total;
    small.heads = 1;  // one head of width d instead of 12 of width d / 12: the same matrices
    f.gpt2_total_one_head = count_parameters(small).total;
    f.gpt2_rule_of_thumb = 12 * small.dimension * small.dimension;
    f.gpt2_per_block = p.per_block;
    f.gpt2_embeddings = p.token_embeddings + p.positions;
    const Architecture gpt3 = *preset("gpt3");
    const ParameterBreakdown q = count_parameters(gpt3);
    f.gpt3_w_up = gpt3.ffn * gpt3.dimension;
    f.gpt3_mlp_per_block = q.ffn_per_block;
    f.gpt3_mlp_total = gpt3.layers * q.ffn_per_block;
    f.gpt3_total = q.total;
    Settings s;  // the toy at its start-up w and heads, d 8 then 16
    for (const int d : {8, 16}) {
        s.dimension = d;
        const std::int64_t attention = count_parameters(toy_architecture(s, 100)).attention_per_block;
        (d == 8 ? f.toy_attention_d8 : f.toy_attention_d16) = attention;
        (d == 8 ? f.toy_square_d8 : f.toy_square_d16) = 4LL * d * d;
    }
    return f;
}

std::string short_count(std::int64_t v, Language language) {
    if (v < 1000000) return format_count(v, language);
    const double unit = v >= 1000000000 ? 1e9 : 1e6, x = static_cast<double>(v) / unit;  // three significant digits at
    const std::string name = unit > 1e6 ? (language == Language::English ? " B" : " Md") : " M";  // least: 1,56 Md, not 1,6
    return format_fixed(x, std::round(x * 10) < 100 ? 2 : 1, language) + name;
}

std::vector<std::string> scale_details(const std::vector<ScaleRow>& rows, int row, Language language) {
    std::vector<std::string> out;
    if (row < 0 || row >= static_cast<int>(rows.size())) return out;
    const bool en = language == Language::English;
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const auto pick = [en](const char* fr, const char* english) { return std::string(en ? english : fr); };
    const ScaleRow& r = rows[static_cast<std::size_t>(row)];
    const Architecture& a = r.architecture;
    const ParameterBreakdown& p = r.parameters;
    if (row == 0) {  // this model: what doubling d does to the attention
        const ScaleFigures f = scale_figures();
        out.push_back(pick("d 8 → 16 : attention 4(d² + d) = ", "d 8 → 16: attention 4(d² + d) = ") + n(f.toy_attention_d8) + " → " +
                      n(f.toy_attention_d16) + " = " + format_ratio(static_cast<double>(f.toy_attention_d8), static_cast<double>(f.toy_attention_d16), language) +
                      pick(" avec les biais", " with the biases"));
        out.push_back(pick("« × 4 » : sur le terme 4d² seul (", "“× 4”: on the 4d² term alone (") + n(f.toy_square_d8) + " → " +
                      n(f.toy_square_d16) + "), " + pick("les biais 4d ne font que × 2", "the biases 4d only × 2"));
        out.push_back(pick("total de ce modèle : ", "this model's total: ") + n(p.total));
        return out;
    }
    // d_h, and heads that do not change the count.
    std::string heads = "d_h = d / h = " + n(a.dimension) + " / " + n(a.heads) + " = " + n(a.head_dimension());
    if (a.kv() != a.heads) heads += ", h_kv = " + n(a.kv()) + " (GQA)";
    if (a.name == "GPT-2 small") {
        const ScaleFigures f = scale_figures();
        out.push_back(heads + (f.gpt2_total_one_head == f.gpt2_total ? pick(", même total si h = 1", ", same total if h = 1") : ""));
        out.push_back(pick("bloc 12d² = ", "block 12d² = ") + n(f.gpt2_rule_of_thumb) + ", exact " + n(f.gpt2_per_block));
        out.push_back("total " + n(f.gpt2_total) + pick(" (117 M corrigé : 124 M)", " (117 M corrected: 124 M)"));
        out.push_back("embeddings " + short_count(f.gpt2_embeddings, language) + " = " + format_percent(r.embeddings_share, language) +
                      pick(" (un tiers)", " (a third)"));
        return out;
    }
    out.push_back(heads);
    if (!a.gated_ffn && a.ffn == 4 * a.dimension)
        out.push_back(pick("bloc 12d² = ", "block 12d² = ") + n(12 * a.dimension * a.dimension) + ", exact " + n(p.per_block));
    else
        out.push_back(pick("bloc ", "block ") + n(p.per_block) + " = " + n(p.attention_per_block) + " + " + n(p.ffn_per_block) + " + " +
                      n(p.norms_per_block));
    if (a.name == "GPT-3") {
        const ScaleFigures f = scale_figures();
        out.push_back("W↑ = " + n(a.ffn) + " × " + n(a.dimension) + " ≈ " + short_count(f.gpt3_w_up, language) + pick(", W↓ autant", ", W↓ as many"));
        out.push_back(pick("MLP : ", "MLP: ") + short_count(f.gpt3_mlp_per_block, language) + pick(" un bloc, × ", " a block, × ") + n(a.layers) + " ≈ " +
                      short_count(f.gpt3_mlp_total, language) + " = " + format_percent(r.ffn_share, language));
    }
    if (p.output_head > 0)
        out.push_back(pick("sans biais ; tête V·d = ", "no biases; head V·d = ") + n(p.output_head));
    out.push_back(pick("total exact ", "exact total ") + n(p.total));
    return out;
}

Rect scale_bar_rect(const Rect& body, int row, float frame) {
    using namespace inspector_metrics;
    const float y = body.y + frame * kScaleHeader + frame * kScaleRow * static_cast<float>(row) + frame * 0.2f;
    return sized_rect(body.x + body.w * 0.37f, y, body.w * 0.41f, frame * 0.6f);
}

}  // namespace tb
