// The settings table's entries: one function a setting, then the list. Data, mostly: the words,
// the ranges, the labels and the replies of each setting, in French and English.
#include "model/settings_table.h"

#include "model/formula.h"
#include "model/setting_kinds.h"

namespace tb {
namespace {

using namespace entry_kinds;
using nlohmann::json;

// The value lists of the choices, shared with to_string below.
const std::vector<SettingWord> kPositionWords = {
    {"sinus", int(Position::Sinus), {"sinus", "sinus"}, "sinusoidal"},
    {"appris", int(Position::Learned), {"appris", "learned"}, "learned"},
    {"apprise", int(Position::Learned)},
    {"aucun", int(Position::None), {"aucun", "none"}, "none"},
    {"aucune", int(Position::None)},
    {"rope", int(Position::Rope), {"RoPE", "RoPE"}, "RoPE"},
    {"alibi", int(Position::Alibi), {"ALiBi", "ALiBi"}, "ALiBi"}};
const std::vector<SettingWord> kNormWords = {{"pre", int(Norm::Pre), {"pré", "pre"}},
                                             {"post", int(Norm::Post), {"post", "post"}},
                                             {"aucune", int(Norm::None), {"aucune", "none"}, "none"},
                                             {"aucun", int(Norm::None)}};
const std::vector<SettingWord> kMaskWords = {{"aucun", int(Mask::None), {"aucun", "none"}, "none"},
                                             {"aucune", int(Mask::None)},
                                             {"causal", int(Mask::Causal), {"causal", "causal"}}};
const std::vector<SettingWord> kActivationWords = {{"gelu", int(Activation::Gelu), {"GELU", "GELU"}, "GELU (erf)"},
                                                   {"relu", int(Activation::Relu), {"ReLU", "ReLU"}, "ReLU"},
                                                   {"swiglu", int(Activation::Swiglu), {"SwiGLU", "SwiGLU"}, "SwiGLU"},
                                                   {"geglu", int(Activation::Geglu), {"GeGLU", "GeGLU"}, "GeGLU"}};
const std::vector<SettingWord> kNormTypeWords = {
    {"layernorm", int(NormType::LayerNorm), {"LayerNorm", "LayerNorm"}, "LayerNorm"},
    {"rmsnorm", int(NormType::RmsNorm), {"RMSNorm", "RMSNorm"}, "RMSNorm"}};

Text count_text(int n) { return same(std::to_string(n)); }

// A value's label (the control's, the same in both languages for the activations): "ReLU", "SwiGLU".
std::string label_in(const std::vector<SettingWord>& words, int value) {
    for (const auto& w : words)
        if (w.value == value && !w.label.fr.empty()) return w.label.fr;
    return "?";
}

// The gate's φ of a gated FFN: SiLU for SwiGLU, GELU for GeGLU.
std::string gate_name(Activation a) { return a == Activation::Swiglu ? "SiLU" : "GELU"; }

SettingEntry layers() {
    SettingEntry e = integer_setting("layers", "couches", "couches", &Settings::layers, Settings::kMinLayers,
                                     Settings::kMaxLayers);
    e.subject = "le nombre de couches";
    e.control_row = 1;
    e.label = {"couches L", "layers L"};
    e.tooltip = {"Nombre L de blocs empilés : le nombre de paramètres des blocs est linéaire en L (L × par bloc).",
                 "Number L of stacked blocks: the blocks' parameter count is linear in L (L × per block)."};
    e.help = {"Nombre L de blocs empilés.", "Number L of stacked blocks."};
    e.side_b = true;
    e.change = set_layers;
    e.confirm = [](const Settings& s) {
        const std::string sublayers = std::to_string(2 * s.layers);
        return same("L = " + std::to_string(s.layers)) + Text{" : " + sublayers + " sous-couches", ": " + sublayers + " sublayers"};
    };
    return e;
}

SettingEntry position() {
    SettingEntry e = choice_setting("position", "position", "position", &Settings::position, kPositionWords);
    e.subject = "l'encodage positionnel";
    e.control_row = 4;
    e.label = {"encodage positionnel", "positional encoding"};
    e.tooltip = {"sinus, appris : on ajoute à l'embedding un vecteur de position (P[p,2k] = sin(p/10000^(2k/d)), ou une "
                 "table apprise) ; aucun : rien. RoPE : rien à l'entrée, chaque paire (2k, 2k+1) de Q et K tourne de "
                 "θ = p·10000^(−2k/d_h), donc la position n'entre dans le score q·k que par la distance i − j. ALiBi : rien à l'entrée, "
                 "le score reçoit −m·|i − j| (m = 2^(−8(j'+1)/h) pour la tête j').",
                 "sinus, appris: a position vector is added to the embedding (P[p,2k] = sin(p/10000^(2k/d)), or a learned "
                 "table); aucun: nothing. RoPE: nothing at the input, each pair (2k, 2k+1) of Q and K turns by "
                 "θ = p·10000^(−2k/d_h), so position enters the score q·k only through the distance i − j. ALiBi: nothing at the input, "
                 "the score gets −m·|i − j| (m = 2^(−8(j'+1)/h) for head j')."};
    e.help = {"Encodage positionnel ajouté aux embeddings : sinus, table apprise ou rien ; ajouts : rope (tourne Q et K "
              "selon la position) et alibi (−m·|i − j| sur les scores), rien ajouté à l'entrée.",
              "Positional encoding added to the embeddings: sinusoidal (sinus), a learned table (appris) or none (aucun); "
              "additions: rope (turns Q and K by position) and alibi (−m·|i − j| on the scores), nothing added at the input."};
    e.side_b = true;  // the default confirmation: "position : sinus"
    return e;
}

SettingEntry residual() {
    SettingEntry e = on_off_setting("residual", "residuel", "résiduel", &Settings::residual);
    e.subject = "la connexion résiduelle";
    e.control_row = 7;
    e.label = {"connexion résiduelle", "residual connection"};
    e.tooltip = {"Avec le résidu la sous-couche calcule x + F(x) : elle corrige le vecteur au lieu de le remplacer.",
                 "With the residual the sublayer computes x + F(x): it corrects the vector instead of replacing it."};
    e.help = {"Active ou coupe la connexion résiduelle autour de chaque sous-couche.",
              "Turns the residual connection around each sublayer on or off."};
    e.side_b = true;
    e.confirm = [](const Settings& s) {
        const Text on{"connexion résiduelle active : ", "residual connection on: "};
        const Text off{"connexion résiduelle coupée : ", "residual connection cut: "};
        return (s.residual ? on : off) + same(formula_text(sublayer_formula(s)));  // the strip's own writer
    };
    return e;
}

SettingEntry norm() {
    SettingEntry e = choice_setting("norm", "norme", "norme", &Settings::norm, kNormWords);
    e.subject = "la normalisation";
    e.control_row = 5;
    e.label = {"normalisation", "normalization"};
    e.tooltip = {"LayerNorm : (x − μ)/√(σ² + ε) · gain + biais, donc norme √d tant que le gain vaut 1 et le biais 0 "
                 "(au départ ; l'entraînement les apprend) ; pré-norme x + F(LN(x)), post-norme LN(x + F(x)), ou aucune.",
                 "LayerNorm: (x − μ)/√(σ² + ε) · gain + bias, hence norm √d while the gain is 1 and the bias 0 (at "
                 "first; training learns them); pre-norm x + F(LN(x)), post-norm LN(x + F(x)), or none."};
    e.help = {"Place la normalisation de couche avant (pre), après (post) ou nulle part.",
              "Places layer normalization before (pre), after (post) the sublayers, or nowhere (aucune)."};
    e.side_b = true;
    e.confirm = [](const Settings& s) { return Text{"normalisation : ", "normalization: "} + same(to_string(s.norm)); };
    return e;
}

SettingEntry norm_type() {
    SettingEntry e = choice_setting("norm_type", "normalisation", "type de norme", &Settings::norm_type, kNormTypeWords);
    e.subject = "le type de normalisation";
    e.control_row = 6;
    e.added_later = true;
    e.label = {"type de norme", "norm type"};
    e.tooltip = {"LayerNorm : g ⊙ (x − μ)/√(σ² + ε) + b (centre puis réduit). RMSNorm : g ⊙ x/√(moyenne(x²) + ε), "
                 "sans centrage ni biais (Llama). Sur [1, 3] : LayerNorm donne [−1, 1], RMSNorm [1, 3]/√5.",
                 "LayerNorm: g ⊙ (x − μ)/√(σ² + ε) + b (centres, then scales). RMSNorm: g ⊙ x/√(mean(x²) + ε), "
                 "no centring and no bias (Llama). On [1, 3]: LayerNorm gives [−1, 1], RMSNorm [1, 3]/√5."};
    e.help = {"Ajout : type de la normalisation, là où /norme la place : LayerNorm (centre et réduit, gain et biais) "
              "ou RMSNorm (divise par la moyenne quadratique, gain seul).",
              "Addition: the norm's type, wherever /norme places it: LayerNorm (centres and scales, gain and bias) "
              "or RMSNorm (divides by the root mean square, gain only)."};
    e.side_b = true;
    e.confirm = [](const Settings& s) {
        return s.norm_type == NormType::RmsNorm
                   ? Text{"normalisation RMSNorm : g ⊙ x/√(moyenne(x²) + ε), sans centrage ni biais",
                          "RMSNorm normalization: g ⊙ x/√(mean(x²) + ε), no centring and no bias"}
                   : Text{"normalisation LayerNorm : g ⊙ (x − μ)/√(σ² + ε) + b",
                          "LayerNorm normalization: g ⊙ (x − μ)/√(σ² + ε) + b"};
    };
    return e;
}

SettingEntry ffn() {
    SettingEntry e = integer_setting("ffn", "ffn", "ffn", &Settings::ffn, Settings::kMinFfn, Settings::kMaxFfn);
    e.subject = "la largeur du FFN";
    e.control_row = 3;
    e.label = {"largeur FFN w", "FFN width w"};
    e.live_tooltip = [](const Settings& s) {
        if (gated(s.activation)) {  // SwiGLU, GeGLU: the gate W₁ and the value W₃, three matrices
            const std::string name = label_in(kActivationWords, static_cast<int>(s.activation));
            const std::string f = "W₂(" + gate_name(s.activation) + "(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂";
            return Text{"Le FFN " + name + " calcule " + f + " : la porte W₁ et la valeur W₃ ont w neurones chacune, "
                        "3 matrices, 2(d·w + w) + w·d + d paramètres.",
                        "The " + name + " FFN computes " + f + ": the gate W₁ and the value W₃ have w neurons each, "
                        "3 matrices, 2(d·w + w) + w·d + d parameters."};
        }
        const std::string f = label_in(kActivationWords, static_cast<int>(s.activation));
        return Text{"Le FFN calcule W₂·" + f + "(W₁·x + b₁) + b₂ avec une couche cachée de w neurones : 2·d·w + w + d paramètres.",
                    "The FFN computes W₂·" + f + "(W₁·x + b₁) + b₂ with a hidden layer of w neurons: 2·d·w + w + d parameters."};
    };
    e.tooltip = e.live_tooltip(Settings{});
    e.help = {"Largeur w de la couche cachée du réseau feed-forward.", "Width w of the feed-forward network's hidden layer."};
    e.side_b = true;
    e.send_on_release = true;  // a drag from 8 to 64 is one command, not fifty
    e.confirm = [](const Settings& s) { return Text{"largeur du FFN : w = ", "FFN width: w = "} + count_text(s.ffn); };
    return e;
}

SettingEntry dimension() {
    SettingEntry e = integer_setting("dimension", "dimension", "dimension", &Settings::dimension, 8, 16,
                                     {{"8", 8, {"d = 8", "d = 8"}}, {"16", 16, {"d = 16", "d = 16"}}});
    e.subject = "la dimension";
    e.control_row = 2;
    e.label = {"dimension d", "dimension d"};
    e.tooltip = {"Taille des vecteurs : l'attention a 4(d² + d) paramètres, quadratique en d ; de 8 à 16, × 3,8 "
                 "(288 → 1\u202F088), × 4 sur le terme d².",
                 "Size of the vectors: attention has 4(d² + d) parameters, quadratic in d; from 8 to 16, × 3.8 "
                 "(288 → 1,088), × 4 on the d² term."};
    e.help = {"Dimension d des vecteurs (8 ou 16).", "Dimension d of the vectors (8 or 16)."};
    e.side_b = true;
    e.confirm = [](const Settings& s) { return Text{"dimension : d = ", "dimension: d = "} + count_text(s.dimension); };
    return e;
}

SettingEntry mask() {
    SettingEntry e = choice_setting("mask", "masque", "masque", &Settings::mask, kMaskWords);
    e.subject = "le masque";
    e.control_row = 10;
    e.label = {"masque", "mask"};
    e.tooltip = {"causal : un mot ne voit que lui-même et les mots d'avant (score −∞ avant le softmax), comme dans GPT. "
                 "aucun : chaque mot voit toute la phrase (l'encodeur du salon).",
                 "causal: a word sees only itself and the words before it (score −∞ before the softmax), as in GPT. "
                 "aucun: every word sees the whole sentence (the channel's encoder)."};
    e.help = {"Ajout : masque causal (un token ne voit que lui-même et ceux qui le précèdent, comme GPT) ou aucun.",
              "Addition: a causal mask (a token sees only itself and those before it, as in GPT) or none (aucun)."};
    e.side_b = true;
    e.confirm = [](const Settings& s) {
        return s.mask == Mask::Causal
                   ? Text{"masque causal : chaque token ne voit que le passé", "causal mask: each token sees only the past"}
                   : Text{"sans masque : chaque token voit toute la phrase", "no mask: each token sees the whole sentence"};
    };
    return e;
}

SettingEntry activation() {
    SettingEntry e = choice_setting("activation", "activation", "activation", &Settings::activation, kActivationWords);
    e.subject = "l'activation";
    e.control_row = 9;
    e.label = {"activation", "activation"};
    e.tooltip = {"GELU (GPT-2) : W₂·GELU(W₁x + b₁) + b₂, GELU(x) = x·Φ(x), lisse ; ReLU : W₂·ReLU(W₁x + b₁) + b₂, "
                 "max(0, x) met tout négatif à 0 : un neurone est alors exactement actif ou éteint. FFN à porte, "
                 "3 matrices, 2(d·w + w) + w·d + d paramètres : SwiGLU (Llama) W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂, "
                 "SiLU(x) = x·σ(x) ; GeGLU W₂(GELU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂.",
                 "GELU (GPT-2): W₂·GELU(W₁x + b₁) + b₂, GELU(x) = x·Φ(x), smooth; ReLU: W₂·ReLU(W₁x + b₁) + b₂, "
                 "max(0, x) sets every negative to 0: a neuron is then exactly on or off. Gated FFNs, 3 matrices, "
                 "2(d·w + w) + w·d + d parameters: SwiGLU (Llama) W₂(SiLU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂, "
                 "SiLU(x) = x·σ(x); GeGLU W₂(GELU(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂."};
    e.help = {"Ajout : non-linéarité du FFN, GELU (lisse) ou ReLU (tout négatif à 0 ; avec son biais, un neurone "
              "peut agir comme un ET de ses entrées), ou un FFN à porte SwiGLU / GeGLU (une 3e matrice W₃).",
              "Addition: the FFN's non-linearity, GELU (smooth) or ReLU (every negative to 0; with its bias, a neuron "
              "can act as an AND of its inputs), or a gated FFN SwiGLU / GeGLU (a third matrix W₃)."};
    e.side_b = true;
    e.confirm = [](const Settings& s) {
        const Text plain = Text{"activation du FFN : ", "FFN activation: "} + same(to_string(s.activation));
        if (!gated(s.activation)) return plain;
        return plain + same(" — W₂(" + gate_name(s.activation) + "(W₁x + b₁) ⊙ (W₃x + b₃)) + b₂");
    };
    return e;
}

// Its command (/phrase) counts the words with the vocabulary; validate() checks them too.
SettingEntry sentence() {
    SettingEntry e = field(SettingKind::FreeText, "sentence", "phrase", "phrase", &Settings::sentence);
    e.subject = "la phrase";
    e.control_row = 11;
    e.label = {"phrase", "sentence"};
    const std::string lo = std::to_string(Settings::kMinWords), hi = std::to_string(Settings::kMaxTokens);
    e.tooltip = {"La phrase propagée (" + lo + " à " + hi + " mots) ; chaque mot devient un token, donc une bille. Entrée pour valider.",
                 "The sentence sent through the stack (" + lo + " to " + hi + " words); each word becomes a token, hence a bead. Enter to apply."};
    e.own_command = true;
    e.drops_training = false;  // a trained model reads any sentence
    e.to_json = [](const Settings& s) { return json(s.sentence); };
    e.from_json = [](const json& j, Settings& s) { return j.is_string() && (s.sentence = j.get<std::string>(), true); };
    return e;
}

SettingEntry step() {
    SettingEntry e = integer_setting("step", "etape", "étape", &Settings::step, 0, 2 * Settings::kMaxLayers + 1);
    e.subject = "l'étape";
    e.label = {"étape", "step"};
    e.tooltip = {"Arrête les billes au niveau n : 0 = entrée, 1..2L = sous-couches, 2L+1 = sortie.",
                 "Stops the beads at level n: 0 = input, 1..2L = sublayers, 2L+1 = output."};
    e.model = false;  // where the beads stop: nothing is recomputed
    e.drops_training = false;
    e.own_command = true;
    e.top = [](const Settings& s) { return s.top_level(); };
    e.top_name = "2L+1";
    return e;
}

SettingEntry seed() {
    SettingEntry e = field(SettingKind::Seed, "seed", "graine", "graine", &Settings::seed);
    e.subject = "la graine";
    e.own_command = true;
    e.to_json = [](const Settings& s) { return json(s.seed); };
    e.from_json = [](const json& j, Settings& s) {
        return j.is_number_unsigned() && (s.seed = j.get<std::uint64_t>(), true);
    };
    return e;
}

// h and h_kv: one command over two entries, /tetes h [h_kv], written in commands.cpp.
SettingEntry heads() {
    SettingEntry e = integer_setting("heads", "", "têtes", &Settings::heads, 1, 8);
    e.subject = "le nombre de têtes";
    e.control_row = 8;
    e.label = {"têtes", "heads"};
    e.tooltip = {"Choix « h / h_kv » : h têtes de requêtes Q, h_kv têtes de clés et valeurs K/V (d_h = d/h pair, h_kv divise h). "
                 "La tête Q i lit la tête K/V ⌊i/(h/h_kv)⌋ : MHA (h_kv = h), GQA (entre), MQA (h_kv = 1), un cache KV h/h_kv "
                 "fois plus petit. K et V : 2(d·h_kv·d_h + h_kv·d_h) paramètres ; h seul ne change pas le compte.",
                 "Choice “h / h_kv”: h query heads Q, h_kv key and value heads K/V (d_h = d/h even, h_kv divides h). Query "
                 "head i reads K/V head ⌊i/(h/h_kv)⌋: MHA (h_kv = h), GQA (between), MQA (h_kv = 1), a KV cache h/h_kv times "
                 "smaller. K and V: 2(d·h_kv·d_h + h_kv·d_h) parameters; h alone does not change the count."};
    e.shared_command = "tetes";
    e.side_b = true;
    // The heads rule, written once: d_h = d/h an even integer (/tetes and its refusals read it).
    const auto splits = [](int d, int h) { return d % h == 0 && (d / h) % 2 == 0; };
    e.check = [splits, lo = e.lo, hi = e.hi](const Settings& s) -> std::optional<std::string> {
        if (splits(s.dimension, s.heads)) return std::nullopt;
        std::vector<std::string> fitting;
        for (int h = lo; h <= hi; ++h)
            if (splits(s.dimension, h)) fitting.push_back(std::to_string(h));
        const std::string fits = fitting.empty() ? "" : one_of(fitting).fr;
        return "les têtes : d = " + std::to_string(s.dimension) + " ne se partage pas en h = " + std::to_string(s.heads) +
               " têtes de dimension paire (d_h = d/h doit être un entier pair" +
               (fits.empty() ? "" : " : h = " + fits + " à d = " + std::to_string(s.dimension) + ", /tetes") + ")";
    };
    return e;
}

SettingEntry kv_heads() {
    SettingEntry e = integer_setting("kv_heads", "", "têtes K/V", &Settings::kv_heads, 1, 8);
    e.subject = "le nombre de têtes K/V";
    e.added_later = true;
    e.shared_command = "tetes";
    e.side_b = true;
    e.check = [](const Settings& s) -> std::optional<std::string> {
        if (s.heads % s.kv_heads == 0) return std::nullopt;
        return "les têtes K/V : h_kv = " + std::to_string(s.kv_heads) + " ne divise pas h = " + std::to_string(s.heads);
    };
    return e;
}

// RoPE's base: in the trace with its one value, as heads was before /tetes.
SettingEntry rope_base() {
    SettingEntry e = integer_setting("rope_base", "", "base RoPE", &Settings::rope_base, 10000, 10000);
    e.subject = "la base de RoPE";
    e.added_later = true;
    return e;
}

}  // namespace

const std::vector<SettingEntry>& settings_table() {
    static const std::vector<SettingEntry> table = {layers(),     position(), residual(), norm(),
                                                    ffn(),        dimension(), mask(),    activation(),
                                                    norm_type(),  sentence(), step(),     seed(),
                                                    heads(),      kv_heads(),  rope_base(),
                                                    batch_size(), learning_rate(), warmup_steps()};
    return table;
}

const char* to_string(Position p) { return name_in(kPositionWords, static_cast<int>(p)); }
const char* to_string(Norm n) { return name_in(kNormWords, static_cast<int>(n)); }
const char* to_string(Mask m) { return name_in(kMaskWords, static_cast<int>(m)); }
const char* to_string(Activation a) { return name_in(kActivationWords, static_cast<int>(a)); }
const char* to_string(NormType t) { return name_in(kNormTypeWords, static_cast<int>(t)); }

}  // namespace tb
