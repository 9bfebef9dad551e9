#include "commands/sweep.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

#include "base/numbers.h"
#include "commands/training_commands.h"

namespace tb {
namespace {

// The run /graine seed; /entrainer steps gives on a copy of `source`, reading `corpus`; cut short
// (its row then unused) once `control` cancels, each step counted there.
SweepRun run_seed(const Session& source, const std::shared_ptr<const Corpus>& corpus, std::uint64_t seed, int steps,
                  SweepControl* control) {
    SeedRun run(source, corpus, seed, steps);
    int done = 0;
    for (; !(control && control->cancel); ++done) {
        if (!run.step()) {
            if (control) control->steps_done += steps - done;  // a non-finite loss: the run's missing steps
            break;
        }
        if (control) ++control->steps_done;
    }
    return run.take();
}

std::string two_decimals(double v, Language language, bool sign = false) {
    if (std::isnan(v)) return "—";
    return (sign && v > 0 ? "+" : "") + format_fixed(v, 2, language);
}

Text seeds_word(int n) { return n >= 2 ? Text{"graines", "seeds"} : Text{"graine", "seed"}; }

double median(std::vector<double> v) {
    if (v.empty()) return NAN;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

std::vector<double> means(const std::vector<SweepRun>& runs) {
    std::vector<double> out;
    for (const SweepRun& r : runs) out.push_back(last_losses_mean(r.losses));
    return out;
}

}  // namespace

SeedRun::SeedRun(const Session& source, const std::shared_ptr<const Corpus>& corpus, std::uint64_t seed, int steps)
    : session_(source), steps_(steps) {
    Settings next = session_.settings();
    next.seed = seed;
    if (auto error = session_.apply(next)) throw std::runtime_error(*error);
    session_.forget_training();  // /graine: the seed's random weights, the same seed again too
    if (session_.corpus() != corpus) session_.set_corpus(corpus);
    run_ = &session_.training_run();
    out_.losses.reserve(static_cast<std::size_t>(steps));
}

bool SeedRun::step() {
    if (out_.stopped || static_cast<int>(out_.losses.size()) >= steps_) return false;
    const StepRecord record = train_step(run_->setup, run_->state, *run_->work, run_->gradients);
    if (!record.finite) {
        out_.stopped = true;
        return false;
    }
    out_.losses.push_back(record.loss);
    return true;
}

double last_losses_mean(const std::vector<double>& losses) {
    const std::size_t n = std::min<std::size_t>(30, losses.size());
    if (n == 0) return NAN;
    double sum = 0;
    for (std::size_t i = losses.size() - n; i < losses.size(); ++i) sum += losses[i];
    return sum / static_cast<double>(n);
}

int sweep_threads(int spare_cores) {
#ifdef __EMSCRIPTEN__
    (void)spare_cores;
    return 1;  // the page's one thread: the runs follow each other
#else
    if (const char* env = std::getenv("TRANSFORMER_BLOC_THREADS"))
        if (const auto v = parse_int(env); v && *v >= 1 && *v <= 256) return static_cast<int>(*v);
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - std::max(0, spare_cores));
#endif
}

namespace {

Sweep sweep_on_threads(const Session& a, const Session* b, const std::shared_ptr<const Corpus>& corpus, std::uint64_t first,
                       std::uint64_t last, int steps, int threads, SweepControl* control) {
    Sweep sweep;
    sweep.first_seed = first;
    sweep.steps = steps;
    const std::size_t seeds = static_cast<std::size_t>(last - first) + 1;
    sweep.a.resize(seeds);
    if (b) sweep.b.resize(seeds);
    const std::size_t jobs = seeds * (b ? 2 : 1);
    // Job j: seed j / sides, side j % sides; each result goes to its own slot.
    auto job = [&](std::size_t j) {
        if (control && control->cancel) return;  // the rest is not even started
        const bool side_b = b && j % 2 == 1;
        const std::size_t i = b ? j / 2 : j;
        (side_b ? sweep.b : sweep.a)[i] = run_seed(side_b ? *b : a, corpus, sweep.seed(i), steps, control);
    };
#ifdef __EMSCRIPTEN__
    threads = 1;  // the page's one thread: the runs follow each other
#endif
    const std::size_t workers = std::min<std::size_t>(jobs, static_cast<std::size_t>(std::max(1, threads)));
    if (workers <= 1) {
        for (std::size_t j = 0; j < jobs; ++j) job(j);
        return sweep;
    }
#ifndef __EMSCRIPTEN__
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(workers);
    std::vector<std::thread> pool;
    for (std::size_t w = 0; w < workers; ++w)
        pool.emplace_back([&, w] {
            try {
                for (std::size_t j = next++; j < jobs; j = next++) job(j);
            } catch (...) {
                errors[w] = std::current_exception();
                next = jobs;  // the others stop at their next job
            }
        });
    for (std::thread& t : pool) t.join();
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
#endif
    return sweep;
}

}  // namespace

Sweep run_sweep(const Session& a, const Session* b, const std::shared_ptr<const Corpus>& corpus, std::uint64_t first,
                std::uint64_t last, int steps, int threads) {
    return sweep_on_threads(a, b, corpus, first, last, steps, threads, nullptr);
}

std::optional<Sweep> run_sweep(const Session& a, const Session* b, const std::shared_ptr<const Corpus>& corpus, std::uint64_t first,
                               std::uint64_t last, int steps, int threads, SweepControl& control) {
    Sweep sweep = sweep_on_threads(a, b, corpus, first, last, steps, threads, &control);
    if (control.cancel) return std::nullopt;  // some rows cut short: none is kept
    return sweep;
}

Text sweep_verdict(const std::vector<double>& a_means, const std::vector<double>& b_means) {
    int above = 0, below = 0, counted = 0;
    std::vector<double> gaps;
    for (std::size_t i = 0; i < std::min(a_means.size(), b_means.size()); ++i) {
        const double gap = b_means[i] - a_means[i];
        if (std::isnan(gap)) continue;
        ++counted;
        gaps.push_back(gap);
        above += gap > 0;
        below += gap < 0;
    }
    if (counted == 0) return {"aucune graine ne donne de perte finie : pas de verdict", "no seed gives a finite loss: no verdict"};
    const double m = median(gaps);
    const std::string n = std::to_string(counted);
    Text where;
    if (above == 0 && below == 0) where = Text{"B égal à A pour ", "B equal to A for "} + same(n);
    else if (above >= below) where = Text{"B au-dessus de A pour ", "B above A for "} + same(std::to_string(above));
    else where = Text{"B au-dessous de A pour ", "B below A for "} + same(std::to_string(below));
    const int shown = above == 0 && below == 0 ? counted : std::max(above, below);
    where = where + same(" ") + seeds_word(shown) + Text{" sur " + n, " of " + n};
    // A tie names both sides, so that neither count reads as the verdict against the median's sign.
    if (above == below && above > 0) where = where + Text{", au-dessous pour ", ", below for "} + same(std::to_string(below));
    return where + Text{" ; écart médian " + two_decimals(m, Language::French), "; median gap " + two_decimals(m, Language::English)};
}

Text sweep_report(const Sweep& sweep) {
    const std::vector<double> a = means(sweep.a), b = means(sweep.b);
    const int n = static_cast<int>(sweep.a.size());
    const std::string from = std::to_string(sweep.first_seed), to = std::to_string(sweep.seed(sweep.a.size() - 1));
    const std::string last = std::to_string(std::min(30, sweep.steps));
    Text out = Text{"balayage : ", "sweep: "} + same(std::to_string(n) + " ") + seeds_word(n) +
               Text{" (" + from + " à " + to + "), " + std::to_string(sweep.steps) + " pas chacune, ",
                    " (" + from + " to " + to + "), " + std::to_string(sweep.steps) + " steps each, "} +
               (b.empty() ? Text{"côté A", "side A"} : Text{"A et B", "A and B"}) +
               Text{" ; moyenne des " + last + " derniers pas", "; mean of the last " + last + " steps"};
    for (std::size_t i = 0; i < a.size(); ++i) {
        Text line = Text{"\ngraine ", "\nseed "} + same(std::to_string(sweep.seed(i))) + Text{" : A ", ": A "} +
                    Text{two_decimals(a[i], Language::French), two_decimals(a[i], Language::English)};
        if (!b.empty())
            line = line + Text{" · B " + two_decimals(b[i], Language::French) + " · écart " + two_decimals(b[i] - a[i], Language::French, true),
                               " · B " + two_decimals(b[i], Language::English) + " · gap " + two_decimals(b[i] - a[i], Language::English, true)};
        if (sweep.a[i].stopped || (!sweep.b.empty() && sweep.b[i].stopped))
            line = line + Text{" (arrêté : perte non finie)", " (stopped: a non-finite loss)"};
        out = out + line;
    }
    if (!b.empty()) return out + same("\n") + sweep_verdict(a, b);
    std::vector<double> finite;
    for (double v : a)
        if (!std::isnan(v)) finite.push_back(v);
    if (finite.empty()) return out + Text{"\naucune graine ne donne de perte finie", "\nno seed gives a finite loss"};
    const auto range = std::minmax_element(finite.begin(), finite.end());  // not a structured binding: a lambda reads it
    const auto lo = range.first, hi = range.second;
    const auto figures = [&](Language l) { return two_decimals(median(finite), l) + (l == Language::French ? " (de " : " (from ") +
                                                  two_decimals(*lo, l) + (l == Language::French ? " à " : " to ") + two_decimals(*hi, l) + ")"; };
    return out + Text{"\nA : médiane " + figures(Language::French), "\nA: median " + figures(Language::English)};
}

std::string sweep_csv(const Sweep& sweep) {
    std::string out = "graine,cote,pas,derniers_30,premiere_perte,perte_finale\n";
    const auto number = [](double v) {
        if (!std::isfinite(v)) return std::string();
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g", v);  // "C" locale: a decimal point
        return std::string(buffer);
    };
    const auto row = [&](std::size_t i, const char* side, const SweepRun& r) {
        const bool any = !r.losses.empty();
        out += std::to_string(sweep.seed(i)) + "," + side + "," + std::to_string(r.losses.size()) + "," +
               number(last_losses_mean(r.losses)) + "," + number(any ? r.losses.front() : NAN) + "," +
               number(any ? r.losses.back() : NAN) + "\n";
    };
    for (std::size_t i = 0; i < sweep.a.size(); ++i) {
        row(i, "A", sweep.a[i]);
        if (i < sweep.b.size()) row(i, "B", sweep.b[i]);
    }
    return out;
}

namespace {

// "12..20": two seeds, the first not above the second, at most kMaxSeeds of them.
std::optional<std::pair<std::uint64_t, std::uint64_t>> seed_range(const std::string& word) {
    const auto dots = word.find("..");
    if (dots == std::string::npos) return std::nullopt;
    const auto first = parse_unsigned(word.substr(0, dots)), last = parse_unsigned(word.substr(dots + 2));
    if (!first || !last || *first > *last || *last - *first >= static_cast<std::uint64_t>(Sweep::kMaxSeeds)) return std::nullopt;
    return std::make_pair(*first, *last);
}

CommandResult graines(Session& session, const Args& args, const std::function<const Session*()>& side_b) {
    SweepRequest request;
    if (std::optional<CommandResult> refused = read_sweep_request(session, args, request)) return *refused;
    const Session* b = side_b ? side_b() : nullptr;
    auto sweep = std::make_shared<const Sweep>(
        run_sweep(session, b, request.corpus, request.first, request.last, request.steps, sweep_threads()));
    session.last_sweep() = sweep;
    return {true, sweep_report(*sweep)};
}

}  // namespace

std::optional<CommandResult> read_sweep_request(const Session& session, const Args& args, SweepRequest& out) {
    const auto range = args.size() == 2 ? seed_range(args.word(0)) : std::nullopt;
    const auto steps = args.size() == 2 ? training_steps_argument(Args(args.word(1))) : std::nullopt;
    if (!range || !steps)
        return expected("graines",
                        Text{"A..B puis N : les graines de A à B (A ≤ B, au plus 32 graines) et un nombre de pas de 1 à 10\u202F000, "
                             "par exemple /graines 1..12 300",
                             "A..B then N: the seeds from A to B (A ≤ B, at most 32 seeds) and a number of steps from 1 to 10,000, "
                             "for example /graines 1..12 300"},
                        args);
    std::shared_ptr<const Corpus> corpus = session.corpus();
    if (!corpus) {  // « interne », as /entrainer would load it, without touching the session
        CorpusResult loaded = builtin_corpus("interne", session.vocabulary());
        if (!loaded.corpus) return CommandResult{false, Text{loaded.error_fr, loaded.error_en}};
        corpus = std::make_shared<const Corpus>(std::move(*loaded.corpus));
    }
    out = {range->first, range->second, *steps, std::move(corpus)};
    return std::nullopt;
}

Command sweep_command() {
    return {"graines", "/graines <A..B> <N>",
            "Ajout : entraîne N pas chaque graine de A à B (au plus 32) avec la recette actuelle, côté A et, avec /comparer on, "
            "côté B ; une ligne par graine et le verdict ; le modèle affiché ne change pas (/exporter graines pour le CSV). "
            "Dans la fenêtre, il tourne en arrière-plan et /entrainer stop l'annule.",
            {},
            [](Session& session, const Args& args) { return graines(session, args, nullptr); },
            "Addition: trains each seed from A to B (at most 32) for N steps with the current recipe, side A and, with /comparer on, "
            "side B; a line per seed and the verdict; the model shown does not change (/exporter graines for the CSV). "
            "In the window it runs in the background and /entrainer stop cancels it."};
}

void set_sweep_side_b(CommandRegistry& registry, std::function<const Session*()> side_b) {
    if (Command* c = registry.find("graines"))
        c->run = [side_b](Session& session, const Args& args) { return graines(session, args, side_b); };
}

}  // namespace tb
