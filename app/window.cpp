// The one file that includes GLFW: context, glad, ImGui, the frame loop, keys, screenshot.
// Straight-line start, reverse shutdown (as ImGui's example_glfw_opengl3).
#include "window.h"

#include "render/gl.h"  // glad first, then GLFW without its own GL header
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "app.h"
#include "text/font_prebuild.h"
#include "text/fonts.h"
#include "frame.h"
#include "keys.h"
#include "render/bead_renderer.h"
#include "render/frame_cache.h"
#include "render/screen_text.h"
#include "render/screenshot.h"
#include "test_actions.h"
#include "ui/layout_report.h"
#include "text/text.h"
#include "base/utf8.h"
#include "x_errors.h"

namespace tb {
namespace {

using Clock = std::chrono::steady_clock;
const Clock::time_point g_process_start = Clock::now();  // as near to main() as we can get

bool g_exposed = false;  // the window system asked for the window's pixels again (glfwSetWindowRefreshCallback)

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

void on_glfw_error(int code, const char* description) {
    std::fprintf(stderr, "transformer-bloc : GLFW %d : %s\n", code, description);
}

struct Fullscreen {
    bool on = false;
    int x = 0, y = 0, w = 0, h = 0;
    void toggle(GLFWwindow* window) {
        if (!on) {
            GLFWmonitor* monitor = glfwGetPrimaryMonitor();
            const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
            if (!mode) return;
            glfwGetWindowPos(window, &x, &y);
            glfwGetWindowSize(window, &w, &h);
            glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
        } else {
            glfwSetWindowMonitor(window, nullptr, x, y, std::max(w, 200), std::max(h, 150), 0);
        }
        on = !on;
    }
};

// The window's and the framebuffer's sizes, read together: each read asks the X server, and a
// window resized between two reads would give a frame drawn at one size and copied at another
// (the partial redraw's copy then asked pixels past the back buffer: BadValue, X_ShmPutImage).
FrameSize read_frame_size(GLFWwindow* window) {
    FrameSize s;
    for (int tries = 0; tries < 4; ++tries) {  // until the framebuffer's size is the same before and after
        int w = 0, h = 0;
        glfwGetFramebufferSize(window, &s.fb_w, &s.fb_h);
        glfwGetWindowSize(window, &s.window_w, &s.window_h);
        glfwGetFramebufferSize(window, &w, &h);
        if (w == s.fb_w && h == s.fb_h) break;
    }
    return s;
}

// GLFW, a GL 3.3 core context, glad; null (and a French reason on stderr) when any is missing.
GLFWwindow* open_window(const WindowOptions& options, const char* title) {
    glfwSetErrorCallback(on_glfw_error);
    if (!glfwInit()) {
        std::fprintf(stderr, "transformer-bloc : impossible d'initialiser GLFW (pas d'écran ? essayez xvfb-run)\n");
        return nullptr;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, options.fixed_size ? GLFW_FALSE : GLFW_TRUE);  // HiDPI
    GLFWwindow* window = glfwCreateWindow(options.width, options.height, title, nullptr, nullptr);
    if (!window) {
        glfwTerminate();
        std::fprintf(stderr, "transformer-bloc : impossible d'ouvrir une fenêtre OpenGL 3.3\n");
        return nullptr;
    }
    glfwMakeContextCurrent(window);
    if (!gladLoadGL(glfwGetProcAddress)) {
        glfwDestroyWindow(window);
        glfwTerminate();
        std::fprintf(stderr, "transformer-bloc : OpenGL 3.3 core indisponible\n");
        return nullptr;
    }
    glfwSwapInterval(1);
    return window;
}

// ImGui's context and style at the monitor's content scale (HiDPI), 1 to 4, which it returns;
// its fonts in `atlas`.
float open_imgui(GLFWwindow* window, ImFontAtlas* atlas) {
    float scale_x = 1, scale_y = 1;
    glfwGetWindowContentScale(window, &scale_x, &scale_y);
    const float content_scale = std::clamp(std::max(scale_x, scale_y), 1.f, 4.f);
    tb::start_imgui(content_scale, atlas);
    return content_scale;
}

// The frame loop: events, test actions, keys, the App's frame, exports and the screenshot.
struct FrameLoop {
    FrameLoop(App& a, GLFWwindow* w, const WindowOptions& o, float scale, Fonts& f, BeadRenderer* b)
        : app(a), window(w), options(o), content_scale(scale), fonts(f), beads(b) {}
    // ImGui's frame, drawn again and shown only where it changed (render/frame_cache.h)
    SubBufferCopy sub_buffer_copy{glfwGetProcAddress, glfwExtensionSupported("GLX_MESA_copy_sub_buffer") == GLFW_TRUE};
    FrameCache cache{sub_buffer_copy};
    App& app;
    GLFWwindow* window;
    const WindowOptions& options;
    float content_scale;
    Fonts& fonts;
    BeadRenderer* beads;
    Fullscreen fullscreen;
    Keyboard keys{window};
    bool presenter_seen = false, full_screen_seen = false;
    TestActions actions{std::getenv("TRANSFORMER_BLOC_TEST_ACTIONS")};
    Stats stats;
    int frame = 0, busy_frames = 3, gl_errors = 0, status = 0;
    bool gl_check = std::getenv("TRANSFORMER_BLOC_GL_CHECK") != nullptr;
    Clock::time_point last = Clock::now();

