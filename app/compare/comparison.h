#pragma once
// The A/B comparison (/comparer on, /b /residuel off): two stacks side by side with the same
// sentence and seed, side B differing only in the settings the user changed on it. Pure: the
// merging of settings and the split of the screen, tested in tests/app.
#include <optional>
#include <string>
#include <string_view>

#include "scene/screen.h"
#include "settings.h"

namespace tb {

// The settings side B holds apart from A; every other one follows A.
struct Overrides {
    bool layers = false, position = false, residual = false, norm = false, ffn = false, dimension = false,
         mask = false, activation = false;
    bool any() const { return layers || position || residual || norm || ffn || dimension || mask || activation; }
};

// Marks every setting that differs between `before` and `after` (a command run on side B).
void mark_changes(Overrides& o, const Settings& before, const Settings& after);

// Side B's settings: A's, with B's own value for each overridden setting. The sentence and the
// seed are always A's; the step follows A's (at the top stays at the top, else clamped to B's).
Settings merge_b(const Settings& a, const Settings& b, const Overrides& o);

// What differs, as the channel writes it: "résiduel off", "couches 3 · norme post" (the legend).
std::string describe(const Settings& b, const Overrides& o);

// The commands /b accepts: the model's settings only. Sentence, seed, step and the rest are A's
// (they are shared), and window commands have no side.
bool allowed_on_b(std::string_view folded_name);

// Splits the cross-section into A (left) and B (right), side by side; each half keeps a header
// strip for its label. The formula strip and every other panel stay as they are.
struct ComparisonLayout {
    Rect a, b;              // the two cross-sections
    Rect label_a, label_b;  // "A" and "B — résiduel off", above each
};
ComparisonLayout comparison_layout(const ScreenLayout& screen, float scale);

}  // namespace tb
