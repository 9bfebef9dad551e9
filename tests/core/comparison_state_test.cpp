// A/B on the model side (commands/comparison.h): /comparer and /b work without the window, side B
// follows A's shared settings, and /entrainer trains B beside A exactly as a single run of B's
// settings would (the expected losses come from a separate, fresh session).
#include "commands/comparison.h"
#include "commands/training_commands.h"
#include "model/settings_table.h"
#include "model/trace_json.h"
#include "../support.h"

namespace tb {
namespace {

// A registry as the headless program has it: /comparer, /b, and /entrainer training both sides.
struct Headless {
    Session a{test::vocabulary()};
    CommandRegistry registry;
    std::shared_ptr<SideBState> state = std::make_shared<SideBState>(a);
    Headless() {
        for (Command& c : comparison_commands(state, registry)) registry.add(std::move(c));
        train_side_b_too(registry, state);
    }
    void run(const std::string& script) {
        for (const auto& r : run_script(registry, a, script)) ASSERT_TRUE(r.ok) << r.message;
    }
};

TEST(ComparisonState, SideBTrainsAsAFreshSingleRunOfItsSettings) {
    Headless h;
    h.run("/comparer on; /b /residuel off; /entrainer 30");
    ASSERT_TRUE(h.state->is_open());
    const Session fresh_b = test::session("/residuel off; /entrainer 30");
    const Session fresh_a = test::session("/entrainer 30");
    ASSERT_EQ(test::losses(fresh_b).size(), 30u);
    EXPECT_EQ(test::losses(*h.state->b()), test::losses(fresh_b));  // bit for bit: the same steps
    EXPECT_EQ(test::losses(h.a), test::losses(fresh_a));
    EXPECT_NE(test::losses(fresh_a), test::losses(fresh_b));  // the residual matters: the sides differ
    EXPECT_EQ(h.state->b()->trained_steps(), 30);
    EXPECT_EQ(training_log(*h.state->b()), training_log(fresh_b));
    // A second /entrainer continues both (Adam's state kept), as it continues a single run.
    h.run("/entrainer 5");
    const Session fresh_b35 = test::session("/residuel off; /entrainer 30; /entrainer 5");
    EXPECT_EQ(test::losses(*h.state->b()), test::losses(fresh_b35));
}

TEST(ComparisonState, SideBFollowsWhatItDoesNotOverride) {
    Headless h;
    h.run("/comparer on; /b /residuel off; /couches 3; /graine 7");
    h.state->sync();
    const Settings& b = h.state->b()->settings();
    EXPECT_EQ(b.layers, 3);
    EXPECT_EQ(b.seed, 7u);
    EXPECT_FALSE(b.residual);
    EXPECT_TRUE(h.a.settings().residual);
    EXPECT_EQ(describe(b, h.state->overrides()), "résiduel off");
}

TEST(ComparisonState, RefusalsAreFrenchAndChangeNothing) {
    Headless h;
    const nlohmann::json before = to_json(*h.a.trace());
    CommandResult r = h.registry.execute(h.a, "/b /residuel off");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.message, "/b : ouvrez d'abord la comparaison (/comparer on)");
    h.run("/comparer on");
    for (const char* line : {"/b /phrase le chat", "/b /graine 3", "/b /etape 2", "/b", "/b /couches 99", "/comparer peut-etre"}) {
        const Settings b_before = h.state->b()->settings();
        r = h.registry.execute(h.a, line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_EQ(to_json(*h.a.trace()), before) << line;
        EXPECT_EQ(settings_to_json(h.state->b()->settings()), settings_to_json(b_before)) << line;
        EXPECT_FALSE(h.state->overrides().any()) << line;
    }
    EXPECT_NE(h.registry.execute(h.a, "/b /phrase le chat").message.find("la phrase, la graine et l'étape sont communes"), std::string::npos);
    EXPECT_EQ(h.registry.execute(h.a, "/b /couches 99").message.rfind("côté B : /couches attend", 0), 0u);
}

TEST(ComparisonState, ClosedComparisonTrainsASideAlone) {
    Headless h;
    h.run("/comparer on; /b /residuel off; /comparer off; /entrainer 3");
    EXPECT_FALSE(h.state->is_open());
    EXPECT_EQ(test::losses(h.a), test::losses(test::session("/entrainer 3")));
}

}  // namespace
}  // namespace tb
