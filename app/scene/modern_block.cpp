#include "scene/modern_block.h"

#include <cmath>

#include "model/settings_table.h"

namespace tb {

const std::vector<Recipe>& recipe_buttons() {
    static const std::vector<Recipe> all = {Recipe::Original2017, Recipe::Gpt2, Recipe::Llama};
    return all;
}

const char* recipe_label(Recipe r) {
    switch (r) {
        case Recipe::Original2017: return "2017";
        case Recipe::Gpt2: return "GPT-2";
        case Recipe::Llama: return "Llama";
    }
    return "";
}

std::vector<HeadChoice> head_choices(int dimension) {
    // The heads entries' own rule (settings_table.cpp): h that splits d, h_kv that divides h.
    const SettingEntry& heads = *find_setting("heads");
    const SettingEntry& kv_heads = *find_setting("kv_heads");
    Settings at;
    at.dimension = dimension;
    std::vector<HeadChoice> out;
    for (const int h : values_that_fit(heads, at)) {
        at.heads = h;
        const std::vector<int> kvs = values_that_fit(kv_heads, at);
        for (auto kv = kvs.rbegin(); kv != kvs.rend(); ++kv) out.push_back({h, *kv});
    }
    return out;
}

double rope_angle(int position, int pair, int head_size) {
    return position * std::pow(10000.0, -2.0 * pair / static_cast<double>(head_size));
}

}  // namespace tb
