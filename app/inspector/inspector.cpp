#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "training/backward.h"
#include "model/forward.h"
#include "base/numbers.h"
#include "base/utf8.h"

namespace tb {

namespace {
struct Named {
    Panel panel;
    const char* word;
};
constexpr Named kPanels[] = {{Panel::Attention, "attention"}, {Panel::Neurons, "neurones"}, {Panel::Norm, "norme"},
                             {Panel::Gradients, "gradients"}, {Panel::Scale, "echelle"},  {Panel::Output, "sortie"},
                             {Panel::Lens, "lentille"},        {Panel::Raschka, "raschka"},
                             {Panel::Memory, "memoire"},       {Panel::Superposition, "superposition"},
                             {Panel::Training, "entrainement"},  {Panel::None, "aucun"}};

Rect make(float x, float y, float w, float h) { return {x, y, std::max(0.f, w), std::max(0.f, h)}; }
}  // namespace

const std::vector<std::string>& panel_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w;
        for (const auto& p : kPanels) w.emplace_back(p.word);
        return w;
    }();
    return words;
}

const char* panel_word(Panel panel) {
    for (const auto& p : kPanels)
        if (p.panel == panel) return p.word;
    return "aucun";
}

std::optional<Panel> parse_panel(std::string_view word) {
    if (!utf8::is_valid(word)) return std::nullopt;
    std::string folded = utf8::fold(word);
    // Trim the blanks a console line may leave around the argument.
    const auto first = folded.find_first_not_of(" \t");
    if (first == std::string::npos) return std::nullopt;
    folded = folded.substr(first, folded.find_last_not_of(" \t") - first + 1);
    if (folded == "neurone") folded = "neurones";  // singular is a natural slip
    for (const auto& p : kPanels)
        if (folded == p.word) return p.panel;
    return std::nullopt;
}

Command make_panel_command(Panel& target) {
    auto run = [&target](Session&, const Args& args) -> CommandResult {
        const std::optional<Panel> panel = args.size() == 1 ? parse_panel(args.word(0)) : std::nullopt;
        if (!panel) return expected("panneau", one_of(panel_words()), args);
        target = *panel;
        if (*panel == Panel::None) return {true, "panneau refermé", "panel closed"};
        return {true, std::string("panneau « ") + panel_word(*panel) + " » ouvert",
                std::string("panel “") + panel_word(*panel) + "” open"};
    };
    return Command("panneau", "/panneau <attention|neurones|norme|gradients|echelle|sortie|lentille|raschka|memoire|superposition|entrainement|aucun>",
                   "ouvre un panneau de l'intérieur des sous-couches (aucun : le referme)", panel_words(), run,
                   "opens a panel inside the sublayers (aucun: closes it)");
}

InspectorLayout inspector_layout(const ScreenLayout& s, bool open, float frame) {
    InspectorLayout l;
    l.profile = s.profile;
    // Open: 0.28 of the body's height, as tall as it was before the similarity grid came.
    if (open) l.profile.h = std::floor(s.profile.h * 0.76f);
    const float bottom = std::max({s.similarity.bottom(), s.legend.bottom(), s.cosine.bottom()});
    const Rect column = make(s.profile.x, l.profile.bottom(), s.profile.w, bottom - l.profile.bottom());
    // A caption and up to two rows of tabs: seven words do not fit one row of a narrow column.
    const float tabs_h = std::min(column.h, std::ceil(frame * 3.6f));  // the window's padding above (8 px) and item spacing
    l.tabs = make(column.x, column.y, column.w, tabs_h);
    const Rect below = make(column.x, column.y + tabs_h, column.w, column.h - tabs_h);
    if (open) {
        l.body = below;
    } else {  // the screen's rects, moved down by the tabs: the grid gives up their height
        const float row = std::min(below.h, std::max(s.cosine.h, s.legend.h));
        l.cosine = make(s.cosine.x, below.y, s.cosine.w, row);
        l.legend = make(s.legend.x, below.y, s.legend.w, row);
        l.similarity = make(s.similarity.x, below.y + row, s.similarity.w, below.h - row);
    }
    return l;
}

VectorParse parse_vector(std::string_view text) {
    VectorParse r;
    std::vector<double> values;
    std::string token;
    auto flush = [&]() -> bool {
        if (token.empty()) return true;
        std::replace(token.begin(), token.end(), ',', '.');  // French decimal comma
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        if (end == token.c_str() || *end != '\0' || !std::isfinite(v) || std::abs(v) > 1e6) {
            r.error = "« " + token + " » n'est pas un nombre (séparez les valeurs par des espaces, ex. 2 4 4 4 5 5 7 9)";
            r.error_en = "“" + token + "” is not a number (separate the values with spaces, e.g. 2 4 4 4 5 5 7 9)";
            return false;
        }
        values.push_back(v);
        token.clear();
        return true;
    };
    for (const char c : text) {
        if (c == ' ' || c == '\t' || c == ';' || c == '\n') {
            if (!flush()) return r;
        } else {
            token += c;
        }
    }
    if (!flush()) return r;
    if (values.size() < 2 || values.size() > 16) {
        r.error = "il faut de 2 à 16 valeurs (reçu " + std::to_string(values.size()) + ")";
        r.error_en = "2 to 16 values are needed (got " + std::to_string(values.size()) + ")";
        return r;
    }
    r.vector = Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
    return r;
}

