#include "text/text.h"

#include "model/settings_table.h"
#include "model/trace.h"

#include <utility>
#include <vector>

namespace tb {

namespace {
const Strings kFrench{
    "transformer-bloc",
    "transformer-bloc — un bloc transformer vu en coupe",
    "paramètres : blocs %s · total %s",
    "graine %s",
    "Propager", "Réinitialiser", "Paramètres",
    "Réglages",
    "tête d'attention", "Chaque tête calcule softmax(Q·K⊤/√d_h) sur son sous-espace de d/h composantes ; on dessine les poids de celle-ci.",
    "secondes par sous-couche", "La durée de passage d'une sous-couche pendant l'animation (ne change pas le calcul).",
    "Console", "/aide liste les commandes · Tab complète · ↑/↓ historique",
    "embeddings + positions", "attention", "FFN", "sortie", "norme", "norme finale",
    "▶ lecture", "❚❚ pause", "◀ étape", "étape ▶",
    "Glisser pour revoir le passage ; les boutons d'étape envoient /etape n.",
    "Profil des normes ‖x‖ par niveau", "log", "linéaire", "passage précédent (pâle)", "niveau",
    "similarité cosinus moyenne (1 = effondrement)",
    "Légende",
    "secteurs = direction, un par composante : x_j / rms(x)",
    "Chaque bille est coupée en d secteurs, dans l'ordre des composantes depuis midi, dans le sens des aiguilles "
    "d'une montre. Le secteur j montre x_j / rms(x), c'est-à-dire le vecteur ramené à la norme √d : bleu négatif, "
    "gris nul, orange positif (une seule échelle, lisible par les daltoniens). Deux vecteurs proches ont le même motif ; "
    "deux vecteurs identiques, la même bille. Le contour et l'étiquette gardent la couleur du mot, qui le suit partout.",
    "contour, étiquette = le mot · bille pâle = niveau passé",
    "surface = norme ‖x‖ · pointillé = norme √d",
    "anneau blanc : au-delà de l'échelle · petit cercle : en deçà",
    "arc jaune = résidu, ⊕ = addition",
    "secteurs : direction", "surface : norme ‖x‖", "pointillé : norme √d", "contour : le mot",
    "Détail des paramètres", "terme", "formule", "valeur", "part",
    "modèle jouet", "GPT-2 small (même formule)", "Fermer",
    "Espace : propager · ←/→ : étape · R : résidu · N : norme · P : position · +/− : couches · F5 : présentateur · F11 : plein écran · Ctrl +/− : texte",
    "Bienvenue dans #transformer-bloc. Tape /propager (ou Espace) pour envoyer la phrase à travers la pile ; "
    "/aide liste les commandes.",
};

const Strings kEnglish{
    "transformer-bloc",
    "transformer-bloc — a transformer block in cross-section",
    "parameters: blocks %s · total %s",
    "seed %s",
    "Propagate", "Reset", "Parameters",
    "Settings",
    "attention head", "Each head computes softmax(Q·K⊤/√d_h) on its subspace of d/h features; the lines show this head's weights.",
    "seconds per sublayer", "How long the beads take through one sublayer in the animation (does not change the computation).",
    "Console", "/aide lists the commands · Tab completes · ↑/↓ history",
    "embeddings + positions", "attention", "FFN", "output", "norm", "final norm",
    "▶ play", "❚❚ pause", "◀ step", "step ▶",
    "Drag to replay the pass; the step buttons send /etape n.",
    "Norm profile ‖x‖ by level", "log", "linear", "previous pass (faint)", "level",
    "mean cosine similarity (1 = collapse)",
    "Legend",
    "sectors = direction, one per component: x_j / rms(x)",
    "Each bead is cut into d sectors, the components in order from twelve o'clock, clockwise. Sector j shows "
    "x_j / rms(x), the vector brought to the norm √d: blue negative, grey zero, orange positive (one scale, readable "
    "with colour blindness). Close vectors have the same pattern; identical vectors, the same bead. The outline and "
    "the tag keep the word's colour, which follows it everywhere.",
    "outline, tag = the word · faint bead = level passed",
    "area = norm ‖x‖ · dashed ring = norm √d",
    "white ring: beyond the scale · small circle: below it",
    "yellow arc = residual, ⊕ = addition",
    "sectors: direction", "area: norm ‖x‖", "dashed: norm √d", "outline: the word",
    "Parameter breakdown", "term", "formula", "value", "share",
    "toy model", "GPT-2 small (same formula)", "Close",
    "Space: propagate · ←/→: step · R: residual · N: norm · P: position · +/−: layers · F5: presenter · F11: full screen · Ctrl +/−: text",
    "Welcome to #transformer-bloc. Type /propager (or Space) to send the sentence through the stack; "
    "/aide lists the commands; /langue fr switches back to French.",
};
}  // namespace

const Strings& text_in(Language language) { return language == Language::English ? kEnglish : kFrench; }

std::string level_label(Language language, int index, int layers, LabelLength length) {
    const bool ends = index == 0 || index == 2 * layers + 1;
    if (length == LabelLength::Full || (ends && length == LabelLength::Medium)) return level_name(index, layers, language);
    const std::string block = std::to_string((index + 1) / 2);
    if (length == LabelLength::Medium) return (index % 2 ? "att " : "ffn ") + block;
    if (index == 0) return language == Language::English ? "I" : "E";
    if (ends) return language == Language::English ? "O" : "S";
    return (index % 2 ? "a" : "f") + block;
}

std::vector<std::pair<const char*, const char*>> string_table_pairs() {
    // Strings is a struct of const char* only: walk both tables field by field.
    constexpr std::size_t count = sizeof(Strings) / sizeof(const char*);
    const auto* fr = reinterpret_cast<const char* const*>(&kFrench);
    const auto* en = reinterpret_cast<const char* const*>(&kEnglish);
    std::vector<std::pair<const char*, const char*>> pairs;
    for (std::size_t i = 0; i < count; ++i) pairs.emplace_back(fr[i], en[i]);
    // The settings' labels and tooltips moved to the settings table: still the interface's strings.
    for (const auto& e : settings_table()) {
        if (e.label.fr.empty()) continue;
        pairs.emplace_back(e.label.fr.c_str(), e.label.en.c_str());
        pairs.emplace_back(e.tooltip.fr.c_str(), e.tooltip.en.c_str());
        for (const SettingWord* w : named_values(e)) pairs.emplace_back(w->label.fr.c_str(), w->label.en.c_str());
    }
    return pairs;
}

}  // namespace tb
