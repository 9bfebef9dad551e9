#include "course/lesson_text.h"

#include <functional>

#include "base/command_kit.h"
#include "base/numbers.h"
#include "base/utf8.h"
#include "model/generation.h"

namespace tb {
namespace {

// The level a figure is read at: the input (0), the end of block k (its FFN, level 2k), the output (2L+1).
const Matrix& input_vectors(const Trace& t) { return t.levels.front().vectors; }
const Matrix& output_vectors(const Trace& t) { return t.levels.back().vectors; }
const Matrix& block_vectors(const Trace& t, int block) { return t.levels.at(static_cast<std::size_t>(2 * block)).vectors; }

double mean_norm(const Matrix& m) { return token_norms(m).mean(); }

// Cosines with two decimals (as the cosine plot writes them), norms with three significant digits.
std::string cosine(const Matrix& m, Language l) { return format_fixed(mean_pairwise_cosine(m), 2, l); }
std::string norm(const Matrix& m, Language l) { return format_significant(mean_norm(m), 3, l); }

// Generation (seed 002): the K/V cache of the sentence on screen once all its n tokens have passed
// through the stack, 2·L·n·h_kv·d_h, and the same with as many K/V heads as queries (MHA).
std::int64_t cache_of(const Trace& t, bool mha) {
    Settings s = t.settings;
    if (mha) s.kv_heads = s.heads;
    return cache_elements(s, t.token_count() - 1);
}
// The last position's logits z = E·h: what the next word is chosen from.
Vector next_logits(const Trace& t) { return logits_of(*t.weights, output_vectors(t).row(t.token_count() - 1).transpose()); }
std::string top_probability(const Trace& t, double temperature, Language l) {
    return format_significant(next_word_probabilities(next_logits(t), temperature).maxCoeff(), 3, l);
}
// What /generer's refusal quotes without the causal mask: the largest change of an earlier
// position's output when the most probable word joins the sentence (a dash when it is full).
std::string earlier_change(const Trace& t, Language l) {
    if (t.token_count() >= Settings::kMaxTokens) return "—";
    std::vector<int> ids;
    for (const Token& token : t.tokens) ids.push_back(token.id);
    const int added = choose_token(next_logits(t), 0, 0, 0);
    return format_percent(earlier_positions_change(t.settings, ids, added, t.vocabulary_size, t.weights), l);
}

struct Placeholder {
    std::string name;
    int block = 0;  // the block it reads (the lesson must have L ≥ block there); 0 for none
    std::function<std::string(const Trace&, Language)> fill;
};

std::vector<Placeholder> make_table() {
    using L = Language;
    std::vector<Placeholder> t = {
        {"graine", 0, [](const Trace& x, L) { return std::to_string(x.settings.seed); }},  // an identifier: plain digits
        {"l", 0, [](const Trace& x, L l) { return format_count(x.settings.layers, l); }},
        {"d", 0, [](const Trace& x, L l) { return format_count(x.settings.dimension, l); }},
        {"w", 0, [](const Trace& x, L l) { return format_count(x.settings.ffn, l); }},
        {"n", 0, [](const Trace& x, L l) { return format_count(x.token_count(), l); }},
        {"blocs", 0, [](const Trace& x, L l) { return format_count(x.parameters.blocks, l); }},
        {"total", 0, [](const Trace& x, L l) { return format_count(x.parameters.total, l); }},
        {"attention_bloc", 0, [](const Trace& x, L l) { return format_count(x.parameters.attention_per_block, l); }},
        {"ffn_bloc", 0, [](const Trace& x, L l) { return format_count(x.parameters.ffn_per_block, l); }},
        {"cos_entree", 0, [](const Trace& x, L l) { return cosine(input_vectors(x), l); }},
        {"cos_moyen", 0, [](const Trace& x, L l) { return cosine(output_vectors(x), l); }},
        {"norme_entree", 0, [](const Trace& x, L l) { return norm(input_vectors(x), l); }},
        {"norme_sortie", 0, [](const Trace& x, L l) { return norm(output_vectors(x), l); }},
        {"norme_rapport", 0,
         [](const Trace& x, L l) { return format_ratio(mean_norm(input_vectors(x)), mean_norm(output_vectors(x)), l); }},
        {"h", 0, [](const Trace& x, L l) { return format_count(x.settings.heads, l); }},
        {"h_kv", 0, [](const Trace& x, L l) { return format_count(x.settings.kv_heads, l); }},
        {"d_h", 0, [](const Trace& x, L l) { return format_count(x.settings.dimension / x.settings.heads, l); }},
        {"cache_kv", 0, [](const Trace& x, L l) { return format_count(cache_of(x, false), l); }},
        {"cache_mha", 0, [](const Trace& x, L l) { return format_count(cache_of(x, true), l); }},
        {"division_gqa", 0, [](const Trace& x, L l) { return format_count(x.settings.heads / x.settings.kv_heads, l); }},
        {"logit_max", 0, [](const Trace& x, L l) { return format_significant(next_logits(x).maxCoeff(), 3, l); }},
        {"p_max_t05", 0, [](const Trace& x, L l) { return top_probability(x, 0.5, l); }},
        {"p_max_t1", 0, [](const Trace& x, L l) { return top_probability(x, 1.0, l); }},
        {"p_max_t2", 0, [](const Trace& x, L l) { return top_probability(x, 2.0, l); }},
        {"changement_precedentes", 0, earlier_change},
    };
    for (int k = 1; k <= Settings::kMaxLayers; ++k) {
        t.push_back({"cos_bloc" + std::to_string(k), k, [k](const Trace& x, L l) { return cosine(block_vectors(x, k), l); }});
        t.push_back({"norme_bloc" + std::to_string(k), k, [k](const Trace& x, L l) { return norm(block_vectors(x, k), l); }});
    }
    return t;
}

const std::vector<Placeholder>& table() {
    static const std::vector<Placeholder> t = make_table();
    return t;
}

const Placeholder* find(const std::string& folded) {
    for (const auto& p : table())
        if (p.name == folded) return &p;
    return nullptr;
}

std::string known_list() {
    std::string out;
    for (const auto& p : table())
        if (p.block <= 1) out += (out.empty() ? "{" : ", {") + (p.name == "l" ? std::string("L") : p.name) + "}";
    return out + ", {cos_bloc2}…{cos_bloc6}, {norme_bloc2}…{norme_bloc6}";
}

PlaceholderProblem problem(const std::string& fr, const std::string& en) { return {fr, en}; }

}  // namespace

std::optional<PlaceholderProblem> scan_placeholders(std::string_view text, std::vector<PlaceholderUse>& uses) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') { ++i; continue; }
            return problem("accolade fermante « } » seule (écrire }} pour une accolade)",
                           "a lone closing brace \"}\" (write }} for a brace)");
        }
        if (text[i] != '{') continue;
        if (i + 1 < text.size() && text[i + 1] == '{') { ++i; continue; }
        const std::size_t close = text.find_first_of("{}", i + 1);
        if (close == std::string_view::npos || text[close] == '{') {
            const std::string start(text.substr(i, std::min<std::size_t>(20, (close == std::string_view::npos ? text.size() : close) - i)));
            return problem("accolade « { » sans « } » dans « " + start + " » (attendu : {nom}, ou {{ pour une accolade)",
                           "a brace \"{\" without \"}\" in \"" + start + "\" (expected: {name}, or {{ for a brace)");
        }
        const std::string written(text.substr(i, close - i + 1));
        const std::string name = utf8::fold(trim(text.substr(i + 1, close - i - 1)));
        if (name.empty()) return problem("champ vide « {} » (attendu : {nom})", "empty placeholder \"{}\" (expected: {name})");
        if (!find(name))
            return problem("champ inconnu « " + written + " » (connus : " + known_list() + ")",
                           "unknown placeholder \"" + written + "\" (known: " + known_list() + ")");
        uses.push_back({name, written});
        i = close;
    }
    return std::nullopt;
}