Rect HeatmapLayout::cell_rect(int head, int query, int key) const {
    const Rect& g = grids[static_cast<std::size_t>(head)];
    return {g.x + cell * static_cast<float>(key), g.y + cell * static_cast<float>(query), cell, cell};
}

HeatmapLayout heatmap_layout(const Rect& body, int tokens, int heads, float header, float label, float footer) {
    HeatmapLayout h;
    if (footer < 0) footer = label * 0.6f;
    if (tokens < 1 || heads < 1) return h;
    // The grids stand side by side on the same rows: the query words at the left serve them all;
    // between two grids, room for the key words that spill past their columns.
    const float gap = label * 0.5f, margin = label * 0.15f;
    const float by_width = (body.w - label - gap * static_cast<float>(heads - 1) - margin) / static_cast<float>(heads * tokens);
    const float by_height = (body.h - header - label - footer) / static_cast<float>(tokens);
    h.cell = std::max(0.f, std::floor(std::min({by_width, by_height, label * 0.9f})));
    const float side = h.cell * static_cast<float>(tokens);
    for (int k = 0; k < heads; ++k)
        h.grids.push_back(make(body.x + label + static_cast<float>(k) * (side + gap), body.y + header + label, side, side));
    return h;
}

Rect StripLayout::cell_rect(int neuron) const {
    const int row = per_row > 0 ? neuron / per_row : 0, col = per_row > 0 ? neuron % per_row : 0;
    return {area.x + cell_w * static_cast<float>(col), area.y + cell_h * static_cast<float>(row), cell_w, cell_h};
}

Rect LensLayout::cell_rect(int level, int token) const {
    return {grid.x + cell_w * static_cast<float>(token), grid.bottom() - cell_h * static_cast<float>(level + 1), cell_w, cell_h};
}

Rect LensLayout::bar_rect(int level, int token, double probability) const {
    const Rect c = cell_rect(level, token);
    const float length = std::max(1.f, (cell_w - 6) * static_cast<float>(std::clamp(probability, 0.0, 1.0)));
    return {c.x + 3, c.bottom() - 4, length, 2};
}

LensLayout lens_layout(const Rect& body, int levels, int tokens, float header, float label, float margin) {
    LensLayout l;
    if (levels < 1 || tokens < 1) return l;
    l.levels = levels, l.tokens = tokens;
    l.grid = make(body.x + label, body.y + header, body.w - label - margin, body.h - header - margin);
    l.cell_w = std::floor(l.grid.w / static_cast<float>(tokens));
    l.cell_h = std::floor(l.grid.h / static_cast<float>(levels));
    l.grid.w = l.cell_w * static_cast<float>(tokens);
    l.grid.h = l.cell_h * static_cast<float>(levels);
    return l;
}

StripLayout neuron_strip_layout(const Rect& body, int width, float header, float line) {
    StripLayout s;
    s.per_row = std::clamp(width, 1, 32);
    const int rows = (std::max(1, width) + s.per_row - 1) / s.per_row;
    const float margin = line * 0.5f;
    s.cell_w = std::max(0.f, std::floor((body.w - 2 * margin) / static_cast<float>(s.per_row)));
    s.cell_h = std::floor(line * 1.5f);
    s.area = make(body.x + margin, body.y + header, s.cell_w * static_cast<float>(s.per_row), s.cell_h * static_cast<float>(rows));
    return s;
}

NeuronReading read_neuron(const Trace& trace, int block, int token, int neuron) {
    const int layers = trace.settings.layers;
    block = std::clamp(block, 1, layers);
    const Level& level = trace.levels[static_cast<std::size_t>(2 * block)];
    const FfnWeights& w = trace.weights->blocks[static_cast<std::size_t>(block - 1)].ffn;
    neuron = std::clamp(neuron, 0, static_cast<int>(w.w1.rows()) - 1);
    token = std::clamp(token, 0, static_cast<int>(level.hidden.rows()) - 1);
    return {w.w1.row(neuron).transpose(), w.b1(neuron), w.w2.col(neuron), level.hidden(token, neuron)};
}

GradientComparison gradient_comparison(const Trace& trace) {
    Settings other = trace.settings;
    other.residual = !other.residual;
    const Trace flipped = run(other, trace.tokens, trace.vocabulary_size, trace.weights);
    const Matrix target = loss_target(trace);
    auto means = [&](const Trace& t, double& l) {
        const Gradients g = backward(t, target);
        l = g.loss;
        std::vector<double> out;
        for (const auto& s : g.sublayers) out.push_back(s.mean_abs_weight_gradient);
        return out;
    };
    GradientComparison c;
    const Trace& on = trace.settings.residual ? trace : flipped;
    const Trace& off = trace.settings.residual ? flipped : trace;
    c.residual_on = means(on, c.loss_on);
    c.residual_off = means(off, c.loss_off);
    return c;
}

