#include "text.h"

namespace tb {

namespace {
const Strings kFrench{
    "transformer-bloc",
    "transformer-bloc — un bloc transformer vu en coupe",
    "paramètres : blocs %s · total %s",
    "graine %s",
    "Propager", "Réinitialiser", "Paramètres",
    "Réglages",
    "couches L", "Nombre L de blocs empilés : le nombre de paramètres des blocs est linéaire en L (L × par bloc).",
    "largeur FFN w", "Le FFN calcule W₂·GELU(W₁·x + b₁) + b₂ avec une couche cachée de w neurones : 2·d·w + w + d paramètres.",
    "encodage positionnel",
    "On ajoute à l'embedding du token un vecteur de position : sinus et cosinus (P[p,2k] = sin(p/10000^(2k/d))), une table apprise, ou rien.",
    "sinus", "appris", "aucun",
    "normalisation",
    "LayerNorm : (x − μ)/√(σ² + ε) · gain + biais, donc norme √d ; pré-norme x + F(LN(x)), post-norme LN(x + F(x)), ou aucune.",
    "pré", "post", "aucune",
    "dimension d", "Taille des vecteurs : l'attention a 4(d² + d) paramètres, quadratique en d (×4 quand d double).",
    "connexion résiduelle", "Avec le résidu la sous-couche calcule x + F(x) : elle corrige le vecteur au lieu de le remplacer.",
    "phrase", "La phrase propagée (2 à 8 mots) ; chaque mot devient un token, donc une bille. Entrée pour valider.",
    "étape", "Arrête les billes au niveau n : 0 = entrée, 1..2L = sous-couches, 2L+1 = sortie.",
    "tête d'attention", "Chaque tête calcule softmax(Q·K⊤/√d_h) sur son sous-espace de d/h composantes ; on dessine les poids de celle-ci.",
    "secondes par sous-couche", "La durée de passage d'une sous-couche pendant l'animation (ne change pas le calcul).",
    "Console", "/aide liste les commandes · Tab complète · ↑/↓ historique",
    "embeddings + positions", "attention", "FFN", "sortie", "norme", "norme finale",
    "▶ lecture", "❚❚ pause", "◀ étape", "étape ▶",
    "Glisser pour revoir le passage ; les boutons d'étape envoient /etape n.",
    "Profil des normes ‖x‖ par niveau", "log", "linéaire", "passage précédent (pâle)", "niveau",
    "similarité cosinus moyenne (effondrement)",
    "Légende",
    "couleur = direction du vecteur, projetée sur 3 directions fixes de ℝ^d : l'angle dans les deux premières donne "
    "la teinte, la troisième la luminosité. Même direction, même couleur, à tous les niveaux.",
    "taille = norme ‖x‖ (échelle log de 0,1 à 100) ; après une bande grise, norme √d.",
    "anneau blanc = hors échelle (norme > 100 ou < 0,1)",
    "arc jaune = connexion résiduelle, ⊕ = addition",
    "Détail des paramètres", "terme", "formule", "valeur", "part",
    "modèle jouet", "GPT-2 small (même formule)", "Fermer",
    "Espace : propager · ←/→ : étape · R : résidu · N : norme · P : position · +/− : couches · F11 : plein écran · Ctrl +/− : texte",
    "Bienvenue dans #transformer-bloc. Tape /propager (ou Espace) pour envoyer la phrase à travers la pile ; "
    "/aide liste les commandes.",
};

Language current = Language::French;  // one interface, one language at a time
}  // namespace

void set_language(Language language) { current = language; }
Language language() { return current; }

const Strings& text() { return kFrench; }

}  // namespace tb
