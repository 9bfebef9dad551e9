#include "inspector/inspector_feature.h"

#include <algorithm>

#include "base/numbers.h"
#include "text/text.h"

namespace tb {

Text parameters_reply(const Trace& trace, bool presenter) {
    const ParameterBreakdown p = count_parameters(toy_architecture(trace.settings, trace.vocabulary_size));
    const auto n = [](std::int64_t v, Language l) { return format_count(v, l); };
    const std::string fr = text_in(Language::French).breakdown_title, en = text_in(Language::English).breakdown_title;
    return {n(p.total, Language::French) + " paramètres, dont " + n(p.blocks, Language::French) +
                " dans les blocs : le détail, terme par terme, dans la fenêtre « " + fr + " »" +
                (presenter ? " (hors du mode présentateur)" : ""),
            n(p.total, Language::English) + " parameters, " + n(p.blocks, Language::English) +
                " of them in the blocks: the term-by-term detail is in the \u201C" + en + "\u201D window" +
                (presenter ? " (outside presenter mode)" : "")};
}

void Inspector::update(const std::shared_ptr<const Trace>& trace, const Vocabulary& vocabulary, const std::shared_ptr<const Trace>& b,
                       const Vocabulary* b_vocabulary) {
    if (!trace) return;
    // A new sentence with a [masque]: the FFN and layer-norm panels open on it, the word training
    // taught the model to fill (its neurons that push the prediction are the lesson).
    std::vector<int> ids;
    for (const Token& t : trace->tokens) ids.push_back(t.id);
    if (ids != sentence_) {
        sentence_ = ids;
        const auto mask = std::find(ids.begin(), ids.end(), trace->vocabulary_size - 1);
        if (mask != ids.end()) state_.token = static_cast<int>(mask - ids.begin());
    }
    if (state_.panel == Panel::Lens && lens_.trace != trace) {
        lens_.lens = logit_lens(*trace, vocabulary);  // V dot products per token and level, once per trace
        lens_.trace = trace;
    }
    if (state_.panel == Panel::Lens && lens_.trace_b != b) {
        lens_.lens_b = b ? logit_lens(*b, b_vocabulary ? *b_vocabulary : vocabulary) : std::vector<std::vector<Prediction>>{};
        lens_.trace_b = b;
    }
    if (state_.panel == Panel::Superposition &&
        (superposition_.rows.empty() || superposition_.seed != trace->settings.seed)) {
        superposition_.rows = superposition_rows(trace->settings.seed);  // a few tens of ms, once per seed
        superposition_.seed = trace->settings.seed;
    }
    if ((state_.panel != Panel::Gradients && state_.panel != Panel::Raschka) || gradients_.trace == trace) return;
    gradients_.comparison = gradient_comparison(*trace);  // a backward pass on each wiring
    gradients_.shortcut = shortcut_gradient_experiment(trace->settings.seed);
    if (gradients_.spread.count == 0) gradients_.spread = shortcut_first_layer_spread();  // 100 small draws, once
    gradients_.trace = trace;
}

}  // namespace tb
