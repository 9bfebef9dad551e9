#include "model/trace_json.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "base/files.h"
#include "model/settings_table.h"

namespace tb {
namespace {

using nlohmann::json;

void check_finite(double v) {
    if (!std::isfinite(v)) throw std::runtime_error("la trace contient une valeur non finie (NaN ou infini)");
}

json vector_json(const Vector& v) {
    json a = json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i) check_finite(v(i)), a.push_back(v(i));
    return a;
}

// Matrices are arrays of rows.
json matrix_json(const Matrix& m) {
    json rows = json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) rows.push_back(vector_json(m.row(r).transpose()));
    return rows;
}

// RMSNorm has a gain only: no "bias" key (cli.md, "Modern block variants").
json norm_json(const LayerNormWeights& n, NormType type) {
    if (type == NormType::RmsNorm) return {{"gain", vector_json(n.gain)}};
    return {{"gain", vector_json(n.gain)}, {"bias", vector_json(n.bias)}};
}

}  // namespace

json weights_json(const Weights& w, const Settings& s, const Matrix& position) {
    json weights;
    weights["token_embedding"] = matrix_json(w.token_embedding);
    weights["position"] = matrix_json(position);
    weights["blocks"] = json::array();
    for (int b = 0; b < s.layers; ++b) {
        const BlockWeights& block = w.blocks.at(b);
        const AttentionWeights& a = block.attention;
        json j;
        if (s.norm != Norm::None) j["norm1"] = norm_json(block.norm1, s.norm_type);
        j["attention"] = {{"wq", matrix_json(a.wq)}, {"bq", vector_json(a.bq)}, {"wk", matrix_json(a.wk)},
                          {"bk", vector_json(a.bk)}, {"wv", matrix_json(a.wv)}, {"bv", vector_json(a.bv)},
                          {"wo", matrix_json(a.wo)}, {"bo", vector_json(a.bo)}};
        if (s.norm != Norm::None) j["norm2"] = norm_json(block.norm2, s.norm_type);
        j["ffn"] = {{"w1", matrix_json(block.ffn.w1)}, {"b1", vector_json(block.ffn.b1)},
                    {"w2", matrix_json(block.ffn.w2)}, {"b2", vector_json(block.ffn.b2)}};
        if (gated(s.activation)) {  // w1 is then the gate, w3 the up path (cli.md, "Modern block variants")
            j["ffn"]["w3"] = matrix_json(block.ffn.w3);
            j["ffn"]["b3"] = vector_json(block.ffn.b3);
        }
        weights["blocks"].push_back(std::move(j));
    }
    if (s.norm == Norm::Pre) weights["final_norm"] = norm_json(w.final_norm, s.norm_type);
    return weights;
}

namespace {
void dump_into(const json& j, std::string& out) {
    switch (j.type()) {
        case json::value_t::object: {
            out += '{';
            bool first = true;
            for (const auto& item : j.items()) {
                if (!first) out += ',';
                first = false;
                out += json(item.key()).dump() + ':';
                dump_into(item.value(), out);
            }
            out += '}';
            break;
        }
        case json::value_t::array: {
            out += '[';
            for (std::size_t i = 0; i < j.size(); ++i) {
                if (i) out += ',';
                dump_into(j[i], out);
            }
            out += ']';
            break;
        }
        case json::value_t::number_float: {
            check_finite(j.get<double>());  // JSON has no NaN: "nan" would make the file unreadable
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.17g", j.get<double>());
            std::string number = buffer;
            for (char& c : number) c = c == ',' ? '.' : c;  // whatever the C locale
            if (number.find_first_of(".en") == std::string::npos) number += ".0";  // stays a float
            out += number;
            break;
        }
        default: out += j.dump();
    }
}
}  // namespace

std::string dump_exact(const json& j) {
    std::string out;
    dump_into(j, out);
    return out;
}

json to_json(const Trace& t) {
    const Settings& s = t.settings;
    json out;
    out["settings"] = settings_to_json(s);
    out["tokens"] = json::array();
    for (const auto& tok : t.tokens) out["tokens"].push_back({{"word", tok.word}, {"id", tok.id}, {"known", tok.known}});
    out["vocabulary_size"] = t.vocabulary_size;
    out["layer_norm_eps"] = t.layer_norm_eps;

    out["weights"] = weights_json(*t.weights, s, t.position);
    out["trained_steps"] = t.trained_steps;

    out["levels"] = json::array();
    for (const Level& level : t.levels) {
        json j = {{"index", level.index}, {"name", level.name}, {"vectors", matrix_json(level.vectors)}};
        if (level.kind == LevelKind::Attention || level.kind == LevelKind::Ffn) {
            if (s.norm == Norm::Pre) j["normalized_input"] = matrix_json(level.normalized_input);
            j["sublayer_output"] = matrix_json(level.sublayer_output);
        }
        if (level.kind == LevelKind::Attention) {
            j["attention_weights"] = json::array();
            for (const Matrix& head : level.attention_weights) j["attention_weights"].push_back(matrix_json(head));
        }
        if (level.kind == LevelKind::Ffn) j["hidden"] = matrix_json(level.hidden);
        out["levels"].push_back(std::move(j));
    }

    json terms = json::array();
    for (const auto& term : parameter_terms(toy_architecture(t.settings, t.vocabulary_size)))
        terms.push_back({{"name", term.name}, {"formula", term.formula}, {"value", term.value}});
    out["parameters"] = {{"blocks", t.parameters.blocks}, {"total", t.parameters.total}, {"terms", terms}};
    return out;
}

std::string trace_text(const Trace& trace) { return to_json(trace).dump(1) + '\n'; }

std::optional<std::string> write_trace(const Trace& trace, const std::string& path) {
    std::string text;
    try {
        text = trace_text(trace);
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
    if (auto error = write_file_atomically(path, text)) return "trace non écrite : " + *error;
    return std::nullopt;
}

}  // namespace tb
