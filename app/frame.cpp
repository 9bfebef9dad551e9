#include "frame.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include "app.h"
#include "fonts.h"
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
