#include "model/predictions.h"

#include <algorithm>
#include <numeric>

#include "model/forward.h"
#include "model/stages.h"

namespace tb {

namespace {

// [n][V]: softmax(E h_i) for each row h_i of `h` (n x d), the tied head.
Matrix tied_head_probabilities(const Trace& trace, const Matrix& h) {
    Matrix p = h * trace.weights->token_embedding.transpose();  // n x V logits
    for (Eigen::Index i = 0; i < p.rows(); ++i) {
        p.row(i) = (p.row(i).array() - p.row(i).maxCoeff()).exp();
        p.row(i) /= p.row(i).sum();
    }
    return p;
}

}  // namespace

Matrix next_word_probabilities(const Trace& trace) { return tied_head_probabilities(trace, trace.levels.back().vectors); }

std::string sees_next_word_caveat(const Trace& trace, Language language) {
    if (trace.settings.mask == Mask::Causal || trace.trained_steps > 0) return {};
    return language == Language::English ? "No mask: each position already sees the word after it, so this is no prediction."
                                         : "Sans masque, chaque position voit déjà le mot qui la suit : ce n'est pas une prédiction.";
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

std::vector<std::vector<Prediction>> logit_lens(const Trace& trace, const Vocabulary& vocabulary) {
    const Settings& s = trace.settings;
    const bool final_norm = has_step(output_stages(s.norm), Step::Normalize);
    const int n = trace.token_count();
    std::vector<std::vector<Prediction>> lens;
    for (const Level& level : trace.levels) {
        const bool normalize_here = final_norm && level.index != s.top_level();  // the output is already normalized
        const Matrix h = normalize_here
                             ? to_rows(normalize(to_lanes(level.vectors), trace.weights->final_norm, s.norm_type, trace.layer_norm_eps), n)
                             : level.vectors;
        const Matrix p = tied_head_probabilities(trace, h);
        std::vector<Prediction> row;
        for (Eigen::Index i = 0; i < p.rows(); ++i) {
            Eigen::Index best = 0;
            p.row(i).maxCoeff(&best);  // the first of equal maxima: the lowest id
            const int id = static_cast<int>(best);
            row.push_back({id, vocabulary.word(id), p(i, best)});
        }
        lens.push_back(std::move(row));
    }
    return lens;
}

std::vector<NeuronPush> neuron_pushes(const Trace& trace, int block, int token, int word) {
    const Level& level = trace.levels.at(static_cast<std::size_t>(2 * block));
    const FfnWeights& w = trace.weights->blocks.at(static_cast<std::size_t>(block - 1)).ffn;
    const Vector alignment = w.w2.transpose() * trace.weights->token_embedding.row(word).transpose();  // [w]
    std::vector<NeuronPush> out;
    for (Eigen::Index k = 0; k < alignment.size(); ++k) {
        const double h = level.hidden(token, k);
        out.push_back({static_cast<int>(k), h, alignment(k), h * alignment(k)});
    }
    std::stable_sort(out.begin(), out.end(), [](const NeuronPush& a, const NeuronPush& b) { return a.push > b.push; });
    return out;
}

}  // namespace tb
