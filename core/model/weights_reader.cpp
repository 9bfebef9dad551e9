#include "model/weights_reader.h"

#include <cmath>
#include <initializer_list>
#include <tuple>
#include <utility>

namespace tb {
namespace {

using nlohmann::json;

std::string named(const std::string& where) { return "« weights." + where + " »"; }

// An object with exactly `keys`.
std::optional<std::string> check_keys(const json& j, const std::string& where, std::initializer_list<const char*> keys) {
    if (!j.is_object()) return (where.empty() ? std::string("« weights »") : named(where)) + " : un objet attendu";
    for (const char* key : keys)
        if (!j.contains(key)) return "clé manquante " + named(where.empty() ? key : where + "." + key);
    for (const auto& item : j.items()) {
        bool known = false;
        for (const char* key : keys) known = known || item.key() == key;
        if (!known) return "clé inconnue " + named(where.empty() ? item.key() : where + "." + item.key());
    }
    return std::nullopt;
}

bool finite_number(const json& v) { return v.is_number() && std::isfinite(v.get<double>()); }

std::optional<std::string> read_vector(const json& j, Eigen::Index size, const std::string& where, Vector& out) {
    const std::string expected = named(where) + " : " + std::to_string(size) + " nombres finis attendus";
    if (!j.is_array() || static_cast<Eigen::Index>(j.size()) != size) return expected;
    Vector v(size);
    for (Eigen::Index i = 0; i < size; ++i) {
        const json& x = j[static_cast<std::size_t>(i)];
        if (!finite_number(x)) return expected;
        v(i) = x.get<double>();
    }
    out = std::move(v);
    return std::nullopt;
}

// Arrays of rows: [rows][cols].
std::optional<std::string> read_matrix(const json& j, Eigen::Index rows, Eigen::Index cols, const std::string& where, Matrix& out) {
    const std::string expected = named(where) + " : " + std::to_string(rows) + " lignes de " + std::to_string(cols) +
                                 " nombres finis attendues";
    if (!j.is_array() || static_cast<Eigen::Index>(j.size()) != rows) return expected;
    Matrix m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r) {
        Vector row;
        if (read_vector(j[static_cast<std::size_t>(r)], cols, where, row)) return expected;
        m.row(r) = row.transpose();
    }
    out = std::move(m);
    return std::nullopt;
}

std::optional<std::string> read_norm(const json& j, const Settings& s, const std::string& where, LayerNormWeights& out) {
    const bool rms = s.norm_type == NormType::RmsNorm;  // a gain only (cli.md)
    if (auto error = rms ? check_keys(j, where, {"gain"}) : check_keys(j, where, {"gain", "bias"})) return error;
    if (auto error = read_vector(j["gain"], s.dimension, where + ".gain", out.gain)) return error;
    if (!rms)
        if (auto error = read_vector(j["bias"], s.dimension, where + ".bias", out.bias)) return error;
    return std::nullopt;
}

std::optional<std::string> read_attention(const json& j, const Settings& s, const std::string& where, AttentionWeights& a) {
    if (auto error = check_keys(j, where, {"wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo"})) return error;
    const Eigen::Index d = s.dimension, kv = s.kv_heads * (s.dimension / s.heads);  // h_kv·d_h
    for (const auto& [key, rows, m] : {std::tuple{"wq", d, &a.wq}, std::tuple{"wk", kv, &a.wk}, std::tuple{"wv", kv, &a.wv},
                                       std::tuple{"wo", d, &a.wo}})
        if (auto error = read_matrix(j[key], rows, d, where + "." + key, *m)) return error;
    for (const auto& [key, size, v] : {std::tuple{"bq", d, &a.bq}, std::tuple{"bk", kv, &a.bk}, std::tuple{"bv", kv, &a.bv},
                                       std::tuple{"bo", d, &a.bo}})
        if (auto error = read_vector(j[key], size, where + "." + key, *v)) return error;
    return std::nullopt;
}

std::optional<std::string> read_ffn(const json& j, const Settings& s, const std::string& where, FfnWeights& f) {
    const bool gate = gated(s.activation);  // w3 and b3: the up path (cli.md)
    if (auto error = gate ? check_keys(j, where, {"w1", "b1", "w2", "b2", "w3", "b3"}) : check_keys(j, where, {"w1", "b1", "w2", "b2"}))
        return error;
    const Eigen::Index d = s.dimension, w = s.ffn;
    if (auto error = read_matrix(j["w1"], w, d, where + ".w1", f.w1)) return error;
    if (auto error = read_vector(j["b1"], w, where + ".b1", f.b1)) return error;
    if (auto error = read_matrix(j["w2"], d, w, where + ".w2", f.w2)) return error;
    if (auto error = read_vector(j["b2"], d, where + ".b2", f.b2)) return error;
    if (gate) {
        if (auto error = read_matrix(j["w3"], w, d, where + ".w3", f.w3)) return error;
        if (auto error = read_vector(j["b3"], w, where + ".b3", f.b3)) return error;
    }
    return std::nullopt;
}

std::optional<std::string> read_block(const json& j, const Settings& s, int b, BlockWeights& out) {
    const std::string where = "blocks[" + std::to_string(b) + "]";
    const bool norms = s.norm != Norm::None;
    if (auto error = norms ? check_keys(j, where, {"norm1", "attention", "norm2", "ffn"}) : check_keys(j, where, {"attention", "ffn"}))
        return error;
    if (norms) {
        if (auto error = read_norm(j["norm1"], s, where + ".norm1", out.norm1)) return error;
        if (auto error = read_norm(j["norm2"], s, where + ".norm2", out.norm2)) return error;
    }
    if (auto error = read_attention(j["attention"], s, where + ".attention", out.attention)) return error;
    return read_ffn(j["ffn"], s, where + ".ffn", out.ffn);
}

}  // namespace

std::optional<std::string> weights_from_json(const json& j, const Settings& s, int vocabulary_size, Weights& out) {
    const bool pre = s.norm == Norm::Pre;  // the final norm
    if (auto error = pre ? check_keys(j, "", {"token_embedding", "position", "blocks", "final_norm"})
                         : check_keys(j, "", {"token_embedding", "position", "blocks"}))
        return error;
    Weights w = draw_weights(s.seed, vocabulary_size, s.dimension, s.ffn, s.layers);
    keep_kv_heads(w, s.kv_heads * (s.dimension / s.heads));
    if (auto error = read_matrix(j["token_embedding"], vocabulary_size, s.dimension, "token_embedding", w.token_embedding)) return error;
    Matrix position;
    if (auto error = read_matrix(j["position"], w.learned_position.rows(), s.dimension, "position", position)) return error;
    if (s.position == Position::Learned) w.learned_position = std::move(position);
    if (!j["blocks"].is_array() || static_cast<int>(j["blocks"].size()) != s.layers)
        return named("blocks") + " : une liste de " + std::to_string(s.layers) + " blocs attendue";
    for (int b = 0; b < s.layers; ++b)
        if (auto error = read_block(j["blocks"][static_cast<std::size_t>(b)], s, b, w.blocks[static_cast<std::size_t>(b)])) return error;
    if (pre)
        if (auto error = read_norm(j["final_norm"], s, "final_norm", w.final_norm)) return error;
    out = std::move(w);
    return std::nullopt;
}

}  // namespace tb
