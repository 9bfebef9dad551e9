// The key queue: no tap is lost, however short; the order of keys and characters is kept; a `/`
// typed anywhere waits for the console line and nothing slips out as a shortcut meanwhile.
#include <gtest/gtest.h>

#include <string>

#include "playback/key_queue.h"

namespace tb {
namespace {

constexpr int kEnter = 257, kA = 65, kSlash = 47, kPageDown = 267;  // GLFW's key codes
const KeyFocus kNoField{false, false}, kTyping{true, false}, kPending{false, true};

// A share written as a string: +K a press, -K a release (K the key code), 'c' a character.
std::string written(const KeyShare& share) {
    std::string out;
    for (const KeyEvent& e : share.events) {
        if (e.kind == KeyEvent::Kind::Char) out += "'" + std::string(1, static_cast<char>(e.codepoint)) + "'";
        else out += (e.action == KeyEvent::kRelease ? "-" : "+") + std::to_string(e.key);
        out += ' ';
    }
    return out;
}

// xdotool's zero-length typing of one character: press, character, release.
void type(KeyQueue& q, char c, int key) {
    q.push(KeyEvent::press(key));
    q.push(KeyEvent::character(static_cast<unsigned>(c)));
    q.push(KeyEvent::release(key));
}

TEST(KeyQueue, ATapInsideOneFrameLastsAFrame) {
    KeyQueue q;
    q.push(KeyEvent::press(kPageDown));
    q.push(KeyEvent::release(kPageDown));
    EXPECT_EQ(written(q.take(kNoField)), "+267 ");  // pressed this frame: ImGui sees it down
    EXPECT_EQ(written(q.take(kNoField)), "-267 ");  // released the next
    EXPECT_TRUE(q.empty());
    EXPECT_EQ(written(q.take(kNoField)), "");
}

TEST(KeyQueue, TwoTapsOfTheSameKeyAreTwoPresses) {
    KeyQueue q;
    for (int i = 0; i < 2; ++i) q.push(KeyEvent::press(kPageDown)), q.push(KeyEvent::release(kPageDown));
    EXPECT_EQ(written(q.take(kNoField)), "+267 ");
    EXPECT_EQ(written(q.take(kNoField)), "-267 +267 ");
    EXPECT_EQ(written(q.take(kNoField)), "-267 ");
}

TEST(KeyQueue, ReturnComesAfterTheCharactersBeforeItInAFrameOfItsOwn) {
    KeyQueue q;
    type(q, 'a', kA);
    q.push(KeyEvent::press(kEnter));
    q.push(KeyEvent::release(kEnter));
    type(q, 'a', kA);
    EXPECT_EQ(written(q.take(kTyping)), "+65 'a' ");
    EXPECT_EQ(written(q.take(kTyping)), "-65 +257 ");
    EXPECT_EQ(written(q.take(kTyping)), "-257 +65 'a' ");  // the next line's character after Return
    EXPECT_EQ(written(q.take(kTyping)), "-65 ");
}

TEST(KeyQueue, KeysHeldDownTogetherGoTogether) {
    KeyQueue q;  // Ctrl and + : both down in the same frame
    q.push(KeyEvent::press(341));
    q.push(KeyEvent::press(kA));
    q.push(KeyEvent::release(kA));
    q.push(KeyEvent::release(341));
    EXPECT_EQ(written(q.take(kNoField)), "+341 +65 ");
    EXPECT_EQ(written(q.take(kNoField)), "-65 -341 ");
}

TEST(KeyQueue, ASlashWithNoFieldWaitsForTheConsoleLine) {
    KeyQueue q;
    type(q, '/', kSlash);
    type(q, 'a', kA);
    KeyShare first = q.take(kNoField);
    EXPECT_EQ(written(first), "+47 ");  // the slash's key, not its character
    EXPECT_TRUE(first.open_console);
    EXPECT_TRUE(first.held);
    // The line is being focused: nothing comes out, not even the next letter.
    for (int i = 0; i < 3; ++i) {
        const KeyShare held = q.take(kPending);
        EXPECT_EQ(written(held), "");
        EXPECT_TRUE(held.held);
        EXPECT_FALSE(held.open_console);
    }
    // The line has the keyboard: the slash first, then the rest in order.
    EXPECT_EQ(written(q.take(kTyping)), "'/' -47 +65 'a' ");
    EXPECT_EQ(written(q.take(kTyping)), "-65 ");
    EXPECT_TRUE(q.empty());
}

TEST(KeyQueue, ASlashInsideAFieldIsText) {
    KeyQueue q;
    type(q, '/', kSlash);
    const KeyShare share = q.take(kTyping);
    EXPECT_EQ(written(share), "+47 '/' ");
    EXPECT_FALSE(share.open_console);
}

TEST(KeyQueue, NothingSlipsOutWhileTheLineIsBeingFocusedAfterReturn) {
    KeyQueue q;
    type(q, 'r', 82);
    const KeyShare held = q.take(kPending);
    EXPECT_TRUE(held.held);
    EXPECT_EQ(written(held), "");
    EXPECT_EQ(written(q.take(kTyping)), "+82 'r' ");
}

TEST(KeyQueue, GivesUpWhenTheLineNeverComes) {
    KeyQueue q;
    type(q, '/', kSlash);
    type(q, 'r', 82);
    EXPECT_TRUE(q.take(kNoField).open_console);
    for (int i = 0; i < KeyQueue::kMaxWaitFrames; ++i) EXPECT_TRUE(q.take(kPending).held);
    const KeyShare after = q.take(kPending);  // the slash is dropped, the rest goes on
    EXPECT_FALSE(after.held);
    EXPECT_EQ(written(after), "-47 +82 'r' ");
}

TEST(KeyQueue, KeepsAtMostItsLimit) {
    KeyQueue q;
    for (std::size_t i = 0; i < KeyQueue::kMaxEvents + 10; ++i) q.push(KeyEvent::character('a'));
    EXPECT_EQ(q.take(kTyping).events.size(), KeyQueue::kMaxEvents);
}

}  // namespace
}  // namespace tb
