#pragma once
// The inspector's choices: the open panel and what its widgets chose (the block, the word, the
// neuron, the concepts, the scale's model, the typed vector, the memory's preset), and /panneau,
// the one command that sets them. The widgets send it as any button does, so that a lesson or a
// script sets the same state, the log echoes it and a saved session keeps it (InspectorView).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.h"
#include "model/weights.h"
#include "persist/inspector_view.h"

namespace tb {

enum class Panel { None, Attention, Neurons, Norm, Gradients, Scale, Output, Lens, Raschka, Memory, Superposition, Training, Generation, Sweep };

// The /panneau words, in tab order (aucun last): "attention", "neurones", "norme", "gradients",
// "echelle", "sortie", "lentille", "raschka", "memoire", "superposition", "entrainement", "generation", "graines", "aucun".
const std::vector<std::string>& panel_words();
const char* panel_word(Panel panel);
// Case- and accent-insensitive ("Échelle" -> Scale); nothing for an unknown word.
std::optional<Panel> parse_panel(std::string_view word);

// The memory panel's KV cache: a preset at a context and a batch.
struct MemoryChoice {
    std::string preset = "gpt2-small";
    std::int64_t context = 1024, batch = 1;
};
// A refusal shown beside the field that caused it (the previous value is kept); empty when accepted.
struct CountEdit {
    std::string error, error_en;
};

// The neurons panel's « Thomas Pesquet » concepts, in the order of its checkboxes.
inline constexpr const char* kConceptNames[4] = {"Thomas", "Pesquet", "Marie", "Curie"};
// The scale panel's row 0 (this model) in /panneau modele; the other rows are scale_preset_names().
inline constexpr const char* kThisModelWord = "ce-modele";

// What the panels remember between frames (the Inspector's, not statics).
struct InspectorState {
    Panel panel = Panel::None;
    int block = 1;    // attention and FFN panels
    int token = 0;    // FFN and layer-norm panels
    int neuron = 0;   // the FFN neuron read (a click; hovering shows another without choosing it)
    bool fact_demo = false;  // neurons panel: the « Thomas Pesquet » network instead of the model
    bool norm_token = false; // layer-norm panel: the chosen token instead of the typed vector
    // The vector field's own text (its edit buffer, not a choice): Enter sends it as /panneau vecteur.
    mutable char vector_text[160] = "2 4 4 4 5 5 7 9";
    Vector vector = (Vector(8) << 2, 4, 4, 4, 5, 5, 7, 9).finished();
    CountEdit vector_error;    // the last refused vector's message, shown under the field
    bool concepts[4] = {true, true, false, false};  // kConceptNames
    int scale_model = 1;       // scale panel: the row whose figures are detailed (GPT-2 small)
    MemoryChoice memory;       // memory panel: the preset, context and batch of the KV cache
    CountEdit memory_error;    // the last refused context or batch, shown under the fields
};

// /panneau <attention|…|aucun> opens a panel (aucun: closes it); /panneau VERBE VALEUR sets a
// choice, checked against the live model (a block it has, a word of its sentence…):
//   bloc N · mot N · neurone N (1-based) · pesquet on|off · entree vecteur|mot · vecteur 2 4 4 5 ·
//   concepts thomas pesquet|aucun · modele ce-modele|gpt2-small|… · cache PRESET · contexte N · lot N
// A bad value gets the channel's refusal and changes nothing.
Command make_panel_command(InspectorState& state);

// The lines a widget sends (the same words as above), so that the panels never spell a verb.
std::string concepts_line(const bool (&concepts)[4]);

// A saved session's part of it, and back (the ranges of the live model are applied where drawn).
void save_choices(const InspectorState& state, InspectorView& view);
void restore_choices(const InspectorView& view, InspectorState& state);

}  // namespace tb
