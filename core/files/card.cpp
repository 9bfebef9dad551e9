// /exporter fiche: seed 002's "Fiche minimale de configuration reproductible" filled in. Every value
// is read, never written for one configuration: the settings (their names from the settings
// table), the mathematics' constants (the sinusoidal base, ALiBi's slopes, LayerNorm's ε) and the
// session's training recipe (the runs of Adam behind the weights).
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "files/exports.h"
#include "model/forward.h"
#include "model/settings_table.h"
#include "model/weights.h"
#include "training/training.h"

namespace tb {
namespace {

using Say = std::function<const char*(const char* fr, const char* en)>;

// A YAML number: '.' whatever the locale, 10 significant digits (1e-05, 0.003).
std::string yaml_number(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    std::string s = buffer;
    for (char& c : s) c = c == ',' ? '.' : c;
    return s;
}

// Sinusoidal and learned positions add a table's row to each token; RoPE and ALiBi enter through
// the scores, and "aucun" adds nothing.
bool has_position_table(const Settings& s) { return s.position == Position::Sinus || s.position == Position::Learned; }

// The card's name of a setting's value (settings_table.cpp): "learned", "GELU (erf)".
std::string card(const Settings& s, const char* key) { return card_word(*find_setting(key), s); }

// position.base: the sinusoids' (weights.h), RoPE's (the setting), none for the others; ALiBi's
// slopes in the comment (forward.h).
std::string position_base(const Settings& s, const Say& c) {
    if (s.position == Position::Sinus) return yaml_number(kSinusBase);
    if (s.position == Position::Rope)
        return std::to_string(s.rope_base) + c("  # θ = p·base^(−2k/d_h)", "  # θ = p·base^(−2k/d_h)");
    if (s.position != Position::Alibi) return "none";
    std::string slopes;
    for (int j = 0; j < s.heads; ++j) slopes += (j ? ", " : "") + yaml_number(alibi_slope(j, s.heads));
    return std::string("none") + c("  # pentes m = 2^(−8(j+1)/h) : ", "  # slopes m = 2^(−8(j+1)/h): ") + slopes;
}

void model_part(std::ostringstream& out, const Trace& trace, const Say& c) {
    const Settings& s = trace.settings;
    const bool causal = s.mask == Mask::Causal;
    out << "architecture: " << (causal ? "decoder" : "encoder")
        << (causal ? c("  # masque causal", "  # causal mask") : c("  # attention bidirectionnelle", "  # bidirectional attention")) << '\n'
        << "layers: " << s.layers << '\n'
        << "width: " << s.dimension << '\n'
        << "attention:\n"
        << "  heads: " << s.heads << '\n'
        << "  kv_heads: " << s.kv_heads << "  # " << attention_kind(s.heads, s.kv_heads) << '\n'
        << "  head_dim: " << s.dimension / s.heads << '\n'
        << "  window: none  # "
        << (causal ? c("chaque token voit lui-même et les précédents", "every token sees itself and the previous ones")
                   : c("chaque token voit tous les tokens", "every token sees every token"))
        << ", n_max = " << Settings::kMaxTokens << '\n'
        << "  kernel: softmax(QK^T / sqrt(head_dim)) V" << c("  # matrices denses (Eigen, float64)", "  # dense matrices (Eigen, float64)") << '\n'
        << "  mask: " << card(s, "mask") << '\n'
        << "position:\n"
        << "  method: " << card(s, "position") << '\n'
        << "  base: " << position_base(s, c) << '\n'
        << "  scaling: none\n"
        << "  trained_length: " << Settings::kMaxTokens
        << (has_position_table(s) ? c("  # lignes de la table des positions (n_max)", "  # rows of the position table (n_max)")
                                  : c("  # la plus longue phrase (n_max) ; pas de table de positions",
                                      "  # the longest sentence (n_max); no position table"))
        << '\n'
        << "norm:\n"
        << "  type: " << (s.norm == Norm::None ? "none" : card(s, "norm_type")) << '\n'
        << "  pre_or_post: " << card(s, "norm") << '\n'
        << "  epsilon: " << yaml_number(trace.layer_norm_eps) << '\n'
        << "  final_norm: " << (s.norm == Norm::Pre ? "yes" : "no") << '\n'
        << "residual: " << card(s, "residual") << '\n'
        << "ffn:\n"
        << "  activation_or_gate: " << card(s, "activation") << '\n'
        << "  intermediate_width: " << s.ffn << '\n'
        << "  experts: none" << c("  # FFN dense", "  # dense FFN") << '\n';
}

// training: the session's recipe (the runs behind the weights), or "none" for the seed's weights.
void training_part(std::ostringstream& out, const Session& session, const Say& c) {
    const Settings& s = session.settings();
    const std::vector<TrainingRecipe> runs = session.training_recipe();
    out << "training:\n";
    if (runs.empty()) {
        out << "  objective: none" << c("  # non entraîné : poids tirés de la graine", "  # untrained: weights drawn from the seed") << '\n'
            << "  data_boundary: none\n"
            << "  precision: float64\n"
            << "  optimizer: none\n"
            << "  steps: 0\n"
            << "  seeds: " << s.seed << '\n';
        return;
    }
    const Objective objective = objective_of(s);
    int steps = 0;
    std::string corpora, list;
    for (const TrainingRecipe& r : runs) {
        steps += r.steps;
        const std::string corpus = nlohmann::json(r.corpus).dump();  // quoted: a path may hold anything
        if (corpora.find(corpus) == std::string::npos) corpora += (corpora.empty() ? "" : ", ") + corpus;
        list += "    - {corpus: " + corpus + ", batch_size: " + std::to_string(r.batch_size) +
                ", learning_rate: " + yaml_number(r.learning_rate) + ", warmup_steps: " + std::to_string(r.warmup_steps) +
                ", steps: " + std::to_string(r.steps) + "}\n";
    }
    const AdamOptions adam = adam_options(s);  // the moments' constants; each run's lr is in `runs`
    out << "  objective: " << (objective == Objective::NextWord ? "next_word" : "masked_word") << "  # " << to_string(objective)
        << c(", entropie croisée sur tout le vocabulaire", ", cross-entropy over the whole vocabulary") << '\n'
        << "  data_boundary: " << (runs.size() > 1 && corpora.find(", ") != std::string::npos ? "[" + corpora + "]" : corpora)
        << c("  # le corpus (ses phrases d'entraînement)", "  # the corpus (its training sentences)") << '\n'
        << "  precision: float64\n"
        << "  optimizer: Adam  # beta1 " << yaml_number(adam.beta1) << ", beta2 " << yaml_number(adam.beta2) << ", eps "
        << yaml_number(adam.eps) << ", weight_decay " << yaml_number(adam.weight_decay) << '\n'
        << "  steps: " << steps << '\n'
        << "  runs:" << c("  # dans l'ordre, chacun depuis les poids du précédent", "  # in order, each from the weights of the one before") << '\n'
        << list
        << "  seeds: " << s.seed << '\n';
}

}  // namespace

// The card's prose and its YAML comments in the chosen language; its keys and values are seed 002's
// (English words, digits and the point: a YAML block is read by programs too).
std::string configuration_card(const Session& session, Language language) {
    const Trace& trace = *session.trace();
    const Settings& s = trace.settings;
    const Say c = [language](const char* fr, const char* en) { return language == Language::English ? en : fr; };
    std::ostringstream out;
    out << c("# Fiche minimale de configuration reproductible\n\n", "# Minimal reproducible configuration card\n\n")
        << c("transformer-bloc, graine ", "transformer-bloc, seed ") << s.seed << c(", phrase « ", ", sentence \u201C")
        << s.sentence << c(" » (", "\u201D (") << trace.token_count() << " tokens)."
        << c(" Les clés suivent la fiche de la page « Transformers : architecture originale et blocs modernes ».\n\n",
             " The keys follow the card of the page \u201CTransformers: original architecture and modern blocks\u201D.\n\n")
        << "```yaml\n";
    model_part(out, trace, c);
    training_part(out, session, c);
    out << "inference:\n"
        << "  cache: none" << c("  # toute la phrase est recalculée", "  # the whole sentence is recomputed") << '\n'
        << "  quantization: none\n"
        << "  batch: 1\n"
        << "  prompt_length: " << trace.token_count() << '\n'
        << "  output_length: 0" << c("  # pas de génération", "  # no generation") << '\n'
        << "vocabulary: " << trace.vocabulary_size
        << c("  # V, tokens inconnu et masque compris ; tête de sortie liée", "  # V, unknown and mask tokens included; output head tied") << '\n'
        << "parameters: " << trace.parameters.total << '\n'
        << "```\n";
    return out.str();
}

}  // namespace tb
