// 100 000 random commands, valid and invalid, weighted toward the channel's, sent to one
// session: after each, the invariants hold; over the run, memory does not grow.
// TB_SOAK_COMMANDS sets the count (the sanitizer build in CI uses fewer).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "../support.h"
#include "../invariants.h"
#include "model/random.h"

// gcc says AddressSanitizer with __SANITIZE_ADDRESS__, clang 14 only through __has_feature.
#if defined(__has_feature)
#define TB_CLANG_ASAN __has_feature(address_sanitizer)
#else
#define TB_CLANG_ASAN 0
#endif

namespace tb {
namespace {

// Resident set size in kB, from /proc/self/status.
long resident_kb() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key)
        if (key == "VmRSS:") {
            long kb = 0;
            status >> kb;
            return kb;
        }
    return -1;
}

// A random command line: mostly the channel's commands with a value they accept, often one
// they refuse, sometimes raw noise (invalid UTF-8 included).
std::string random_command(std::uint64_t& rng) {
    auto pick = [&](std::size_t count) { return static_cast<std::size_t>(splitmix64(rng) % count); };
    struct Form {
        const char* name;
        std::vector<std::string> good;
    };
    static const std::vector<Form> forms = {
        {"/propager", {""}}, {"/couches", {"1", "2", "3", "6"}}, {"/position", {"sinus", "appris", "aucun"}},
        {"/residuel", {"on", "off"}}, {"/Résiduel", {"OFF", "On"}}, {"/norme", {"pre", "post", "aucune"}},
        {"/ffn", {"8", "17", "32", "64"}}, {"/dimension", {"8", "16"}},
        {"/phrase", {"le chat regarde le chien", "l'homme mange une pomme", "zorglub blip", "thomas pesquet astronaute"}},
        {"/etape", {"0", "1", "3", "5"}}, {"/graine", {"0", "7", "18446744073709551615"}}, {"/parametres", {""}},
        {"/reinit", {""}}, {"/aide", {"", "couches"}}, {"/masque", {"aucun", "causal"}},
        {"/activation", {"gelu", "relu"}}, {"/melanger", {""}}, {"couches", {"4"}}};
    static const std::vector<std::string> bad = {
        "0", "7", "65", "-1", "3 4", "x", "1e3", "un deux trois quatre cinq six sept huit neuf", "é", "« »",
        "99999999999999999999999", "/", std::string(600, 'a')};
    if (pick(50) == 0) {
        std::string noise(pick(40), '\0');
        for (char& c : noise) c = static_cast<char>(splitmix64(rng) & 0xFF);
        return noise;
    }
    if (pick(40) == 0) return "/couche 3";  // a typo
    const Form& form = forms[pick(forms.size())];
    const std::string& value = pick(3) ? form.good[pick(form.good.size())] : bad[pick(bad.size())];
    if (std::string(form.name) == "/graine" && pick(2)) return "/graine " + std::to_string(splitmix64(rng));
    return value.empty() ? form.name : std::string(form.name) + " " + value;
}

TEST(Soak, RandomCommandsKeepTheInvariantsAndTheMemory) {
    const char* env = std::getenv("TB_SOAK_COMMANDS");
    const long count = env ? std::atol(env) : 100000;
    Session session(test::vocabulary());
    std::uint64_t rng = 20261130;
    long accepted = 0, rss_at_tenth = 0;
    for (long i = 0; i < count; ++i) {
        const std::string line = random_command(rng);
        accepted += test::registry().execute(session, line).ok;
        if (auto broken = test::broken_invariant(session)) FAIL() << "after command " << i << " « " << line << " »: " << *broken;
        if (i == count / 10) rss_at_tenth = resident_kb();
    }
    const long rss_end = resident_kb();
    RecordProperty("accepted", std::to_string(accepted));
    RecordProperty("rss growth kB", std::to_string(rss_end - rss_at_tenth));
    EXPECT_GT(accepted, count / 4) << "the mix must exercise real changes";
    EXPECT_LT(accepted, count) << "and refusals";
#if !defined(__SANITIZE_ADDRESS__) && !TB_CLANG_ASAN
    EXPECT_LT(rss_end - rss_at_tenth, 4096) << "kB of growth between a tenth of the run and its end";
#endif  // AddressSanitizer keeps freed memory in quarantine; there LeakSanitizer checks at exit

}

}  // namespace
}  // namespace tb
