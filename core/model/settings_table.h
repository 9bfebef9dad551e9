#pragma once
// The settings table: each field of Settings described once (its JSON key, its command and the
// words it accepts, its range, its labels in both languages, whether side B may change it, how it
// is tied to the other fields). Validation, JSON in and out, the setting commands, /reinit's help,
// side B and what B follows of A, the end of a training run, the controls and their order, the
// training panel's limits, the shortcuts and the export card read it, so a new setting is its
// field in Settings, one entry here and its mathematics.
//
// Shapes the table takes without new code: a choice that gains values (one more word: /activation
// swiglu), a new choice or integer (one more entry, with its field in Settings). A command over two
// fields (/tetes h [h_kv]) is written in heads_command.cpp, over two entries whose
// `command` is empty and whose `shared_command` names it (so /b knows it: settings_of_command),
// and each still gets its JSON key, its checks and side B from here.
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/command_kit.h"
#include "base/language.h"
#include "model/settings.h"

namespace tb {

enum class SettingKind {
    Integer,   // a whole number in lo..hi, or one of `words` when only those are allowed (d: 8 or 16)
    Choice,    // one of `words`; JSON writes the value's name
    OnOff,     // one of `words` (on, oui, off, non); JSON writes true or false
    Seed,      // an unsigned 64-bit integer
    FreeText,  // the sentence
    Decimal,   // a number in decimal_lo..decimal_hi, typed with a comma or a point (/taux)
};

struct SettingWord {
    std::string word;  // as typed: unaccented, lower case
    int value;         // the field's value (an enum's, a bool's, an integer's)
    Text label = {};   // the control's label; empty for an alias (a later word with the same value)
    std::string card = {};  // the configuration card's name, when it differs from the word
};

struct SettingEntry {
    std::string key;      // the JSON key (shared/spec/cli.md): "layers"
    std::string command;  // the command word, unaccented: "couches"; empty when none
    std::string spoken;   // the setting as the A/B legend names it, accents kept: "résiduel"
    SettingKind kind = SettingKind::Integer;
    int lo = 0, hi = 0;                // Integer: the range
    std::vector<SettingWord> words;    // the first word of each value is its name
    std::string subject;               // French, for the refusals: "le nombre de couches"
    Text label, tooltip;               // the control and its (?); no control when the label is empty
    // The (?) as it reads for the settings on screen, when it depends on them (the FFN names its
    // activation); empty: `tooltip`, which is then its start-up reading. Read it with tooltip_for().
    std::function<Text(const Settings&)> live_tooltip;
    Text help;                         // the command's line in /aide
    bool model = true;                 // false: a change does not replay the sentence (the step)
    // true: a change returns to the seed's random weights, false: trained weights stay (channel.md §7)
    bool drops_training = true;
    bool side_b = false;               // /b may change it on side B
    // true: a change ends the training run (the weights stay; the next /entrainer starts a new run
    // of Adam from them): what the run read at its start (/lot, /taux).
    bool ends_run = false;
    // Its row among the controls, 1 the first (the block's size, then its wiring as seed 002's
    // table lists it); 0: after the numbered rows, in the table's order, when it has a label.
    int control_row = 0;
    bool own_command = false;          // its command is written by hand in commands.cpp
    std::string shared_command;        // with `command` empty: the hand-written command over several entries ("tetes")
    bool send_on_release = false;      // the slider sends its command on release, not while dragged
    bool added_later = false;          // added after the first session files: a file without it reads its start-up value

    // Integer, Choice, OnOff: the field as an int (an enum's value, a bool as 0 or 1).
    std::function<int(const Settings&)> get;
    std::function<void(Settings&, int)> set;
    std::function<void(Settings&, int)> change;    // what the command does (/couches keeps the step meaningful)
    std::function<Text(const Settings&)> confirm;  // the command's reply, once changed (a plain one by default)
    std::function<int(const Settings&)> top;       // an upper bound set by other fields (the step: 2L+1)
    std::string top_name;                          // that bound as the refusal writes it: "2L+1"
    // Ties to other fields, checked once the field is in range: the French reason, naming the setting.
    std::function<std::optional<std::string>(const Settings&)> check;

    // Decimal: the range and the field.
    double decimal_lo = 0, decimal_hi = 0;
    std::function<double(const Settings&)> get_decimal;
    std::function<void(Settings&, double)> set_decimal;

    // Every kind.
    std::function<bool(const Settings&, const Settings&)> same;
    std::function<void(const Settings& from, Settings& to)> copy;
    std::function<nlohmann::json(const Settings&)> to_json;
    std::function<bool(const nlohmann::json&, Settings&)> from_json;  // false: wrong type or word
};

// The table, in the order of /aide and the A/B legend (the controls: control_row).
const std::vector<SettingEntry>& settings_table();
// The entries with a control (a command and a label), in the controls' order.
std::vector<const SettingEntry*> control_rows();
const SettingEntry* find_setting(std::string_view key);               // by JSON key
const SettingEntry* setting_for_command(std::string_view command);    // by command word
// Every entry a command changes: its own, or those sharing it (/tetes: heads and kv_heads).
std::vector<const SettingEntry*> settings_of_command(std::string_view command);

// Derived from an entry.
std::vector<const SettingWord*> named_values(const SettingEntry& e);  // one word a value, in order
std::string value_word(const SettingEntry& e, const Settings& s);     // "appris", "off", "3"
Text tooltip_for(const SettingEntry& e, const Settings& s);           // live_tooltip, else tooltip
std::string card_word(const SettingEntry& e, const Settings& s);      // the card's name: "learned"
std::string next_value_word(const SettingEntry& e, const Settings& s);  // the value after, cycling
Text setting_expectation(const SettingEntry& e);                      // "un entier de 1 à 6", "8 ou 16"
std::string setting_usage(const SettingEntry& e, Language language = Language::French);  // "/couches <1..6>"; "/taux <0.00001..1>" in English
std::vector<std::string> setting_completions(const SettingEntry& e);  // for Tab
bool allowed_value(const SettingEntry& e, int value);                 // within the field's own range
// The values of an Integer entry that `s` accepts, the other fields as they are (h at d = 8: 1, 2, 4).
std::vector<int> values_that_fit(const SettingEntry& e, const Settings& s);
// `s` as the commands that set it, in the table's order: "/couches 2, /position sinus, …, /tetes 2 2"
// (French decimals with a comma: "/taux 0,003").
std::string as_commands(const Settings& s, Language language);
// The field alone in range (no other field consulted): what a saved side B is checked against.
bool in_own_range(const SettingEntry& e, const Settings& s);
// Why `s` is refused because of this field (out of range, or inconsistent with another), in French.
std::optional<std::string> setting_refusal(const SettingEntry& e, const Settings& s);
// What a JSON value of this field must be, in French: "un entier", "true ou false".
std::string json_expectation(const SettingEntry& e);

// The settings as the trace file and the session file write them: every entry's key.
nlohmann::json settings_to_json(const Settings& s);

}  // namespace tb
