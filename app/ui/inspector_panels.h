#pragma once
// "Inside the sublayers": the inspector's tabs and its nine panels (/panneau), one file each.
// Every number they show is read from the trace or computed by core/ functions on it.
#include <memory>
#include <string>

#include "inspector/generation.h"
#include "inspector/sweep.h"
#include "inspector/inspector_feature.h"
#include "live_training/live_training.h"
#include "live_training/live_sweep.h"
#include "ui/help.h"
#include "model/vocabulary.h"
#include "course/worked_examples.h"

namespace tb {

void draw_inspector_tabs(const Rect& rect, Panel current, const CommandSink& send, Language language);
// The panels read the inspector's choices and never write them: each widget sends its /panneau
// line (inspector/choices.h), as the tabs send /panneau attention.
// `head` is the head the cross-section draws (0-based): clicking a heatmap sends /vue tete.
void draw_attention_panel(const Rect& rect, const Trace& trace, const InspectorState& state, int head, const CommandSink& send,
                          Language language);
// With the model chosen, it names the neurons of the block that push the word the output predicts
// for the chosen token most (neuron_pushes).
void draw_neurons_panel(const Rect& rect, const Trace& trace, const Vocabulary& vocabulary, const InspectorState& state,
                        const CommandSink& send, Language language);
// `level` is the level the playhead is in: the chosen token's vector there is normalized by hand.
void draw_layer_norm_panel(const Rect& rect, const Trace& trace, const InspectorState& state, int level, const CommandSink& send,
                           Language language);
// `data` was computed by the Inspector when the trace changed (nothing drawn when it is missing).
// With a training run (`training` has recorded steps), the panel shows the gradients along the
// training instead: the latest record by sublayer, step 1's beside it, each side of an A/B.
void draw_gradients_panel(const Rect& rect, const Trace& trace, const GradientData* data, const TrainingSnapshot* training,
                          const CommandSink& send, Language language);
// Its second view (/panneau raschka): Raschka's five layers, his published table beside our draw.
void draw_raschka_panel(const Rect& rect, const Trace& trace, const GradientData* data, const CommandSink& send, Language language);
// The gradients tab's two views (ce modèle, Raschka) as a row of small buttons, the open one in yellow.
void draw_gradients_family_row(Panel current, const CommandSink& send, Language language);
// The output tab's three views (la sortie, the lens, the generation), the same way.
void draw_output_family_row(Panel current, const CommandSink& send, Language language);
// The training tab's two views (the live curve, the last sweep), the same way.
void draw_training_family_row(Panel current, const CommandSink& send, Language language);
// /panneau graines: the last /graines (`sweep`, null when none), its curves, verdict and rows (inspector/sweep.h);
// above it, while a sweep runs in the background, how far it has come (`running`, else null).
void draw_sweep_panel(const Rect& rect, const Sweep* sweep, const SweepProgress* running, const CommandSink& send, Language language);
// The scale tab's three views (paramètres, mémoire, superposition) as one row of buttons at the
// top of each, the open one in yellow: a click sends /panneau echelle|memoire|superposition.
void draw_scale_family_row(Panel current, const CommandSink& send, Language language);
void draw_scale_panel(const Rect& rect, const Trace& trace, const InspectorState& state, const CommandSink& send, Language language);
// `b`: side B's trace in A/B (its table under A's), else null.
void draw_output_panel(const Rect& rect, const Trace& trace, const Trace* b, const Vocabulary& vocabulary, const CommandSink& send,
                       Language language);
// The logit lens, levels × tokens; `data` was computed by the Inspector when the trace changed (nothing
// drawn when it is missing); `level` is the level the playhead is in (its row is framed).
// `send` is null in presenter mode (no row of views there).
void draw_lens_panel(const Rect& rect, const Trace& trace, const LensData* data, int level, const CommandSink* send, Language language);
// /panneau generation: the word being chosen (`word`, 1..N) of the generation shown (`g`, null
// when none), its logits and probabilities, the cache and the multiply-adds (inspector/generation.h).
void draw_generation_panel(const Rect& rect, const Generation* g, int word, const std::vector<std::string>& words,
                           const CommandSink& send, Language language);
// Seed 002's shapes and memory: this model's and the example's tensors, the scores, a preset's KV cache.
void draw_memory_panel(const Rect& rect, const Trace& trace, const InspectorState& state, const CommandSink& send, Language language);
// Seed 004's superposition: `data` was counted by the Inspector when the panel opened (nothing drawn when missing).
void draw_superposition_panel(const Rect& rect, const Trace& trace, const SuperpositionData* data, const CommandSink& send,
                              Language language);

// The loss curve of the live training (/panneau entrainement), from the worker's latest snapshot;
// `send` is null in presenter mode (no controls there).
void draw_training_panel(const Rect& rect, const TrainingSnapshot& snapshot, const Settings& settings, const CommandSink* send,
                         Language language);

}  // namespace tb
