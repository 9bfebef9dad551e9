#pragma once
// The window's key and character events in the order they came, handed to ImGui at the start of
// each frame so that none is lost (ImGui 1.86 reads a key's state once a frame: a press and a
// release inside one frame never happen; shared/notes/toolchain.md).
// Pure, no GLFW: window.cpp's callbacks push, the frame loop takes one frame's share and passes
// it on to ImGui's own callbacks. The rules:
//  - every tap lasts at least one frame: a release of a key pressed in this frame's share waits
//    for the next frame (so a clicker's or xdotool's zero-length tap is seen, and a Return typed
//    after a command's characters comes after them, in a frame of its own);
//  - a `/` typed while no text field has the keyboard opens the console line: it is held back,
//    with everything after it, until the line has the keyboard, then typed into it; nothing is
//    handed on while the console line is being given the keyboard (after Return, too), so
//    characters typed before the focus arrives are neither lost nor read as shortcuts.
#include <cstddef>
#include <deque>
#include <vector>

namespace tb {

struct KeyEvent {
    enum class Kind { Key, Char };
    // GLFW's actions.
    static constexpr int kRelease = 0, kPress = 1, kRepeat = 2;
    Kind kind = Kind::Key;
    int key = 0, scancode = 0, action = 0, mods = 0;  // Kind::Key
    unsigned codepoint = 0;                           // Kind::Char

    static KeyEvent press(int key) { return {Kind::Key, key, 0, kPress, 0, 0}; }
    static KeyEvent release(int key) { return {Kind::Key, key, 0, kRelease, 0, 0}; }
    static KeyEvent character(unsigned c) { return {Kind::Char, 0, 0, 0, 0, c}; }
};

// The keyboard's state at the start of a frame.
struct KeyFocus {
    bool text_input = false;       // a text field has the keyboard (io.WantTextInput)
    bool console_pending = false;  // the console line was asked to take the keyboard and has not yet
};

struct KeyShare {
    std::vector<KeyEvent> events;  // for ImGui this frame, in order
    bool open_console = false;     // a `/` asks for the console line (it follows once the line has the keyboard)
    bool held = false;             // events wait for the console line: no shortcut may fire this frame
};

class KeyQueue {
public:
    // Frames the queue waits for the console line before it gives up (and drops a held `/`).
    static constexpr int kMaxWaitFrames = 8;
    static constexpr std::size_t kMaxEvents = 512;  // beyond, the oldest events are dropped

    void push(const KeyEvent& event);
    bool empty() const { return queue_.empty() && !slash_waiting_; }
    // This frame's share of the events.
    KeyShare take(const KeyFocus& focus);

private:
    bool waiting(const KeyFocus& focus);

    std::deque<KeyEvent> queue_;
    bool slash_waiting_ = false;  // a `/` taken out of the queue, to type once the console line is ready
    int wait_frames_ = 0;
};

}  // namespace tb
