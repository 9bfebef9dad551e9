#include "commands/generation_commands.h"

#include <algorithm>

#include "base/numbers.h"
#include "model/forward.h"
#include "model/settings_table.h"
#include "model/trace_json.h"

namespace tb {
namespace {

constexpr int kMaxWords = 7;

Text count_text(std::int64_t n) { return {format_count(n, Language::French), format_count(n, Language::English)}; }
Text significant_text(double v, int digits) {
    return {format_significant(v, digits, Language::French), format_significant(v, digits, Language::English)};
}
Text word_text(const std::string& word) { return {"« " + word + " »", "\u201C" + word + "\u201D"}; }

// The word as /phrase types it: the mask token is [masque].
std::string typed_word(const Vocabulary& vocabulary, int id) {
    return id == vocabulary.mask_id() ? std::string("[masque]") : vocabulary.word(id);
}

Text temperature_text(double t) {
    if (!(t > 0)) return Text{"température 0 (glouton : le mot le plus probable, le plus petit id à égalité)",
                              "temperature 0 (greedy: the most probable word, the lowest id on a tie)"};
    return Text{"température ", "temperature "} + decimal_text(t) + Text{" (tirage dans softmax(z / ", " (drawn from softmax(z / "} +
           decimal_text(t) + same("))");
}

// Why a bidirectional mask forbids a cache, measured: the earlier positions' change when the most
// probable word joins the sentence.
CommandResult refuse_without_mask(const Session& session) {
    const std::shared_ptr<const Trace> trace = session.trace();
    const Trace& t = *trace;
    std::vector<int> ids;
    for (const Token& token : t.tokens) ids.push_back(token.id);
    const Vector z = logits_of(*t.weights, t.levels.back().vectors.row(t.token_count() - 1).transpose());
    const int added = choose_token(z, 0, 0, 0);
    const double change = earlier_positions_change(t.settings, ids, added, t.vocabulary_size, t.weights);
    const Text percent{format_percent(change, Language::French), format_percent(change, Language::English)};
    const Text word = word_text(session.vocabulary().word(added));
    return {false,
            Text{"/generer a besoin de /masque causal : avec un masque bidirectionnel, un mot ajouté change les vecteurs des "
                 "positions précédentes, donc leurs K et V ne peuvent pas être gardés (ici, ajouter ",
                 "/generer needs /masque causal: with a bidirectional mask an added word changes the earlier positions' "
                 "vectors, so their K and V cannot be kept (here, adding "} +
                word + Text{" changerait la sortie d'une position précédente de ", " would change an earlier position's output by "} +
                percent + Text{" au plus) ; tapez /masque causal puis entraînez (/entrainer 1000) : changer le masque ramène "
                               "aux poids aléatoires de la graine",
                               " at most); type /masque causal then train (/entrainer 1000): changing the mask returns to the "
                               "seed's random weights"}};
}

Text step_line(const Session& session, const GenerationStep& step, int index, bool cache) {
    return Text{"mot " + std::to_string(index) + " (position " + std::to_string(step.position) + ") : ",
                "word " + std::to_string(index) + " (position " + std::to_string(step.position) + "): "} +
           word_text(session.vocabulary().word(step.token)) + same(", p = ") + significant_text(step.probability, 3) +
           (cache ? Text{" ; cache : ", "; cache: "} + count_text(step.cache_elements) + Text{" éléments", " elements"}
                  : Text{" ; cache off : tout le préfixe recalculé (le cache tiendrait ", "; cache off: the whole prefix recomputed (the cache would hold "} +
                        count_text(step.cache_elements) + Text{" éléments)", " elements)"}) +
           Text{" ; multiplications-additions : ", "; multiply-adds: "} + count_text(step.with_cache) +
           Text{" avec le cache, ", " with the cache, "} + count_text(step.without_cache) + Text{" sans\n", " without\n"};
}

Text generation_report(const Session& session, const Generation& g, const std::string& prompt_sentence, int asked) {
    const int n0 = static_cast<int>(g.prompt.size());
    Text out = Text{"préremplissage : ", "prefill: "} + word_text(prompt_sentence) +
               same(" (" + std::to_string(n0) + " tokens)") +
               (g.cache ? Text{" passé une fois dans la pile, K et V gardés par tête K/V ; ", " through the stack once, K and V kept per K/V head; "}
                        : Text{" passé dans la pile, puis recalculé en entier à chaque mot ; ", " through the stack, then recomputed whole for each word; "}) +
               temperature_text(g.temperature) + (g.cache ? same(", cache on\n") : same(", cache off\n"));
    std::int64_t with = g.prefill_multiply_adds, without = 0;
    double diff = 0;
    for (std::size_t i = 0; i < g.steps.size(); ++i) {
        out = out + step_line(session, g.steps[i], static_cast<int>(i) + 1, g.cache);
        with += g.steps[i].with_cache, without += g.steps[i].without_cache;
        diff = std::max(diff, g.steps[i].max_abs_diff);
    }
    if (static_cast<int>(g.steps.size()) < asked)
        out = out + Text{"(8 tokens au plus : " + std::to_string(g.steps.size()) + " mots ajoutés)\n",
                         "(8 tokens at most: " + std::to_string(g.steps.size()) + " words added)\n"};
    out = out + Text{"phrase : ", "sentence: "} + word_text(session.settings().sentence) +
          Text{" ; multiplications-additions en tout : ", "; multiply-adds in all: "} + count_text(with) +
          Text{" avec le cache (préremplissage compris), ", " with the cache (prefill included), "} + count_text(without) +
          Text{" sans ; écart des logits avec et sans cache : ", " without; logits with and without the cache differ by "} +
          significant_text(diff, 2);
    if (session.trained_steps() > 0)
        out = out + Text{" ; poids entraînés gardés (", "; trained weights kept ("} + count_text(session.trained_steps()) +
              Text{" pas)", " steps)"};
    return out;
}

CommandResult generer(Session& session, int asked) {
    const std::shared_ptr<const Trace> trace = session.trace();  // held: apply() replaces the session's
    const Trace& t = *trace;
    if (t.token_count() >= Settings::kMaxTokens)
        return {false, Text{"/generer : la phrase a déjà 8 tokens, le plus long possible ; raccourcissez-la avec /phrase",
                            "/generer: the sentence already has 8 tokens, the most it may hold; shorten it with /phrase"}};
    if (t.settings.mask != Mask::Causal) return refuse_without_mask(session);
    GenerationState& state = session.generation();
    auto g = std::make_shared<Generation>(generate(t, asked, state.temperature, state.draws + 1, state.cache));
    const std::string prompt_sentence = t.settings.sentence;
    Settings next = t.settings;
    std::vector<int> places = session.typed_places();
    for (const GenerationStep& step : g->steps) {
        next.sentence += " " + typed_word(session.vocabulary(), step.token);
        places.push_back(static_cast<int>(places.size()));
    }
    std::vector<int> expected = g->prompt;
    for (const GenerationStep& step : g->steps) expected.push_back(step.token);
    std::vector<int> typed;
    for (const Token& token : session.vocabulary().tokenize(next.sentence)) typed.push_back(token.id);
    if (typed != expected)  // a word that would not read back as its token: nothing changes
        return {false, Text{"/generer : les mots choisis ne se relisent pas comme leurs tokens ; rien n'a changé",
                            "/generer: the chosen words do not read back as their tokens; nothing changed"}};
    const int draws = state.draws + static_cast<int>(g->steps.size());
    if (auto error = session.apply(next, places)) return {false, *error};
    session.generation().draws = draws;  // apply() put them back to 0: the same sentence, continued
    session.generation().last = g;
    return {true, generation_report(session, *g, prompt_sentence, asked)};
}

}  // namespace

std::vector<Command> generation_commands() {
    return {
        {"generer", "/generer <1..7>",
         "Génère N mots après la phrase (jusqu'à 8 tokens) : préremplissage de la phrase une fois, puis un mot à la fois "
         "dans la pile seul, lisant le cache K/V des positions précédentes ; il faut /masque causal.",
         {"1", "2", "3"}, integer("generer", 1, kMaxWords, generer),
         "Generates N words after the sentence (up to 8 tokens): the sentence prefilled once, then one word at a time "
         "through the stack alone, reading the K/V cache of the earlier positions; needs /masque causal."},
        {"temperature", "/temperature <0..2>",
         "Le choix du mot suivant : 0 le plus probable (glouton), sinon tiré de softmax(z / T) ; change les "
         "probabilités et le choix, jamais les logits.",
         {"0", "0,7", "1", "1,5"},
         decimal("temperature", 0.0, 2.0,
                 [](Session& session, double t) {
                     session.generation().temperature = t;
                     return CommandResult(true, temperature_text(t));
                 }),
         "The choice of the next word: 0 the most probable (greedy), else drawn from softmax(z / T); changes the "
         "probabilities and the choice, never the logits."},
        {"cache", "/cache <on|off>",
         "Le cache K/V de /generer : off recalcule toutes les positions à chaque mot (les mêmes mots, plus de "
         "multiplications-additions), pour comparer.",
         {"on", "off"},
         on_off("cache",
                [](Session& session, bool on) {
                    session.generation().cache = on;
                    return CommandResult(true, on ? Text{"cache K/V : on", "K/V cache: on"}
                                                  : Text{"cache K/V : off (chaque mot recalcule tout le préfixe)",
                                                         "K/V cache: off (each word recomputes the whole prefix)"});
                }),
         "The K/V cache of /generer: off recomputes every position for each word (the same words, more multiply-adds), "
         "to compare."},
    };
}

std::optional<std::string> generation_log(const Session& session) {
    const auto& g = session.generation().last;
    if (!g) return std::nullopt;
    const Settings& s = g->settings;
    nlohmann::json log;
    log["settings"] = settings_to_json(s);
    log["vocabulary_size"] = g->vocabulary_size;
    log["layer_norm_eps"] = kLayerNormEps;
    log["weights"] = weights_json(*g->weights, s, position_table(s.position, *g->weights));
    log["prompt"] = g->prompt;
    log["sampling"] = {{"temperature", g->temperature}, {"seed", s.seed}, {"first_draw", g->first_draw}};
    nlohmann::json steps = nlohmann::json::array();
    for (const GenerationStep& step : g->steps)
        steps.push_back({{"position", step.position},
                         {"logits", std::vector<double>(step.logits.data(), step.logits.data() + step.logits.size())},
                         {"token", step.token},
                         {"cache_elements", step.cache_elements},
                         {"multiply_adds_with_cache", step.with_cache},
                         {"multiply_adds_without_cache", step.without_cache},
                         {"max_abs_diff_without_cache", step.max_abs_diff}});
    log["steps"] = std::move(steps);
    return dump_exact(log) + "\n";
}

}  // namespace tb
