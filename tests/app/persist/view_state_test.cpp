// The window's part of a saved session and where the last session lives: every key checked,
// XDG_CONFIG_HOME honoured (so tests never touch the real user config).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include <cstdlib>

#include "persist/view_state.h"

namespace tb {
namespace {

using nlohmann::json;

TEST(ViewState, RoundTrips) {
    ViewState v;
    v.text_scale = 1.4f;
    v.log_scale = false;
    v.head = 1;
    v.seconds_per_level = 1.25;
    v.lesson = LessonBookmark{"/tmp/lecon.txt", 3};
    v.light_theme = true;
    ViewState back;
    ASSERT_FALSE(view_from_json(view_to_json(v), 2, back).has_value());
    EXPECT_FLOAT_EQ(back.text_scale, 1.4f);
    EXPECT_FALSE(back.log_scale);
    EXPECT_EQ(back.head, 1);
    EXPECT_DOUBLE_EQ(back.seconds_per_level, 1.25);
    EXPECT_TRUE(back.light_theme);
    ASSERT_TRUE(back.lesson.has_value());
    EXPECT_EQ(back.lesson->file, "/tmp/lecon.txt");
    EXPECT_EQ(back.lesson->step, 3);
    // An empty view is the start-up view.
    ViewState empty;
    empty.head = 1;
    ASSERT_FALSE(view_from_json(json::object(), 2, empty).has_value());
    EXPECT_EQ(empty.head, 0);
}

TEST(ViewState, KeepsTheComparisonsSideB) {
    ViewState v;
    ViewState::Comparison c;
    c.overrides.mark("residual");
    c.overrides.mark("layers");
    c.b.residual = false;
    c.b.layers = 4;
    v.comparison = c;
    const json j = view_to_json(v);
    EXPECT_EQ(j["comparison"], (json{{"residual", false}, {"layers", 4}}));  // only what B overrides
    ViewState back;
    ASSERT_FALSE(view_from_json(j, 2, back).has_value());
    ASSERT_TRUE(back.comparison.has_value());
    EXPECT_TRUE(back.comparison->overrides.has("residual"));
    EXPECT_TRUE(back.comparison->overrides.has("layers"));
    EXPECT_FALSE(back.comparison->overrides.has("norm"));
    EXPECT_FALSE(back.comparison->b.residual);
    EXPECT_EQ(back.comparison->b.layers, 4);
    // Open with nothing overridden is an empty object; no comparison, no key.
    ViewState none;
    EXPECT_FALSE(view_to_json(none).contains("comparison"));
    ASSERT_FALSE(view_from_json(json{{"comparison", json::object()}}, 2, back).has_value());
    EXPECT_TRUE(back.comparison.has_value());
    EXPECT_FALSE(back.comparison->overrides.any());
}

TEST(ViewState, RefusesUnknownKeysWrongTypesAndRanges) {
    const std::vector<json> bad = {
        json::array(),
        {{"couleur", "sombre"}},
        {{"text_scale", 5}},
        {{"text_scale", 0.1}},
        {{"text_scale", "grand"}},
        {{"log_scale", 1}},
        {{"theme", "rose"}},
        {{"head", 2}},  // two heads: 0 or 1
        {{"head", -1}},
        {{"head", 0.5}},
        {{"seconds_per_level", 0}},
        {{"seconds_per_level", 30}},
        {{"comparison", 1}},
        {{"comparison", {{"layers", 9}}}},
        {{"comparison", {{"dimension", 12}}}},
        {{"comparison", {{"residual", "off"}}}},
        {{"comparison", {{"norm", "rms"}}}},
        {{"comparison", {{"sentence", "le chat"}}}},  // shared with A: not B's
        {{"comparison", {{"seed", 3}}}},
        {{"lesson", "lecon.txt"}},
        {{"lesson", {{"file", "a"}}}},
        {{"lesson", {{"file", "a"}, {"step", -2}}}},
        {{"lesson", {{"file", "a"}, {"step", 1}, {"extra", 0}}}},
    };
    for (const auto& j : bad) {
        ViewState v;
        v.head = 1;
        EXPECT_TRUE(view_from_json(j, 2, v).has_value()) << j.dump();
        EXPECT_EQ(v.head, 1) << "untouched on failure: " << j.dump();
    }
}

// Each refusal names the value found, shortened and with control characters shown (issue 17).
TEST(ViewState, RefusalsNameTheValueFound) {
    const std::vector<std::pair<json, std::string>> cases = {
        {json::array(), "« view » doit être un objet (reçu « [] »)"},
        {{{"text_scale", 5}}, "vue : « text_scale » doit aller de 0,5 à 3 (reçu « 5 »)"},
        {{{"text_scale", "grand"}}, "vue : « text_scale » doit être un nombre (reçu « \"grand\" »)"},
        {{{"full_screen", 1}}, "vue : « full_screen » doit valoir true ou false (reçu « 1 »)"},
        {{{"log_scale", "oui"}}, "vue : « log_scale » doit valoir true ou false (reçu « \"oui\" »)"},
        {{{"head", 2}}, "vue : « head » doit être un entier de 0 à 1 (reçu « 2 »)"},
        {{{"seconds_per_level", "vite"}}, "vue : « seconds_per_level » doit être un nombre (reçu « \"vite\" »)"},
        {{{"theme", "rose\r\n"}}, "vue : « theme » doit valoir clair ou sombre (reçu « \"rose\\r\\n\" »)"},
        {{{"comparison", 1}}, "vue : « comparison » doit être un objet (reçu « 1 »)"},
        {{{"comparison", {{"layers", 9}}}}, "vue : valeur invalide pour « comparison.layers » (reçu « 9 »)"},
        {{{"lesson", "lecon.txt"}}, "vue : « lesson » doit être {\"file\": texte, \"step\": entier ≥ 0} (reçu « \"lecon.txt\" »)"},
        {{{"couleur\x1b", 1}}, "vue : clé inconnue « couleur\\x1b »"},
        {{{"theme", std::string(100, 'z')}}, "vue : « theme » doit valoir clair ou sombre (reçu « \"" + std::string(39, 'z') + "… »)"},
    };
    for (const auto& [j, message] : cases) {
        ViewState v;
        EXPECT_EQ(view_from_json(j, 2, v).value_or(""), message);
    }
}

struct Env {
    std::string name, saved;
    bool had;
    explicit Env(const char* n) : name(n) {
        const char* v = std::getenv(n);
        had = v != nullptr;
        if (v) saved = v;
    }
    ~Env() {
        if (had) setenv(name.c_str(), saved.c_str(), 1);
        else unsetenv(name.c_str());
    }
};

TEST(LastSession, FollowsXdgThenHome) {
    Env xdg("XDG_CONFIG_HOME"), home("HOME");
    setenv("XDG_CONFIG_HOME", "/tmp/tb_config", 1);
    setenv("HOME", "/home/prof", 1);
    EXPECT_EQ(last_session_path().value_or(""), "/tmp/tb_config/transformer-bloc/session.json");
    setenv("XDG_CONFIG_HOME", "", 1);  // empty: as if unset (XDG base directory spec)
    EXPECT_EQ(last_session_path().value_or(""), "/home/prof/.config/transformer-bloc/session.json");
    setenv("XDG_CONFIG_HOME", "relatif", 1);  // relative: ignored (spec)
    EXPECT_EQ(last_session_path().value_or(""), "/home/prof/.config/transformer-bloc/session.json");
    unsetenv("XDG_CONFIG_HOME");
    unsetenv("HOME");
    EXPECT_FALSE(last_session_path().has_value());
}

// The view commands' ranges (channel.md §7): text 0,5..3, speed 0,25..4; full screen kept.
TEST(ViewState, RangesAreTheViewCommands) {
    for (const auto& [key, value] : std::vector<std::pair<std::string, double>>{
             {"text_scale", 0.5}, {"text_scale", 3}, {"seconds_per_level", 0.25}, {"seconds_per_level", 4}}) {
        ViewState v;
        EXPECT_FALSE(view_from_json({{key, value}}, 2, v).has_value()) << key << " " << value;
    }
    for (const auto& [key, value] : std::vector<std::pair<std::string, double>>{
             {"text_scale", 0.45}, {"text_scale", 3.1}, {"seconds_per_level", 0.2}, {"seconds_per_level", 4.5}}) {
        ViewState v;
        const auto error = view_from_json({{key, value}}, 2, v);
        ASSERT_TRUE(error.has_value()) << key << " " << value;
        EXPECT_NE(error->find(key == "text_scale" ? "de 0,5 à 3" : "de 0,25 à 4"), std::string::npos) << *error;
    }
    ViewState v;
    v.full_screen = true;
    ViewState back;
    ASSERT_FALSE(view_from_json(view_to_json(v), 2, back).has_value());
    EXPECT_TRUE(back.full_screen);
    EXPECT_TRUE(view_from_json({{"full_screen", "oui"}}, 2, back).has_value());
}

TEST(LastSession, RestoredOnlyForAPlainStart) {
    EXPECT_TRUE(restores_last_session({}));
    StartOptions o;
    o.fresh = true;
    EXPECT_FALSE(restores_last_session(o));
    o = {};
    o.open = true;
    EXPECT_FALSE(restores_last_session(o));
    o = {};
    o.run = true;
    EXPECT_FALSE(restores_last_session(o));
    o = {};
    o.script = true;
    EXPECT_FALSE(restores_last_session(o));
    o = {};
    o.screenshot = true;
    EXPECT_FALSE(restores_last_session(o));
    EXPECT_FALSE(saves_last_session(o));  // a screenshot is a test or a batch: it leaves no trace
    EXPECT_TRUE(saves_last_session({}));
}

}  // namespace
}  // namespace tb
