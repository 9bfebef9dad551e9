// transformer-bloc in a web page (docs/web.md): the Page started from the page's address, then the
// frame loop given to the browser. The functions page.js calls (window.transformerBloc).
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

#include "training/corpus.h"
#include "training/training.h"
#include "model/vocabulary.h"
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

// tests/perf/web_measure.js: the milliseconds `steps` training steps take in the page, at the size
// transformer-bloc-bench's training_step measures natively (L 6, d 16, w 64, batch 16, the
// built-in corpus, the masked word), on this thread, nothing drawn meanwhile.
EMSCRIPTEN_KEEPALIVE double tb_time_training_steps(int steps) {
    const tb::Vocabulary vocabulary = tb::Vocabulary::load("/data/assets/vocabulary.txt");
    const tb::CorpusResult corpus = tb::builtin_corpus("interne", vocabulary);
    tb::Settings s;
    s.layers = 6, s.dimension = 16, s.ffn = 64, s.mask = tb::Mask::None;
    const tb::TrainingSetup setup{s, &corpus.corpus->training, vocabulary.mask_id(), tb::adam_options(s)};
    tb::TrainingState training = tb::start_training(tb::draw_weights(s.seed, vocabulary.size(), 16, 64, 6));
    auto work = tb::make_workspace();
    tb::Weights gradients;
    const double start = emscripten_get_now();
    for (int i = 0; i < steps; ++i) tb::train_step(setup, training, *work, gradients);
    return emscripten_get_now() - start;
}

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
