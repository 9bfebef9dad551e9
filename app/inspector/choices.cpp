#include "inspector/choices.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "base/numbers.h"
#include "base/utf8.h"
#include "commands/session.h"
#include "inspector/inspector.h"
#include "model/memory.h"
#include "model/parameters.h"

namespace tb {

namespace {
struct Named {
    Panel panel;
    const char* word;
};
constexpr Named kPanels[] = {{Panel::Attention, "attention"}, {Panel::Neurons, "neurones"}, {Panel::Norm, "norme"},
                             {Panel::Gradients, "gradients"}, {Panel::Scale, "echelle"},  {Panel::Output, "sortie"},
                             {Panel::Lens, "lentille"},        {Panel::Raschka, "raschka"},
                             {Panel::Memory, "memoire"},       {Panel::Superposition, "superposition"},
                             {Panel::Training, "entrainement"},  {Panel::Generation, "generation"},
                             {Panel::Sweep, "graines"},          {Panel::None, "aucun"}};
}  // namespace

const std::vector<std::string>& panel_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w;
        for (const auto& p : kPanels) w.emplace_back(p.word);
        return w;
    }();
    return words;
}

const char* panel_word(Panel panel) {
    for (const auto& p : kPanels)
        if (p.panel == panel) return p.word;
    return "aucun";
}

std::optional<Panel> parse_panel(std::string_view word) {
    if (!utf8::is_valid(word)) return std::nullopt;
    std::string folded = utf8::fold(word);
    // Trim the blanks a console line may leave around the argument.
    const auto first = folded.find_first_not_of(" \t");
    if (first == std::string::npos) return std::nullopt;
    folded = folded.substr(first, folded.find_last_not_of(" \t") - first + 1);
    if (folded == "neurone") folded = "neurones";  // singular is a natural slip
    for (const auto& p : kPanels)
        if (folded == p.word) return p.panel;
    return std::nullopt;
}

