#include "scene/modern_block.h"

#include <cmath>

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
    std::vector<HeadChoice> out;
    for (int h = 1; h <= 8; ++h) {
        if (dimension % h != 0 || (dimension / h) % 2 != 0) continue;
        for (int kv = h; kv >= 1; --kv)
            if (h % kv == 0) out.push_back({h, kv});
    }
    return out;
}

const char* attention_kind(int heads, int kv_heads) {
    if (kv_heads >= heads) return "MHA";
    return kv_heads == 1 ? "MQA" : "GQA";
}

double rope_angle(int position, int pair, int head_size) {
    return position * std::pow(10000.0, -2.0 * pair / static_cast<double>(head_size));
}

}  // namespace tb
