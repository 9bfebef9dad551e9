#pragma once
// Shared by the core tests: a session over the real vocabulary, and a script runner that fails
// the test on the first refused command.
#include <gtest/gtest.h>

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

inline double mean_norm(const Matrix& vectors) { return token_norms(vectors).mean(); }

}  // namespace tb::test
