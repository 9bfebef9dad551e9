// Every window command answers headless from its declaration, with the channel's one sentence
// (but /comparer and /b, which are the model side's since issue 37); the window and headless know
// the same names, usages and help.
#include <gtest/gtest.h>

#include <set>

#include "features_fixture.h"

namespace tb {
namespace {

TEST(WindowCommands, EveryOneAnswersHeadlessThatItNeedsTheWindow) {
    Session session(test::vocabulary());
    CommandRegistry headless;
    Features::install_headless(session, headless);
    test::WindowFeatures window;
    std::set<std::string> names;
    for (const Command& c : window.features.declarations()) names.insert(c.name);
    // The window commands of channel.md and docs/commands.md, at least.
    for (const char* name : {"panneau", "lecon", "presentateur", "theme", "comparer", "b", "vue", "lecture"})
        EXPECT_EQ(names.count(name), 1u) << name;
    for (const std::string& name : names) {
        const Command* declared = headless.find(name);
        ASSERT_NE(declared, nullptr) << name;
        EXPECT_EQ(declared->usage, window.registry.find(name)->usage);
        if (name == "comparer" || name == "b") continue;  // A/B is the model side's (issue 37): headless too
        const auto r = headless.execute(session, "/" + name + " on");
        EXPECT_FALSE(r.ok) << name;
        EXPECT_EQ(r.message, "/" + name + " n'existe qu'avec la fenêtre (pas avec --headless)");
    }
    EXPECT_TRUE(same_model(session.settings(), Settings{}));  // nothing changed
    EXPECT_TRUE(headless.execute(session, "/comparer on").ok);
    EXPECT_TRUE(headless.execute(session, "/b /residuel off").ok);
    EXPECT_TRUE(same_model(session.settings(), Settings{}));  // side B's, not A's
    // /exporter, /session and /lien exist headless too.
    EXPECT_NE(headless.find("exporter"), nullptr);
    EXPECT_NE(headless.find("session"), nullptr);
    EXPECT_NE(headless.find("lien"), nullptr);
}

// Every log line is cut where it enters the log: a command line of 200 000 characters (a --run
// line, a test action) used to abort the window drawing it.
TEST(WindowCommands, LogLinesAreBoundedWhereTheyEnter) {
    test::WindowFeatures window;
    const std::string line = "/phrase " + std::string(200000, 'a');
    EXPECT_FALSE(window.features.run(line).ok);
    const auto& log = window.features.log();
    ASSERT_GE(log.size(), 2u);
    const LogLine& command = log[log.size() - 2];
    EXPECT_EQ(command.text, line.substr(0, Features::kMaxLogChars) + "…");
    EXPECT_EQ(log.back().text, "ligne trop longue : 200\u202F008 octets (500 au plus)");
    window.features.add_log({LogLine::Kind::Reply, std::string(7000, 'x'), "é" + std::string(7000, 'y')});
    EXPECT_EQ(log.back().text, std::string(6000, 'x') + "…");
    EXPECT_EQ(log.back().text_en, "é" + std::string(5999, 'y') + "…");  // counted in characters
}

}  // namespace
}  // namespace tb
