// The A/B comparison's pure part: side B follows A except where the user changed B; the split
// of the cross-section into two stacks.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <tuple>

#include "commands/commands.h"
#include "compare/comparison.h"
#include "persist/view_state.h"
#include "model/settings_table.h"

namespace tb {
namespace {

TEST(Comparison, BFollowsAExceptWhereOverridden) {
    Settings a, b;
    Overrides o;
    Settings changed = b;
    changed.residual = false;
    mark_changes(o, b, changed);
    EXPECT_TRUE(o.has("residual"));
    EXPECT_FALSE(o.has("layers") || o.has("norm") || o.has("position") || o.has("ffn") || o.has("dimension") ||
                 o.has("mask") || o.has("activation"));
    b = changed;

    // A changes its norm, sentence and seed: B takes them, and keeps its own residual.
    a.norm = Norm::Post;
    a.sentence = "la souris mange le fromage";
    a.seed = 42;
    a.residual = true;
    const Settings m = merge_b(a, b, o);
    EXPECT_EQ(m.norm, Norm::Post);
    EXPECT_EQ(m.sentence, a.sentence);
    EXPECT_EQ(m.seed, 42u);
    EXPECT_FALSE(m.residual);
    // Even if B's own sentence or seed differ, A's win: they are shared.
    b.seed = 7;
    b.sentence = "autre phrase";
    EXPECT_EQ(merge_b(a, b, o).seed, 42u);
    EXPECT_EQ(merge_b(a, b, o).sentence, a.sentence);
}

TEST(Comparison, StepFollowsAAndTheTopStaysTheTop) {
    Settings a, b;
    Overrides o;
    b.layers = 4;
    o.mark("layers");
    a.step = a.top_level();  // 5 with L = 2
    EXPECT_EQ(merge_b(a, b, o).step, 9);  // B's top with L = 4
    a.step = 3;
    EXPECT_EQ(merge_b(a, b, o).step, 3);
    b.layers = 1;  // B shallower than A's step: clamped to B's top (3)
    a.layers = 3;
    a.step = 5;
    EXPECT_EQ(merge_b(a, b, o).step, 3);
}

TEST(Comparison, DescribesWhatDiffers) {
    Settings b;
    Overrides o;
    EXPECT_EQ(describe(b, o), "");
    b.residual = false;
    o.mark("residual");
    EXPECT_EQ(describe(b, o), "résiduel off");
    b.layers = 3;
    o.mark("layers");
    EXPECT_EQ(describe(b, o), "couches 3 · résiduel off");
}

// GPT-2's block beside Llama's (seed 002's table): the legend names the recipes, not six settings.
TEST(Comparison, TwoRecipesAreNamedByTheirRecipe) {
    Settings a;
    a.position = Position::Learned, a.mask = Mask::Causal;  // gpt2: pre, LayerNorm, learned, GELU, 2/2, causal
    Settings b = a;
    b.position = Position::Rope, b.activation = Activation::Swiglu, b.norm_type = NormType::RmsNorm;
    b.heads = 4, b.kv_heads = 2;  // llama at d = 8
    Overrides o;
    for (const char* key : {"position", "activation", "norm_type", "heads"}) o.mark(key);
    const ComparisonLabels fr = comparison_labels(a, b, o, Language::French);
    EXPECT_EQ(fr.a, "A — recette gpt2");
    EXPECT_EQ(fr.b, "B — recette llama");
    EXPECT_EQ(comparison_labels(a, b, o, Language::English).b, "B — recipe llama");
    b.residual = false, o.mark("residual");  // no recipe any more: the settings that differ
    EXPECT_EQ(comparison_labels(a, b, o, Language::French).b.rfind("B — position rope", 0), 0u);
    // Short, for a narrow half: the same differences by their values alone, in the table's order.
    const ComparisonLabels labels = comparison_labels(a, b, o, Language::French);
    EXPECT_EQ(labels.b_short.rfind("B — rope · ", 0), 0u) << labels.b_short;
    EXPECT_EQ(labels.a_short.rfind("A — appris · ", 0), 0u) << labels.a_short;
    for (const char* name : {"position", "activation", "résiduel"}) EXPECT_EQ(labels.b_short.find(name), std::string::npos) << name;
    for (const char* value : {"swiglu", "rmsnorm", "off"}) EXPECT_NE(labels.b_short.find(value), std::string::npos) << value;
    EXPECT_LT(labels.b_short.size(), labels.b.size());
}

TEST(Comparison, OnlyModelSettingsGoToB) {
    for (const char* name : {"couches", "position", "residuel", "norme", "ffn", "dimension", "masque", "activation", "tetes", "recette"})
        EXPECT_TRUE(allowed_on_b(name)) << name;
    for (const char* name : {"phrase", "graine", "propager", "etape", "reinit", "comparer", "b", "session", "exporter", ""})
        EXPECT_FALSE(allowed_on_b(name)) << name;
}

// Side B, setting by setting, from the spec: /b accepts the model's settings (docs/picture.md, channel.md
// section 1's commands and the additions); the legend names them as the channel writes them; the
// session keeps them under the trace file's keys (cli.md).
struct SideBSpec {
    std::string key, line, legend;
    nlohmann::json value;
};
const std::vector<SideBSpec> kSideB = {
    {"layers", "/couches 4", "couches 4", 4},           {"position", "/position apprise", "position appris", "appris"},
    {"residual", "/résiduel non", "résiduel off", false}, {"norm", "/norme post", "norme post", "post"},
    {"ffn", "/ffn 16", "ffn 16", 16},                   {"dimension", "/dimension 16", "dimension 16", 16},
    {"mask", "/masque causal", "masque causal", "causal"}, {"activation", "/activation relu", "activation relu", "relu"},
    {"norm_type", "/normalisation rmsnorm", "type de norme rmsnorm", "rmsnorm"},
    {"heads", "/tetes 4 2", "têtes 4", 4},              {"kv_heads", "/tetes 2 1", "têtes K/V 1", 1}};

TEST(Comparison, EverySettingTheTableGivesBRoundTrips) {
    const auto vocabulary = std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    CommandRegistry registry;
    std::set<std::string> on_b;
    for (const auto& e : settings_table()) {
        const std::string& command = e.command.empty() ? e.shared_command : e.command;  // /tetes: two entries
        if (!e.side_b) {
            EXPECT_FALSE(allowed_on_b(command)) << e.key;
            continue;
        }
        on_b.insert(e.key);
        EXPECT_TRUE(allowed_on_b(command)) << e.key;
    }
    std::set<std::string> specified;
    for (const auto& spec : kSideB) specified.insert(spec.key);
    EXPECT_EQ(on_b, specified);

    Settings a;
    a.seed = 42, a.sentence = "la souris mange le fromage";
    for (const auto& spec : kSideB) {
        Session b(vocabulary);
        const Settings before = b.settings();
        ASSERT_TRUE(registry.execute(b, spec.line).ok) << spec.line;
        Overrides o;
        mark_changes(o, before, b.settings());
        EXPECT_EQ(o.keys(), std::set<std::string>{spec.key}) << spec.line;
        const nlohmann::json merged = settings_to_json(merge_b(a, b.settings(), o)), from_a = settings_to_json(a);
        EXPECT_EQ(merged[spec.key], spec.value) << spec.line;
        for (const auto& [key, value] : from_a.items()) {
            if (key != spec.key && key != "step") {
                EXPECT_EQ(merged[key], value) << spec.line << ": " << key << " follows A";
            }
        }
        EXPECT_EQ(describe(b.settings(), o), spec.legend);

        ViewState v;
        v.comparison = ViewState::Comparison{o, b.settings()};
        const nlohmann::json j = view_to_json(v);
        EXPECT_EQ(j["comparison"], (nlohmann::json{{spec.key, spec.value}})) << spec.line;
        ViewState back;
        ASSERT_FALSE(view_from_json(j, 2, back).has_value()) << spec.line;
        ASSERT_TRUE(back.comparison.has_value());
        EXPECT_EQ(back.comparison->overrides.keys(), o.keys());
        EXPECT_EQ(settings_to_json(merge_b(a, back.comparison->b, back.comparison->overrides)), merged) << spec.line;
    }
}

TEST(Comparison, ASavedSideBOutOfRangeIsRefused) {
    const std::vector<std::pair<std::string, nlohmann::json>> bad = {
        {"layers", 7},     {"layers", 0},       {"ffn", 65},        {"ffn", 7},          {"dimension", 12},
        {"position", "x"}, {"residual", "off"}, {"norm", "rms"},    {"mask", "partiel"}, {"activation", "tanh"},
        {"layers", 2.5},   {"step", 3},         {"seed", 1},        {"sentence", "le chat"}, {"norm_type", "batchnorm"},
        {"heads", 9},      {"kv_heads", 0}};
    std::set<std::string> covered;
    for (const auto& [key, value] : bad) {
        ViewState out;
        const auto error = view_from_json(nlohmann::json{{"comparison", {{key, value}}}}, 2, out);
        ASSERT_TRUE(error.has_value()) << key << " = " << value;
        EXPECT_NE(error->find(key), std::string::npos) << *error;
        EXPECT_FALSE(out.comparison.has_value());
        covered.insert(key);
    }
    for (const auto& e : settings_table())
        if (e.side_b) {
            EXPECT_TRUE(covered.count(e.key)) << "no refused value for " << e.key;
        }
}

// Two blocks in the formula strip: it grows to four lines of the smallest text (16 px, with the
// strip's line pitch 1.04 and its 92 % of the height), the badges and the cross-section move down by
// as much, nothing else moves; a strip already that tall (presenter mode) stays.
TEST(Comparison, TheFormulaStripGrowsForTwoBlocks) {
    for (const auto& [w, h] : {std::pair{1024.f, 768.f}, {1280.f, 720.f}, {1600.f, 900.f}, {1920.f, 1080.f}}) {
        const float scale = interface_scale(w, h, 1.f, 1.f);
        for (bool presenter : {false, true}) {
            const ScreenLayout before = presenter ? presenter_layout(w, h, scale * 1.5f, false) : screen_layout(w, h, scale);
            const ScreenLayout after = comparison_screen(before, presenter ? scale * 1.5f : scale);
            const float four_lines = 4 * 16.f * std::max(1.f, presenter ? scale * 1.5f : scale) * 1.04f / 0.92f;
            EXPECT_GE(after.formula.h, std::min(four_lines, before.formula.h + before.section.h * 0.2f) - 0.01f) << w << "x" << h;
            EXPECT_GE(after.formula.h, before.formula.h);
            const float grown = after.formula.h - before.formula.h;
            EXPECT_FLOAT_EQ(after.badges.y, before.badges.y + grown);
            EXPECT_FLOAT_EQ(after.section.y, before.section.y + grown);
            EXPECT_FLOAT_EQ(after.section.bottom(), before.section.bottom());
            EXPECT_FLOAT_EQ(after.formula.y, before.formula.y);
            EXPECT_FLOAT_EQ(after.timeline.y, before.timeline.y);
            EXPECT_GT(after.section.h, h * 0.4f);  // the stacks keep most of the height
        }
    }
}

TEST(Comparison, SplitsTheSectionIntoTwoEqualStacks) {
    for (const auto& [w, h] : {std::pair{1600.f, 900.f}, {1920.f, 1080.f}, {1024.f, 700.f}, {200.f, 150.f}, {0.f, 0.f}}) {
        const ScreenLayout screen = screen_layout(w, h, 1);
        const ComparisonLayout c = comparison_layout(screen, 1);
        const Rect& s = screen.section;
        for (const Rect* r : {&c.a, &c.b, &c.label_a, &c.label_b}) {
            EXPECT_GE(r->w, 0);
            EXPECT_GE(r->h, 0);
            EXPECT_GE(r->x, s.x - 0.01f);
            EXPECT_LE(r->right(), s.right() + 0.01f);
            EXPECT_GE(r->y, s.y - 0.01f);
            EXPECT_LE(r->bottom(), s.bottom() + 0.01f);
        }
        EXPECT_FLOAT_EQ(c.a.w, c.b.w);
        EXPECT_FLOAT_EQ(c.a.h, c.b.h);
        EXPECT_LE(c.a.right(), c.b.x);  // A on the left, apart from B
        EXPECT_LE(c.label_a.bottom(), c.a.y + 0.01f);  // each label above its stack
        if (w >= 1024) {
            EXPECT_GT(c.a.w, s.w * 0.45f);  // the halves use the width
        }
    }
}

}  // namespace
}  // namespace tb
