#pragma once
// Shared by every test: a session over the real vocabulary after a script of channel commands
// (the test fails on the first refused one), and a fresh temporary path.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "commands.h"
#include "session.h"

namespace tb::test {

inline std::shared_ptr<const Vocabulary> vocabulary() {
    static const auto v = std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    return v;
}

inline CommandRegistry& registry() {
    static CommandRegistry r;
    return r;
}

// A fresh session in the start-up state, then `script` (commands separated by ';').
inline Session session(const std::string& script = "") {
    Session s(vocabulary());
    for (const auto& result : run_script(registry(), s, script)) EXPECT_TRUE(result.ok) << result.message;
    return s;
}

inline Settings settings(const std::string& script = "") { return session(script).settings(); }

// A fresh path in the temporary folder for one test.
inline std::string temp_file(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "tb_tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::filesystem::remove(path);
    return path.string();
}

inline double mean_norm(const Matrix& vectors) { return token_norms(vectors).mean(); }

}  // namespace tb::test
