#pragma once
// A session over the real vocabulary after a script of channel commands.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include <filesystem>

#include "commands.h"
#include "scene/layout.h"
#include "window_features.h"
#include "session.h"

namespace tb::test {

inline std::shared_ptr<const Vocabulary> vocabulary() {
    static const auto v = std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    return v;
}

inline Session session(const std::string& script = "") {
    static CommandRegistry registry;
    Session s(vocabulary());
    for (const auto& result : run_script(registry, s, script)) EXPECT_TRUE(result.ok) << result.message;
    return s;
}

inline Settings settings(const std::string& script = "") { return session(script).settings(); }

// The window's features without a window: a session, a registry, every window command installed.
struct WindowFeatures {
    Session session{vocabulary()};
    CommandRegistry registry;
    Features features{session, registry};
    WindowFeatures() { features.install(); }
    CommandResult run(const std::string& line) { return features.run(line); }
};

// A fresh path in the temporary folder for one test.
inline std::string temp_file(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "tb_app_tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::filesystem::remove(path);
    return path.string();
}

// The cross-section's rect in a 1600x900 window.
inline const Rect kArea{350, 58, 720, 750};

}  // namespace tb::test
