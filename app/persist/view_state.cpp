#include "persist/view_state.h"

#include <cstdlib>
#include <filesystem>

#include "command_kit.h"

namespace tb {

using nlohmann::json;

namespace {

// Side B's overridden settings, under the names of the trace file's settings (cli.md).
json comparison_to_json(const ViewState::Comparison& c) {
    json j = json::object();
    const Overrides& o = c.overrides;
    if (o.layers) j["layers"] = c.b.layers;
    if (o.position) j["position"] = to_string(c.b.position);
    if (o.residual) j["residual"] = c.b.residual;
    if (o.norm) j["norm"] = to_string(c.b.norm);
    if (o.ffn) j["ffn"] = c.b.ffn;
    if (o.dimension) j["dimension"] = c.b.dimension;
    if (o.mask) j["mask"] = to_string(c.b.mask);
    if (o.activation) j["activation"] = to_string(c.b.activation);
    return j;
}

template <class T>
bool word(const json& value, std::initializer_list<T> values, T& out) {
    if (!value.is_string()) return false;
    for (T v : values)
        if (value == to_string(v)) return out = v, true;
    return false;
}

std::optional<std::string> comparison_from_json(const json& j, ViewState::Comparison& out) {
    if (!j.is_object()) return std::string("vue : « comparison » doit être un objet");
    ViewState::Comparison c;
    auto integer = [](const json& v, int lo, int hi) {
        return v.is_number_integer() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
    };
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        const json& v = item.value();
        bool ok = true;
        if (key == "layers") ok = integer(v, Settings::kMinLayers, Settings::kMaxLayers), c.overrides.layers = true;
        else if (key == "ffn") ok = integer(v, Settings::kMinFfn, Settings::kMaxFfn), c.overrides.ffn = true;
        else if (key == "dimension") ok = integer(v, 8, 16) && (v == 8 || v == 16), c.overrides.dimension = true;
        else if (key == "residual") ok = v.is_boolean(), c.overrides.residual = true;
        else if (key == "position")
            ok = word(v, {Position::Sinus, Position::Learned, Position::None}, c.b.position), c.overrides.position = true;
        else if (key == "norm") ok = word(v, {Norm::Pre, Norm::Post, Norm::None}, c.b.norm), c.overrides.norm = true;
        else if (key == "mask") ok = word(v, {Mask::None, Mask::Causal}, c.b.mask), c.overrides.mask = true;
        else if (key == "activation")
            ok = word(v, {Activation::Gelu, Activation::Relu}, c.b.activation), c.overrides.activation = true;
        else return "vue : réglage de comparaison inconnu « " + key + " »";
        if (!ok) return "vue : valeur invalide pour « comparison." + key + " »";
        if (key == "layers") c.b.layers = v.get<int>();
        if (key == "ffn") c.b.ffn = v.get<int>();
        if (key == "dimension") c.b.dimension = v.get<int>();
        if (key == "residual") c.b.residual = v.get<bool>();
    }
    out = c;
    return std::nullopt;
}

// "0,5 à 3", from the constants.
std::string range(double lo, double hi) { return decimal_text(lo).fr + " à " + decimal_text(hi).fr; }

}  // namespace

json view_to_json(const ViewState& v) {
    json j = {{"text_scale", v.text_scale},
              {"full_screen", v.full_screen},
              {"log_scale", v.log_scale},
              {"head", v.head},
              {"seconds_per_level", v.seconds_per_level},
              {"theme", v.light_theme ? "clair" : "sombre"}};
    if (v.lesson) j["lesson"] = {{"file", v.lesson->file}, {"step", v.lesson->step}};
    if (v.comparison) j["comparison"] = comparison_to_json(*v.comparison);
    return j;
}

std::optional<std::string> view_from_json(const json& j, int heads, ViewState& out) {
    if (!j.is_object()) return std::string("« view » doit être un objet");
    ViewState v;
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        const json& value = item.value();
        if (key == "text_scale") {
            if (!value.is_number()) return std::string("vue : « text_scale » doit être un nombre");
            const double s = value.get<double>();
            if (!(s >= ViewState::kMinTextScale - 1e-6 && s <= ViewState::kMaxTextScale + 1e-6))
                return "vue : « text_scale » doit aller de " + range(ViewState::kMinTextScale, ViewState::kMaxTextScale);
            v.text_scale = static_cast<float>(s);
        } else if (key == "full_screen") {
            if (!value.is_boolean()) return std::string("vue : « full_screen » doit valoir true ou false");
            v.full_screen = value.get<bool>();
        } else if (key == "log_scale") {
            if (!value.is_boolean()) return std::string("vue : « log_scale » doit valoir true ou false");
            v.log_scale = value.get<bool>();
        } else if (key == "head") {
            if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() >= heads)
                return "vue : « head » doit être un entier de 0 à " + std::to_string(heads - 1);
            v.head = value.get<int>();
        } else if (key == "seconds_per_level") {
            if (!value.is_number()) return std::string("vue : « seconds_per_level » doit être un nombre");
            const double s = value.get<double>();
            if (!(s >= ViewState::kMinSpeed - 1e-9 && s <= ViewState::kMaxSpeed + 1e-9))
                return "vue : « seconds_per_level » doit aller de " + range(ViewState::kMinSpeed, ViewState::kMaxSpeed);
            v.seconds_per_level = s;
        } else if (key == "theme") {
            if (value != "clair" && value != "sombre") return std::string("vue : « theme » doit valoir clair ou sombre");
            v.light_theme = value == "clair";
        } else if (key == "comparison") {
            ViewState::Comparison c;
            if (auto error = comparison_from_json(value, c)) return error;
            v.comparison = c;
        } else if (key == "lesson") {
            if (!value.is_object() || value.size() != 2 || !value.contains("file") || !value["file"].is_string() ||
                !value.contains("step") || !value["step"].is_number_integer() || value["step"].get<std::int64_t>() < 0 ||
                value["step"].get<std::int64_t>() > 10000)
                return std::string("vue : « lesson » doit être {\"file\": texte, \"step\": entier ≥ 0}");
            v.lesson = LessonBookmark{value["file"].get<std::string>(), value["step"].get<int>()};
        } else {
            return "vue : clé inconnue « " + key + " »";
        }
    }
    out = v;
    return std::nullopt;
}

std::optional<std::string> last_session_path() {
    namespace fs = std::filesystem;
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    fs::path base;
    if (xdg && *xdg && fs::path(xdg).is_absolute()) base = xdg;  // the XDG spec ignores relative paths
    else if (const char* home = std::getenv("HOME"); home && *home) base = fs::path(home) / ".config";
    else return std::nullopt;
    return (base / "transformer-bloc" / "session.json").string();
}

bool restores_last_session(const StartOptions& o) {
    return !o.fresh && !o.open && !o.run && !o.script && !o.screenshot;
}

bool saves_last_session(const StartOptions& o) { return !o.screenshot; }

}  // namespace tb