namespace {

// A choice set: « panneau : bloc 2 » | "panel: block 2".
CommandResult done(const std::string& fr, const std::string& en) { return {true, "panneau : " + fr, "panel: " + en}; }

// The live model's own range for an integer verb: 1..hi, or the refusal.
std::optional<int> in_range(const std::string& name, const Args& rest, int hi, CommandResult& refusal) {
    const auto v = rest.size() == 1 ? parse_int(rest.word(0)) : std::nullopt;
    if (!v || *v < 1 || *v > hi) {
        refusal = expected("panneau " + name, integer_range(1, hi), rest);
        return std::nullopt;
    }
    return static_cast<int>(*v);
}

// One of `words` (unaccented), or the refusal naming them.
std::optional<std::string> one_word(const std::string& name, const Args& rest, const std::vector<std::string>& words, CommandResult& refusal) {
    if (rest.size() == 1 && std::find(words.begin(), words.end(), rest.folded(0)) != words.end()) return rest.folded(0);
    refusal = expected("panneau " + name, one_of(words), rest);
    return std::nullopt;
}

using Choice = std::function<CommandResult(InspectorState&, const Trace&, const Args& rest)>;

CommandResult set_block(InspectorState& s, const Trace& t, const Args& rest) {
    CommandResult r;
    const auto b = in_range("bloc", rest, t.settings.layers, r);
    if (!b) return r;
    s.block = *b;
    return done("bloc " + std::to_string(*b), "block " + std::to_string(*b));
}

CommandResult set_token(InspectorState& s, const Trace& t, const Args& rest) {
    CommandResult r;
    const auto i = in_range("mot", rest, t.token_count(), r);
    if (!i) return r;
    s.token = *i - 1;
    const std::string& word = t.tokens[static_cast<std::size_t>(*i - 1)].word;
    return done("mot " + std::to_string(*i) + " " + quoted(word), "word " + std::to_string(*i) + " " + quoted(word, Language::English));
}

CommandResult set_neuron(InspectorState& s, const Trace& t, const Args& rest) {
    CommandResult r;
    const int w = t.levels.size() > 2 ? static_cast<int>(t.levels[2].hidden.cols()) : t.settings.ffn;
    const auto k = in_range("neurone", rest, w, r);
    if (!k) return r;
    s.neuron = *k - 1;
    return done("neurone " + std::to_string(*k), "neuron " + std::to_string(*k));
}

CommandResult set_fact_demo(InspectorState& s, const Trace&, const Args& rest) {
    CommandResult r;
    const auto w = one_word("pesquet", rest, {"on", "off", "oui", "non"}, r);
    if (!w) return r;
    s.fact_demo = *w == "on" || *w == "oui";
    return s.fact_demo ? done("le neurone « Thomas Pesquet »", "the “Thomas Pesquet” neuron") : done("les neurones de ce modèle", "this model's neurons");
}

CommandResult set_norm_input(InspectorState& s, const Trace&, const Args& rest) {
    CommandResult r;
    const auto w = one_word("entree", rest, {"vecteur", "mot"}, r);
    if (!w) return r;
    s.norm_token = *w == "mot";
    return s.norm_token ? done("la norme d'un mot du modèle", "the norm of a word of the model") : done("la norme du vecteur tapé", "the norm of the typed vector");
}

CommandResult set_vector(InspectorState& s, const Trace&, const Args& rest) {
    const VectorParse p = parse_vector(rest.text());
    if (!p.vector) {
        s.vector_error = {p.error, p.error_en};  // shown under the field; the previous vector stays
        CommandResult r = expected("panneau vecteur", Text{"de 2 à 16 nombres séparés par des espaces", "2 to 16 numbers separated by spaces"}, rest);
        r.message += " : " + p.error, r.english += ": " + p.error_en;
        return r;
    }
    s.vector = *p.vector;
    s.vector_error = {};
    s.norm_token = false;  // the typed vector is what the panel then shows
    std::snprintf(s.vector_text, sizeof s.vector_text, "%s", rest.text().c_str());
    return done("vecteur " + rest.text(), "vector " + rest.text());
}

CommandResult set_concepts(InspectorState& s, const Trace&, const Args& rest) {
    bool chosen[4] = {false, false, false, false};
    bool ok = rest.size() >= 1;
    for (std::size_t i = 0; ok && i < rest.size(); ++i) {
        if (rest.size() == 1 && rest.folded(0) == "aucun") break;
        ok = false;
        for (int c = 0; c < 4; ++c)
            if (rest.folded(i) == utf8::fold(kConceptNames[c])) chosen[c] = ok = true;
    }
    if (!ok) return expected("panneau concepts", Text{"thomas, pesquet, marie ou curie (plusieurs possibles), ou aucun",
                                                       "thomas, pesquet, marie or curie (several allowed), or aucun"}, rest);
    std::copy(chosen, chosen + 4, s.concepts);
    const std::string line = concepts_line(s.concepts);
    return done(line.substr(line.find(' ') + 1), line.substr(line.find(' ') + 1));
}

std::vector<std::string> scale_words() {
    std::vector<std::string> words{kThisModelWord};
    for (const std::string& name : scale_preset_names()) words.push_back(name);
    return words;
}

CommandResult set_scale_model(InspectorState& s, const Trace&, const Args& rest) {
    CommandResult r;
    const std::vector<std::string> words = scale_words();
    const auto w = one_word("modele", rest, words, r);
    if (!w) return r;
    s.scale_model = static_cast<int>(std::find(words.begin(), words.end(), *w) - words.begin());
    return done("modèle " + *w, "model " + *w);
}

CommandResult set_cache_preset(InspectorState& s, const Trace&, const Args& rest) {
    CommandResult r;
    const auto w = one_word("cache", rest, scale_preset_names(), r);
    if (!w) return r;
    s.memory.preset = *w;
    s.memory.context = preset(*w)->context;  // as --memoire: the preset's context by default
    s.memory_error = {};
    return done("cache KV de " + *w, "KV cache of " + *w);
}

Choice set_count(const char* name, std::int64_t MemoryChoice::*field, std::int64_t max, const char* fr, const char* en) {
    return [=](InspectorState& s, const Trace&, const Args& rest) -> CommandResult {
        const auto v = rest.size() == 1 ? parse_int(rest.word(0)) : std::nullopt;
        if (!v || *v < 1 || *v > max) {
            const CommandResult r = expected(std::string("panneau ") + name, integer_range(1, max), rest);
            s.memory_error = {r.message, r.english};  // shown under the fields; the value stays
            return r;
        }
        s.memory.*field = *v;
        s.memory_error = {};
        return done(std::string(fr) + " " + format_count(*v, Language::French), std::string(en) + " " + format_count(*v, Language::English));
    };
}

struct ChoiceVerb {
    const char* word;
    Choice run;
};
const std::vector<ChoiceVerb>& choice_verbs() {
    static const std::vector<ChoiceVerb> verbs{
        {"bloc", set_block},         {"mot", set_token},          {"neurone", set_neuron},
        {"pesquet", set_fact_demo},  {"entree", set_norm_input},  {"vecteur", set_vector},
        {"concepts", set_concepts},  {"modele", set_scale_model}, {"cache", set_cache_preset},
        {"contexte", set_count("contexte", &MemoryChoice::context, kMaxMemoryContext, "contexte", "context")},
        {"lot", set_count("lot", &MemoryChoice::batch, kMaxMemoryBatch, "lot", "batch")}};
    return verbs;
}

std::vector<std::string> completions() {
    std::vector<std::string> values = panel_words();
    for (const ChoiceVerb& v : choice_verbs()) values.emplace_back(v.word);
    return values;
}

}  // namespace

