#pragma once
// The parameter count of any architecture of this family (channel.md section 5, seed 000 F):
// per block attention 4(d² + d), FFN d·w + w + w·d + d, two LayerNorms 2·2d (none without norm;
// two RMSNorms 2·d, a gain only); times L; plus token embeddings V·d, learned positions n_ctx·d, a
// final LayerNorm 2d or RMSNorm d (pre-norm);
// the output head is tied to the token embeddings and adds nothing.
// The modern variants (cli.md "Modern block variants", seed 002) change the terms: RMSNorm d per
// norm (gain only); K and V 2·(d·h_kv·d_h + h_kv·d_h) with GQA/MQA; a gated FFN (SwiGLU) a third
// matrix, 2(d·w + w) + w·d + d; no biases drops every b; an untied output head adds V·d.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/command_kit.h"  // Text
#include "base/language.h"
#include "model/settings.h"

namespace tb {

struct Architecture {
    std::string name;          // "modèle jouet", "GPT-2 small", ...
    std::int64_t dimension;    // d
    std::int64_t layers;       // L
    std::int64_t heads;        // h (does not change the count)
    std::int64_t ffn;          // w
    std::int64_t vocabulary;   // V
    std::int64_t context;      // n_ctx: rows of the position table
    Position position;
    Norm norm;
    NormType norm_type = NormType::LayerNorm;  // RMSNorm counts d a norm (a gain), LayerNorm 2d
    // The modern variants; their defaults keep the channel's block (GPT-2's recipe).
    std::int64_t kv_heads = 0;  // h_kv: K and V heads (0: as many as h, MHA)
    bool gated_ffn = false;     // SwiGLU: W1 (gate) and W3 (up) d -> w, W2 w -> d
    std::string gated_name = "SwiGLU";  // the gated FFN as the breakdown names it (the toy: SwiGLU or GeGLU)
    bool biases = true;         // every linear map y = W x + b has its b
    bool tied_head = true;      // the output head reuses the token embeddings
    bool rope = false;          // RoPE: positions turn Q and K, no table (position is then None)
    std::int64_t kv() const { return kv_heads > 0 ? kv_heads : heads; }
    std::int64_t head_dimension() const { return heads > 0 ? dimension / heads : 0; }  // d_h = d / h
};

struct ParameterTerm {
    std::string name;     // French label, e.g. "embeddings de tokens"
    std::string formula;  // digits only, for the trace's JSON: "V·d = 50257 × 768"
    std::int64_t value;
    bool summed;          // one of the parts that add up to the total (per-block parts are not)
    std::string name_en, formula_en;  // the same in English, for people: "V·d = 50,257 × 768"
    std::string formula_fr;           // for people in French: "V·d = 50 257 × 768" (U+202F)
    const std::string& label(Language language) const { return language == Language::English ? name_en : name; }
    const std::string& formula_in(Language language) const {
        return language == Language::English ? formula_en : formula_fr;
    }
};

struct ParameterBreakdown {
    std::int64_t attention_per_block, ffn_per_block, norms_per_block, per_block;
    std::int64_t blocks;            // L × per block
    std::int64_t token_embeddings;  // V·d
    std::int64_t positions;         // n_ctx·d when learned, else 0
    std::int64_t final_norm;        // 2d (RMSNorm d) in pre-norm, else 0
    std::int64_t output_head;       // V·d when untied, else 0 (tied)
    std::int64_t total;
};

// The numbers, cheap enough for every forward pass.
ParameterBreakdown count_parameters(const Architecture& a);
// The same as text for display: the blocks' parts, then the model's, each with its formula.
std::vector<ParameterTerm> parameter_terms(const Architecture& a);

Architecture toy_architecture(const Settings& s, int vocabulary_size);

// gpt2-small, gpt2-medium, gpt2-large, gpt2-xl, gpt3, llama2-7b, llama3-8b (case- and
// accent-insensitive).
std::optional<Architecture> preset(std::string_view name);
std::vector<std::string> preset_names();

// The breakdown as text for people (cli.md's number rule: U+202F groups and a decimal comma in
// French), one term a line in aligned columns: label, formula, value, share of the total; then a
// "total" row; the last line is the machine line "total: N", digits only, in either language.
std::string format_breakdown(const Architecture& a, Language language = Language::French);

// The position encoding in words (« positions apprises », « RoPE »): the recipes' replies and the
// parameter breakdown's header.
Text position_text(Position p);

}  // namespace tb
