// transformer-bloc in a web page (docs/web.md): the Page started from the page's address, then the
// frame loop given to the browser. The functions page.js calls (window.transformerBloc).
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

#include "web/page.h"
#include "web/web_window.h"

namespace {

std::unique_ptr<tb::Page> g_page;  // lives as long as the page

}  // namespace

extern "C" {

// run(line): the reply comes to page.js's resolver `id` once every line ran (or one was refused).
EMSCRIPTEN_KEEPALIVE void tb_run(int id, const char* line) { g_page->request(id, line); }
// Ctrl+O or a drop: the file page.js wrote under `name` in the page's folder, opened.
EMSCRIPTEN_KEEPALIVE void tb_open_file(const char* name) { g_page->open_picked_file(name); }
// beforeunload: whether leaving now would lose a lesson open or a training running.
EMSCRIPTEN_KEEPALIVE int tb_leaving_loses_work() { return g_page && g_page->leaving_loses_work() ? 1 : 0; }
// pagehide: the last session saved now if it changed.
EMSCRIPTEN_KEEPALIVE int tb_save_now() { return g_page && g_page->save_last_session() ? 1 : 0; }

}

// argv[1]: "en" or "fr" (page.js reads ?lang=), argv[2]: the address's fragment, without '#'.
int main(int argc, char** argv) {
    const bool english = argc > 1 && std::string(argv[1]) == "en";
    const std::string fragment = argc > 2 ? argv[2] : "";
    setenv("TRANSFORMER_BLOC_DATA", "/data", 1);  // persist/data_dir.h: the shipped lessons by name
    try {
        g_page = std::make_unique<tb::Page>("/data", english, fragment);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "transformer-bloc : %s\n", e.what());
        return 2;
    }
    return tb::run_page_window(*g_page);
}
