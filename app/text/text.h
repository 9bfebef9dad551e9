#pragma once
// Every string the interface shows, in one table, so that English can be added beside French.
#include <string>
#include <utility>
#include <vector>

#include "base/language.h"
#include "base/numbers.h"  // every number shown goes through it

namespace tb {

struct Strings {
    const char* window_title;
    const char* app_title;
    const char* parameters_counter;  // printf: blocks, total
    const char* seed;                // printf: seed
    const char* propagate, *reset, *parameters;
    const char* controls_title;
    // The settings' labels and tooltips are in the settings table (core/model/settings_table.cpp).
    const char* head, *head_help;
    const char* speed, *speed_help;
    const char* console_title, *console_hint;
    const char* input_box, *attention_box, *ffn_box, *output_box, *norm_band, *final_norm_band;
    const char* play, *pause, *step_back, *step_forward, *timeline_help;
    const char* profile_title, *profile_log, *profile_linear, *profile_previous, *profile_axis;
    const char* cosine_title;
    const char* legend_title, *legend_colour, *legend_colour_help, *legend_identity, *legend_size, *legend_off_scale, *legend_residual;
    const char* legend_key_sectors, *legend_key_area, *legend_key_ring, *legend_key_outline;  // beside the example bead
    const char* breakdown_title, *breakdown_term, *breakdown_formula, *breakdown_value, *breakdown_share;
    const char* breakdown_toy, *breakdown_gpt2, *breakdown_close;
    const char* keys_help;
    const char* welcome;  // the first line of the log
};

// The interface's language has one owner, the command registry (/langue, --lang): the App reads
// CommandRegistry::language() each frame and passes it to every draw function that writes.
const Strings& text_in(Language language);  // the table of that language
// Every (French, English) pair of the table and of the settings table's labels and tooltips, for the
// test that each string has its twin.
std::vector<std::pair<const char*, const char*>> string_table_pairs();

// A level's name for the interface, in `language`: full ("attention 2"), medium
// ("att 2") or short ("a2", "E", "S") when space is tight.
enum class LabelLength { Full, Medium, Short };
std::string level_label(Language language, int index, int layers, LabelLength length = LabelLength::Full);

// A panel's own string, in `language`: tr(language, "Suivant", "Next"). New strings use this,
// beside their use; the table above holds the strings of the first panels.
inline const char* tr(Language language, const char* french, const char* english) {
    return language == Language::English ? english : french;
}

}  // namespace tb
