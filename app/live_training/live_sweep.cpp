#include "live_training/live_sweep.h"

#include <exception>
#include <set>
#include <string>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "commands/sweep_job.h"

namespace tb {
namespace {

// The commands that go through while a sweep runs, besides those that let a training go on:
// /graines and /entrainer answer themselves; /exporter and /lien change nothing.
bool sweep_lets_through(const std::string& name) {
    static const std::set<std::string> names = {"graines", "entrainer", "exporter", "lien"};
    return names.count(name) > 0;
}

// The calling thread, and the pool's threads it starts after (they inherit it), yield to the
// drawing when the cores are busy: the window's frames keep their pace on a loaded machine.
void yield_to_the_drawing() {
#ifdef __linux__
    const id_t self = static_cast<id_t>(::syscall(SYS_gettid));
    ::setpriority(PRIO_PROCESS, self, ::getpriority(PRIO_PROCESS, self) + 5);
#endif
}

Text cancelled_text() { return {"balayage des graines annulé ; rien n'a changé", "sweep over seeds cancelled; nothing changed"}; }

}  // namespace

int SweepProgress::seed_number() const {
    const int per_seed = steps * (side_b ? 2 : 1);
    return per_seed > 0 ? std::min(seeds(), done / per_seed + 1) : 1;
}

Text progress_text(const SweepProgress& p) {
    const std::string of = std::to_string(p.seed_number()) + "/" + std::to_string(p.seeds());
    const std::string percent = std::to_string(p.percent());
    return {"graine " + of + " · " + percent + "\u202F%", "seed " + of + " · " + percent + "%"};
}

LiveSweep::LiveSweep(Session& session, std::function<const Session*()> side_b, std::function<bool()> training_busy)
    : session_(session), side_b_(std::move(side_b)), training_busy_(std::move(training_busy)) {}

LiveSweep::~LiveSweep() {
    control_.cancel = true;
    worker_.join();
}

void LiveSweep::install(CommandRegistry& registry, const std::function<bool(const std::string&)>& passes) {
    if (Command* c = registry.find("graines")) c->run = [this](Session&, const Args& args) { return start(args); };
    if (Command* c = registry.find("entrainer")) {
        Handler inner = c->run;
        c->run = [this, inner](Session& session, const Args& args) {
            if (!running()) return inner(session, args);
            if (args.size() == 1 && args.folded(0) == "stop") return CommandResult(true, *stop());
            const Text where = progress_text(*progress());
            return CommandResult(false, Text{"un balayage des graines est en cours (" + where.fr + ") : attendez sa fin, ou /entrainer stop l'annule",
                                             "a sweep over seeds is running (" + where.en + "): wait for its end, or /entrainer stop cancels it"});
        };
    }
    for (const Command& listed : registry.commands()) {
        if (passes(listed.name) || sweep_lets_through(listed.name)) continue;
        Command* c = registry.find(listed.name);
        Handler inner = c->run;
        c->run = [this, inner](Session& session, const Args& args) {  // the sweep would describe another model
            const std::optional<Text> cancelled = stop();
            CommandResult result = inner(session, args);
            if (!cancelled) return result;
            const Text said{result.message, result.english.empty() ? result.message : result.english};
            return CommandResult(result.ok, *cancelled + same("\n") + said);
        };
    }
}

std::optional<SweepProgress> LiveSweep::progress() const {
    if (!running()) return std::nullopt;
    SweepProgress p = shape_;
    p.done = std::min(p.total, control_.steps_done.load());
    return p;
}

CommandResult LiveSweep::start(const Args& args) {
    SweepRequest request;
    if (std::optional<CommandResult> refused = read_sweep_request(session_, args, request)) return *refused;
    if (const std::optional<SweepProgress> p = progress()) {
        const Text where = progress_text(*p);
        return {false, Text{"un balayage des graines est déjà en cours (" + where.fr + ") : /entrainer stop l'annule",
                            "a sweep over seeds is already running (" + where.en + "): /entrainer stop cancels it"}};
    }
    if (training_busy_ && training_busy_())
        return {false, Text{"un entraînement est en cours : attendez sa fin, ou /entrainer stop l'arrête, puis /graines",
                            "a training is running: wait for its end, or /entrainer stop ends it, then /graines"}};
    // Copies, taken now on the window's thread: the sweep reads them while the window goes on.
    auto a = std::make_shared<const Session>(session_);
    const Session* shown_b = side_b_ ? side_b_() : nullptr;
    auto b = shown_b ? std::make_shared<const Session>(*shown_b) : nullptr;
    const bool with_b = b != nullptr;
    shape_ = {request.first, request.last, request.steps, with_b, 0, 0};
    shape_.total = shape_.seeds() * (with_b ? 2 : 1) * request.steps;
    control_.cancel = false;
    control_.steps_done = 0;
    done_ = false;
    result_.reset();
    error_.reset();
    if (slices_) start_in_slices(std::move(a), std::move(b), request);
    else start_on_pool(std::move(a), std::move(b), request);
    const std::string from = std::to_string(request.first), to = std::to_string(request.last), n = std::to_string(request.steps);
    return {true, Text{"balayage des graines " + from + " à " + to + " lancé (" + n + " pas chacune, " + (with_b ? "A et B" : "côté A") +
                           ") : sa progression dans /panneau graines ; /entrainer stop l'annule",
                       "sweep over seeds " + from + " to " + to + " started (" + n + " steps each, " + (with_b ? "A and B" : "side A") +
                           "): its progress in /panneau graines; /entrainer stop cancels it"}};
}

void LiveSweep::start_on_pool(std::shared_ptr<const Session> a, std::shared_ptr<const Session> b, const SweepRequest& request) {
    const int threads = sweep_threads(1);  // the drawing keeps a core
    worker_.start([this, a, b, request, threads] {
        yield_to_the_drawing();
        try {
            result_ = run_sweep(*a, b.get(), request.corpus, request.first, request.last, request.steps, threads, control_);
        } catch (const std::exception& e) {  // out of memory: the sweep is refused, the window goes on
            error_ = e.what();
        }
        done_ = true;
        return false;
    });
}

void LiveSweep::start_in_slices(std::shared_ptr<const Session> a, std::shared_ptr<const Session> b, const SweepRequest& request) {
    auto job = std::make_shared<SweepJob>(*a, b ? std::optional<Session>(*b) : std::nullopt, request.corpus, request.first,
                                          request.last, request.steps, &control_);
    worker_.start([this, job] {
        try {
            if (job->advance()) return true;  // a step at a time: the page's pump stops between two
            result_ = job->take();
        } catch (const std::exception& e) {
            error_ = e.what();
        }
        done_ = true;
        return false;
    });
}

std::optional<CommandResult> LiveSweep::finish() {
    if (!worker_.active()) return std::nullopt;
    worker_.join();
    std::optional<Sweep> sweep = std::move(result_);
    result_.reset();
    if (control_.cancel) return CommandResult(true, cancelled_text());  // cut short: nothing is kept
    if (error_ || !sweep)
        return CommandResult(false, Text{"balayage des graines impossible : " + error_.value_or("?") + " ; rien n'a changé",
                                         "sweep over seeds failed: " + error_.value_or("?") + "; nothing changed"});
    auto kept = std::make_shared<const Sweep>(std::move(*sweep));
    session_.last_sweep() = kept;
    return CommandResult(true, sweep_report(*kept));
}

std::optional<CommandResult> LiveSweep::poll() {
    worker_.pump(Worker::kSliceMs);  // the page's steps of this frame (the desktop's threads run apart)
    return running() && done_ ? finish() : std::nullopt;
}

std::optional<Text> LiveSweep::stop() {
    if (!running()) return std::nullopt;
    control_.cancel = true;
    finish();
    return cancelled_text();
}

std::optional<CommandResult> LiveSweep::wait() { return finish(); }

}  // namespace tb
