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
#include <deque>
#include <memory>
#include <vector>

#include <unistd.h>

#include "app.h"
#include "command_kit.h"
#include "files.h"
#include "fonts.h"
#include "keys.h"
#include "render/bead_renderer.h"
#include "render/frame_cache.h"
#include "render/screen_text.h"
#include "render/screenshot.h"
#include "ui/layout_report.h"
#include "text/text.h"
#include "utf8.h"

namespace tb {
namespace {

using Clock = std::chrono::steady_clock;
const Clock::time_point g_process_start = Clock::now();  // as near to main() as we can get

bool g_exposed = false;  // the window system asked for the window's pixels again (glfwSetWindowRefreshCallback)

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

void on_glfw_error(int code, const char* description) {
    std::fprintf(stderr, "transformer-bloc : GLFW %d : %s\n", code, description);
}

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

// "log FILE": the console's log as the window shows it, commands as "> /propager".
void write_log(App& app, const std::string& path) {
    std::string text;
    for (const LogLine& line : app.features().log()) text += (line.kind == LogLine::Kind::Command ? "> " : "") + line.text + '\n';
    if (auto error = write_file_atomically(path, text)) std::fprintf(stderr, "transformer-bloc : %s\n", error->c_str());
}

// The test hook: window events a test cannot easily cause under Xvfb without a window manager.
struct TestActions {
    std::deque<std::string> pending;
    bool force_empty = false;  // draw one frame as if the framebuffer were 0x0 (minimized)
    int quiet_frames = 0;      // frames since the last action (the screenshot waits for ImGui to settle)
    std::string texts_path;    // "texts FILE": the next settled frame's text runs are written there
    bool texts_positions = false;  // "texts_at FILE": with each run's position
    std::string report_path;       // "layout_report FILE": the next settled frame's windows and text (ui/layout_report.h)
    explicit TestActions(const char* env) {
        if (!env) return;
        for (const auto& a : split_script(env)) pending.push_back(a);
    }
    // Returns false when the window should close.
    bool step(GLFWwindow* window, App& app) {
        force_empty = false;
        if (pending.empty() || !texts_path.empty() || !report_path.empty()) return true;  // a dump waits for its frame
        if (pending.front() == "settle" && app.features().playback().animating()) return true;  // waits for the beads to stop
        if (pending.front().rfind("wait_steps ", 0) == 0 &&  // a still while /entrainer runs: its curve has N points
            app.features().training().running() &&
            app.features().training().snapshot()->losses.size() < std::strtoul(pending.front().c_str() + 11, nullptr, 10))
            return true;
        if (pending.front().rfind("wait_file ", 0) == 0 && ::access(pending.front().c_str() + 10, F_OK) != 0) return true;  // a test's go
        quiet_frames = 0;
        const std::string a = pending.front();
        pending.pop_front();
        int w = 0, h = 0;
        if (a.rfind("resize ", 0) == 0) {
            if (const auto size = parse_size(a.substr(7))) glfwSetWindowSize(window, size->first, size->second);
        } else if (a == "iconify") {
            glfwIconifyWindow(window);
        } else if (a == "restore") {
            glfwRestoreWindow(window);
        } else if (a.rfind("command ", 0) == 0) {  // as if typed in the console
            app.run(a.substr(8));
        } else if (a.rfind("playhead ", 0) == 0) {
            app.features().playback().pin(std::atof(a.c_str() + 9));
        } else if (a.rfind("slide ", 0) == 0) {  // a still of /melanger's slide
            app.features().playback().pin_slide(static_cast<float>(std::atof(a.c_str() + 6)));
        } else if (a.rfind("texts ", 0) == 0 || a.rfind("texts_at ", 0) == 0) {  // every string a settled frame draws
            texts_positions = a[5] == '_';                                          // (render/screen_text.h)
            texts_path = a.substr(a.find(' ') + 1);
        } else if (a.rfind("log ", 0) == 0) {  // the console's log, a line each (commands with "> ")
            write_log(app, a.substr(4));
        } else if (a.rfind("layout_report ", 0) == 0) {
            report_path = a.substr(14);
        } else if (a == "empty") {
            force_empty = true;
        } else if (a == "fullscreen") {  // as F11
            app.run(app.features().playback().full_screen() ? "/vue plein-ecran off" : "/vue plein-ecran on");
        } else if (a.rfind("scale ", 0) == 0) {  // text size, past /vue texte's range if asked (abuse tests)
            app.features().playback().force_text_scale(static_cast<float>(std::atof(a.c_str() + 6)));
        } else if (a == "quit") {
            return false;
        }
        glfwGetFramebufferSize(window, &w, &h);
        std::fprintf(stderr, "test : %s -> framebuffer %dx%d\n", a.c_str(), w, h);
        return true;
    }
};

struct Stats {
    std::vector<double> frame_ms;
    double first_frame_ms = 0;
    double vertices = 0, redrawn = 0;  // sums over the frames: ImGui's vertices, the share of the window drawn again
    long mismatched = -1;              // $TRANSFORMER_BLOC_REDRAW=check: pixels where the partial redraw differed
    void print() const {
        std::vector<double> sorted = frame_ms;
        std::sort(sorted.begin(), sorted.end());
        double sum = 0;
        for (double v : sorted) sum += v;
        const double mean = sorted.empty() ? 0 : sum / static_cast<double>(sorted.size());
        const double p95 = sorted.empty() ? 0 : sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(0.95 * static_cast<double>(sorted.size())))];
        std::printf("frames: %zu\nfirst_frame_ms: %.1f\nmean_frame_ms: %.2f\np95_frame_ms: %.2f\n", sorted.size(),
                    first_frame_ms, mean, p95);
        const double n = std::max<double>(1, static_cast<double>(sorted.size()));
        std::printf("mean_vertices: %.0f\nmean_redrawn_percent: %.1f\n", vertices / n, 100 * redrawn / n);
        if (mismatched >= 0) std::printf("redraw_mismatched_pixels: %ld\n", mismatched);
    }
};

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

