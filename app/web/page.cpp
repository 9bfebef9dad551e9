#include "web/page.h"

#include <emscripten.h>
#include <sys/stat.h>

#include <cstdio>
#include <stdexcept>

#include "base/files.h"
#include "commands/link.h"
#include "persist/view_state.h"
#include "files/session_file.h"
#include "model/vocabulary.h"

// page.js's side (app/web/page.js): the resolvers of run(line), the downloads, the storage.
EM_JS(void, tb_js_resolve, (int id, int ok, const char* reply), { Module.tbResolve(id, ok !== 0, UTF8ToString(reply)); });
EM_JS(void, tb_js_offer_download, (const char* path), { Module.tbOfferDownload(UTF8ToString(path)); });
EM_JS(void, tb_js_sync_storage, (), { Module.tbSyncStorage(); });
EM_JS(void, tb_js_pick_file, (), { Module.tbPickFile(); });
EM_JS(void, tb_js_copy, (const char* text), {
    if (navigator.clipboard) navigator.clipboard.writeText(UTF8ToString(text)).catch(function () {});
});

namespace tb {

struct Page::Program {
    Session session;
    CommandRegistry registry;
    std::optional<App> app;
    explicit Program(std::shared_ptr<const Vocabulary> vocabulary) : session(std::move(vocabulary)) {}
};

Page::Page(std::string data_dir, bool english, std::string fragment) : data_dir_(std::move(data_dir)) {
    written_file_observer() = [this](const std::string& path) { written_.push_back({path, in_request_}); };
    start(english);
    if (!fragment.empty()) {
        open_link(fragment);
        return;
    }
    last_session_ = last_session_path();
    restore_last_session();
    saved_log_size_ = app().features().log().size();
}

Page::~Page() = default;

App& Page::app() { return *program_->app; }

void Page::start(bool english) {
    auto vocabulary = std::make_shared<const Vocabulary>(Vocabulary::load(data_dir_ + "/assets/vocabulary.txt"));
    program_ = std::make_unique<Program>(std::move(vocabulary));
    if (english) program_->registry.set_language(Language::English);
    program_->app.emplace(program_->session, program_->registry);
    // The browser opens its file picker only in answer to the user (the Enter that ran the command).
    program_->registry.add(Command{"ouvrir", "/ouvrir",
                                   "Ouvre un fichier de l'ordinateur : une session (.json), une leçon ou un corpus (.txt) ; "
                                   "déposer le fichier sur la page fait de même",
                                   {}, [](Session&, const Args&) {
                                       tb_js_pick_file();
                                       return CommandResult(true, Text{"choisissez le fichier à ouvrir", "choose the file to open"});
                                   },
                                   "Opens a file from the computer: a session (.json), a lesson or a corpus (.txt); "
                                   "dropping the file on the page does the same"});
    program_->registry.add_help_note("Dans la page, /exporter et /session enregistrer téléchargent le fichier écrit.",
                                     "In the page, /exporter and /session enregistrer download the file they write.");
}

// A file the user picked or dropped, now at `name` in the page's folder: opened by the command its
// kind asks for (a session, a lesson — it has [étape] lines —, else a corpus), echoed in the console.
void Page::open_picked_file(const std::string& name) {
    const ReadResult read = read_text_file(name, 4 << 20);
    std::string verb = "/corpus ouvrir ";
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) verb = "/session ouvrir ";
    else if (read.ok && read.text.find("[étape]") != std::string::npos) verb = "/lecon ouvrir ";
    app().run(verb + "\"" + name + "\"");
}

// As the desktop's: a session that cannot be reopened is set aside and the page starts fresh.
void Page::restore_last_session() {
    struct stat st {};
    if (!last_session_ || ::lstat(last_session_->c_str(), &st) != 0) return;  // the first visit
    const auto result = app().run("/session ouvrir " + *last_session_);
    if (result.ok) return;
    std::rename(last_session_->c_str(), (*last_session_ + ".illisible").c_str());
    app().features().add_log({LogLine::Kind::Error, "la dernière session ne peut pas être rouverte, démarrage à neuf",
                              "the last session could not be restored, starting fresh"});
}

// A link: every line checked before any runs; the stored session is neither reopened nor replaced.
void Page::open_link(const std::string& fragment) {
    const LinkLines link = read_link(fragment);
    if (link.error) {
        app().features().add_log({LogLine::Kind::Error, "lien refusé : " + link.error->fr, "link refused: " + link.error->en});
        return;
    }
    app().features().add_log({LogLine::Kind::Reply,
                              "page ouverte par un lien : la session enregistrée dans ce navigateur n'est ni rouverte ni remplacée",
                              "page opened from a link: the session stored in this browser is neither reopened nor replaced"});
    requests_.push_back(Request{-1, link.lines, 0, {}});
}

void Page::request(int id, const std::string& line) {
    const ScriptLines parsed = program_->registry.read_script(line);
    if (parsed.error) {
        const bool english = program_->registry.language() == Language::English;
        tb_js_resolve(id, 0, (english ? parsed.error->en : parsed.error->fr).c_str());
        return;
    }
    requests_.push_back(Request{id, parsed.lines, 0, {}});
}

bool Page::step_request(Request& r) {
    Features& features = app().features();
    // As --run: a line waits for the training or sweep, the lesson's lines and the pictures asked before it.
    if (features.training().running() || features.sweep().running() || features.images_pending() || features.teaching().lines_waiting() > 0)
        return true;
    if (r.next >= r.lines.size()) {
        finish_request(r, true);
        return false;
    }
    in_request_ = r.id >= 0;
    const std::string line = r.lines[r.next++];
    const CommandResult result = app().run(line);
    in_request_ = false;
    if (!result.message.empty()) r.reply += (r.reply.empty() ? "" : "\n") + result.message;
    if (result.ok) return true;
    finish_request(r, false);
    return false;
}

void Page::finish_request(const Request& r, bool ok) {
    if (r.id >= 0) {
        tb_js_resolve(r.id, ok ? 1 : 0, r.reply.c_str());
        return;
    }
    if (ok) return;
    // A link's line failed: back to the start-up state, the refusal said in the fresh console.
    const bool english = program_->registry.language() == Language::English;
    start(english);
    app().features().add_log({LogLine::Kind::Error, "lien refusé, rien n'a changé : " + r.reply,
                              "link refused, nothing changed: " + r.reply});
}

void Page::after_frame() {
    if (const auto link = app().features().take_clipboard()) tb_js_copy(link->c_str());  // /lien
    while (!requests_.empty() && !step_request(requests_.front())) requests_.pop_front();
    for (const auto& [path, asked_by_script] : written_)
        if (!asked_by_script) tb_js_offer_download(path.c_str());
    written_.clear();
    if (app().features().log().size() != saved_log_size_ && !app().features().training().running() && !app().features().sweep().running())
        save_last_session();
}

bool Page::leaving_loses_work() const {
    const Features& features = program_->app->features();
    return features.teaching().lesson().is_open() || features.training().running() || features.sweep().running();
}

bool Page::save_last_session() {
    if (!last_session_) return false;
    saved_log_size_ = app().features().log().size();
    ::mkdir(last_session_->substr(0, last_session_->rfind('/')).c_str(), 0755);
    const CommandResult saved = save_session(program_->session, *last_session_, &app().features());
    written_.clear();  // the stored session is not a download
    if (!saved.ok) return false;
    tb_js_sync_storage();
    return true;
}

}  // namespace tb
