#include "live_training/live_training.h"

#include <chrono>
#include <cmath>
#include <set>

#include "base/files.h"
#include "base/numbers.h"
#include "commands/training_commands.h"

namespace tb {
namespace {

// The word-frequencies line of the loss curve: A's, or none when B learns another objective (its
// targets' frequencies differ: the next word against the masked one).
double frequency_line(const TrainingRun& a, const TrainingRun* b) {
    const Objective objective = objective_of(a.setup.settings);
    if (b && objective_of(b->setup.settings) != objective) return 0.0;
    return frequency_only_loss(*a.setup.sentences, objective);
}

// The commands that cannot change the model: they go through while the training runs. /etape,
// /phrase and /melanger keep the trained weights (channel.md §7) and the run, so they go through too;
// the worker's run is the session's until it gives it back.
const std::set<std::string>& passing_commands() {
    static const std::set<std::string> names = {"aide", "langue", "panneau", "vue", "lecture", "presentateur",
                                                "theme", "parametres", "etape", "phrase", "melanger", "entrainer",
                                                "temperature", "cache"};  // the next /generer's choice: the model untouched
    return names;
}

}  // namespace

bool LiveTraining::lets_through(const std::string& name) { return passing_commands().count(name) > 0; }

LiveTraining::~LiveTraining() {
    stop_ = true;
    worker_.join();
}

void LiveTraining::install(CommandRegistry& registry) {
    if (Command* c = registry.find("entrainer")) {
        Handler headless = c->run;
        c->run = [this, headless](Session&, const Args& args) { return entrainer(args, headless); };
    }
    for (const Command& listed : registry.commands()) {
        if (lets_through(listed.name)) continue;
        Command* c = registry.find(listed.name);
        Handler inner = c->run;
        c->run = [this, inner](Session& session, const Args& args) {
            const std::optional<Text> stopped = stop();
            CommandResult result = inner(session, args);
            if (!stopped) return result;
            const Text said{result.message, result.english.empty() ? result.message : result.english};
            return CommandResult(result.ok, *stopped + same("\n") + said);
        };
    }
}

std::shared_ptr<const TrainingSnapshot> LiveTraining::snapshot() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return snapshot_;
}

CommandResult LiveTraining::entrainer(const Args& args, const Handler& headless) {
    if (args.size() == 1 && args.folded(0) == "stop") {
        if (reopening()) return {true, *stop()};  // « ouverture … annulée »
        if (const std::optional<Text> summary = stop()) return {true, Text{"entraînement arrêté ; ", "training stopped; "} + *summary};
        return {true, Text{"aucun entraînement en cours", "no training is running"}};
    }
    const std::optional<int> count = training_steps_argument(args);
    if (!count) return headless(session_, args);  // its message for a bad argument
    if (const std::optional<Reopening> r = reopening())
        return {false, Text{"la session « " + r->path + " » se réentraîne (" + format_count(r->done, Language::French) + " / " +
                                format_count(r->total, Language::French) + " pas) : attendez la fin",
                            "the session \u201C" + r->path + "\u201D is retraining (" + format_count(r->done, Language::English) + " / " +
                                format_count(r->total, Language::English) + " steps): wait for the end"}};
    if (running())
        return {false, Text{"un entraînement est déjà en cours (jusqu'au pas " + std::to_string(target_) + ") : /entrainer stop l'arrête",
                            "a training is already running (up to step " + std::to_string(target_) + "): /entrainer stop ends it"}};
    if (const std::optional<Text> error = ensure_corpus(session_)) return {false, *error};
    start(*count);
    return {true, Text{"entraînement lancé : " + std::to_string(*count) + " pas, la courbe dans /panneau entrainement ; /entrainer stop l'arrête",
                       "training started: " + std::to_string(*count) + " steps, the curve in /panneau entrainement; /entrainer stop ends it"}};
}

namespace {

// One side's run: copied from its session, with scratch of its own.
std::shared_ptr<TrainingRun> copy_run(const TrainingRun& run) {
    auto copy = std::make_shared<TrainingRun>(run);
    copy->work = make_workspace();  // the session's stays the window's
    return copy;
}

// The held-out batch of a side (its own objective), empty when the corpus sets none aside.
Batch held_out_batch(const TrainingRun& run) {
    return run.corpus->held_out.empty() ? Batch{} : evaluation_batch(run.corpus->held_out, run.setup.settings, run.setup.mask_id);
}

std::vector<double> losses_of(const TrainingRun& run) {
    std::vector<double> out;
    out.reserve(run.steps.size());
    for (const StepRecord& r : run.steps) out.push_back(r.loss);
    return out;
}

}  // namespace

