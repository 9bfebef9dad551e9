#include "commands/session.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <stdexcept>

#include "model/forward.h"
#include "model/settings_table.h"
#include "base/utf8.h"

namespace tb {

std::optional<std::string> validate(const Settings& s, const Vocabulary& vocabulary) {
    for (const auto& e : settings_table())
        if (auto reason = setting_refusal(e, s)) return reason;
    // The sentence's words need the vocabulary, which the table does not hold.
    if (!utf8::is_valid(s.sentence)) return "la phrase n'est pas du texte UTF-8 valide";
    if (const auto at = utf8::first_control(s.sentence))
        return "la phrase contient un caractère de contrôle (caractère " + std::to_string(*at + 1) + " de « " + utf8::visible(s.sentence) + " »)";
    if (s.sentence.size() > Settings::kMaxSentenceBytes)
        return "la phrase dépasse " + std::to_string(Settings::kMaxSentenceBytes) + " octets (reçu " +
               std::to_string(s.sentence.size()) + ")";
    const auto tokens = vocabulary.tokenize(s.sentence);
    for (const auto& t : tokens)
        if (utf8::length(t.word) > Settings::kMaxWordChars)
            return "un mot de la phrase dépasse " + std::to_string(Settings::kMaxWordChars) + " caractères (reçu " +
                   std::to_string(utf8::length(t.word)) + ")";
    const auto n = tokens.size();
    if (n < static_cast<std::size_t>(Settings::kMinWords) || n > static_cast<std::size_t>(Settings::kMaxTokens))
        return "la phrase doit compter de 2 à 8 mots";
    return std::nullopt;
}

std::optional<std::string> typed_places_refusal(const std::vector<int>& places, int n) {
    const std::string expectation = "une permutation de 0 à " + std::to_string(n - 1) + " (" + std::to_string(n) + " tokens)";
    if (static_cast<int>(places.size()) != n)
        return "l'ordre tapé des mots doit être " + expectation + " : " + std::to_string(places.size()) + " places reçues";
    std::vector<bool> seen(static_cast<std::size_t>(std::max(n, 0)), false);
    for (const int p : places) {
        if (p < 0 || p >= n || seen[static_cast<std::size_t>(p)])
            return "l'ordre tapé des mots doit être " + expectation + " : place " + std::to_string(p) +
                   (p < 0 || p >= n ? " hors limites" : " répétée");
        seen[static_cast<std::size_t>(p)] = true;
    }
    return std::nullopt;
}

std::vector<int> identity_places(int n) {
    std::vector<int> places(static_cast<std::size_t>(std::max(n, 0)));
    std::iota(places.begin(), places.end(), 0);
    return places;
}

Session::Session(std::shared_ptr<const Vocabulary> vocabulary, Settings start)
    : vocabulary_(std::move(vocabulary)) {
    if (const auto error = validate(start, *vocabulary_)) throw std::invalid_argument(*error);
    typed_places_ = identity_places(static_cast<int>(vocabulary_->tokenize(start.sentence).size()));
    trace_ = compute(start, typed_places_);
}

void Session::set_melanger_count(int count) { melanger_count_ = std::clamp(count, 0, kMaxMelangerCount); }

bool drops_training(const Settings& a, const Settings& b) {
    for (const auto& e : settings_table())
        if (e.drops_training && !e.same(a, b)) return true;
    return false;
}

bool ends_training_run(const Settings& a, const Settings& b) {
    for (const auto& e : settings_table())
        if (e.ends_run && !e.same(a, b)) return true;
    return false;
}

std::shared_ptr<const Trace> Session::compute(const Settings& s, const std::vector<int>& typed_places, bool keep_weights) {
    const Weights* w = keep_weights ? weights_.get() : nullptr;
    const int kv_rows = s.kv_heads * (s.dimension / s.heads);  // h_kv·d_h: d in MHA
    const bool same_shape = w && w->seed == s.seed && w->token_embedding.rows() == vocabulary_->size() &&
                            w->token_embedding.cols() == s.dimension &&
                            static_cast<int>(w->blocks.size()) == s.layers &&
                            w->blocks.front().ffn.w1.rows() == s.ffn &&
                            w->blocks.front().attention.wk.rows() == kv_rows;
    std::shared_ptr<const Weights> weights = weights_;
    if (!same_shape) {
        Weights drawn = draw_weights(s.seed, vocabulary_->size(), s.dimension, s.ffn, s.layers);
        keep_kv_heads(drawn, kv_rows);
        weights = std::make_shared<const Weights>(std::move(drawn));
    }
    Trace made = run(s, vocabulary_->tokenize(s.sentence), vocabulary_->size(), weights);
    made.typed_places = typed_places;
    made.trained_steps = keep_weights ? trained_steps_ : 0;
    auto trace = std::make_shared<const Trace>(std::move(made));
    weights_ = std::move(weights);
    return trace;
}

std::optional<std::string> Session::apply(const Settings& next) {
    return apply(next, next.sentence == settings().sentence ? typed_places_ : std::vector<int>{});
}

std::optional<std::string> Session::apply(const Settings& next, std::vector<int> typed_places) {
    if (auto error = validate(next, *vocabulary_)) return error;
    const int n = static_cast<int>(vocabulary_->tokenize(next.sentence).size());
    if (typed_places.empty()) typed_places = identity_places(n);
    else if (auto error = typed_places_refusal(typed_places, n)) return error;
    const bool replays = !same_model(next, settings());
    // Trained weights stay for the sentence, the step, /lot and /taux; any other change goes back
    // to the seed's random weights (channel.md §7). /lot and /taux end the run: Adam starts afresh.
    const bool drops = (trained_steps_ > 0 || run_) && drops_training(settings(), next);
    const bool ends_run = run_ && ends_training_run(settings(), next);
    auto trace = compute(next, typed_places, !drops);
    if (drops) trained_steps_ = 0, run_.reset(), ended_runs_.clear();
    else if (ends_run) end_run();
    if (replays) {
        previous_ = trace_;
        ++replay_count_;
    }
    if (next.sentence != settings().sentence) generation_.draws = 0;
    trace_ = std::move(trace);
    typed_places_ = std::move(typed_places);
    return std::nullopt;
}

void Session::replay() {
    previous_ = trace_;
    ++replay_count_;
}

void Session::set_corpus(std::shared_ptr<const Corpus> corpus) {
    corpus_ = std::move(corpus);
    end_run();
}

namespace {
// A teacher's file by its absolute path, so that a session file can store it relative to its own folder.
std::string corpus_path(const Corpus& corpus) {
    if (corpus.builtin) return corpus.name;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(corpus.name, ec);
    return ec ? corpus.name : absolute.lexically_normal().string();
}

TrainingRecipe recipe_of(const TrainingRun& run) {
    return {corpus_path(*run.corpus), run.corpus->identity, run.setup.settings.batch_size, run.setup.settings.learning_rate,
            run.setup.settings.warmup_steps, run.state.steps};
}
}  // namespace

void Session::end_run() {
    if (run_ && run_->state.steps > 0) ended_runs_.push_back(recipe_of(*run_));
    run_.reset();
}

std::vector<TrainingRecipe> Session::training_recipe() const {
    std::vector<TrainingRecipe> out = ended_runs_;
    if (run_ && run_->state.steps > 0) out.push_back(recipe_of(*run_));
    return out;
}

TrainingRun& Session::training_run() {
    if (run_ && run_.use_count() > 1) {  // a copy's run: this session continues its own
        run_ = std::make_shared<TrainingRun>(*run_);
        run_->work = make_workspace();
    }
    if (run_) return *run_;
    if (!corpus_) throw std::logic_error("no corpus to train on");
    run_ = std::make_shared<TrainingRun>();
    run_->corpus = corpus_;
    run_->setup = {settings(), &corpus_->training, vocabulary_->mask_id(), adam_options(settings())};
    run_->initial = weights_;
    run_->state = start_training(*weights_);
    run_->steps_before = trained_steps_;
    return *run_;
}

void Session::adopt_training() {
    if (!run_) return;
    weights_ = std::make_shared<const Weights>(run_->state.weights);
    trained_steps_ = run_->steps_before + run_->state.steps;
    previous_ = trace_;
    ++replay_count_;
    trace_ = compute(settings(), typed_places_);
}

bool Session::take_training(Session&& trained) {
    if (drops_training(settings(), trained.settings())) return false;
    weights_ = std::move(trained.weights_);
    trained_steps_ = trained.trained_steps_;
    corpus_ = std::move(trained.corpus_);
    run_ = std::move(trained.run_);
    ended_runs_ = std::move(trained.ended_runs_);
    previous_ = trace_;
    ++replay_count_;
    trace_ = compute(settings(), typed_places_);
    return true;
}

void Session::restore_training(std::shared_ptr<const Weights> weights, std::vector<TrainingRecipe> provenance,
                               std::shared_ptr<const Corpus> corpus) {
    weights_ = std::move(weights);
    trained_steps_ = 0;
    for (const TrainingRecipe& r : provenance) trained_steps_ += r.steps;
    ended_runs_ = std::move(provenance);
    run_.reset();
    corpus_ = std::move(corpus);
    previous_ = trace_;
    ++replay_count_;
    trace_ = compute(settings(), typed_places_);
}

bool Session::forget_training() {
    const bool trained = trained_steps_ > 0;
    run_.reset();
    ended_runs_.clear();
    if (!trained) return false;
    trained_steps_ = 0;
    previous_ = trace_;
    ++replay_count_;
    trace_ = compute(settings(), typed_places_, false);
    return true;
}

}  // namespace tb
