#pragma once
// The A/B comparison (/comparer on, /b /residuel off): two stacks side by side with the same
// sentence and seed, side B differing only in the settings the user changed on it. Pure: the
// merging of settings and the split of the screen, tested in tests/app.
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "base/language.h"
#include "scene/screen.h"
#include "model/settings.h"

namespace tb {

// The settings side B holds apart from A, named by their JSON keys (settings_table.h); every
// other one follows A.
class Overrides {
public:
    void mark(const std::string& key) { keys_.insert(key); }
    void forget(const std::string& key) { keys_.erase(key); }
    bool has(const std::string& key) const { return keys_.count(key) > 0; }
    bool any() const { return !keys_.empty(); }
    const std::set<std::string>& keys() const { return keys_; }

private:
    std::set<std::string> keys_;
};

// Marks every setting that differs between `before` and `after` (a command run on side B).
void mark_changes(Overrides& o, const Settings& before, const Settings& after);

// Side B's settings: A's, with B's own value for each overridden setting. The sentence and the
// seed are always A's; the step follows A's (at the top stays at the top, else clamped to B's).
Settings merge_b(const Settings& a, const Settings& b, const Overrides& o);

// What differs, as the channel writes it: "résiduel off", "couches 3 · norme post" (the legend).
std::string describe(const Settings& b, const Overrides& o);

// The labels above the two stacks: « A — résiduel on » (just « A » when B overrides nothing) and
// « B — résiduel off », or « B — identique à A (/b pour changer) »; short: the values alone
// (« B — rope · causal · swiglu »), for a half too narrow for the names (1024×768, many differences).
struct ComparisonLabels {
    std::string a, b, a_short, b_short;
};
ComparisonLabels comparison_labels(const Settings& a, const Settings& b, const Overrides& o, Language language);

// The commands /b accepts: the settings the table lets side B change. Sentence, seed, step and the
// rest are A's (they are shared), and window commands have no side.
bool allowed_on_b(std::string_view folded_name);

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