std::string concepts_line(const bool (&concepts)[4]) {
    std::string line = "/panneau concepts";
    bool any = false;
    for (int c = 0; c < 4; ++c)
        if (concepts[c]) line += std::string(" ") + utf8::fold(kConceptNames[c]), any = true;
    return any ? line : line + " aucun";
}

Command make_panel_command(InspectorState& state) {
    auto run = [&state](Session& session, const Args& args) -> CommandResult {
        if (args.size() >= 2)
            for (const ChoiceVerb& v : choice_verbs())
                if (args.folded(0) == v.word) {
                    const std::shared_ptr<const Trace> trace = session.trace();
                    if (!trace) return {false, "/panneau : pas encore de modèle", "/panneau: no model yet"};
                    return v.run(state, *trace, Args(args.rest(0)));
                }
        if (args.size() != 1) {
            std::string verbs;
            for (const ChoiceVerb& v : choice_verbs()) verbs += (verbs.empty() ? "" : ", ") + std::string(v.word);
            return expected("panneau", Text{"un panneau, ou un choix suivi de sa valeur (" + verbs + ")",
                                            "a panel, or a choice followed by its value (" + verbs + ")"}, args);
        }
        const std::optional<Panel> panel = parse_panel(args.word(0));
        if (!panel) return expected("panneau", one_of(panel_words()), args);
        state.panel = *panel;
        if (*panel == Panel::None) return {true, "panneau refermé", "panel closed"};
        return {true, std::string("panneau « ") + panel_word(*panel) + " » ouvert",
                std::string("panel “") + panel_word(*panel) + "” open"};
    };
    const std::string panels =
        "/panneau <attention|neurones|norme|gradients|echelle|sortie|lentille|raschka|memoire|superposition|"
        "entrainement|aucun>";
    const std::string choices = " /panneau <bloc|mot|neurone|pesquet|entree|vecteur|concepts|modele|cache|contexte|lot> ";
    Command command("panneau", panels + " ou" + choices + "VALEUR",
                    "Ouvre un panneau de l'intérieur des sous-couches (aucun : le referme), ou règle un de ses choix : "
                    "bloc N, mot N, neurone N, pesquet on|off, entree vecteur|mot, vecteur 2 4 4 5, "
                    "concepts thomas pesquet|aucun, modele ce-modele|gpt2-small…, cache PRESET, contexte N, lot N",
                    completions(), run,
                    "Opens a panel inside the sublayers (aucun: closes it), or sets one of its choices: "
                    "bloc N, mot N, neurone N, pesquet on|off, entree vecteur|mot, vecteur 2 4 4 5, "
                    "concepts thomas pesquet|aucun, modele ce-modele|gpt2-small…, cache PRESET, contexte N, lot N");
    command.usage_en = panels + " or" + choices + "VALUE";
    return command;
}

void save_choices(const InspectorState& s, InspectorView& v) {
    v.block = s.block, v.token = s.token, v.neuron = s.neuron;
    v.fact_demo = s.fact_demo, v.norm_token = s.norm_token;
    v.vector.assign(s.vector.data(), s.vector.data() + s.vector.size());
    v.concepts.clear();
    for (int c = 0; c < 4; ++c)
        if (s.concepts[c]) v.concepts.push_back(utf8::fold(kConceptNames[c]));
    const std::vector<std::string> words = scale_words();
    v.scale_model = words[static_cast<std::size_t>(std::clamp(s.scale_model, 0, static_cast<int>(words.size()) - 1))];
    v.memory_preset = s.memory.preset, v.memory_context = s.memory.context, v.memory_batch = s.memory.batch;
}

void restore_choices(const InspectorView& v, InspectorState& s) {
    s.block = v.block, s.token = v.token, s.neuron = v.neuron;
    s.fact_demo = v.fact_demo, s.norm_token = v.norm_token;
    s.vector = Eigen::Map<const Vector>(v.vector.data(), static_cast<Eigen::Index>(v.vector.size()));
    std::string text;
    for (const double x : v.vector) {
        char number[32];
        std::snprintf(number, sizeof number, "%.15g", x);  // parse_vector reads it back
        text += (text.empty() ? "" : " ") + std::string(number);
    }
    std::snprintf(s.vector_text, sizeof s.vector_text, "%s", text.c_str());
    s.vector_error = {};
    for (int c = 0; c < 4; ++c)
        s.concepts[c] = std::find(v.concepts.begin(), v.concepts.end(), utf8::fold(kConceptNames[c])) != v.concepts.end();
    const std::vector<std::string> words = scale_words();
    const auto row = std::find(words.begin(), words.end(), utf8::fold(v.scale_model));
    s.scale_model = row == words.end() ? 1 : static_cast<int>(row - words.begin());
    s.memory = MemoryChoice{utf8::fold(v.memory_preset), v.memory_context, v.memory_batch};
    s.memory_error = {};
}

}  // namespace tb