void LiveTraining::start(int count) {
    TrainingRun& run = session_.training_run();
    b_ = side_b_ ? side_b_() : nullptr;
    bool same_runs = &run == shown_run_ && run.steps.size() == shown_steps_;
    if (b_) {
        if (b_->corpus() != session_.corpus()) b_->set_corpus(session_.corpus());  // both sides read the same sentences
        const TrainingRun& run_b = b_->training_run();
        same_runs = same_runs && &run_b == shown_run_b_;
        run_b_ = copy_run(run_b);
    } else {
        run_b_.reset();
    }
    if (!same_runs) held_out_.clear(), held_out_b_.clear();  // other runs than the ones drawn
    run_ = copy_run(run);
    first_step_ = run_->state.steps + 1;
    first_step_b_ = run_b_ ? run_b_->state.steps + 1 : 0;
    target_ = run_->state.steps + count;
    non_finite_step_ = non_finite_step_b_ = 0;
    stop_ = false;
    done_ = false;
    publish(true);
    auto job = std::make_shared<Job>(*run_, run_b_.get(), count);
    worker_.start([this, job] { return work_step(*job); });
}

struct LiveTraining::Job {
    Job(TrainingRun& a, TrainingRun* b, int steps)
        : run(a), run_b(b), count(steps), held_out(held_out_batch(a)), held_out_b(b ? held_out_batch(*b) : Batch{}) {}
    TrainingRun& run;
    TrainingRun* run_b;  // null without side B
    int count, done = 0;
    bool started = false;
    Weights scratch;
    Batch held_out, held_out_b;
    std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
};

void LiveTraining::measure(Job& job) {
    TrainingRun& run = job.run;
    if (!job.held_out.empty())
        held_out_.emplace_back(run.state.steps, batch_loss(run.setup.settings, run.state.weights, job.held_out, *run.work, job.scratch));
    if (TrainingRun* b = job.run_b; b && !job.held_out_b.empty())
        held_out_b_.emplace_back(b->state.steps, batch_loss(b->setup.settings, b->state.weights, job.held_out_b, *b->work, job.scratch));
}

bool LiveTraining::work_step(Job& job) {
    TrainingRun& run = job.run;
    if (!job.started) {  // on the worker, as every measure: the window's thread never waits for one
        job.started = true;
        if (held_out_.empty()) measure(job);  // where the run starts
    }
    bool over = job.done >= job.count || stop_;
    if (!over) {
        ++job.done;
        StepRecord record = train_step(run.setup, run.state, *run.work, run.gradients);
        if (!record.finite) non_finite_step_ = record.step, over = true;
        else run.steps.push_back(std::move(record));
    }
    if (!over && job.run_b) {  // B's step right after A's: the same step number, the same draw when the runs started together
        StepRecord b = train_step(job.run_b->setup, job.run_b->state, *job.run_b->work, job.run_b->gradients);
        if (!b.finite) non_finite_step_b_ = b.step, over = true;
        else job.run_b->steps.push_back(std::move(b));
    }
    if (!over) {
        if (run.state.steps % kHeldOutLossEvery == 0) measure(job);
        // The snapshot about 30 times a second: what it holds depends on the steps, not on when.
        const auto now = std::chrono::steady_clock::now();
        if (now - job.last > std::chrono::milliseconds(30)) {
            publish(true);
            job.last = now;
        }
        return true;
    }
    if (held_out_.empty() || held_out_.back().first != run.state.steps) measure(job);
    publish(false);
    done_ = true;
    return false;
}

void LiveTraining::publish(bool running) {
    auto s = std::make_shared<TrainingSnapshot>();
    s->losses = losses_of(*run_);
    s->held_out = held_out_;
    s->gradients = gradient_records(run_->steps);
    s->residual = run_->setup.settings.residual;
    if (run_b_)
        s->b = TrainingSnapshot::Side{losses_of(*run_b_), held_out_b_, gradient_records(run_b_->steps), run_b_->setup.settings.residual};
    s->weights = std::make_shared<const Weights>(run_->state.weights);
    s->chance = std::log(static_cast<double>(session_.vocabulary().size()));
    s->frequencies = frequency_line(*run_, run_b_.get());
    s->running = running;
    s->target = target_;
    std::lock_guard<std::mutex> lock(mutex_);
    snapshot_ = std::move(s);
}

namespace {

// Gives `run` back to `session`, which replays on its weights; the summary of the steps it did.
Text give_back(Session& session, TrainingRun&& run, int first_step) {
    const int done = run.state.steps - first_step + 1;
    const double first = done > 0 ? run.steps[run.steps.size() - static_cast<std::size_t>(done)].loss : NAN;
    const double last = done > 0 ? run.steps.back().loss : NAN;
    session.training_run() = std::move(run);
    session.adopt_training();  // the beads replay on the trained weights
    return training_summary(session, done, first, last);
}

}  // namespace

