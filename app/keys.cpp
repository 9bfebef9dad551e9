#include "keys.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // which widget has the keyboard now (io.WantTextInput lags a frame)

#include <algorithm>
#include <cmath>

#include "app.h"
#include "base/command_kit.h"
#include "playback/shortcuts.h"

namespace tb {
namespace {

Keyboard* keyboard_of(GLFWwindow* window) { return static_cast<Keyboard*>(glfwGetWindowUserPointer(window)); }

void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
    if (Keyboard* k = keyboard_of(window)) k->push({KeyEvent::Kind::Key, key, scancode, action, mods, 0});
}

void on_char(GLFWwindow* window, unsigned codepoint) {
    if (Keyboard* k = keyboard_of(window)) k->push(KeyEvent::character(codepoint));
}

// Ctrl +/−/0: /vue texte, a tenth larger or smaller, within the command's range.
void text_size_keys(App& app) {
    const float now = app.features().playback().text_scale();
    float next = now;
    if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD)) next += 0.1f;
    if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT) || ImGui::IsKeyPressed(GLFW_KEY_6))
        next -= 0.1f;
    if (ImGui::IsKeyPressed(GLFW_KEY_0) || ImGui::IsKeyPressed(GLFW_KEY_KP_0)) next = 1;
    const double value = std::clamp(std::round(next * 10.0) / 10.0, double{ViewState::kMinTextScale},
                                    double{ViewState::kMaxTextScale});
    if (std::abs(value - now) > 1e-4) app.run("/vue texte " + decimal_text(value).fr);
}

// A text field had the keyboard at the end of the last frame. io.WantTextInput, read before
// NewFrame, still says what it said a frame earlier.
bool text_field_active() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    return g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId;
}

KeyContext key_context(App& app) {
    const Teaching& teaching = app.features().teaching();
    const LessonPlayer& lesson = teaching.lesson();
    return {teaching.presenter(), lesson.is_open(), !lesson.is_open() || lesson.revealed()};
}

}  // namespace

Keyboard::Keyboard(GLFWwindow* window) : window_(window) {
    glfwSetWindowUserPointer(window, this);
    imgui_key_ = glfwSetKeyCallback(window, on_key);
    imgui_char_ = glfwSetCharCallback(window, on_char);
}

Keyboard::~Keyboard() {
    glfwSetKeyCallback(window_, imgui_key_);
    glfwSetCharCallback(window_, imgui_char_);
    glfwSetWindowUserPointer(window_, nullptr);
}

void Keyboard::feed(App& app) {
    // In front of a room (presenter mode, or a lesson open) the clicker's arrows, Page keys and
    // Space are the lesson's and the step's only: ImGui's keyboard navigation would move a focus
    // nobody sees, and a Space could then press the lesson's « Fermer ».
    const KeyContext context = key_context(app);
    ImGuiIO& io = ImGui::GetIO();
    if (context.presenter || context.lesson_open) io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    else io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ConsoleState& console = app.console();
    const KeyShare share = queue_.take({text_field_active(), console_focus_pending(console)});
    for (const KeyEvent& e : share.events) {
        if (e.kind == KeyEvent::Kind::Char) {
            if (imgui_char_) imgui_char_(window_, e.codepoint);
        } else if (imgui_key_) {
            imgui_key_(window_, e.key, e.scancode, e.action, e.mods);
        }
    }
    if (share.open_console) open_console_line(console);
    typing_ = share.held;
}

// Keys, as the channel's commands (playback/shortcuts.h; F11 and Ctrl +/− as /vue). GLFW key codes
// index io.KeysDown in ImGui 1.86. F5, F11 and the clicker's PageDown/PageUp act even while a
// field has the keyboard (they are never text); Space, the arrows and the letters are text then.
// While the keyboard navigates the widgets (Tab, arrows: io.NavVisible), Space and the arrows
// belong to the navigation; Escape gives them back. In front of a room there is no navigation
// (feed()): they are always the lesson's and the step's.
void Keyboard::handle(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl) return text_size_keys(app);
    const KeyContext context = key_context(app);
    auto send = [&](Shortcut shortcut) {
        if (auto command = shortcut_command(shortcut, app.session().settings(), context)) app.run(*command);
    };
    if (ImGui::IsKeyPressed(GLFW_KEY_F11, false))
        app.run(app.features().playback().full_screen() ? "/vue plein-ecran off" : "/vue plein-ecran on");
    if (ImGui::IsKeyPressed(GLFW_KEY_F5, false)) send(Shortcut::Presenter);
    if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN, false)) send(Shortcut::StepForward);
    if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP, false)) send(Shortcut::StepBack);
    if (io.WantTextInput || typing_) return;  // typing a command: keys are text
    if (!io.NavVisible) {
        const bool repeat = !context.lesson_open;  // holding an arrow walks the steps, not the lesson
        if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false)) send(Shortcut::Propagate);
        if (ImGui::IsKeyPressed(GLFW_KEY_LEFT, repeat)) send(Shortcut::StepBack);
        if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT, repeat)) send(Shortcut::StepForward);
    }
    for (const ImWchar c : io.InputQueueCharacters)
        if (const auto shortcut = shortcut_for_character(c)) send(*shortcut);
}

}  // namespace tb
