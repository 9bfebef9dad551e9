#include "scene/summary.h"

#include <cstdio>
#include <sstream>

#include "base/numbers.h"

namespace tb {

std::string summary(const Trace& t) {
    const Settings& s = t.settings;
    std::ostringstream out;
    out << "« " << s.sentence << " » : " << t.token_count() << " tokens, L = " << s.layers << ", d = " << s.dimension
        << ", w = " << s.ffn << ", positions " << to_string(s.position) << ", résidu " << (s.residual ? "on" : "off")
        << ", norme " << to_string(s.norm) << ", graine " << s.seed << '\n';
    // For people, in French (cli.md's number rule): U+202F groups, decimal commas.
    out << "paramètres : blocs " << format_count(t.parameters.blocks, Language::French) << ", total "
        << format_count(t.parameters.total, Language::French) << '\n';
    char cell[64];
    std::snprintf(cell, sizeof cell, "%-14s", "niveau");
    out << cell;
    for (const auto& tok : t.tokens) {
        std::snprintf(cell, sizeof cell, "%9.9s", tok.word.c_str());
        out << cell;
    }
    out << "   cos moyen\n";
    for (const Level& level : t.levels) {
        std::snprintf(cell, sizeof cell, "%2d %-12s", level.index, level.name.c_str());
        out << cell;
        const Vector norms = token_norms(level.vectors);
        for (Eigen::Index i = 0; i < norms.size(); ++i) {
            std::snprintf(cell, sizeof cell, "%9.3f", norms(i));
            out << localize_decimals(Language::French, cell);
        }
        std::snprintf(cell, sizeof cell, "%12.3f\n", mean_pairwise_cosine(level.vectors));
        out << localize_decimals(Language::French, cell);
    }
    return out.str();
}

}  // namespace tb
