#include "training/training.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "model/random.h"

namespace tb {

Objective objective_of(const Settings& s) { return s.mask == Mask::Causal ? Objective::NextWord : Objective::MaskedWord; }

const char* to_string(Objective o) { return o == Objective::NextWord ? "mot-suivant" : "mot-masque"; }

Batch draw_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int step, int mask_id) {
    if (sentences.empty()) throw std::invalid_argument("no training sentence");
    NormalStream stream(s.seed, "entrainement", step);
    const auto pick = [&stream](std::size_t count) {
        return std::min(count - 1, static_cast<std::size_t>(stream.uniform() * static_cast<double>(count)));
    };
    Batch batch(static_cast<std::size_t>(s.batch_size));
    for (Example& e : batch) {
        e.ids = sentences[pick(sentences.size())];
        const int n = static_cast<int>(e.ids.size());
        if (objective_of(s) == Objective::NextWord) {
            for (int p = 0; p + 1 < n; ++p) e.targets.emplace_back(p, e.ids[static_cast<std::size_t>(p + 1)]);
        } else {
            const int p = static_cast<int>(pick(e.ids.size()));
            e.targets.emplace_back(p, e.ids[static_cast<std::size_t>(p)]);
            e.ids[static_cast<std::size_t>(p)] = mask_id;
        }
    }
    return batch;
}

Batch evaluation_batch(const std::vector<std::vector<int>>& sentences, const Settings& s, int mask_id) {
    Batch batch;
    for (const std::vector<int>& ids : sentences) {
        const int n = static_cast<int>(ids.size());
        if (objective_of(s) == Objective::NextWord) {
            Example e{ids, {}};
            for (int p = 0; p + 1 < n; ++p) e.targets.emplace_back(p, ids[static_cast<std::size_t>(p + 1)]);
            if (!e.targets.empty()) batch.push_back(std::move(e));
            continue;
        }
        for (int p = 0; p < n; ++p) {
            Example e{ids, {{p, ids[static_cast<std::size_t>(p)]}}};
            e.ids[static_cast<std::size_t>(p)] = mask_id;
            batch.push_back(std::move(e));
        }
    }
    return batch;
}

double frequency_only_loss(const std::vector<std::vector<int>>& sentences, Objective objective) {
    std::map<int, double> weight;  // word id -> its share of the targets
    double total = 0.0;
    for (const std::vector<int>& ids : sentences) {
        const std::size_t first = objective == Objective::NextWord ? 1 : 0;  // the first word is nobody's next
        if (ids.size() <= first) continue;
        const double each = objective == Objective::NextWord ? 1.0 : 1.0 / static_cast<double>(ids.size());
        for (std::size_t p = first; p < ids.size(); ++p) weight[ids[p]] += each;
        total += each * static_cast<double>(ids.size() - first);
    }
    double entropy = 0.0;
    for (const auto& [id, w] : weight) entropy -= w / total * std::log(w / total);
    return entropy;
}
std::vector<int> target_rows(const Batch& batch) {
    std::vector<int> rows;
    int first = 0;
    for (const Example& e : batch) {
        for (const auto& target : e.targets) rows.push_back(first + target.first);
        first += static_cast<int>(e.ids.size());
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

}  // namespace tb
