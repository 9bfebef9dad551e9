// The single-key shortcuts: each sends the channel command a class expects, and the registry
// accepts it and makes the change (so a key can never leave the model half-changed).
#include <gtest/gtest.h>

#include <memory>

#include "commands/commands.h"
#include "playback/shortcuts.h"

namespace tb {
namespace {

struct Fixture {
    std::shared_ptr<const Vocabulary> vocabulary =
        std::make_shared<const Vocabulary>(Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    Session session{vocabulary};
    CommandRegistry registry;
    // Presses a shortcut: runs its command, if any; returns whether one was sent.
    bool press(Shortcut k) {
        const auto command = shortcut_command(k, session.settings(), KeyContext{});
        if (command) {
            EXPECT_TRUE(registry.execute(session, *command).ok) << *command;
        }
        return command.has_value();
    }
};

TEST(Shortcuts, LettersFollowTheTypedCharacter) {
    EXPECT_EQ(shortcut_for_character('r'), Shortcut::Residual);
    EXPECT_EQ(shortcut_for_character('N'), Shortcut::Norm);
    EXPECT_EQ(shortcut_for_character('p'), Shortcut::Position);
    EXPECT_EQ(shortcut_for_character('+'), Shortcut::MoreLayers);
    EXPECT_EQ(shortcut_for_character('-'), Shortcut::FewerLayers);
    EXPECT_FALSE(shortcut_for_character('x'));
    EXPECT_FALSE(shortcut_for_character(U'é'));
}

TEST(Shortcuts, EachKeyMakesItsChange) {
    Fixture f;
    f.press(Shortcut::Residual);
    EXPECT_FALSE(f.session.settings().residual);
    f.press(Shortcut::Residual);
    EXPECT_TRUE(f.session.settings().residual);
    // N cycles pre -> post -> aucune -> pre; P cycles sinus -> appris -> aucun -> rope -> alibi -> sinus.
    for (Norm expected : {Norm::Post, Norm::None, Norm::Pre}) {
        f.press(Shortcut::Norm);
        EXPECT_EQ(f.session.settings().norm, expected);
    }
    for (Position expected : {Position::Learned, Position::None, Position::Rope, Position::Alibi, Position::Sinus}) {
        f.press(Shortcut::Position);
        EXPECT_EQ(f.session.settings().position, expected);
    }
    // + and - stop at 6 and 1; the step follows (at the top, it stays at the top).
    for (int i = 0; i < 7; ++i) f.press(Shortcut::MoreLayers);
    EXPECT_EQ(f.session.settings().layers, 6);
    EXPECT_FALSE(f.press(Shortcut::MoreLayers));
    EXPECT_EQ(f.session.settings().step, 13);
    // Arrows step down to 0 and back; nothing below 0 or above the top.
    EXPECT_FALSE(f.press(Shortcut::StepForward));
    for (int i = 0; i < 13; ++i) EXPECT_TRUE(f.press(Shortcut::StepBack));
    EXPECT_EQ(f.session.settings().step, 0);
    EXPECT_FALSE(f.press(Shortcut::StepBack));
    f.press(Shortcut::StepForward);
    EXPECT_EQ(f.session.settings().step, 1);
    for (int i = 0; i < 7; ++i) f.press(Shortcut::FewerLayers);
    EXPECT_EQ(f.session.settings().layers, 1);
    const auto seed = f.session.settings().seed;
    f.press(Shortcut::Propagate);
    EXPECT_NE(f.session.settings().seed, seed);
    EXPECT_EQ(shortcut_command(Shortcut::Presenter, f.session.settings(), KeyContext{false}), "/presentateur on");
    EXPECT_EQ(shortcut_command(Shortcut::Presenter, f.session.settings(), KeyContext{true}), "/presentateur off");
}

// The clicker keys (PageDown/PageUp, and the arrows): with a lesson open they drive it, revealing a
// pending answer before moving on; with none they are /etape ± 1 (see Shortcuts.EachKeyMakesItsChange).
TEST(Shortcuts, ClickerKeysDriveTheLessonWhenOneIsOpen) {
    Settings s;
    s.step = 2;
    const KeyContext asks{false, true, false}, answered{false, true, true}, none{};
    EXPECT_EQ(shortcut_command(Shortcut::StepForward, s, asks), "/lecon reveler");
    EXPECT_EQ(shortcut_command(Shortcut::StepForward, s, answered), "/lecon suivant");
    EXPECT_EQ(shortcut_command(Shortcut::StepBack, s, asks), "/lecon precedent");
    EXPECT_EQ(shortcut_command(Shortcut::StepBack, s, answered), "/lecon precedent");
    EXPECT_EQ(shortcut_command(Shortcut::StepForward, s, none), "/etape 3");
    EXPECT_EQ(shortcut_command(Shortcut::StepBack, s, none), "/etape 1");
    // In a lesson the step's own end does not stop the keys: the lesson answers at its ends.
    s.step = 0;
    EXPECT_EQ(shortcut_command(Shortcut::StepBack, s, answered), "/lecon precedent");
    EXPECT_FALSE(shortcut_command(Shortcut::StepBack, s, none));
}

}  // namespace
}  // namespace tb