    bool screenshot() const { return !options.screenshot.empty(); }

    // --run/--script's next lines, up to the next picture requested; false when one is refused.
    std::size_t script_next = 0;
    // A picture asked by the last line main() ran is still to be written: its failure ends the run too.
    bool script_running = !options.script.empty() || app.features().images_pending();
    bool run_script() {
        while (script_next < options.script.size() && !app.features().images_pending()) {
            const std::string& line = options.script[script_next++];
            const auto result = app.run(line);
            if (!result.ok) {
                std::fprintf(stderr, options.english ? "transformer-bloc: %s\n  in the command “%s”\n" : "transformer-bloc : %s\n  dans la commande « %s »\n",
                             result.message.c_str(), utf8::visible(line).c_str());
                status = 2;
                return false;
            }
        }
        script_running = script_next < options.script.size() || app.features().images_pending();
        return true;
    }

    // Presenter mode fills the screen (not in fixed-size runs: tests and screenshots); the window
    // follows /vue plein-ecran.
    void follow_full_screen() {
        Playback& playback = app.features().playback();
        if (app.features().teaching().presenter() != presenter_seen) {
            presenter_seen = app.features().teaching().presenter();
            if (!options.fixed_size) playback.set_full_screen(presenter_seen);
        }
        if (playback.full_screen() != full_screen_seen) {
            full_screen_seen = playback.full_screen();
            if (fullscreen.on != full_screen_seen) fullscreen.toggle(window);
        }
    }

    // Draws one frame; returns true when it was the screenshot (the loop ends).
    bool draw(double dt, const FrameSize& size) {
        ImGuiIO& io = ImGui::GetIO();
        const int fb_w = size.fb_w, fb_h = size.fb_h;
        begin_frame(app, fonts, keys, size, content_scale);
        follow_full_screen();
        keep_x_error_handlers();  // after GLFW's full-screen calls
        if (screenshot() && !app.features().playback().pinned()) app.features().playback().finish();
        ImDrawData* data = end_frame(app, fonts, beads, dt, content_scale);
        if (const auto link = app.features().take_clipboard()) glfwSetClipboardString(window, link->c_str());  // /lien

        cache.render(data, fb_w, fb_h, ImVec4(0.086f, 0.098f, 0.141f, 1.f));  // then in the back buffer
        glViewport(0, 0, fb_w, fb_h);
        stats.vertices += data->TotalVtxCount;
        stats.redrawn += static_cast<double>(cache.redrawn_pixels()) / std::max(1.f, io.DisplaySize.x * io.DisplaySize.y);

        // /exporter image: the frame just drawn, once ImGui has settled (3 frames).
        if (frame >= 3) {
            for (const auto& path : app.features().take_image_requests()) {
                const auto error = write_screenshot(path, fb_w, fb_h);
                app.features().image_written(path, error);
                if (error && script_running) {
                    std::fprintf(stderr, "transformer-bloc : /exporter image : %s\n", error->c_str());
                    status = 2;
                    return true;
                }
            }
            if (!run_script()) return true;
        }
        // The screenshot: after 3 frames and the test actions, from the back buffer, before the swap.
        // A session being reopened (--open) is shot once it is open.
        const bool shoot = screenshot() && frame >= 3 && actions.pending.empty() && actions.quiet_frames >= 3 && !script_running &&
                           !app.features().training().reopening();
        // "texts FILE": what this frame wrote, read back from its draw data, once ImGui has settled.
        if (!actions.texts_path.empty() && actions.quiet_frames >= 3) {
            if (!write_screen_text(screen_text(*ImGui::GetDrawData(), *io.Fonts), actions.texts_path, actions.texts_positions)) {
                std::fprintf(stderr, "transformer-bloc : impossible d'écrire %s\n", actions.texts_path.c_str());
                status = 2;
            }
            actions.texts_path.clear();
        }
        if (!actions.report_path.empty() && actions.quiet_frames >= 3) {
            if (!write_layout_report(*ImGui::GetDrawData(), *io.Fonts, actions.report_path)) {
                std::fprintf(stderr, "transformer-bloc : impossible d'écrire %s\n", actions.report_path.c_str());
                status = 2;
            }
            actions.report_path.clear();
        }
        if (shoot)
            if (auto error = write_screenshot(options.screenshot, fb_w, fb_h)) {
                std::fprintf(stderr, "transformer-bloc : %s\n", error->c_str());
                status = 2;
            }
        int live_w = 0, live_h = 0;  // a resize during the frame: swapped whole rather than copied
        glfwGetFramebufferSize(window, &live_w, &live_h);
        if (!cache.show(live_w, live_h)) glfwSwapBuffers(window);
        if (gl_check)  // $TRANSFORMER_BLOC_GL_CHECK: every GL error reported, and the exit status says so
            for (GLenum e; (e = glGetError()) != GL_NO_ERROR; ++gl_errors) std::fprintf(stderr, "erreur GL 0x%04x\n", e);
        return shoot;
    }