// ImGui's context and style; returns the monitor's content scale (HiDPI), 1 to 4.
float start_imgui(GLFWwindow* window) {
    float scale_x = 1, scale_y = 1;
    glfwGetWindowContentScale(window, &scale_x, &scale_y);
    const float content_scale = std::clamp(std::max(scale_x, scale_y), 1.f, 4.f);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini: the same layout every run
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // every control reachable with Tab and arrows
    apply_style(content_scale);
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
                std::fprintf(stderr, "transformer-bloc : %s\n  %s « %s »\n", result.message.c_str(),
                             options.english ? "in the command" : "dans la commande", utf8::visible(line).c_str());
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
    bool draw(double dt, int fb_w, int fb_h) {
        ImGuiIO& io = ImGui::GetIO();
        int win_w = 0, win_h = 0;  // the text grows with the window (scene/screen.h): the atlas follows, between frames
        glfwGetWindowSize(window, &win_w, &win_h);
        app.features().set_window(static_cast<float>(win_w), static_cast<float>(win_h), content_scale);
        fit_fonts(fonts, app.features().text_px());
        keys.feed(app);  // this frame's share of the queued key events, before ImGui reads them
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        keys.handle(app);
        io.FontGlobalScale = font_stretch(fonts, app.features().text_px());  // 1 unless past the atlas's size
        follow_full_screen();
        if (screenshot() && !app.features().playback().pinned()) app.features().playback().finish();
        app.features().update(dt);
        app.features().set_window(io.DisplaySize.x, io.DisplaySize.y, content_scale);  // /exporter svg's size
        app.draw(io.DisplaySize.x, io.DisplaySize.y, app.features().interface_scale(), fonts, beads);
        ImGui::Render();

        ImDrawData* data = ImGui::GetDrawData();
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
        const bool shoot = screenshot() && frame >= 3 && actions.pending.empty() && actions.quiet_frames >= 3 && !script_running;
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
        if (!cache.show()) glfwSwapBuffers(window);
        if (gl_check)  // $TRANSFORMER_BLOC_GL_CHECK: every GL error reported, and the exit status says so
            for (GLenum e; (e = glGetError()) != GL_NO_ERROR; ++gl_errors) std::fprintf(stderr, "erreur GL 0x%04x\n", e);
        return shoot;
    }

    int run() {
        ImGuiIO& io = ImGui::GetIO();
        glfwSetWindowRefreshCallback(window, [](GLFWwindow*) { g_exposed = true; });
        while (!glfwWindowShouldClose(window)) {
            // Idle: wait for events when nothing moves (no busy loop); ImGui gets a few frames
            // after each event to settle hovers and popups.
            if (screenshot() || app.features().playback().animating() || busy_frames > 0 || !actions.pending.empty() || keys.busy())
                glfwPollEvents();
            else if (app.features().training().running()) glfwWaitEventsTimeout(1.0 / 30);  // the curve grows: 30 frames a second
            else glfwWaitEvents();  // nothing moves: sleep until the user does something
            const Clock::time_point start = Clock::now();
            const double dt = std::min(0.1, std::chrono::duration<double>(start - last).count());
            last = start;
            busy_frames = std::max(0, busy_frames - 1);
            if (g_exposed) g_exposed = false, cache.expose(), busy_frames = std::max(busy_frames, 1);  // the window lost its pixels
            if (io.InputQueueCharacters.Size > 0 || ImGui::IsAnyItemActive() || ImGui::IsMouseDragging(0)) busy_frames = 3;

            ++actions.quiet_frames;
            if (frame >= 2 && frame % 3 == 0 && !keys.busy() && !actions.step(window, app)) break;  // after the keys
            int fb_w = 0, fb_h = 0;
            glfwGetFramebufferSize(window, &fb_w, &fb_h);
            if (fb_w <= 0 || fb_h <= 0 || actions.force_empty || glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
                ++frame;  // minimized: nothing to draw, and nothing divides by the size
                if (!actions.pending.empty() || actions.force_empty) continue;
                glfwWaitEventsTimeout(0.1);
                continue;
            }
            const bool shot = draw(dt, fb_w, fb_h);
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
    GLFWwindow* window = open_window(options, text_in(app.features().registry().language()).window_title);
    if (!window) return 2;
    const float content_scale = start_imgui(window);
    app.features().set_window(static_cast<float>(options.width), static_cast<float>(options.height), content_scale);
    Fonts fonts = load_fonts(std::round(std::min(app.features().text_px(), kMaxAtlasPx)));
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
