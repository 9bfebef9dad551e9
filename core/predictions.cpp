#include "predictions.h"

#include <algorithm>
#include <numeric>

namespace tb {

Matrix next_word_probabilities(const Trace& trace) {
    const Matrix& out = trace.levels.back().vectors;                 // n x d
    Matrix p = out * trace.weights->token_embedding.transpose();     // n x V logits, tied head
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        p.row(i) = (p.row(i).array() - p.row(i).maxCoeff()).exp();
        p.row(i) /= p.row(i).sum();
    }
    return p;
}

std::vector<std::vector<Prediction>> top_predictions(const Trace& trace, const Vocabulary& vocabulary, int k) {
    const Matrix p = next_word_probabilities(trace);
    std::vector<std::vector<Prediction>> result;
    std::vector<int> ids(static_cast<std::size_t>(p.cols()));
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        std::iota(ids.begin(), ids.end(), 0);
        const auto count = std::min<std::size_t>(static_cast<std::size_t>(std::max(k, 0)), ids.size());
        std::partial_sort(ids.begin(), ids.begin() + count, ids.end(),
                          [&](int a, int b) { return p(i, a) > p(i, b) || (p(i, a) == p(i, b) && a < b); });
        std::vector<Prediction> row;
        for (std::size_t r = 0; r < count; ++r) row.push_back({ids[r], vocabulary.word(ids[r]), p(i, ids[r])});
        result.push_back(std::move(row));
    }
    return result;
}

}  // namespace tb
