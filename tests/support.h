#pragma once
// Shared by every test: a session over the real vocabulary after a script of channel commands
// (the test fails on the first refused one), and a fresh temporary path.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "commands/commands.h"
#include "commands/session.h"

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

// The loss of each step of the session's training run, in order (none without a run).
inline std::vector<double> losses(const Session& s) {
    std::vector<double> out;
    if (s.training())
        for (const StepRecord& r : s.training()->steps) out.push_back(r.loss);
    return out;
}

// A fresh path in the temporary folder for one test.
inline std::string temp_file(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "tb_tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::filesystem::remove(path);
    return path.string();
}

// A folder of one test file's own (the pid keeps ctest's parallel processes apart), and `name` in it.
inline std::filesystem::path scratch(const std::string& folder, const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / (folder + "_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    return dir / name;
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline double mean_norm(const Matrix& vectors) { return token_norms(vectors).mean(); }

// Recomputed by plain loops, sharing no code with the program: the mean over every pair of
// distinct rows of their cosine (1 for a single row), and the mean row norm.
inline double mean_cosine_by_hand(const Matrix& x) {
    double sum = 0;
    int pairs = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        for (Eigen::Index j = i + 1; j < x.rows(); ++j, ++pairs) {
            double dot = 0, a = 0, b = 0;
            for (Eigen::Index k = 0; k < x.cols(); ++k) dot += x(i, k) * x(j, k), a += x(i, k) * x(i, k), b += x(j, k) * x(j, k);
            sum += a > 0 && b > 0 ? dot / std::sqrt(a * b) : 0;
        }
    return pairs ? sum / pairs : 1;
}
inline double mean_norm_by_hand(const Matrix& x) {
    double sum = 0;
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        double s = 0;
        for (Eigen::Index k = 0; k < x.cols(); ++k) s += x(i, k) * x(i, k);
        sum += std::sqrt(s);
    }
    return sum / static_cast<double>(x.rows());
}

// The seeds a claim shown to a class is checked over: 1 to 32 and the start-up 2017.
inline std::vector<int> claim_seeds() {
    std::vector<int> s;
    for (int i = 1; i <= 32; ++i) s.push_back(i);
    s.push_back(2017);
    return s;
}

}  // namespace tb::test
