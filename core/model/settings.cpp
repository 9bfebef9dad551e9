// What every setting derives from its entry in the table (settings_table.cpp): its words, its
// usage and expectation, its range checks, its JSON.
#include "model/settings.h"

#include <algorithm>

#include "model/settings_table.h"

namespace tb {

bool same_model(const Settings& a, const Settings& b) {
    for (const auto& e : settings_table())
        if (e.model && !e.same(a, b)) return false;
    return true;
}

void set_layers(Settings& s, int layers) {
    const bool at_top = s.step == s.top_level();
    s.layers = layers;
    s.step = at_top ? s.top_level() : std::min(s.step, s.top_level());
}

const SettingEntry* find_setting(std::string_view key) {
    for (const auto& e : settings_table())
        if (e.key == key) return &e;
    return nullptr;
}

const SettingEntry* setting_for_command(std::string_view command) {
    for (const auto& e : settings_table())
        if (!e.command.empty() && e.command == command) return &e;
    return nullptr;
}

std::vector<const SettingEntry*> settings_of_command(std::string_view command) {
    std::vector<const SettingEntry*> out;
    if (command.empty()) return out;
    for (const auto& e : settings_table())
        if (e.command == command || e.shared_command == command) out.push_back(&e);
    return out;
}

std::vector<const SettingEntry*> control_rows() {
    std::vector<const SettingEntry*> rows;
    for (const auto& e : settings_table())
        if (!e.label.fr.empty() && (!e.command.empty() || !e.shared_command.empty())) rows.push_back(&e);
    // Numbered rows first, by number; the others keep the table's order after them.
    std::stable_sort(rows.begin(), rows.end(), [](const SettingEntry* a, const SettingEntry* b) {
        return (a->control_row ? a->control_row : 1 << 20) < (b->control_row ? b->control_row : 1 << 20);
    });
    return rows;
}

std::vector<int> values_that_fit(const SettingEntry& e, const Settings& s) {
    std::vector<int> out;
    for (int v = e.lo; e.kind == SettingKind::Integer && v <= e.hi; ++v) {
        Settings trial = s;
        e.set(trial, v);
        if (!setting_refusal(e, trial)) out.push_back(v);
    }
    return out;
}

std::string as_commands(const Settings& s, Language language) {
    std::string out;
    for (const auto& e : settings_table()) {
        const std::string& name = e.command.empty() ? e.shared_command : e.command;
        const auto group = settings_of_command(name);  // /tetes: h then h_kv
        if (group.empty() || group.front() != &e) continue;  // no command (RoPE's base), or written
        out += (out.empty() ? "/" : ", /") + name;
        for (const SettingEntry* g : group) {
            const bool french_decimal = language == Language::French && g->kind == SettingKind::Decimal;
            out += " " + (french_decimal ? decimal_text(g->get_decimal(s)).fr : value_word(*g, s));
        }
    }
    return out;
}

std::vector<const SettingWord*> named_values(const SettingEntry& e) {
    std::vector<const SettingWord*> out;
    for (const auto& w : e.words)
        if (std::none_of(out.begin(), out.end(), [&](const SettingWord* n) { return n->value == w.value; }))
            out.push_back(&w);
    return out;
}

namespace {

const SettingWord* name_of(const SettingEntry& e, int value) {
    for (const SettingWord* w : named_values(e))
        if (w->value == value) return w;
    return nullptr;
}

std::vector<std::string> names(const SettingEntry& e) {
    std::vector<std::string> out;
    for (const SettingWord* w : named_values(e)) out.push_back(w->word);
    return out;
}

}  // namespace

Text tooltip_for(const SettingEntry& e, const Settings& s) { return e.live_tooltip ? e.live_tooltip(s) : e.tooltip; }

std::string value_word(const SettingEntry& e, const Settings& s) {
    switch (e.kind) {
        case SettingKind::Seed:
        case SettingKind::FreeText: {
            const auto j = e.to_json(s);
            return j.is_string() ? j.get<std::string>() : j.dump();
        }
        case SettingKind::Decimal: return decimal_text(e.get_decimal(s)).en;
        case SettingKind::Integer:
            if (e.words.empty()) return std::to_string(e.get(s));
            [[fallthrough]];
        default: {
            const SettingWord* w = name_of(e, e.get(s));
            return w ? w->word : std::to_string(e.get(s));
        }
    }
}

std::string card_word(const SettingEntry& e, const Settings& s) {
    const SettingWord* w = e.get ? name_of(e, e.get(s)) : nullptr;
    return w && !w->card.empty() ? w->card : value_word(e, s);
}

std::string next_value_word(const SettingEntry& e, const Settings& s) {
    const auto values = named_values(e);
    if (values.empty()) return value_word(e, s);
    const auto now = std::find_if(values.begin(), values.end(), [&](const SettingWord* w) { return w->value == e.get(s); });
    return now == values.end() || now + 1 == values.end() ? values.front()->word : (*(now + 1))->word;
}

Text setting_expectation(const SettingEntry& e) {
    if (e.kind == SettingKind::Decimal) return decimal_range(e.decimal_lo, e.decimal_hi);
    if (e.kind == SettingKind::Integer && e.words.empty()) return integer_range(e.lo, e.hi);
    return one_of(names(e));
}

std::string setting_usage(const SettingEntry& e, Language language) {
    std::string values;
    if (e.kind == SettingKind::Integer && e.words.empty()) values = std::to_string(e.lo) + ".." + std::to_string(e.hi);
    if (e.kind == SettingKind::Decimal) {
        const Text lo = decimal_text(e.decimal_lo), hi = decimal_text(e.decimal_hi);
        values = language == Language::English ? lo.en + ".." + hi.en : lo.fr + ".." + hi.fr;
    }
    for (const auto& name : names(e)) values += (values.empty() ? "" : "|") + name;
    return "/" + e.command + " <" + values + ">";
}

std::vector<std::string> setting_completions(const SettingEntry& e) {
    constexpr int kMostListed = 8;  // a longer range (/ffn 8..64) is not worth listing
    std::vector<std::string> out = names(e);
    if (e.kind == SettingKind::Integer && e.words.empty() && e.hi - e.lo < kMostListed)
        for (int v = e.lo; v <= e.hi; ++v) out.push_back(std::to_string(v));
    return out;
}

bool allowed_value(const SettingEntry& e, int value) {
    if (!e.words.empty()) return name_of(e, value) != nullptr;
    return value >= e.lo && value <= e.hi;
}

namespace {
bool decimal_in_range(const SettingEntry& e, const Settings& s) {
    const double v = e.get_decimal(s);
    return v >= e.decimal_lo - 1e-12 && v <= e.decimal_hi + 1e-12;  // false for NaN
}
}  // namespace

bool in_own_range(const SettingEntry& e, const Settings& s) {
    if (e.kind == SettingKind::Decimal) return decimal_in_range(e, s);
    return !e.get || allowed_value(e, e.get(s));
}

std::optional<std::string> setting_refusal(const SettingEntry& e, const Settings& s) {
    if (e.kind == SettingKind::Integer) {
        const int v = e.get(s);
        const int hi = e.top ? e.top(s) : e.hi;
        if (!allowed_value(e, v) || v > hi) {
            if (!e.words.empty()) return e.subject + " doit valoir " + setting_expectation(e).fr;
            if (e.lo == hi) return e.subject + " doit valoir " + std::to_string(e.lo);
            return e.subject + " doit aller de " + std::to_string(e.lo) + " à " + (e.top ? e.top_name : std::to_string(hi));
        }
    }
    if (e.kind == SettingKind::Decimal && !decimal_in_range(e, s))
        return e.subject + " doit aller de " + decimal_text(e.decimal_lo).fr + " à " + decimal_text(e.decimal_hi).fr;
    if (e.check) return e.check(s);
    return std::nullopt;
}

std::string json_expectation(const SettingEntry& e) {
    switch (e.kind) {
        case SettingKind::Integer: return "un entier";
        case SettingKind::OnOff: return "true ou false";
        case SettingKind::Seed: return "un entier positif (64 bits)";
        case SettingKind::FreeText: return "du texte";
        case SettingKind::Decimal: return "un nombre";
        case SettingKind::Choice: break;
    }
    return setting_expectation(e).fr;
}

nlohmann::json settings_to_json(const Settings& s) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& e : settings_table()) j[e.key] = e.to_json(s);
    return j;
}

}  // namespace tb
