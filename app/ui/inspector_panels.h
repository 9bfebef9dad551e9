#pragma once
// "Inside the sublayers": the inspector's tabs and its six panels (/panneau), one file each.
// Every number they show is read from the trace or computed by core/ functions on it.
#include <memory>
#include <string>

#include "inspector/inspector.h"
#include "ui/help.h"
#include "vocabulary.h"
#include "worked_examples.h"

namespace tb {

// What the panels remember between frames (owned by the App, not statics).
struct InspectorState {
    Panel panel = Panel::None;
    int block = 1;    // attention and FFN panels
    int token = 0;    // FFN and layer-norm panels
    int neuron = 0;   // the FFN neuron read (hover or click)
    bool fact_demo = false;  // neurons panel: the « Thomas Pesquet » network instead of the model
    bool norm_token = false; // layer-norm panel: the chosen token instead of the typed vector
    char vector_text[160] = "2 4 4 4 5 5 7 9";
    Vector vector = (Vector(8) << 2, 4, 4, 4, 5, 5, 7, 9).finished();
    std::string vector_error;  // the last bad entry's message (the previous vector is kept)
    bool concepts[4] = {true, true, false, false};  // Thomas, Pesquet, Marie, Curie
    // Gradients: computed once per trace (two backward passes and a forward pass), not per frame.
    std::shared_ptr<const Trace> gradients_for;
    GradientComparison gradients;
    ShortcutExperiment shortcut;
};

void draw_inspector_tabs(const Rect& rect, Panel current, const CommandSink& send);
// `head` is the App's head choice (the cross-section draws its lines): clicking a heatmap sets it.
void draw_attention_panel(const Rect& rect, const Trace& trace, InspectorState& state, int& head);
void draw_neurons_panel(const Rect& rect, const Trace& trace, InspectorState& state);
// `level` is the level the playhead is in: the chosen token's vector there is normalized by hand.
void draw_layer_norm_panel(const Rect& rect, const Trace& trace, InspectorState& state, int level);
void draw_gradients_panel(const Rect& rect, const std::shared_ptr<const Trace>& trace, InspectorState& state,
                          const CommandSink& send);
void draw_scale_panel(const Rect& rect, const Trace& trace);
void draw_output_panel(const Rect& rect, const Trace& trace, const Vocabulary& vocabulary);

}  // namespace tb