std::optional<CommandResult> LiveTraining::finish() {
    if (!worker_.active()) return std::nullopt;
    worker_.join();
    if (reopen_) return finish_reopening();
    Text summary = give_back(session_, std::move(*run_), first_step_);
    run_.reset();
    if (non_finite_step_) summary = summary + non_finite_text(non_finite_step_);
    shown_run_ = session_.training();
    shown_steps_ = shown_run_->steps.size();
    if (run_b_) {
        summary = Text{"A : ", "A: "} + summary + same("\nB : ") + give_back(*b_, std::move(*run_b_), first_step_b_);
        if (non_finite_step_b_) summary = summary + non_finite_text(non_finite_step_b_);
        run_b_.reset();
        shown_run_b_ = b_->training();
    }
    b_ = nullptr;
    return CommandResult(true, summary);
}

std::optional<CommandResult> LiveTraining::poll() {
    worker_.pump(Worker::kSliceMs);  // the page's steps of this frame (the desktop's thread runs apart)
    if (running()) return done_ ? finish() : std::nullopt;
    rebuild_from_session();
    return std::nullopt;
}

std::optional<Text> LiveTraining::stop() {
    stop_ = true;
    const std::optional<CommandResult> ended = finish();
    if (!ended) return std::nullopt;
    return Text{ended->message, ended->english.empty() ? ended->message : ended->english};
}

std::optional<CommandResult> LiveTraining::wait() { return finish(); }

CommandResult LiveTraining::reopen(SessionOpening opening, Commit commit) {
    reopen_ = std::make_unique<Reopen>();
    reopen_->opening = std::move(opening);
    reopen_->commit = std::move(commit);
    const std::string path = reopen_->opening.path;
    const int total = reopen_->opening.steps();
    auto vocabulary = std::make_shared<const Vocabulary>(session_.vocabulary());  // the worker's own
    stop_ = false;
    done_ = false;
    // The page has no thread: there it runs in one piece (only a session saved without its weights retrains).
    worker_.start([this, vocabulary] {
        Reopen& r = *reopen_;
        try {
            r.error = train_opening(r.opening, vocabulary, r.models, [this, &r](int done) {
                r.done = done;
                return !stop_;
            });
        } catch (const std::exception& e) {  // out of memory: the open is refused, the window goes on
            r.models = {};
            r.error = e.what();
        }
        done_ = true;
        return false;
    });
    return {true, Text{"session " + quoted_path(path) + " : réentraînement de " + format_count(total, Language::French) + " pas, elle s'ouvre à la fin",
                       "session " + quoted_path(path, Language::English) + ": retraining " + format_count(total, Language::English) + " steps, it opens at the end"}};
}

std::optional<LiveTraining::Reopening> LiveTraining::reopening() const {
    if (!reopen_) return std::nullopt;
    return Reopening{reopen_->opening.path, reopen_->done, reopen_->opening.steps()};
}

CommandResult LiveTraining::finish_reopening() {
    const std::unique_ptr<Reopen> r = std::move(reopen_);
    if (r->models.a) return r->commit(r->opening, std::move(r->models));
    if (stop_)
        return {true, Text{"ouverture de la session « " + r->opening.path + " » annulée ; rien n'a changé",
                           "opening of the session \u201C" + r->opening.path + "\u201D cancelled; nothing changed"}};
    const std::string why = r->error.value_or("?");
    return {false, Text{"session non ouverte : " + why + " ; rien n'a changé", "session not opened: " + why + "; nothing changed"}};
}

void LiveTraining::rebuild_from_session() {
    const TrainingRun* run = session_.training();
    Session* b = side_b_ ? side_b_() : nullptr;
    const TrainingRun* run_b = b ? b->training() : nullptr;
    const std::size_t steps = run ? run->steps.size() : 0;
    if (run == shown_run_ && steps == shown_steps_ && run_b == shown_run_b_ && (snapshot()->b.has_value() == (b != nullptr))) return;
    const bool same = run == shown_run_ && steps == shown_steps_ && run_b == shown_run_b_;
    shown_run_ = run;
    shown_steps_ = steps;
    shown_run_b_ = run_b;
    if (!same) held_out_.clear(), held_out_b_.clear();  // other runs: their held-out losses were not measured
    auto s = std::make_shared<TrainingSnapshot>();
    if (run) s->losses = losses_of(*run), s->gradients = gradient_records(run->steps), s->residual = run->setup.settings.residual;
    s->held_out = held_out_;
    if (b)
        s->b = TrainingSnapshot::Side{run_b ? losses_of(*run_b) : std::vector<double>{}, held_out_b_,
                                      run_b ? gradient_records(run_b->steps) : std::vector<GradientRecord>{},
                                      run_b ? run_b->setup.settings.residual : b->settings().residual};
    s->chance = std::log(static_cast<double>(session_.vocabulary().size()));
    if (run) s->frequencies = frequency_line(*run, run_b);
    std::lock_guard<std::mutex> lock(mutex_);
    snapshot_ = std::move(s);
}

}  // namespace tb
