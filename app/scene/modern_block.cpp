#include "scene/modern_block.h"

#include <cmath>

namespace tb {

const std::vector<RecipeInfo>& recipes() {
    static const std::vector<RecipeInfo> all = {{Recipe::Original2017, "2017", "2017"},
                                                {Recipe::Gpt2, "gpt2", "GPT-2"},
                                                {Recipe::Llama, "llama", "Llama"}};
    return all;
}

Recipe matching_recipe(const Settings& s) {
    if (!s.residual) return Recipe::None;
    if (s.norm == Norm::Post && s.norm_type == NormType::LayerNorm && s.position == Position::Sinus &&
        s.activation == Activation::Relu && s.heads == 2 && s.kv_heads == 2 && s.mask == Mask::None)
        return Recipe::Original2017;
    if (s.norm == Norm::Pre && s.norm_type == NormType::LayerNorm && s.position == Position::Learned &&
        s.activation == Activation::Gelu && s.heads == 2 && s.kv_heads == 2 && s.mask == Mask::Causal)
        return Recipe::Gpt2;
    const int llama_heads = s.dimension == 16 ? 8 : 4;
    if (s.norm == Norm::Pre && s.norm_type == NormType::RmsNorm && s.position == Position::Rope &&
        s.activation == Activation::Swiglu && s.heads == llama_heads && s.kv_heads == 2 && s.mask == Mask::Causal)
        return Recipe::Llama;
    return Recipe::None;
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

int kv_head_of(int query_head, int heads, int kv_heads) {
    if (kv_heads <= 0 || heads < kv_heads) return query_head;
    return query_head / (heads / kv_heads);
}

double rope_angle(int position, int pair, int head_size) {
    return position * std::pow(10000.0, -2.0 * pair / static_cast<double>(head_size));
}

double alibi_slope(int head, int heads) { return std::exp2(-8.0 * (head + 1) / static_cast<double>(heads)); }

}  // namespace tb
