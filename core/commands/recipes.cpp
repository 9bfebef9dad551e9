#include "commands/recipes.h"

#include "commands/session.h"
#include "model/parameters.h"
#include "model/settings_table.h"

namespace tb {
namespace {

struct RecipeRow {
    Recipe recipe;
    const char* word;
};
constexpr RecipeRow kRecipes[] = {{Recipe::Original2017, "2017"}, {Recipe::Gpt2, "gpt2"}, {Recipe::Llama, "llama"}};

// The block as the reply writes it, read off the settings a recipe made.
Text norm_text(const Settings& s) {
    const std::string type = s.norm_type == NormType::RmsNorm ? "RMSNorm" : "LayerNorm";
    if (s.norm == Norm::Pre) return {"pré-" + type, "pre-" + type};
    if (s.norm == Norm::Post) return {"post-" + type, "post-" + type};
    return {"sans normalisation", "no normalization"};
}


Text activation_text(Activation a) {
    switch (a) {
        case Activation::Relu: return same("ReLU");
        case Activation::Swiglu: return same("SwiGLU");
        case Activation::Geglu: return same("GeGLU");
        case Activation::Gelu: break;
    }
    return same("GELU");
}

Text heads_text(const Settings& s) {
    const std::string h = std::to_string(s.heads), kv = std::to_string(s.kv_heads);
    if (s.kv_heads == s.heads) return same("MHA h = " + h);
    return same(std::string(s.kv_heads == 1 ? "MQA" : "GQA") + " h = " + h + " / h_kv = " + kv);
}

// "type de norme layernorm → rmsnorm, têtes 2 → 4": every setting that differs, in the table's order.
Text changes_text(const Settings& before, const Settings& after) {
    Text out;
    for (const auto& e : settings_table()) {
        if (e.same(before, after)) continue;
        const std::string values = " " + value_word(e, before) + " → " + value_word(e, after);
        const std::string english = e.label.en.empty() ? e.key : e.label.en;
        const bool first = out.fr.empty();
        out = out + Text{(first ? "" : ", ") + e.spoken + values, (first ? "" : ", ") + english + values};
    }
    return out;
}

}  // namespace

const std::vector<std::string>& recipe_words() {
    static const std::vector<std::string> words = {"2017", "gpt2", "llama"};
    return words;
}

const char* to_string(Recipe r) {
    for (const auto& row : kRecipes)
        if (row.recipe == r) return row.word;
    return "?";
}

Settings with_recipe(Recipe r, const Settings& s) {
    Settings out = s;
    out.residual = true;
    out.norm_type = NormType::LayerNorm;
    out.heads = out.kv_heads = 2;
    switch (r) {
        case Recipe::Original2017:  // Vaswani et al. 2017: post-LN, sinusoids, ReLU, MHA
            out.norm = Norm::Post, out.position = Position::Sinus, out.activation = Activation::Relu;
            out.mask = Mask::None;
            break;
        case Recipe::Gpt2:  // Radford et al. 2019: pre-LN, learned positions, GELU, causal
            out.norm = Norm::Pre, out.position = Position::Learned, out.activation = Activation::Gelu;
            out.mask = Mask::Causal;
            break;
        case Recipe::Llama:  // Touvron et al. 2023: pre-RMSNorm, RoPE, SwiGLU, GQA, causal
            out.norm = Norm::Pre, out.norm_type = NormType::RmsNorm, out.position = Position::Rope;
            out.activation = Activation::Swiglu, out.mask = Mask::Causal;
            out.heads = s.dimension >= 16 ? 8 : 4;
            out.kv_heads = 2;
            break;
    }
    return out;
}

std::optional<Recipe> recipe_of(const Settings& s) {
    for (const auto& row : kRecipes)
        if (same_model(with_recipe(row.recipe, s), s)) return row.recipe;
    return std::nullopt;
}

Text recipe_summary(Recipe r, const Settings& s) {
    const Settings b = with_recipe(r, s);
    const Text comma = same(", ");
    const Text mask = b.mask == Mask::Causal ? Text{"masque causal", "causal mask"} : Text{"sans masque", "no mask"};
    return norm_text(b) + comma + position_text(b.position) + comma + activation_text(b.activation) + comma +
           heads_text(b) + comma + mask;
}

Command recipe_command() {
    std::vector<std::pair<std::string, Recipe>> words;
    for (const auto& row : kRecipes) words.emplace_back(row.word, row.recipe);
    auto act = [](Session& session, Recipe r) -> CommandResult {
        const Settings before = session.settings();
        const Settings next = with_recipe(r, before);
        const std::string word = to_string(r);
        const Text head = Text{"recette " + word + " : ", "recipe " + word + ": "} + recipe_summary(r, before);
        if (same_model(before, next))
            return {true, head + Text{" ; déjà en place, rien ne change", "; already in place, nothing changes"}};
        if (auto error = session.apply(next)) return {false, *error};
        return {true, head + Text{" ; changé : ", "; changed: "} + changes_text(before, session.settings())};
    };
    return {"recette",
            "/recette <2017|gpt2|llama>",
            "Ajout : tout le bloc d'une époque (fiche 002 du cours) : 2017 = post-LayerNorm, sinus, ReLU, sans masque ; gpt2 = "
            "pré-LayerNorm, positions apprises, GELU, causal ; llama = pré-RMSNorm, RoPE, SwiGLU, GQA, causal. Garde L, "
            "d, w, la phrase et la graine ; le jouet garde ses biais (nuls au départ) et sa tête liée.",
            recipe_words(),
            choice<Recipe>("recette", words, one_of(recipe_words()), act),
            "Addition: the whole block of an era (course note 002): 2017 = post-LayerNorm, sinusoidal, ReLU, no mask; gpt2 = "
            "pre-LayerNorm, learned positions, GELU, causal; llama = pre-RMSNorm, RoPE, SwiGLU, GQA, causal. Keeps L, "
            "d, w, the sentence and the seed; the toy keeps its biases (zero at first) and its tied head."};
}

}  // namespace tb
