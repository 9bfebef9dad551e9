#pragma once
// The keyboard of the window (GLFW and ImGui): every key and character event is queued in order
// (playback/key_queue.h) and handed to ImGui a frame's share at a time, so that no tap is lost
// however short, and `/` typed anywhere opens the console line; then the keys become the
// channel's commands (playback/shortcuts.h), echoed in the log.
struct GLFWwindow;

#include "playback/key_queue.h"

namespace tb {

class App;

class Keyboard {
public:
    // Installs its key and character callbacks over ImGui's (ImGui_ImplGlfw_InitForOpenGL(window,
    // true) must have run), which it calls as it hands the events on; the destructor puts them back.
    explicit Keyboard(GLFWwindow* window);
    ~Keyboard();
    Keyboard(const Keyboard&) = delete;
    Keyboard& operator=(const Keyboard&) = delete;

    // Before ImGui_ImplGlfw_NewFrame: this frame's share of the events to ImGui.
    void feed(App& app);
    // After ImGui::NewFrame: the keys pressed this frame, as commands.
    void handle(App& app);
    // Events still wait in the queue: the frame loop keeps drawing (no glfwWaitEvents).
    bool busy() const { return !queue_.empty(); }

    void push(const KeyEvent& event) { queue_.push(event); }  // from the callbacks

private:
    GLFWwindow* window_;
    KeyQueue queue_;
    void (*imgui_key_)(GLFWwindow*, int, int, int, int) = nullptr;
    void (*imgui_char_)(GLFWwindow*, unsigned) = nullptr;
    bool typing_ = false;  // this frame's keys wait for the console line: they are text, not shortcuts
};

}  // namespace tb
