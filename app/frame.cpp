#include "frame.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cfloat>

#include "app.h"
#include "text/fonts.h"
#include "keys.h"

namespace tb {
namespace {

void apply_style(float scale) {
    ImGuiStyle& style = ImGui::GetStyle();
    ImGui::StyleColorsDark();
    style.WindowRounding = 0;
    style.FrameRounding = 4;
    style.WindowBorderSize = 0;
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.086f, 0.098f, 0.141f, 1.f);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(0.07f, 0.08f, 0.11f, 1.f);
    style.ScaleAllSizes(scale);
}

// Presenter mode shows what the mouse points at only while the teacher moves it: not where the
// pointer merely rests (where the window opened under it, a trackpad left alone), nor after a key
// (a clicker's) since it last moved (issue 33: an idle pointer left a grid tooltip on screen).
class PointerIntent {
  public:
    void hide_if_idle(ImGuiIO& io, bool presenter) {
        const double now = glfwGetTime();
        // A move between two known positions: the pointer entering the window (or its focus) is not one.
        const bool moved = seen_ && ImGui::IsMousePosValid(&last_) && ImGui::IsMousePosValid(&io.MousePos) &&
                           (io.MousePos.x != last_.x || io.MousePos.y != last_.y);
        seen_ = true;
        last_ = io.MousePos;
        if (moved) moved_at_ = now, key_since_ = false;
        for (const bool down : io.KeysDown) key_since_ = key_since_ || down;
        bool pressed = false;
        for (const bool down : io.MouseDown) pressed = pressed || down;
        const bool idle = key_since_ || now - moved_at_ > kIdleSeconds;
        if (presenter && idle && !pressed) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    }

  private:
    static constexpr double kIdleSeconds = 4.0;
    ImVec2 last_;
    double moved_at_ = -1e9;
    bool seen_ = false, key_since_ = false;
};

PointerIntent g_pointer;  // one window, one frame loop

}  // namespace

void start_imgui(float content_scale, ImFontAtlas* atlas) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext(atlas);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini: the same layout every run
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // every control reachable with Tab and arrows
    apply_style(content_scale);
}

void begin_frame(App& app, Fonts& fonts, Keyboard& keys, const FrameSize& size, float content_scale) {
    ImGuiIO& io = ImGui::GetIO();
    // the text grows with the window (scene/screen.h): the atlas follows, between frames
    app.features().set_window(static_cast<float>(size.window_w), static_cast<float>(size.window_h), content_scale);
    fit_fonts(fonts, app.features().text_px());
    keys.feed(app);  // this frame's share of the queued key events, before ImGui reads them
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    g_pointer.hide_if_idle(io, app.features().teaching().presenter());
    // The sizes this frame was laid out for, not those the backend has just read again.
    io.DisplaySize = ImVec2(static_cast<float>(size.window_w), static_cast<float>(size.window_h));
    io.DisplayFramebufferScale = ImVec2(static_cast<float>(size.fb_w) / static_cast<float>(size.window_w),
                                        static_cast<float>(size.fb_h) / static_cast<float>(size.window_h));
    ImGui::NewFrame();
    keys.handle(app);
    io.FontGlobalScale = font_stretch(fonts, app.features().text_px());  // 1 unless past the atlas's size
}

ImDrawData* end_frame(App& app, Fonts& fonts, BeadRenderer* beads, double dt, float content_scale) {
    const ImGuiIO& io = ImGui::GetIO();
    app.features().update(dt);
    app.features().set_window(io.DisplaySize.x, io.DisplaySize.y, content_scale);  // /exporter svg's size
    app.draw(io.DisplaySize.x, io.DisplaySize.y, app.features().interface_scale(), fonts, beads);
    ImGui::Render();
    return ImGui::GetDrawData();
}

}  // namespace tb
