#pragma once
// The app tests' fixture: the window's features without a window, and the cross-section's rect.
#include "../support.h"
#include "scene/layout.h"
#include "features/window_features.h"

namespace tb::test {

// A session, a registry, every window command installed.
struct WindowFeatures {
    Session session{vocabulary()};
    CommandRegistry registry;
    Features features{session, registry};
    WindowFeatures() { features.install(); }
    CommandResult run(const std::string& line) { return features.run(line); }
};

// The cross-section's rect in a 1600x900 window.
inline const Rect kArea{350, 58, 720, 750};

}  // namespace tb::test
