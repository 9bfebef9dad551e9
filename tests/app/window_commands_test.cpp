// Every window command answers headless from its declaration, with the channel's one sentence;
// the window and headless know the same names, usages and help.
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
    // The window commands of channel.md and the README, at least.
    for (const char* name : {"panneau", "lecon", "presentateur", "theme", "comparer", "b", "vue", "lecture"})
        EXPECT_EQ(names.count(name), 1u) << name;
    for (const std::string& name : names) {
        const Command* declared = headless.find(name);
        ASSERT_NE(declared, nullptr) << name;
        EXPECT_EQ(declared->usage, window.registry.find(name)->usage);
        const auto r = headless.execute(session, "/" + name + " on");
        EXPECT_FALSE(r.ok) << name;
        EXPECT_EQ(r.message, "/" + name + " n'existe qu'avec la fenêtre (pas avec --headless)");
    }
    EXPECT_TRUE(same_model(session.settings(), Settings{}));  // nothing changed
    // /exporter and /session exist headless too.
    EXPECT_NE(headless.find("exporter"), nullptr);
    EXPECT_NE(headless.find("session"), nullptr);
}

}  // namespace
}  // namespace tb
