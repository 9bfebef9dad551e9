#include "files/session_paths.h"

#include <filesystem>

namespace tb {
namespace {

namespace fs = std::filesystem;

fs::path absolute_normal(const fs::path& p) {
    std::error_code ec;
    const fs::path a = fs::absolute(p, ec);
    return (ec ? p : a).lexically_normal();
}

fs::path folder_of(const std::string& session_path) { return absolute_normal(session_path).parent_path(); }

}  // namespace

bool is_builtin_corpus_name(const std::string& stored) { return stored == "interne" || stored == "grammaire"; }

std::string stored_corpus_path(const std::string& corpus, const std::string& session_path) {
    if (is_builtin_corpus_name(corpus)) return corpus;
    const fs::path file = absolute_normal(corpus);
    const fs::path relative = file.lexically_relative(folder_of(session_path));
    if (relative.empty() || relative == "." || *relative.begin() == "..") return file.string();
    const std::string out = relative.generic_string();
    return is_builtin_corpus_name(out) ? "./" + out : out;
}

std::vector<std::string> corpus_candidates(const std::string& stored, const std::string& session_path, int version) {
    if (is_builtin_corpus_name(stored)) return {stored};
    const fs::path p(stored);
    if (p.is_absolute()) return {p.lexically_normal().string()};
    std::vector<std::string> out{(folder_of(session_path) / p).lexically_normal().string()};
    const std::string typed = absolute_normal(p).string();
    if (version < 2 && typed != out.front()) out.push_back(typed);
    return out;
}

}  // namespace tb
