#include "training/live_training.h"

#include <chrono>
#include <cmath>
#include <set>

#include "training_commands.h"

namespace tb {
namespace {

// The commands that cannot change the model: they go through while the training runs. /etape,
// /phrase and /melanger keep the trained weights (channel.md §7) and the run, so they go through too;
// the worker's run is the session's until it gives it back.
const std::set<std::string>& passing_commands() {
    static const std::set<std::string> names = {"aide", "langue", "panneau", "vue", "lecture", "presentateur",
                                                "theme", "parametres", "etape", "phrase", "melanger", "entrainer"};
    return names;
}

}  // namespace

LiveTraining::~LiveTraining() {
    stop_ = true;
    if (worker_.joinable()) worker_.join();
}

void LiveTraining::install(CommandRegistry& registry) {
    if (Command* c = registry.find("entrainer")) {
        Handler headless = c->run;
        c->run = [this, headless](Session&, const Args& args) { return entrainer(args, headless); };
    }
    for (const Command& listed : registry.commands()) {
        if (passing_commands().count(listed.name)) continue;
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
        if (const std::optional<Text> summary = stop()) return {true, Text{"entraînement arrêté ; ", "training stopped; "} + *summary};
        return {true, Text{"aucun entraînement en cours", "no training is running"}};
    }
    const std::optional<int> count = training_steps_argument(args);
    if (!count) return headless(session_, args);  // its message for a bad argument
    if (running())
        return {false, Text{"un entraînement est déjà en cours (jusqu'au pas " + std::to_string(target_) + ") : /entrainer stop l'arrête",
                            "a training is already running (up to step " + std::to_string(target_) + "): /entrainer stop ends it"}};
    if (const std::optional<Text> error = ensure_corpus(session_)) return {false, *error};
    start(*count);
    return {true, Text{"entraînement lancé : " + std::to_string(*count) + " pas, la courbe dans /panneau entrainement ; /entrainer stop l'arrête",
                       "training started: " + std::to_string(*count) + " steps, the curve in /panneau entrainement; /entrainer stop ends it"}};
}

void LiveTraining::start(int count) {
    TrainingRun& run = session_.training_run();
    if (&run != shown_run_ || run.steps.size() != shown_steps_) held_out_.clear();  // another run than the one drawn
    run_ = std::make_shared<TrainingRun>(run);
    run_->work = make_workspace();  // its own scratch: the session's stays the window's
    first_step_ = run_->state.steps + 1;
    target_ = run_->state.steps + count;
    non_finite_step_ = 0;
    stop_ = false;
    done_ = false;
    publish(true);
    worker_ = std::thread([this, count] { work(count); });
}

void LiveTraining::work(int count) {
    TrainingRun& run = *run_;
    Weights scratch;
    const Batch held_out =
        run.corpus->held_out.empty() ? Batch{} : evaluation_batch(run.corpus->held_out, run.setup.settings, run.setup.mask_id);
    auto measure = [&] {
        if (!held_out.empty())
            held_out_.emplace_back(run.state.steps, batch_loss(run.setup.settings, run.state.weights, held_out, *run.work, scratch));
    };
    if (held_out_.empty()) measure();  // where the run starts
    auto last = std::chrono::steady_clock::now();
    for (int i = 1; i <= count && !stop_; ++i) {
        StepRecord record = train_step(run.setup, run.state, *run.work, run.gradients);
        if (!record.finite) {
            non_finite_step_ = record.step;
            break;
        }
        run.steps.push_back(std::move(record));
        if (run.state.steps % kHeldOutLossEvery == 0) measure();
        // The snapshot about 30 times a second: what it holds depends on the steps, not on when.
        const auto now = std::chrono::steady_clock::now();
        if (now - last > std::chrono::milliseconds(30)) {
            publish(true);
            last = now;
        }
    }
    if (held_out_.empty() || held_out_.back().first != run.state.steps) measure();
    publish(false);
    done_ = true;
}

void LiveTraining::publish(bool running) {
    auto s = std::make_shared<TrainingSnapshot>();
    s->losses.reserve(run_->steps.size());
    for (const StepRecord& r : run_->steps) s->losses.push_back(r.loss);
    s->held_out = held_out_;
    s->weights = std::make_shared<const Weights>(run_->state.weights);
    s->chance = std::log(static_cast<double>(session_.vocabulary().size()));
    s->running = running;
    s->target = target_;
    std::lock_guard<std::mutex> lock(mutex_);
    snapshot_ = std::move(s);
}

std::optional<Text> LiveTraining::finish() {
    if (!worker_.joinable()) return std::nullopt;
    worker_.join();
    const int done = run_->state.steps - first_step_ + 1;
    const double first = done > 0 ? run_->steps[static_cast<std::size_t>(first_step_ - 1)].loss : NAN;
    const double last = done > 0 ? run_->steps.back().loss : NAN;
    TrainingRun& run = session_.training_run();
    run = std::move(*run_);
    run_.reset();
    session_.adopt_training();  // the beads replay on the trained weights
    shown_run_ = session_.training();
    shown_steps_ = shown_run_->steps.size();
    Text summary = training_summary(session_, done, first, last);
    if (non_finite_step_) summary = summary + non_finite_text(non_finite_step_);
    return summary;
}

std::optional<Text> LiveTraining::poll() {
    if (running()) return done_ ? finish() : std::nullopt;
    rebuild_from_session();
    return std::nullopt;
}

std::optional<Text> LiveTraining::stop() {
    stop_ = true;
    return finish();
}

std::optional<Text> LiveTraining::wait() { return finish(); }

void LiveTraining::rebuild_from_session() {
    const TrainingRun* run = session_.training();
    const std::size_t steps = run ? run->steps.size() : 0;
    if (run == shown_run_ && steps == shown_steps_) return;
    shown_run_ = run;
    shown_steps_ = steps;
    held_out_.clear();  // another run: its held-out losses were not measured
    auto s = std::make_shared<TrainingSnapshot>();
    if (run)
        for (const StepRecord& r : run->steps) s->losses.push_back(r.loss);
    s->chance = std::log(static_cast<double>(session_.vocabulary().size()));
    std::lock_guard<std::mutex> lock(mutex_);
    snapshot_ = std::move(s);
}

}  // namespace tb
