#include "text/text.h"

#include <gtest/gtest.h>

#include "../features_fixture.h"
#include "commands/commands.h"
#include "text/glyphs.h"
#include "model/trace.h"

namespace tb {
namespace {

std::string hex(const std::vector<std::uint32_t>& cps) {
    std::string out;
    char buf[16];
    for (auto cp : cps) std::snprintf(buf, sizeof buf, "U+%04X ", cp), out += buf;
    return out;
}

// Every interface string can be drawn with the font's glyph ranges (no '?' boxes on the projector).
TEST(Text, EveryInterfaceStringIsInTheGlyphRanges) {
    const Strings& t = text_in(Language::French);
    const auto* fields = reinterpret_cast<const char* const*>(&t);  // Strings holds only const char*
    const std::size_t count = sizeof(Strings) / sizeof(const char*);
    for (std::size_t i = 0; i < count; ++i) {
        ASSERT_NE(fields[i], nullptr) << "string " << i;
        EXPECT_TRUE(uncovered_code_points(fields[i]).empty()) << fields[i] << ": " << hex(uncovered_code_points(fields[i]));
    }
    // And what the core shows through the window: command help, level names, messages.
    CommandRegistry registry;
    EXPECT_TRUE(uncovered_code_points(registry.help_text()).empty()) << hex(uncovered_code_points(registry.help_text()));
    for (int k = 0; k < 14; ++k) EXPECT_TRUE(uncovered_code_points(level_name(k, 6)).empty());
}

// Issue 4: every French string of the interface has an English twin, drawable with the same font.
TEST(Text, EveryFrenchStringHasAnEnglishTwin) {
    int differ = 0;
    for (const auto& [fr, en] : string_table_pairs()) {
        ASSERT_NE(en, nullptr) << fr;
        EXPECT_GT(std::string(en).size(), 0u) << "no English for « " << fr << " »";
        EXPECT_TRUE(uncovered_code_points(en).empty()) << en;
        differ += std::string(fr) != en;
    }
    EXPECT_GT(differ, 50) << "most strings differ between the languages";
    EXPECT_STREQ(text_in(Language::English).reset, "Reset");
    EXPECT_STREQ(tr(Language::English, "Suivant", "Next"), "Next");
    EXPECT_STREQ(text_in(Language::French).reset, "Réinitialiser");
}

TEST(Text, LevelLabelsInBothLanguages) {
    const Language fr = Language::French, en = Language::English;
    EXPECT_EQ(level_label(fr, 0, 2), "entrée");
    EXPECT_EQ(level_label(fr, 3, 2), "attention 2");
    EXPECT_EQ(level_label(fr, 4, 2, LabelLength::Medium), "ffn 2");
    EXPECT_EQ(level_label(fr, 5, 2, LabelLength::Short), "S");
    EXPECT_EQ(level_label(fr, 1, 6, LabelLength::Short), "a1");
    EXPECT_EQ(level_label(en, 0, 2), "input");
    EXPECT_EQ(level_label(en, 5, 2), "output");
    EXPECT_EQ(level_label(en, 5, 2, LabelLength::Medium), "output");
    EXPECT_EQ(level_label(en, 0, 2, LabelLength::Short), "I");
    EXPECT_EQ(level_label(en, 2, 2, LabelLength::Short), "f1");
}

TEST(Text, DecimalCommaInFrench) {
    EXPECT_EQ(localize_decimals(Language::French, "31.6 % de 124.4 M, x.y, 1. 2"), "31,6 % de 124,4 M, x.y, 1. 2");
    EXPECT_EQ(localize_decimals(Language::English, "31.6 %"), "31.6 %");
}

// The interface's language has one owner, each window's registry: two windows' features in one
// process, one switched to English by /langue en, each speak their own language (a global copy
// would make the last one synced speak for both).
TEST(Text, EachRegistrySpeaksForItsOwnWindow) {
    test::WindowFeatures french, english;
    ASSERT_TRUE(english.run("/langue en").ok);
    ASSERT_TRUE(french.run("/vue texte 1,5").ok);  // the French window runs (and syncs) after the English one
    english.features.image_written("/tmp/a.png", std::nullopt);
    french.features.image_written("/tmp/b.png", std::nullopt);
    EXPECT_EQ(english.features.log().back().text, "view saved (PNG) to “/tmp/a.png”");
    EXPECT_EQ(french.features.log().back().text, "vue enregistrée (PNG) dans « /tmp/b.png »");
    EXPECT_EQ(english.registry.language(), Language::English);
    EXPECT_EQ(french.registry.language(), Language::French);
}

// --lang sets the registry's language before the window's features exist: the log's first line,
// the welcome, is drawn in that language, and in the other one after /langue.
TEST(Text, TheWelcomeFollowsTheRegistrysLanguage) {
    Session session{test::vocabulary()};
    CommandRegistry registry;
    registry.set_language(Language::English);
    Features features(session, registry);
    features.install();
    ASSERT_FALSE(features.log().empty());
    EXPECT_STREQ(features.log().front().in(true).c_str(), text_in(Language::English).welcome);
    EXPECT_STREQ(features.log().front().in(false).c_str(), text_in(Language::French).welcome);
}

TEST(Text, UncoveredCodePointsAreFound) {
    EXPECT_EQ(uncovered_code_points("ℝᵈ"), std::vector<std::uint32_t>{0x1D48});
    EXPECT_TRUE(uncovered_code_points("« élan » √d ⊕ ≈ × ∑ – ’").empty());
}

}  // namespace
}  // namespace tb
