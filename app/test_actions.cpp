#include "test_actions.h"

#include "render/gl.h"  // glad first, then GLFW without its own GL header
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <unistd.h>

#include "app.h"
#include "base/command_kit.h"
#include "base/files.h"
#include "window.h"
#include "x_errors.h"

namespace tb {
namespace {

// "log FILE": the console's log as the window shows it, commands as "> /propager".
void write_log(App& app, const std::string& path) {
    std::string text;
    for (const LogLine& line : app.features().log()) text += (line.kind == LogLine::Kind::Command ? "> " : "") + line.text + '\n';
    if (auto error = write_file_atomically(path, text)) std::fprintf(stderr, "transformer-bloc : %s\n", error->c_str());
}

}  // namespace

TestActions::TestActions(const char* env) {
    if (!env) return;
    for (const auto& a : split_script(env)) pending.push_back(a);
}

// The front action waits: for the beads to stop ("settle"), for a running /entrainer's curve to
// have N points ("wait_steps N"), for a lesson's training and the lines after it to be done
// ("wait_lesson"), for a /graines sweep to end ("wait_sweep"), for a test's go ("wait_file FILE").
bool TestActions::waiting(App& app) const {
    const std::string& a = pending.front();
    if (a == "settle") return app.features().playback().animating();
    if (a.rfind("wait_steps ", 0) == 0)
        return app.features().training().running() &&
               app.features().training().snapshot()->losses.size() < std::strtoul(a.c_str() + 11, nullptr, 10);
    if (a == "wait_lesson") return app.features().training().running() || app.features().teaching().lines_waiting() > 0;
    if (a == "wait_sweep") return app.features().sweep().running();
    if (a.rfind("wait_file ", 0) == 0) return ::access(a.c_str() + 10, F_OK) != 0;
    if (a.rfind("pause ", 0) == 0) {
        if (pause_until < 0) pause_until = glfwGetTime() + std::atof(a.c_str() + 6);
        return glfwGetTime() < pause_until;
    }
    return false;
}

bool TestActions::waits_for_training(App& app) const {
    if (pending.empty() || !texts_path.empty() || !report_path.empty()) return false;
    const std::string& a = pending.front();
    return (a == "wait_lesson" || a == "wait_sweep" || a.rfind("wait_steps ", 0) == 0) && waiting(app);
}

bool TestActions::step(GLFWwindow* window, App& app) {
    force_empty = false;
    if (pending.empty() || !texts_path.empty() || !report_path.empty()) return true;  // a dump waits for its frame
    if (waiting(app)) return true;
    quiet_frames = 0;
    const std::string a = pending.front();
    pending.pop_front();
    pause_until = -1;
    if (a.rfind("resize ", 0) == 0) {
        if (const auto size = parse_size(a.substr(7))) glfwSetWindowSize(window, size->first, size->second);
    } else if (a.rfind("pointer ", 0) == 0) {  // the mouse pointer moved there (window pixels)
        double x = 0, y = 0;
        std::sscanf(a.c_str() + 8, "%lf %lf", &x, &y);
        glfwSetCursorPos(window, x, y);
    } else if (a == "iconify") {
        glfwIconifyWindow(window);
    } else if (a == "restore") {
        glfwRestoreWindow(window);
    } else if (a.rfind("command ", 0) == 0) {  // as if typed in the console
        app.run(a.substr(8));
    } else if (a.rfind("playhead ", 0) == 0) {
        app.features().playback().pin(std::atof(a.c_str() + 9));
    } else if (a.rfind("beat ", 0) == 0) {  // a still of a generation's story (scene/decode.h)
        app.features().playback().pin_beat(std::atof(a.c_str() + 5));
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
    } else if (a == "x_error") {  // a request the X server refuses: the window must go on (x_errors.h)
        cause_x_error(glfw_x11_display());
    } else if (a == "quit") {
        return false;
    }
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    std::fprintf(stderr, "test : %s -> framebuffer %dx%d\n", a.c_str(), w, h);
    return true;
}

void Stats::print() const {
    std::vector<double> sorted = frame_ms;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (double v : sorted) sum += v;
    const double mean = sorted.empty() ? 0 : sum / static_cast<double>(sorted.size());
    const double p95 = sorted.empty() ? 0 : sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(0.95 * static_cast<double>(sorted.size())))];
    const double max = sorted.empty() ? 0 : sorted.back();
    std::printf("frames: %zu\nfirst_frame_ms: %.1f\nmean_frame_ms: %.2f\np95_frame_ms: %.2f\nmax_frame_ms: %.2f\n", sorted.size(),
                first_frame_ms, mean, p95, max);
    const double n = std::max<double>(1, static_cast<double>(sorted.size()));
    std::printf("mean_vertices: %.0f\nmean_redrawn_percent: %.1f\n", vertices / n, 100 * redrawn / n);
    if (mismatched >= 0) std::printf("redraw_mismatched_pixels: %ld\n", mismatched);
}

}  // namespace tb
