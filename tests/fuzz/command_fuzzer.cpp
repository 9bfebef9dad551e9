// libFuzzer target: arbitrary bytes, split into lines, sent as commands to one session; the
// session's invariants must hold after each. Built with clang (-DTB_FUZZ=ON, preset "sanitize");
// the same entry point replays tests/fuzz/corpus/ in every ctest run (corpus_replay.cpp).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "../invariants.h"
#include "commands/commands.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto vocabulary = std::make_shared<const tb::Vocabulary>(tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    static tb::CommandRegistry registry;
    tb::Session session(vocabulary);
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        registry.execute(session, std::string_view(text).substr(start, end - start));
        if (auto broken = tb::test::broken_invariant(session)) {
            std::fprintf(stderr, "invariant broken: %s\n", broken->c_str());
            std::abort();
        }
        start = end + 1;
    }
    return 0;
}
