#include "model/trace.h"

namespace tb {

std::string level_name(int index, int layers, Language language) {
    const bool english = language == Language::English;
    if (index == 0) return english ? "input" : "entrée";
    if (index == 2 * layers + 1) return english ? "output" : "sortie";
    const int block = (index + 1) / 2;
    return (index % 2 ? "attention " : "ffn ") + std::to_string(block);
}

Level make_level(int index, int layers) {
    Level level;
    level.index = index;
    level.kind = index == 0                ? LevelKind::Input
                 : index == 2 * layers + 1 ? LevelKind::Output
                 : index % 2               ? LevelKind::Attention
                                           : LevelKind::Ffn;
    level.block = (level.kind == LevelKind::Attention || level.kind == LevelKind::Ffn) ? (index + 1) / 2 : 0;
    level.name = level_name(index, layers);
    return level;
}

Vector token_norms(const Matrix& vectors) { return vectors.rowwise().norm(); }

double mean_pairwise_cosine(const Matrix& vectors) {
    const auto n = vectors.rows();
    if (n < 2) return 1.0;
    const Vector norms = token_norms(vectors);
    double sum = 0.0;
    int pairs = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = i + 1; j < n; ++j, ++pairs) {
            const double denom = norms(i) * norms(j);
            sum += denom > 0.0 ? vectors.row(i).dot(vectors.row(j)) / denom : 0.0;
        }
    return sum / pairs;
}

}  // namespace tb
