#include "playback/key_queue.h"

#include <algorithm>

namespace tb {

void KeyQueue::push(const KeyEvent& event) {
    queue_.push_back(event);
    while (queue_.size() > kMaxEvents) queue_.pop_front();
}

// True while the events must wait for the console line; counts the frames waited, and after
// kMaxWaitFrames (the line never came) gives up and drops the held `/`.
bool KeyQueue::waiting(const KeyFocus& focus) {
    if (focus.text_input || (!slash_waiting_ && !focus.console_pending)) {
        wait_frames_ = 0;
        return false;
    }
    if (++wait_frames_ <= kMaxWaitFrames) return true;
    wait_frames_ = 0;
    slash_waiting_ = false;
    return false;
}

KeyShare KeyQueue::take(const KeyFocus& focus) {
    KeyShare share;
    if (waiting(focus)) {
        share.held = true;
        return share;
    }
    if (slash_waiting_) {  // the line has the keyboard: the slash goes in first
        share.events.push_back(KeyEvent::character('/'));
        slash_waiting_ = false;
    }
    std::vector<int> pressed;  // keys pressed in this share
    while (!queue_.empty()) {
        const KeyEvent& e = queue_.front();
        if (e.kind == KeyEvent::Kind::Key && e.action == KeyEvent::kRelease &&
            std::find(pressed.begin(), pressed.end(), e.key) != pressed.end())
            break;  // the tap lasts this frame; its release comes with the next one
        if (e.kind == KeyEvent::Kind::Char && e.codepoint == '/' && !focus.text_input) {
            queue_.pop_front();
            slash_waiting_ = true;
            share.open_console = share.held = true;
            break;
        }
        if (e.kind == KeyEvent::Kind::Key && e.action == KeyEvent::kPress) pressed.push_back(e.key);
        share.events.push_back(e);
        queue_.pop_front();
    }
    return share;
}

}  // namespace tb
