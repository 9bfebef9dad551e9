#include "persist/data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace tb {

std::optional<std::string> find_data_dir() {
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    if (const char* env = std::getenv("TRANSFORMER_BLOC_DATA")) candidates.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) candidates.push_back(exe.parent_path().parent_path() / "share" / "transformer-bloc");
    candidates.emplace_back(TB_SOURCE_DATA_DIR);
    for (const auto& dir : candidates)
        if (fs::is_regular_file(dir / "assets" / "vocabulary.txt", ec)) return dir.string();
    return std::nullopt;
}

}  // namespace tb
