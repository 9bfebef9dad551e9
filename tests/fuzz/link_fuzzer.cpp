// libFuzzer target for a link's fragment (core/commands/link.h): any bytes, as a URL's fragment reaches the
// web page. None may crash; a refusal gives no line and says in French that nothing changed; the
// lines read are trimmed UTF-8 without control characters, and written again (encode_link) they
// read back the same; the policy lets through only lines it allows one by one. The same entry
// point replays tests/fuzz/links/ in every ctest run (corpus_replay.cpp).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "commands/link.h"
#include "base/utf8.h"

namespace {

void require(bool holds, const char* what) {
    if (holds) return;
    std::fprintf(stderr, "link rule broken: %s\n", what);
    std::abort();
}

bool refused_in_french(const tb::LinkLines& read) {
    return read.lines.empty() && read.error->fr.find("(rien n'a été changé)") != std::string::npos &&
           read.error->en.find("(nothing was changed)") != std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string fragment(reinterpret_cast<const char*>(data), size);
    const tb::LinkLines read = tb::decode_link(fragment);
    if (read.error) {
        require(refused_in_french(read), "a refusal gives no line and says nothing changed");
    } else {
        require(read.lines.size() <= tb::kMaxLinkLines, "at most kMaxLinkLines lines");
        for (const std::string& line : read.lines) {
            require(!line.empty() && line.size() <= size, "a line is a non-empty piece of the fragment");
            require(tb::utf8::is_valid(line) && !tb::utf8::first_control(line), "a line is UTF-8 without control characters");
            require(line.front() != ' ' && line.back() != ' ', "lines are trimmed");
        }
        const std::string written = tb::encode_link(read.lines);  // raw bytes of the input may grow threefold
        const tb::LinkLines again = tb::decode_link(written);
        if (written.size() - 1 <= tb::kMaxLinkBytes)
            require(!again.error && again.lines == read.lines, "written again, the lines read back the same");
    }
    const tb::LinkLines checked = tb::read_link(fragment);
    if (checked.error) {
        require(refused_in_french(checked), "a refused link gives no line and says nothing changed");
    } else {
        require(!read.error && checked.lines == read.lines, "an allowed link gives the lines read");
        for (const std::string& line : checked.lines) require(!tb::link_line_refusal(line), "every line given is allowed");
    }
    return 0;
}
