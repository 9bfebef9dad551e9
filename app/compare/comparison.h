#pragma once
// The A/B comparison (/comparer on, /b /residuel off): two stacks side by side with the same
// sentence and seed, side B differing only in the settings the user changed on it. Pure: the
// labels and the split of the screen, tested in tests/app; the merging of settings is the model
// side's (commands/comparison.h).
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "base/language.h"
#include "scene/screen.h"
#include "commands/comparison.h"  // Overrides, merge_b, describe, allowed_on_b (the model side)
#include "model/settings.h"

namespace tb {

// The labels above the two stacks: « A — résiduel on » (just « A » when B overrides nothing) and
// « B — résiduel off », or « B — identique à A (/b pour changer) »; short: the values alone
// (« B — rope · causal · swiglu »), for a half too narrow for the names (1024×768, many differences).
struct ComparisonLabels {
    std::string a, b, a_short, b_short;
};
ComparisonLabels comparison_labels(const Settings& a, const Settings& b, const Overrides& o, Language language);

// Splits the cross-section into A (left) and B (right), side by side; each half keeps a header
// strip for its label (the formula strip makes room first: comparison_screen).
struct ComparisonLayout {
    Rect a, b;              // the two cross-sections
    Rect label_a, label_b;  // "A" and "B — résiduel off", above each
};
ComparisonLayout comparison_layout(const ScreenLayout& screen, float scale);
// With the comparison open the formula strip writes two blocks, A's above B's: it grows to hold
// four lines of the smallest text (at `scale`), taken from the top of the cross-section (the
// badges move down with it). Every picture of A/B (window, SVG, checkers) starts from this.
ScreenLayout comparison_screen(ScreenLayout screen, float scale);

}  // namespace tb
