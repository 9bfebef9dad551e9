// libFuzzer target for the script splitter alone (split_script, CommandRegistry::read_script): any
// bytes, as `--run`, `--script` and a window start read them. None may crash; every line is a
// trimmed piece of one line of the script; a refusal runs nothing and names the cut piece in
// French. The same entry point replays tests/fuzz/scripts/ in every ctest run (corpus_replay.cpp).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "commands/commands.h"
#include "files/exports.h"

namespace {

void require(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "splitter rule broken: %s\n", what);
    std::abort();
}

const tb::CommandRegistry& registry() {
    static const tb::CommandRegistry* made = [] {
        auto* r = new tb::CommandRegistry;
        tb::add_export_commands(*r, {}, {});  // as the executable: export names count as commands
        return r;
    }();
    return *made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::vector<std::string> lines = tb::split_script(text);
    for (const std::string& line : lines) {
        require(!line.empty(), "no blank line");
        require(line.find('\n') == std::string::npos, "a line holds no new line");
        require(line.find_first_of(" \t\r") != 0 && line.find_last_of(" \t\r") != line.size() - 1, "lines are trimmed");
        require(line.size() <= text.size(), "a line is a piece of the script");
    }
    const tb::ScriptLines read = registry().read_script(text);
    if (read.error) {
        require(read.lines.empty(), "a refusal runs nothing");
        require(read.error->fr.find("n'est pas une commande") != std::string::npos, "the refusal is in French");
    } else {
        require(read.lines == lines, "read_script keeps split_script's lines");
    }
    return 0;
}
