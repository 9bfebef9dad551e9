#include "persist/inspector_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/utf8.h"
#include "files/session_file.h"
#include "model/memory.h"
#include "model/parameters.h"
#include "model/settings.h"

namespace tb {

using nlohmann::json;

namespace {

const std::vector<std::string> kConcepts{"thomas", "pesquet", "marie", "curie"};

std::string bad(const std::string& key, const std::string& expectation, const json& value) {
    return "vue : « inspector." + key + " » doit être " + expectation + found_value(value);
}

bool integer_in(const json& v, std::int64_t lo, std::int64_t hi) {
    return v.is_number_integer() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
}

std::optional<std::string> read_vector(const json& value, InspectorView& v) {
    const std::string expectation = "une liste de 2 à 16 nombres";
    if (!value.is_array() || value.size() < 2 || value.size() > 16) return bad("vector", expectation, value);
    std::vector<double> out;
    for (const json& x : value) {
        if (!x.is_number() || !std::isfinite(x.get<double>()) || std::abs(x.get<double>()) > 1e6)
            return bad("vector", expectation, value);
        out.push_back(x.get<double>());
    }
    v.vector = out;
    return std::nullopt;
}

std::optional<std::string> read_concepts(const json& value, InspectorView& v) {
    const std::string expectation = "une liste parmi thomas, pesquet, marie, curie";
    if (!value.is_array()) return bad("concepts", expectation, value);
    std::vector<std::string> out;
    for (const json& x : value) {
        if (!x.is_string() || std::find(kConcepts.begin(), kConcepts.end(), x.get<std::string>()) == kConcepts.end() ||
            std::find(out.begin(), out.end(), x.get<std::string>()) != out.end())
            return bad("concepts", expectation, value);
        out.push_back(x.get<std::string>());
    }
    v.concepts = out;
    return std::nullopt;
}

std::optional<std::string> read_memory(const json& value, InspectorView& v) {
    const std::string expectation = "{\"preset\": nom, \"context\": 1 à 1 048 576, \"batch\": 1 à 1 024}";
    if (!value.is_object() || value.size() != 3 || !value.contains("preset") || !value["preset"].is_string() ||
        !preset(value["preset"].get<std::string>()) || !value.contains("context") ||
        !integer_in(value["context"], 1, kMaxMemoryContext) || !value.contains("batch") ||
        !integer_in(value["batch"], 1, kMaxMemoryBatch))
        return bad("memory", expectation, value);
    v.memory_preset = value["preset"].get<std::string>();
    v.memory_context = value["context"].get<std::int64_t>();
    v.memory_batch = value["batch"].get<std::int64_t>();
    return std::nullopt;
}

// One key of the object; an error for an unknown key or a bad value.
std::optional<std::string> read_key(const std::string& key, const json& value, InspectorView& v) {
    auto flag = [&](bool& target) -> std::optional<std::string> {
        if (!value.is_boolean()) return bad(key, "true ou false", value);
        target = value.get<bool>();
        return std::nullopt;
    };
    auto count = [&](int& target, int lo, int hi) -> std::optional<std::string> {
        if (!integer_in(value, lo, hi)) return bad(key, "un entier de " + std::to_string(lo) + " à " + std::to_string(hi), value);
        target = value.get<int>();
        return std::nullopt;
    };
    if (key == "block") return count(v.block, 1, Settings::kMaxLayers);
    if (key == "token") return count(v.token, 0, Settings::kMaxTokens - 1);
    if (key == "neuron") return count(v.neuron, 0, Settings::kMaxFfn - 1);
    if (key == "fact_demo") return flag(v.fact_demo);
    if (key == "norm_token") return flag(v.norm_token);
    if (key == "vector") return read_vector(value, v);
    if (key == "concepts") return read_concepts(value, v);
    if (key == "memory") return read_memory(value, v);
    if (key == "scale_model") {
        if (!value.is_string() || (value != "ce-modele" && !preset(value.get<std::string>())))
            return bad(key, "ce-modele ou le nom d'un modèle (gpt2-small…)", value);
        v.scale_model = value.get<std::string>();
        return std::nullopt;
    }
    return "vue : clé inconnue « inspector." + utf8::visible(key, 40) + " »";
}

}  // namespace

json inspector_view_to_json(const InspectorView& v) {
    return {{"block", v.block},
            {"token", v.token},
            {"neuron", v.neuron},
            {"fact_demo", v.fact_demo},
            {"norm_token", v.norm_token},
            {"vector", v.vector},
            {"concepts", v.concepts},
            {"scale_model", v.scale_model},
            {"memory", {{"preset", v.memory_preset}, {"context", v.memory_context}, {"batch", v.memory_batch}}}};
}

std::optional<std::string> inspector_view_from_json(const json& j, InspectorView& out) {
    if (!j.is_object()) return "vue : « inspector » doit être un objet" + found_value(j);
    InspectorView v;
    for (const auto& item : j.items())
        if (auto error = read_key(item.key(), item.value(), v)) return error;
    out = v;
    return std::nullopt;
}

std::vector<std::string> inspector_lines(const InspectorView& v) {
    const InspectorView start;
    std::vector<std::string> out;
    const std::string p = "/panneau ";
    if (v.block != start.block) out.push_back(p + "bloc " + std::to_string(v.block));
    if (v.token != start.token) out.push_back(p + "mot " + std::to_string(v.token + 1));
    if (v.neuron != start.neuron) out.push_back(p + "neurone " + std::to_string(v.neuron + 1));
    if (v.fact_demo != start.fact_demo) out.push_back(p + "pesquet " + (v.fact_demo ? "on" : "off"));
    if (v.vector != start.vector) {
        std::string line = p + "vecteur";
        for (const double x : v.vector) {
            char number[32];
            std::snprintf(number, sizeof number, " %.15g", x);  // read back exactly
            line += number;
        }
        out.push_back(line);
    }
    if (v.norm_token) out.push_back(p + "entree mot");  // after the vector, which chooses « vecteur »
    if (v.concepts != start.concepts) {
        std::string line = p + "concepts";
        for (const std::string& c : v.concepts) line += " " + c;
        out.push_back(v.concepts.empty() ? line + " aucun" : line);
    }
    if (v.scale_model != start.scale_model) out.push_back(p + "modele " + v.scale_model);
    if (v.memory_preset != start.memory_preset) out.push_back(p + "cache " + v.memory_preset);
    const std::int64_t context = v.memory_preset != start.memory_preset ? preset(v.memory_preset)->context : start.memory_context;
    if (v.memory_context != context) out.push_back(p + "contexte " + std::to_string(v.memory_context));
    if (v.memory_batch != start.memory_batch) out.push_back(p + "lot " + std::to_string(v.memory_batch));
    return out;
}

bool is_start_up(const InspectorView& v) { return inspector_view_to_json(v) == inspector_view_to_json(InspectorView{}); }

}  // namespace tb