    int run() {
        ImGuiIO& io = ImGui::GetIO();
        glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { g_exposed = true; });
        while (!glfwWindowShouldClose(window)) {
            keep_x_error_handlers();  // GLFW's guarded calls put Xlib's fatal one back: ours before any event is read
            // Idle: wait for events when nothing moves (no busy loop); ImGui gets a few frames
            // after each event to settle hovers and popups.
            const bool acting = !actions.pending.empty() && !actions.waits_for_training(app);
            if (screenshot() || app.features().playback().animating() || busy_frames > 0 || acting || keys.busy())
                glfwPollEvents();
            else if (app.features().training().running() || app.features().sweep().running())
                glfwWaitEventsTimeout(1.0 / 30);  // the curve grows, the sweep's progress too: 30 frames a second
            else glfwWaitEvents();  // nothing moves: sleep until the user does something
            const Clock::time_point start = Clock::now();
            const double dt = std::min(0.1, std::chrono::duration<double>(start - last).count());
            last = start;
            busy_frames = std::max(0, busy_frames - 1);
            if (g_exposed) g_exposed = false, cache.expose(), busy_frames = std::max(busy_frames, 1);  // the window lost its pixels
            if (io.InputQueueCharacters.Size > 0 || ImGui::IsAnyItemActive() || ImGui::IsMouseDragging(0)) busy_frames = 3;

            ++actions.quiet_frames;
            if (frame >= 2 && frame % 3 == 0 && !keys.busy() && !actions.step(window, app)) break;  // after the keys
            keep_x_error_handlers();  // after the test hook's window calls
            if (take_x_errors() > 0) cache.lost(), busy_frames = std::max(busy_frames, 1);  // drawn whole and swapped
            const FrameSize size = read_frame_size(window);
            if (size.fb_w <= 0 || size.fb_h <= 0 || size.window_w <= 0 || size.window_h <= 0 || actions.force_empty || glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
                ++frame;  // minimized: nothing to draw, and nothing divides by the size
                if (!actions.pending.empty() || actions.force_empty) continue;
                glfwWaitEventsTimeout(0.1);
                continue;
            }
            const bool shot = draw(dt, size);
            const double ms = ms_since(start);
            if (stats.frame_ms.empty()) stats.first_frame_ms = ms_since(g_process_start);
            stats.frame_ms.push_back(ms);
            ++frame;
            if (shot) break;
        }
        if (cache.mode() == FrameCache::Mode::Check) stats.mismatched = cache.mismatched_pixels();
        if (options.stats) stats.print();
        if (gl_errors > 0) {
            std::fprintf(stderr, "transformer-bloc : %d erreur(s) OpenGL\n", gl_errors);
            status = 3;
        }
        return status;
    }
};

}  // namespace

std::optional<std::pair<int, int>> parse_size(const std::string& text) {
    int w = 0, h = 0;
    char x = 0, extra = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X')) return std::nullopt;
    if (w < 1 || h < 1 || w > 16384 || h > 16384) return std::nullopt;
    return std::make_pair(w, h);
}

int run_window(App& app, const std::string& data_dir, const WindowOptions& options) {
    // The atlas at the size of a window at content scale 1 (main.cpp told the App its size): the
    // first frame's fit_fonts() rebuilds it on a HiDPI screen or a window the system resized.
    FontPrebuild prebuild{std::round(std::min(app.features().text_px(), kMaxAtlasPx))};
    GLFWwindow* window = open_window(options, text_in(app.features().registry().language()).window_title);
    if (!window) return 2;
    install_x_error_handlers(glfw_x11_display(), options.connection_lost);  // French, and not fatal
    Fonts fonts;
    const std::unique_ptr<ImFontAtlas> atlas = prebuild.take(fonts);  // outlives ImGui's context
    const float content_scale = open_imgui(window, atlas.get());
    app.features().set_window(static_cast<float>(options.width), static_cast<float>(options.height), content_scale);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    int status = 0;
    {
        std::unique_ptr<BeadRenderer> beads;
        try {
            beads = std::make_unique<BeadRenderer>(data_dir + "/shaders");
        } catch (const std::exception& e) {  // without shaders the beads are ImGui circles
            std::fprintf(stderr, "transformer-bloc : %s\n", e.what());
        }
        FrameLoop loop{app, window, options, content_scale, fonts, beads.get()};
        status = loop.run();
    }  // the renderer dies while its GL context lives

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window);
    glfwTerminate();
    return status;
}

}  // namespace tb