namespace {
// A ratio as the captions write it: two significant digits below 10, an integer above.
std::string factor_text(double factor, Language language) {
    return factor < 9.95 ? format_significant(factor, 2, language) : format_count(std::llround(factor), language);
}
}  // namespace

GradientVerdict gradient_verdict(const GradientComparison& g, Language language) {
    GradientVerdict v;
    const bool en = language == Language::English;
    if (g.residual_on.empty() || g.residual_off.empty() || !(g.residual_on[0] > 0) || !(g.residual_off[0] > 0) ||
        !std::isfinite(g.residual_on[0]) || !std::isfinite(g.residual_off[0])) {
        v.caption = en ? "Here the first sublayer's gradient cannot be compared (zero or not finite)."
                       : "Ici, le gradient de la 1re sous-couche ne se compare pas (nul ou non fini).";
        return v;
    }
    const double on = g.residual_on[0], off = g.residual_off[0];
    v.factor = std::max(on, off) / std::min(on, off);
    v.factor_text = factor_text(v.factor, language);
    v.without_is = v.factor_text == format_significant(1.0, 2, language) ? 0 : off > on ? 1 : -1;
    const std::string head = en ? "Here, without the residual, the gradient of the 1st sublayer (attention 1) is "
                                : "Ici, sans résiduel, le gradient de la 1re sous-couche (attention 1) est ";
    if (v.without_is == 0)
        v.caption = head + (en ? "about the same as with it (" : "à peu près le même qu'avec (rapport ") + v.factor_text + ").";
    else
        v.caption = head + v.factor_text + (en ? (v.without_is > 0 ? " times larger than with it." : " times smaller than with it.")
                                               : (v.without_is > 0 ? " fois plus grand qu'avec." : " fois plus petit qu'avec."));
    return v;
}

DepthRatio depth_ratio(const std::vector<double>& m, Language language) {
    DepthRatio r;
    if (m.size() < 2 || !(m.front() > 0) || !(m.back() > 0) || !std::isfinite(m.front()) || !std::isfinite(m.back())) return r;
    r.valid = true;
    r.factor = std::max(m.front(), m.back()) / std::min(m.front(), m.back());
    r.factor_text = factor_text(r.factor, language);
    r.first_is = r.factor_text == format_significant(1.0, 2, language) ? 0 : m.front() > m.back() ? 1 : -1;
    return r;
}

std::string training_gradient_caption(const std::vector<GradientRecord>& records, bool residual, const std::string& side,
                                      Language language) {
    const bool en = language == Language::English;
    std::string head = side.empty() ? "" : side + ", ";
    head += residual ? (en ? "with the residual" : "avec résiduel") : (en ? "without the residual" : "sans résiduel");
    if (records.empty()) return head + (en ? ": no step recorded yet." : " : aucun pas enregistré encore.");
    const GradientRecord& last = records.back();
    const int layers = static_cast<int>(last.means.size()) / 2;
    const std::string ffn = "FFN " + std::to_string(layers);
    const auto phrase = [&](const DepthRatio& r) -> std::string {
        if (!r.valid) return en ? "cannot be compared (zero or not finite)" : "ne se compare pas (nul ou non fini)";
        if (r.first_is == 0) return (en ? "about the same (ratio " : "à peu près le même (rapport ") + r.factor_text + ")";
        return r.factor_text + (en ? (r.first_is > 0 ? " times larger" : " times smaller") : (r.first_is > 0 ? " fois plus grand" : " fois plus petit"));
    };
    const DepthRatio now = depth_ratio(last.means, language), start = depth_ratio(records.front().means, language);
    std::string out = head + (en ? ", step " : ", pas ") + std::to_string(last.step) +
                      (en ? ": the 1st sublayer's gradient is " : " : le gradient de la 1re sous-couche est ") + phrase(now);
    if (now.valid && now.first_is != 0) out += en ? " than the last's (" + ffn + ")" : " qu'à la dernière (" + ffn + ")";
    else out += en ? " as the last's (" + ffn + ")" : " qu'à la dernière (" + ffn + ")";
    if (records.size() > 1)
        out += (en ? "; at step " : " ; au pas ") + std::to_string(records.front().step) + ", " + phrase(start);
    return out + ".";
}

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

int playhead_level(const Trace& trace, double playhead) {
    const int top = static_cast<int>(trace.levels.size()) - 1;
    if (!std::isfinite(playhead)) return 0;
    return std::clamp(static_cast<int>(std::floor(playhead + 1e-9)), 0, top);
}

}  // namespace tb

namespace tb {

Rect scale_bar_rect(const Rect& body, int row, float frame) {
    using namespace inspector_metrics;
    const float y = body.y + frame * kScaleHeader + frame * kScaleRow * static_cast<float>(row) + frame * 0.2f;
    return make(body.x + body.w * 0.37f, y, body.w * 0.41f, frame * 0.6f);
}

}  // namespace tb
