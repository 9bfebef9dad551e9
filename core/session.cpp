#include "session.h"

#include <stdexcept>

#include "forward.h"
#include "settings_table.h"
#include "utf8.h"

namespace tb {

std::optional<std::string> validate(const Settings& s, const Vocabulary& vocabulary) {
    for (const auto& e : settings_table())
        if (auto reason = setting_refusal(e, s)) return reason;
    // The sentence's words need the vocabulary, which the table does not hold.
    if (!utf8::is_valid(s.sentence)) return "la phrase n'est pas du texte UTF-8 valide";
    const auto n = vocabulary.tokenize(s.sentence).size();
    if (n < static_cast<std::size_t>(Settings::kMinWords) || n > static_cast<std::size_t>(Settings::kMaxTokens))
        return "la phrase doit compter de 2 à 8 mots";
    return std::nullopt;
}

Session::Session(std::shared_ptr<const Vocabulary> vocabulary, Settings start)
    : vocabulary_(std::move(vocabulary)) {
    if (const auto error = validate(start, *vocabulary_)) throw std::invalid_argument(*error);
    trace_ = compute(start);
}

std::shared_ptr<const Trace> Session::compute(const Settings& s) {
    const Weights* w = weights_.get();
    const bool same_shape = w && w->seed == s.seed && w->token_embedding.rows() == vocabulary_->size() &&
                            w->token_embedding.cols() == s.dimension &&
                            static_cast<int>(w->blocks.size()) == s.layers &&
                            w->blocks.front().ffn.w1.rows() == s.ffn;
    std::shared_ptr<const Weights> weights =
        same_shape ? weights_
                   : std::make_shared<const Weights>(draw_weights(s.seed, vocabulary_->size(), s.dimension, s.ffn, s.layers));
    auto trace = std::make_shared<const Trace>(run(s, vocabulary_->tokenize(s.sentence), vocabulary_->size(), weights));
    weights_ = std::move(weights);
    return trace;
}

std::optional<std::string> Session::apply(const Settings& next) {
    if (auto error = validate(next, *vocabulary_)) return error;
    const bool replays = !same_model(next, settings());
    auto trace = compute(next);
    if (replays) {
        previous_ = trace_;
        ++replay_count_;
    }
    trace_ = std::move(trace);
    return std::nullopt;
}

void Session::replay() {
    previous_ = trace_;
    ++replay_count_;
}

}  // namespace tb
