// Issue 37: the /echauffement reply says what a warm-up did over seeds, from the figures of
// core/training/warmup_figures.h. Those figures are checked against fresh /graines sweeps by ctest
// docs.training_table (tools/training_table.py writes them with docs/training.md); here, that the
// reply quotes each of them, written as the document writes them (a decimal comma in French).
#include <cstdio>
#include <string>

#include "training/warmup_figures.h"
#include "../support.h"

namespace tb {
namespace {

// "−0,10", "+0,06": by hand, independently of the program's number formatting.
std::string french_change(double v) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.2f", v < 0 ? -v : v);
    std::string s = buffer;
    s[s.find('.')] = ',';
    return (v < 0 ? "\u2212" : "+") + s;
}

// The sentence the reply says for figure f: the first post-norm one in full, the others after it.
std::string quoted(const WarmupFigure& f, bool first_post) {
    const std::string n = std::to_string(f.warmup_steps), k = std::to_string(f.lowered), m = french_change(f.median_change);
    if (first_post) return "un échauffement de " + n + " pas abaisse la perte de post-norm pour " + k + " graines sur 24 (écart médian " + m + ")";
    if (f.post_norm) return "de " + n + " pas pour " + k + " sur 24 (" + m + ")";
    return n + " pas : " + k + " sur 24 (" + m + ")";
}

TEST(WarmupClaim, TheReplyQuotesTheMeasuredFiguresForEveryWarmup) {
    Session session = test::session();
    for (const char* n : {"1", "50", "1000"}) {
        const std::string reply = test::registry().execute(session, std::string("/echauffement ") + n).message;
        EXPECT_NE(reply.find("\nmesuré sur les graines 1 à 24 (L 6, d 16, w 64, corpus grammaire, 300 pas"), std::string::npos) << reply;
        bool first_post = true;
        for (const WarmupFigure& f : kWarmupFigures) {
            EXPECT_NE(reply.find(quoted(f, f.post_norm && first_post)), std::string::npos) << reply << "\nmissing: " << quoted(f, f.post_norm && first_post);
            first_post = first_post && !f.post_norm;
        }
    }
    // None: no warm-up to measure.
    EXPECT_EQ(test::registry().execute(session, "/echauffement 0").message.find("mesuré"), std::string::npos);
}

}  // namespace
}  // namespace tb
