#pragma once
// The inspector as a feature: the open panel (/panneau) and the panels' choices, the parameter
// breakdown's window (/parametres opens it), and the data the panels show, computed when the trace
// changes (or the panel opens), never while drawing.
#include <memory>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "model/predictions.h"
#include "inspector/inspector.h"
#include "persist/view_state.h"
#include "course/superposition.h"
#include "course/worked_examples.h"

namespace tb {

// The superposition panel's data: seed 004's fractions, drawn once per seed.
struct SuperpositionData {
    std::uint64_t seed = 0;
    std::vector<SuperpositionRow> rows;  // empty until the panel has been opened
};

// The gradients panel's data: two backward passes and a forward pass, once per trace.
struct GradientData {
    std::shared_ptr<const Trace> trace;  // the trace they were computed for
    GradientComparison comparison;
    ShortcutExperiment shortcut;  // Raschka's network drawn from the trace's seed
    ShortcutSpread spread{};      // with / without at layer 1 over seeds 1 … 100 (the same for every trace)
};

// The lens panel's data: the logit lens of one trace (predictions.h), computed once per trace; in
// A/B side B's too (the panel draws both).
struct LensData {
    std::shared_ptr<const Trace> trace;
    std::vector<std::vector<Prediction>> lens;  // [2L+2][n]
    std::shared_ptr<const Trace> trace_b;       // null without side B
    std::vector<std::vector<Prediction>> lens_b;
};

// /parametres in the window (issue 34): the breakdown is a table of aligned columns, which the
// console's proportional text would scatter into fragments, and it opens in its own window; so the
// console says the total and where the detail is, on one line: « 5 584 paramètres, dont 1 744 dans
// les blocs : le détail, terme par terme, dans la fenêtre « Détail des paramètres » ». Presenter
// mode draws no such window, and the reply says so. (Headless, /parametres prints the table.)
Text parameters_reply(const Trace& trace, bool presenter);

class Inspector {
public:
    // /panneau: opens a panel, or sets one of its choices (inspector/choices.h).
    std::vector<Command> commands() { return {make_panel_command(state_)}; }

    Panel panel() const { return state_.panel; }
    InspectorState& state() { return state_; }
    const InspectorState& state() const { return state_; }

    // What a saved session keeps of the choices (the open panel is not kept, as before).
    void save(ViewState& v) const { save_choices(state_, v.inspector); }
    void restore(const ViewState& v) { restore_choices(v.inspector, state_); }

    // The parameter breakdown's window: /parametres opens it, its Close button closes it.
    bool& parameters_open() { return parameters_open_; }

    // Computes what the open panel shows for `trace` if it has not been computed for it yet.
    // `b` is side B's trace and vocabulary in A/B (the lens reads it too), else null.
    void update(const std::shared_ptr<const Trace>& trace, const Vocabulary& vocabulary, const std::shared_ptr<const Trace>& b = nullptr,
                const Vocabulary* b_vocabulary = nullptr);
    // Null until the gradients panel (or its Raschka view) has been opened on the current trace.
    const GradientData* gradients() const { return gradients_.trace ? &gradients_ : nullptr; }
    // Null until the lens panel has been opened on the current trace.
    const LensData* lens() const { return lens_.trace ? &lens_ : nullptr; }
    // Null until the superposition panel has been opened.
    const SuperpositionData* superposition() const { return superposition_.rows.empty() ? nullptr : &superposition_; }

private:
    InspectorState state_;
    bool parameters_open_ = false;
    GradientData gradients_;
    LensData lens_;
    SuperpositionData superposition_;
    std::vector<int> sentence_;  // the ids update() last saw: a new sentence may move the chosen token
};

}  // namespace tb
