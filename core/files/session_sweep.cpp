#include "files/session_sweep.h"

#include <cmath>
#include <limits>

#include "base/numbers.h"
#include "files/session_file.h"
#include "model/trace_json.h"

namespace tb {
namespace {

using nlohmann::json;

const std::string kWhere = "balayage des graines (« sweep »)";

std::string count_of(std::size_t n, const char* one, const char* many) {
    return format_count(static_cast<std::int64_t>(n), Language::French) + " " + (n >= 2 ? many : one);
}

// One seed's run on one side: {"stopped": bool, "losses": [...]}, every loss finite, N of them, or
// fewer when a non-finite step stopped it (then never N: it ended before).
std::optional<std::string> run_from_json(const json& j, int steps, const std::string& which, SweepRun& out) {
    const std::string where = kWhere + " : " + which;
    if (auto error = exact_keys(j, where.c_str(), {"stopped", "losses"})) return error;
    if (!j["stopped"].is_boolean()) return where + " : « stopped » : true ou false attendu" + found_value(j["stopped"]);
    const json& losses = j["losses"];
    if (!losses.is_array()) return where + " : « losses » : une liste de pertes attendue" + found_value(losses);
    const bool stopped = j["stopped"].get<bool>();
    const std::size_t n = losses.size(), asked = static_cast<std::size_t>(steps);
    if (n > asked)
        return where + " : « losses » : " + count_of(n, "perte", "pertes") + " pour " + count_of(asked, "pas", "pas");
    if (!stopped && n < asked)
        return where + " : « losses » : " + count_of(n, "perte", "pertes") + " pour " + count_of(asked, "pas", "pas") +
               ", sans arrêt (« stopped » false)";
    if (stopped && n == asked)
        return where + " : arrêtée (« stopped » true) mais ses " + count_of(n, "perte", "pertes") + " font les " +
               count_of(asked, "pas", "pas");
    SweepRun run;
    run.stopped = stopped;
    run.losses.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!losses[i].is_number() || !std::isfinite(losses[i].get<double>()))
            return where + " : perte " + std::to_string(i + 1) + " : un nombre fini attendu" + found_value(losses[i]);
        run.losses.push_back(losses[i].get<double>());
    }
    out = std::move(run);
    return std::nullopt;
}

// A side's runs, one a seed from `first` (their count checked by the caller).
std::optional<std::string> side_from_json(const json& j, const char* key, std::uint64_t first, int steps, std::vector<SweepRun>& out) {
    const std::string side = key == std::string("a") ? "A" : "B";
    std::vector<SweepRun> runs;
    for (std::size_t i = 0; i < j.size(); ++i) {
        SweepRun run;
        if (auto error = run_from_json(j[i], steps, "graine " + std::to_string(first + i) + ", côté " + side, run)) return error;
        runs.push_back(std::move(run));
    }
    out = std::move(runs);
    return std::nullopt;
}

}  // namespace

std::string sweep_to_text(const Sweep& sweep) {
    std::string out = "{\n    \"first_seed\": " + std::to_string(sweep.first_seed) + ",\n    \"steps\": " + std::to_string(sweep.steps);
    for (const auto& [key, runs] : {std::pair{"a", &sweep.a}, std::pair{"b", &sweep.b}}) {
        out += ",\n    \"" + std::string(key) + "\": [";
        for (std::size_t i = 0; i < runs->size(); ++i) {
            const SweepRun& run = (*runs)[i];
            out += std::string(i ? "," : "") + "\n      {\"stopped\": " + (run.stopped ? "true" : "false") +
                   ", \"losses\": " + dump_exact(json(run.losses)) + "}";
        }
        out += runs->empty() ? "]" : "\n    ]";
    }
    return out + "\n  }";
}

std::optional<std::string> sweep_from_json(const json& j, std::shared_ptr<const Sweep>& out) {
    if (auto error = exact_keys(j, kWhere.c_str(), {"first_seed", "steps", "a", "b"})) return error;
    const json &first = j["first_seed"], &steps = j["steps"], &a = j["a"], &b = j["b"];
    if (!first.is_number_unsigned()) return kWhere + " : « first_seed » : un entier positif attendu" + found_value(first);
    if (!steps.is_number_integer() || steps.get<std::int64_t>() < 1 || steps.get<std::int64_t>() > kMaxSweepSteps)
        return kWhere + " : « steps » : un entier de 1 à " + format_count(kMaxSweepSteps, Language::French) + " attendu" +
               found_value(steps);
    const std::string seeds_expected = "1 à " + std::to_string(Sweep::kMaxSeeds) + " graines";
    if (!a.is_array() || a.empty() || a.size() > static_cast<std::size_t>(Sweep::kMaxSeeds))
        return kWhere + " : « a » : une liste de " + seeds_expected + " attendue" +
               (a.is_array() ? " (" + count_of(a.size(), "graine reçue", "graines reçues") + ")" : found_value(a));
    if (!b.is_array() || (!b.empty() && b.size() != a.size()))
        return kWhere + " : « b » : vide (sans côté B) ou une liste d'autant de graines que « a » (" + std::to_string(a.size()) +
               ") attendu" + (b.is_array() ? " (" + count_of(b.size(), "graine reçue", "graines reçues") + ")" : found_value(b));
    const std::uint64_t first_seed = first.get<std::uint64_t>();
    if (first_seed > std::numeric_limits<std::uint64_t>::max() - (a.size() - 1))
        return kWhere + " : « first_seed » : ses " + std::to_string(a.size()) + " graines dépassent la plus grande (" +
               std::to_string(std::numeric_limits<std::uint64_t>::max()) + ")" + found_value(first);
    Sweep sweep;
    sweep.first_seed = first_seed;
    sweep.steps = steps.get<int>();
    if (auto error = side_from_json(a, "a", first_seed, sweep.steps, sweep.a)) return error;
    if (auto error = side_from_json(b, "b", first_seed, sweep.steps, sweep.b)) return error;
    out = std::make_shared<const Sweep>(std::move(sweep));
    return std::nullopt;
}

}  // namespace tb
