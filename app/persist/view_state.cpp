#include "persist/view_state.h"

#include <cstdlib>
#include <filesystem>

#include "base/command_kit.h"
#include "files/session_file.h"
#include "model/settings_table.h"
#include "base/utf8.h"

namespace tb {

using nlohmann::json;

namespace {

// Side B's overridden settings, under the names of the trace file's settings (cli.md).
json comparison_to_json(const ViewState::Comparison& c) {
    json j = json::object();
    for (const auto& e : settings_table())
        if (e.side_b && c.overrides.has(e.key)) j[e.key] = e.to_json(c.b);
    return j;
}

// Each value is checked on its own range (A's other settings are not known here).
std::optional<std::string> comparison_from_json(const json& j, ViewState::Comparison& out) {
    if (!j.is_object()) return "vue : « comparison » doit être un objet" + found_value(j);
    ViewState::Comparison c;
    for (const auto& item : j.items()) {
        const SettingEntry* e = find_setting(item.key());
        if (!e || !e->side_b) return "vue : réglage de comparaison inconnu « " + utf8::visible(item.key(), 40) + " »";
        if (!e->from_json(item.value(), c.b) || !in_own_range(*e, c.b))
            return "vue : valeur invalide pour « comparison." + e->key + " »" + found_value(item.value());
        c.overrides.mark(e->key);
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
    if (!is_start_up(v.inspector)) j["inspector"] = inspector_view_to_json(v.inspector);
    return j;
}

std::optional<std::string> view_from_json(const json& j, int heads, ViewState& out) {
    if (!j.is_object()) return "« view » doit être un objet" + found_value(j);
    ViewState v;
    for (const auto& item : j.items()) {
        const std::string& key = item.key();
        const json& value = item.value();
        if (key == "text_scale") {
            if (!value.is_number()) return "vue : « text_scale » doit être un nombre" + found_value(value);
            const double s = value.get<double>();
            if (!(s >= ViewState::kMinTextScale - 1e-6 && s <= ViewState::kMaxTextScale + 1e-6))
                return "vue : « text_scale » doit aller de " + range(ViewState::kMinTextScale, ViewState::kMaxTextScale) + found_value(value);
            v.text_scale = static_cast<float>(s);
        } else if (key == "full_screen") {
            if (!value.is_boolean()) return "vue : « full_screen » doit valoir true ou false" + found_value(value);
            v.full_screen = value.get<bool>();
        } else if (key == "log_scale") {
            if (!value.is_boolean()) return "vue : « log_scale » doit valoir true ou false" + found_value(value);
            v.log_scale = value.get<bool>();
        } else if (key == "head") {
            if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() >= heads)
                return "vue : « head » doit être un entier de 0 à " + std::to_string(heads - 1) + found_value(value);
            v.head = value.get<int>();
        } else if (key == "seconds_per_level") {
            if (!value.is_number()) return "vue : « seconds_per_level » doit être un nombre" + found_value(value);
            const double s = value.get<double>();
            if (!(s >= ViewState::kMinSpeed - 1e-9 && s <= ViewState::kMaxSpeed + 1e-9))
                return "vue : « seconds_per_level » doit aller de " + range(ViewState::kMinSpeed, ViewState::kMaxSpeed) + found_value(value);
            v.seconds_per_level = s;
        } else if (key == "theme") {
            if (value != "clair" && value != "sombre") return "vue : « theme » doit valoir clair ou sombre" + found_value(value);
            v.light_theme = value == "clair";
        } else if (key == "comparison") {
            ViewState::Comparison c;
            if (auto error = comparison_from_json(value, c)) return error;
            v.comparison = c;
        } else if (key == "inspector") {
            if (auto error = inspector_view_from_json(value, v.inspector)) return error;
        } else if (key == "lesson") {
            if (!value.is_object() || value.size() != 2 || !value.contains("file") || !value["file"].is_string() ||
                !value.contains("step") || !value["step"].is_number_integer() || value["step"].get<std::int64_t>() < 0 ||
                value["step"].get<std::int64_t>() > 10000)
                return "vue : « lesson » doit être {\"file\": texte, \"step\": entier ≥ 0}" + found_value(value);
            v.lesson = LessonBookmark{value["file"].get<std::string>(), value["step"].get<int>()};
        } else {
            return "vue : clé inconnue « " + utf8::visible(key, 40) + " »";
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
