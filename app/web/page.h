#pragma once
// The web page's program (docs/web.md): what app/main.cpp is on the desktop — the session, the
// commands, the App — started from the page's address instead of a command line: `?lang=en`,
// and a link's commands in the fragment (untrusted: checked whole by core/commands/link.h's policy first,
// and when one fails the page starts again from the start-up state, so that nothing changed).
// Lines from the embedding page's script (window.transformerBloc.run, cli.md "The web page") run
// one after the other between frames, each waiting for a training to end, as --run's do. The last
// session lives in the browser's storage (IDBFS, mounted by page.js before main runs): restored
// at start-up, saved when the state changed, never when the page came from a link.
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app.h"
#include "commands/commands.h"
#include "commands/session.h"

namespace tb {

class Page {
public:
    // `data_dir` holds assets/ and shaders/ (the page's preloaded files); `fragment` the address's
    // part after '#', percent-encoded, empty when none.
    Page(std::string data_dir, bool english, std::string fragment);
    ~Page();
    Page(const Page&) = delete;
    Page& operator=(const Page&) = delete;

    App& app();
    const std::string& data_dir() const { return data_dir_; }

    // A line from the embedding page (run(line)): its reply goes to page.js's resolver `id`.
    void request(int id, const std::string& line);
    // After each frame: the queued lines that may run now, the files written to offer, the last
    // session saved when the state changed.
    void after_frame();
    // A file from the computer (Ctrl+O, or dropped), written by page.js into the page's folder.
    void open_picked_file(const std::string& name);
    // Leaving now would lose something: a lesson open or a training running.
    bool leaving_loses_work() const;
    // Saves the last session now when it changed (the page is being hidden); true when written.
    bool save_last_session();

private:
    struct Program;  // the session, its registry and the App, rebuilt whole after a bad link
    struct Request {
        int id = -1;  // -1: the link's lines
        std::vector<std::string> lines;
        std::size_t next = 0;
        std::string reply;
    };
    void start(bool english);
    void restore_last_session();
    void open_link(const std::string& fragment);
    bool step_request(Request& r);  // runs its next line when it may; false once it is over
    void finish_request(const Request& r, bool ok);

    std::string data_dir_;
    std::unique_ptr<Program> program_;
    std::deque<Request> requests_;
    std::optional<std::string> last_session_;  // null when the page came from a link
    std::size_t saved_log_size_ = 0;
    bool in_request_ = false;  // the embedding page's lines write files it reads itself: no download
    std::vector<std::pair<std::string, bool>> written_;  // files written since the last frame, by a request
};

}  // namespace tb
