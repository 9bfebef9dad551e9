#pragma once
// What must hold of a session after any command, valid or not: checked by the soak test and
// the fuzzer after every command they send.
#include <cmath>
#include <optional>
#include <string>

#include "commands/session.h"

namespace tb::test {

inline bool all_finite(const Matrix& m) { return m.allFinite(); }

// The first broken invariant, or nothing.
inline std::optional<std::string> broken_invariant(const Session& session) {
    const Settings& s = session.settings();
    if (auto error = validate(s, session.vocabulary())) return "settings out of range: " + *error;
    const auto trace = session.trace();
    if (!trace) return std::string("no trace");
    const Trace& t = *trace;
    const int n = t.token_count();
    if (n < Settings::kMinWords || n > Settings::kMaxTokens) return "token count " + std::to_string(n);
    if (auto error = typed_places_refusal(t.typed_places, n)) return "typed places: " + *error;
    if (t.typed_places != session.typed_places()) return std::string("typed places of the trace and the session");
    if (static_cast<int>(t.levels.size()) != s.level_count()) return std::string("level count");
    if (t.parameters.total != count_parameters(toy_architecture(s, t.vocabulary_size)).total)
        return std::string("parameter count");
    for (const Level& level : t.levels) {
        if (level.vectors.rows() != n || level.vectors.cols() != s.dimension) return "shape of " + level.name;
        if (!all_finite(level.vectors)) return "non-finite vectors at " + level.name;
        if (level.kind == LevelKind::Attention) {
            if (static_cast<int>(level.attention_weights.size()) != s.heads) return "heads at " + level.name;
            for (const Matrix& a : level.attention_weights)
                for (int i = 0; i < n; ++i)
                    if (std::abs(a.row(i).sum() - 1.0) > 1e-9) return "attention row sum at " + level.name;
        }
        if (level.kind == LevelKind::Ffn && (level.hidden.rows() != n || level.hidden.cols() != s.ffn))
            return "hidden shape at " + level.name;
    }
    return std::nullopt;
}

}  // namespace tb::test
