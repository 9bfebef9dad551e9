#include "web/web_window.h"

#include <emscripten.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app.h"
#include "text/fonts.h"
#include "frame.h"
#include "keys.h"
#include "render/bead_renderer.h"
#include "render/screenshot.h"
#include "text/text.h"
#include "web/page.h"

EM_JS(void, tb_js_first_picture, (), { Module.tbFirstPicture(); });
EM_JS(void, tb_js_set_title, (const char* title), { document.title = UTF8ToString(title); });

namespace tb {
namespace {

using Clock = std::chrono::steady_clock;

// The canvas's size in CSS pixels and the device's pixel ratio: the drawing buffer follows them,
// ImGui lays out in buffer pixels and the text scales by the ratio (as a HiDPI monitor's).
struct CanvasSize {
    int width = 0, height = 0;
    float ratio = 1;
};

CanvasSize fit_canvas() {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    CanvasSize s;
    s.ratio = std::clamp(static_cast<float>(emscripten_get_device_pixel_ratio()), 1.f, 4.f);
    s.width = std::max(1, static_cast<int>(std::lround(css_w * s.ratio)));
    s.height = std::max(1, static_cast<int>(std::lround(css_h * s.ratio)));
    int now_w = 0, now_h = 0;
    emscripten_get_canvas_element_size("#canvas", &now_w, &now_h);
    if (now_w != s.width || now_h != s.height) emscripten_set_canvas_element_size("#canvas", s.width, s.height);
    return s;
}

struct PageLoop {
    Page& page;
    GLFWwindow* window;
    Fonts fonts;
    std::unique_ptr<BeadRenderer> beads;
    Keyboard keys{window};
    Clock::time_point last = Clock::now();
    int frame = 0;
    bool full_screen = false;

    // /vue plein-ecran and presenter mode: the browser's full screen, asked at the next user event
    // (a browser grants it only there); leaving it with Escape is the browser's.
    void follow_full_screen() {
        Playback& playback = page.app().features().playback();
        if (playback.full_screen() == full_screen) return;
        full_screen = playback.full_screen();
        if (full_screen) {
            EmscriptenFullscreenStrategy strategy{};
            strategy.scaleMode = EMSCRIPTEN_FULLSCREEN_SCALE_STRETCH;
            strategy.canvasResolutionScaleMode = EMSCRIPTEN_FULLSCREEN_CANVAS_SCALE_HIDEF;
            emscripten_request_fullscreen_strategy("#canvas", 1, &strategy);
        } else {
            emscripten_exit_fullscreen();
        }
    }

    void run_frame() {
        App& app = page.app();
        const CanvasSize canvas = fit_canvas();
        const FrameSize size{canvas.width, canvas.height, canvas.width, canvas.height};
        const Clock::time_point start = Clock::now();
        const double dt = std::min(0.1, std::chrono::duration<double>(start - last).count());
        last = start;
        begin_frame(app, fonts, keys, size, canvas.ratio);
        follow_full_screen();
        ImDrawData* data = end_frame(app, fonts, beads.get(), dt, canvas.ratio);
        glViewport(0, 0, size.fb_w, size.fb_h);
        glClearColor(0.086f, 0.098f, 0.141f, 1.f);
        glClear(GL_COLOR_BUFFER_BIT);
        ImGui_ImplOpenGL3_RenderDrawData(data);
        if (frame >= 3)  // /exporter image: the frame just drawn, read before the browser shows it
            for (const auto& path : app.features().take_image_requests())
                app.features().image_written(path, write_screenshot(path, size.fb_w, size.fb_h));
        if (++frame == 2) tb_js_first_picture();
        page.after_frame();
    }
};

void run_frame(void* loop) { static_cast<PageLoop*>(loop)->run_frame(); }

}  // namespace

int run_page_window(Page& page) {
    if (!glfwInit()) {
        std::fprintf(stderr, "transformer-bloc : impossible d'initialiser GLFW dans la page\n");
        return 2;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    const CanvasSize canvas = fit_canvas();
    const char* title = text_in(page.app().features().registry().language()).window_title;
    GLFWwindow* window = glfwCreateWindow(canvas.width, canvas.height, title, nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "transformer-bloc : WebGL2 indisponible dans ce navigateur\n");
        return 2;
    }
    tb_js_set_title(title);
    glfwMakeContextCurrent(window);
    start_imgui(canvas.ratio);
    page.app().features().set_window(static_cast<float>(canvas.width), static_cast<float>(canvas.height), canvas.ratio);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    auto* loop = new PageLoop{page, window, load_fonts(std::round(std::min(page.app().features().text_px(), kMaxAtlasPx))), nullptr};
    try {
        loop->beads = std::make_unique<BeadRenderer>(page.data_dir() + "/shaders");
    } catch (const std::exception& e) {  // without shaders the beads are ImGui circles
        std::fprintf(stderr, "transformer-bloc : %s\n", e.what());
    }
    emscripten_set_main_loop_arg(run_frame, loop, 0, 1);  // the page lives until it is closed
    return 0;
}

}  // namespace tb