std::optional<PlaceholderProblem> placeholder_unavailable(const PlaceholderUse& use, const Settings& settings) {
    const Placeholder* p = find(use.name);
    if (!p) return problem("champ inconnu « " + use.written + " »", "unknown placeholder \"" + use.written + "\"");
    if (p->block <= settings.layers) return std::nullopt;
    const std::string k = std::to_string(p->block), l = std::to_string(settings.layers);
    return problem("« " + use.written + " » lit le bloc " + k + ", or la pile n'a ici que L = " + l + " bloc" +
                       (settings.layers > 1 ? "s" : ""),
                   "\"" + use.written + "\" reads block " + k + ", but the stack has only L = " + l + " here");
}

std::string fill_lesson_text(const std::string& text, const Trace& trace, Language language) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            out += c;
            ++i;
            continue;
        }
        const std::size_t close = c == '{' ? text.find_first_of("{}", i + 1) : std::string::npos;
        if (close != std::string::npos && text[close] == '}') {
            const std::string name = utf8::fold(trim(std::string_view(text).substr(i + 1, close - i - 1)));
            const Placeholder* p = find(name);
            if (p) {  // a block above L (the class lowered L by hand): a dash, as a panel writes a missing figure
                out += p->block <= trace.settings.layers ? p->fill(trace, language) : "—";
                i = close;
                continue;
            }
        }
        out += c;
    }
    return out;
}

std::vector<std::string> placeholder_names() {
    std::vector<std::string> names;
    for (const auto& p : table()) names.push_back(p.name == "l" ? "L" : p.name);
    return names;
}

}  // namespace tb
