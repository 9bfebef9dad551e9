#pragma once
// The shapes of a settings-table entry (settings_table.cpp): what an integer, a choice and an
// on/off setting derive from their field alone (JSON in and out, the accessors, a plain reply).
// Internal to the table: settings_table.h is the interface.
#include <type_traits>

#include "model/settings_table.h"

namespace tb::entry_kinds {

using nlohmann::json;

// What every entry shares: its names and the accessors made from its field.
template <class T>
inline SettingEntry field(SettingKind kind, std::string key, std::string command, std::string spoken, T Settings::*member) {
    SettingEntry e;
    e.kind = kind, e.key = std::move(key), e.command = std::move(command), e.spoken = std::move(spoken);
    e.same = [member](const Settings& a, const Settings& b) { return a.*member == b.*member; };
    e.copy = [member](const Settings& from, Settings& to) { to.*member = from.*member; };
    if constexpr (std::is_same_v<T, int> || std::is_same_v<T, bool> || std::is_enum_v<T>) {
        e.get = [member](const Settings& s) { return static_cast<int>(s.*member); };
        e.set = [member](Settings& s, int v) { s.*member = static_cast<T>(v); };
        e.change = e.set;
    }
    return e;
}

// A JSON integer small enough to be a setting: never 2.5 or "2".
inline bool small_int(const json& j) {
    return j.is_number_integer() && j.get<std::int64_t>() >= -1000000 && j.get<std::int64_t>() <= 1000000;
}

inline SettingEntry integer_setting(std::string key, std::string command, std::string spoken, int Settings::*member, int lo,
                             int hi, std::vector<SettingWord> words = {}) {
    SettingEntry e = field(SettingKind::Integer, std::move(key), std::move(command), std::move(spoken), member);
    e.lo = lo, e.hi = hi, e.words = std::move(words);
    e.to_json = [member](const Settings& s) { return json(s.*member); };
    e.from_json = [member](const json& j, Settings& s) { return small_int(j) && (s.*member = j.get<int>(), true); };
    e.confirm = [spoken = e.spoken, member](const Settings& s) { return same(spoken + " = " + std::to_string(s.*member)); };
    return e;
}

// A value's name: the first word with that value.
inline const char* name_in(const std::vector<SettingWord>& words, int value) {
    for (const auto& w : words)
        if (w.value == value) return w.word.c_str();
    return "?";
}

// JSON writes a value's name (the first word with that value); aliases are for typing only.
template <class E>
inline SettingEntry choice_setting(std::string key, std::string command, std::string spoken, E Settings::*member,
                            std::vector<SettingWord> words) {
    SettingEntry e = field(SettingKind::Choice, std::move(key), std::move(command), std::move(spoken), member);
    e.words = std::move(words);
    e.to_json = [member, words = e.words](const Settings& s) { return json(name_in(words, static_cast<int>(s.*member))); };
    e.from_json = [member, words = e.words](const json& j, Settings& s) {
        if (!j.is_string()) return false;
        for (const auto& w : words)
            if (j == w.word && w.word == name_in(words, w.value)) return s.*member = static_cast<E>(w.value), true;
        return false;
    };
    e.confirm = [spoken = e.spoken, member, words = e.words](const Settings& s) {
        return Text{spoken + " : ", spoken + ": "} + same(name_in(words, static_cast<int>(s.*member)));
    };
    return e;
}

inline SettingEntry on_off_setting(std::string key, std::string command, std::string spoken, bool Settings::*member) {
    SettingEntry e = field(SettingKind::OnOff, std::move(key), std::move(command), std::move(spoken), member);
    e.words = {{"on", 1, {"on", "on"}}, {"oui", 1}, {"off", 0, {"off", "off"}}, {"non", 0}};
    e.to_json = [member](const Settings& s) { return json(s.*member); };
    e.from_json = [member](const json& j, Settings& s) { return j.is_boolean() && (s.*member = j.get<bool>(), true); };
    e.confirm = [spoken = e.spoken, member](const Settings& s) {
        return Text{spoken + " : ", spoken + ": "} + same(s.*member ? "on" : "off");
    };
    return e;
}

// The training settings (training_settings.cpp): /lot, /taux, /echauffement.
SettingEntry batch_size();
SettingEntry learning_rate();
SettingEntry warmup_steps();
}  // namespace tb::entry_kinds
