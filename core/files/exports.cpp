#include "files/exports.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "base/numbers.h"
#include "model/predictions.h"
#include "model/settings_table.h"
#include "training/training.h"
#include "model/trace_json.h"
#include "commands/generation_commands.h"
#include "commands/sweep.h"
#include "commands/training_commands.h"
#include "base/utf8.h"

namespace tb {
namespace {

// Locale-independent numbers: always '.' as the decimal separator, enough digits to round-trip
// a norm to 1e-9 (17: every bit of a double).
// A value that is not finite (a probability or a push of a model whose stream is finite but huge):
// never written as "nan", the export is refused (model_export).
struct NonFiniteValue : std::domain_error {
    NonFiniteValue() : std::domain_error("non-finite value") {}
};

std::string number(double v, int digits = 10) {
    if (!std::isfinite(v)) throw NonFiniteValue();
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    std::string s = buffer;
    for (char& c : s) c = c == ',' ? '.' : c;  // a C locale other than "C" would put a comma
    return s;
}

std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string markdown_cell(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string share(std::int64_t part, std::int64_t total, Language language) {
    return total <= 0 ? "—" : format_percent(static_cast<double>(part) / static_cast<double>(total), language);
}

std::string absolute(const std::string& path) {
    std::error_code ec;
    const auto p = std::filesystem::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

}  // namespace

std::string profile_csv(const Trace& trace, Language) {
    std::ostringstream out;
    out << "index,nom";
    for (int i = 0; i < trace.token_count(); ++i)
        out << ',' << csv_field("norme " + std::to_string(i + 1) + " " + trace.tokens[static_cast<std::size_t>(i)].word);
    out << ",cosinus_moyen\n";
    for (const auto& level : trace.levels) {
        out << level.index << ',' << csv_field(level.name);
        const Vector norms = token_norms(level.vectors);
        for (Eigen::Index i = 0; i < norms.size(); ++i) out << ',' << number(norms[i]);
        out << ',' << number(mean_pairwise_cosine(level.vectors)) << '\n';
    }
    return out.str();
}

std::string logit_lens_csv(const Trace& trace, const Vocabulary& vocabulary) {
    std::ostringstream out;
    out << "niveau,nom,position,mot,id,lu,probabilite\n";
    const auto lens = logit_lens(trace, vocabulary);
    for (std::size_t k = 0; k < lens.size(); ++k)
        for (std::size_t i = 0; i < lens[k].size(); ++i) {
            const Prediction& p = lens[k][i];
            out << trace.levels[k].index << ',' << csv_field(trace.levels[k].name) << ',' << i << ','
                << csv_field(trace.tokens[i].word) << ',' << p.id << ',' << csv_field(p.word) << ',' << number(p.probability) << '\n';
        }
    return out.str();
}

std::string neuron_push_csv(const Trace& trace, const Vocabulary& vocabulary) {
    std::ostringstream out;
    out << "bloc,position,mot,predit_id,predit,rang,neurone,activation,alignement,poussee\n";
    const auto top = top_predictions(trace, vocabulary, 1);
    for (int b = 1; b <= trace.settings.layers; ++b)
        for (int i = 0; i < trace.token_count(); ++i) {
            const Prediction& p = top[static_cast<std::size_t>(i)].front();
            const std::vector<NeuronPush> pushes = neuron_pushes(trace, b, i, p.id);
            for (std::size_t r = 0; r < pushes.size(); ++r) {
                const NeuronPush& n = pushes[r];
                out << b << ',' << i << ',' << csv_field(trace.tokens[static_cast<std::size_t>(i)].word) << ',' << p.id << ','
                    << csv_field(p.word) << ',' << r + 1 << ',' << n.neuron + 1 << ',' << number(n.activation, 17) << ','
                    << number(n.alignment, 17) << ',' << number(n.push, 17) << '\n';
            }
        }
    return out.str();
}

std::string parameters_markdown(const Trace& trace, Language language) {
    const Settings& s = trace.settings;
    const bool en = language == Language::English;
    const auto n = [language](std::int64_t v) { return format_count(v, language); };
    const std::int64_t toy_total = trace.parameters.total;
    const Architecture gpt2_architecture = *preset("gpt2-small");
    const std::int64_t gpt2_total = count_parameters(gpt2_architecture).total;
    const std::vector<ParameterTerm> toy = parameter_terms(toy_architecture(s, trace.vocabulary_size));
    const std::vector<ParameterTerm> gpt2 = parameter_terms(gpt2_architecture);
    const Architecture& g = gpt2_architecture;
    std::ostringstream out;
    out << (en ? "# Number of parameters\n\n" : "# Nombre de paramètres\n\n") << (en ? "Toy model: L = " : "Modèle jouet : L = ")
        << n(s.layers) << ", d = " << n(s.dimension) << ", w = " << n(s.ffn) << ", h = " << n(s.heads) << ", V = "
        << n(trace.vocabulary_size) << ", positions " << to_string(s.position) << (en ? ", norm " : ", norme ")
        << to_string(s.norm) << ".  \n"
        << (en ? "GPT-2 small: L = " : "GPT-2 small : L = ") << n(g.layers) << ", d = " << n(g.dimension) << ", w = "
        << n(g.ffn) << ", h = " << n(g.heads) << ", V = " << n(g.vocabulary) << (en ? ", context " : ", contexte ")
        << n(g.context)
        << (en ? ", learned positions, pre-norm, tied output head.\n\n"
               : ", positions apprises, pré-norme, tête de sortie liée.\n\n")
        << (en ? "| term | formula (toy) | value (toy) | share (toy) | formula (GPT-2 small) | value (GPT-2 small) "
                 "| share (GPT-2 small) |\n"
               : "| terme | formule (jouet) | valeur (jouet) | part (jouet) | formule (GPT-2 small) | valeur (GPT-2 small) "
                 "| part (GPT-2 small) |\n")
        << "|---|---|---:|---:|---|---:|---:|\n";
    // Both breakdowns list the same terms in the same order (same formulas, other numbers).
    for (std::size_t k = 0; k < toy.size(); ++k) {
        const ParameterTerm& a = toy[k];
        out << "| " << markdown_cell(a.label(language)) << " | " << markdown_cell(a.formula_in(language)) << " | "
            << n(a.value) << " | " << (a.summed ? share(a.value, toy_total, language) : "—") << " | ";
        if (k < gpt2.size()) {
            const ParameterTerm& b = gpt2[k];
            out << markdown_cell(b.formula_in(language)) << " | " << n(b.value) << " | "
                << (b.summed ? share(b.value, gpt2_total, language) : "—");
        } else {
            out << " | | ";
        }
        out << " |\n";
    }
    const std::string hundred = format_percent(1.0, language);
    out << "| **total** | | **" << n(toy_total) << "** | " << hundred << " | | **" << n(gpt2_total) << "** | " << hundred
        << " |\n\n"
        << (en ? "Shares are of the total; the \u201Cper block\u201D rows are included in \u201Cblocks\u201D.\n"
               : "Les parts se rapportent au total ; les lignes « par bloc » sont comprises dans « blocs ».\n");
    return out.str();
}

namespace {

bool all_finite(const Matrix& m) { return m.allFinite(); }

// Whether a level's every matrix is finite.
bool finite_level(const Level& level) {
    for (const Matrix& head : level.attention_weights)
        if (!all_finite(head)) return false;
    // The norms too: a finite but huge stream (1e200) has an infinite norm, which the SVG would draw as 0.
    return all_finite(level.vectors) && token_norms(level.vectors).allFinite() && all_finite(level.normalized_input) &&
           all_finite(level.sublayer_output) &&
           all_finite(level.before_norm) && all_finite(level.hidden) && all_finite(level.gate) && all_finite(level.up);
}

// The text written at `path` whole or not at all; the reply says where (the name made safe to show).
CommandResult written(const std::string& path, const std::string& text, const Text& what) {
    if (auto error = write_file(path, text)) return {false, Text{"/exporter : " + error->fr, "/exporter: " + error->en}};
    const std::string where = absolute(path);
    return {true, what + Text{quoted_path(where), quoted_path(where, Language::English)}};
}

// An export that reads the model's values: refused, nothing written, when one is not finite.
CommandResult model_export(const Session& session, const std::string& path, const std::function<std::string()>& text,
                           const Text& what, const std::shared_ptr<const Trace>& side_b = nullptr) {
    if (auto refusal = non_finite_model(*session.trace())) return {false, *refusal};
    if (side_b)
        if (auto refusal = non_finite_model(*side_b)) return {false, Text{"côté B : ", "side B: "} + *refusal};
    std::string content;
    try {
        content = text();
    } catch (const NonFiniteValue&) {
        return {false, Text{"/exporter : le modèle a divergé, une valeur calculée (probabilité, poussée ou cosinus) n'est pas finie "
                            "(NaN ou infini) : rien n'a été écrit (/reinit, une norme ou un /taux plus petit le ramènent)",
                            "/exporter: the model diverged, a computed value (probability, push or cosine) is not finite "
                            "(NaN or infinity): nothing was written (/reinit, a norm or a smaller /taux bring it back)"}};
    }
    return written(path, content, what);
}

// The trace (cli.md): exactly what --trace writes for the current state; refused, nothing
// written, for a model that is not finite (as --trace refuses it).
CommandResult export_trace(Session& session, const Args& file) {
    if (auto refusal = non_finite_model(*session.trace())) return {false, *refusal};
    std::string text;
    try {
        text = trace_text(*session.trace());
    } catch (const std::exception&) {
        return {false, "/exporter trace : la trace contiendrait une valeur non finie (NaN ou infini) ; rien n'a été écrit",
                "/exporter trace: the trace would hold a non-finite value (NaN or infinity); nothing was written"};
    }
    return written(file.text(), text, {"trace (JSON, comme --trace) écrite dans ", "trace (JSON, as --trace) written to "});
}

// The training log (cli.md): the session's run, replayable by another implementation. It ends
// at the last finite step (a non-finite one stops the run), so a diverged model still has one.
CommandResult export_log(const Session& session, const Args& file) {
    std::optional<std::string> text;
    try {
        text = training_log(session);
    } catch (const std::exception&) {  // a non-finite number (trace_json.h): JSON has none
        return {false, "/exporter entrainement : le journal contiendrait une valeur non finie (NaN ou infini) ; rien n'a été écrit",
                "/exporter entrainement: a non-finite value (NaN or infinity); nothing was written"};
    }
    if (!text)
        return {false, "/exporter entrainement : aucun entraînement à exporter (/entrainer N d'abord)",
                "/exporter entrainement: no training to export (/entrainer N first)"};
    return written(file.text(), *text, {"journal d'entraînement (JSON) écrit dans ", "training log (JSON) written to "});
}

// The last sweep over seeds (cli.md "The sweep over seeds"): a row per (seed, side).
CommandResult export_sweep(const Session& session, const Args& file) {
    if (!session.last_sweep())
        return {false, "/exporter graines : aucun balayage à exporter (/graines A..B N d'abord)",
                "/exporter graines: no sweep to export (/graines A..B N first)"};
    return written(file.text(), sweep_csv(*session.last_sweep()), {"balayage des graines (CSV) écrit dans ", "sweep over seeds (CSV) written to "});
}

// The generation log (cli.md): the session's last /generer, replayable without any cache.
CommandResult export_generation(Session& session, const Args& file) {
    std::optional<std::string> text;
    try {
        text = generation_log(session);
    } catch (const std::exception&) {  // a non-finite number (trace_json.h): JSON has none
        return {false, "/exporter generation : le journal contiendrait une valeur non finie (NaN ou infini) ; rien n'a été écrit",
                "/exporter generation: a non-finite value (NaN or infinity); nothing was written"};
    }
    if (!text)
        return {false, "/exporter generation : aucune génération à exporter (/generer N d'abord)",
                "/exporter generation: no generation to export (/generer N first)"};
    return written(file.text(), *text, {"journal de génération (JSON) écrit dans ", "generation log (JSON) written to "});
}

}  // namespace

std::optional<Text> non_finite_model(const Trace& trace) {
    const Text nothing{" : rien n'a été écrit (comme --trace ; /reinit, une norme ou un /taux plus petit le ramènent)",
                       ": nothing was written (as with --trace; /reinit, a norm or a smaller /taux bring it back)"};
    for (const Level& level : trace.levels)
        if (!finite_level(level))
            return Text{"/exporter : le modèle a divergé, une valeur non finie (NaN ou infini) dès le niveau " +
                            std::to_string(level.index) + " « " + level.name + " »",
                        "/exporter: the model diverged, a non-finite value (NaN or infinity) from level " +
                            std::to_string(level.index) + " \u201C" + level_name(level.index, trace.settings.layers, Language::English) + "\u201D"} +
                   nothing;
    Weights copy = *trace.weights;  // trained_tensors lists every tensor, through a mutable reference
    bool finite = all_finite(trace.position);
    for (const TensorRef& t : trained_tensors(copy, trace.settings))
        finite = finite && Eigen::Map<const Eigen::VectorXd>(t.data, static_cast<Eigen::Index>(t.size)).allFinite();
    if (finite) return std::nullopt;
    return Text{"/exporter : le modèle contient un poids non fini (NaN ou infini)", "/exporter: the model holds a non-finite weight (NaN or infinity)"} +
           nothing;
}

void add_export_commands(CommandRegistry& registry, ImageExporter image, SvgMaker svg, SideB side_b) {
    // A text export: its content from the current trace, written whole or not at all.
    // Exports for people follow /langue (the registry outlives its commands). The parameter
    // breakdown and the configuration card read the settings alone: a diverged model has them too.
    auto text_export = [&registry](std::string (*content)(const Trace&, Language), Text what) {
        return [&registry, content, what](Session& session, const Args& file) -> CommandResult {
            return written(file.text(), content(*session.trace(), registry.language()), what);
        };
    };
    auto card = [&registry](Session& session, const Args& file) -> CommandResult {  // the session: its training too
        return written(file.text(), configuration_card(session, registry.language()),
                       {"fiche de configuration (Markdown) écrite dans ", "configuration card (Markdown) written to "});
    };
    auto profile = [&registry](Session& session, const Args& file) -> CommandResult {
        return model_export(session, file.text(), [&] { return profile_csv(*session.trace(), registry.language()); },
                            {"profil des normes (CSV) écrit dans ", "norm profile (CSV) written to "});
    };
    auto lens = [](Session& session, const Args& file) -> CommandResult {
        return model_export(session, file.text(), [&] { return logit_lens_csv(*session.trace(), session.vocabulary()); },
                            {"lentille (CSV) écrite dans ", "logit lens (CSV) written to "});
    };
    auto neurons = [](Session& session, const Args& file) -> CommandResult {
        return model_export(session, file.text(), [&] { return neuron_push_csv(*session.trace(), session.vocabulary()); },
                            {"neurones qui poussent le mot prédit (CSV) écrits dans ", "neurons pushing the predicted word (CSV) written to "});
    };
    // The cross-section as SVG: the picture's text from `svg` (both sides in A/B).
    auto section = [svg, side_b](Session& session, const Args& file) -> CommandResult {
        const Session* b = side_b ? side_b() : nullptr;
        if (!svg)
            return {false, "/exporter svg n'est pas disponible ici (ni fenêtre ni --headless)",
                    "/exporter svg is not available here (neither the window nor --headless)"};
        return model_export(session, file.text(), [&] { return svg(session); },
                            {"coupe (SVG) écrite dans ", "cross-section (SVG) written to "}, b ? b->trace() : nullptr);
    };
    // Side B's training log, as /exporter entrainement writes A's.
    auto log_b = [side_b](Session&, const Args& file) -> CommandResult {
        const Session* b = side_b ? side_b() : nullptr;
        if (!b)
            return {false, "/exporter entrainement-b : pas de côté B (/comparer on d'abord)",
                    "/exporter entrainement-b: no side B (/comparer on first)"};
        return export_log(*b, file);
    };
    auto picture = [image](Session&, const Args& file) -> CommandResult {
        if (!image)
            return {false, "/exporter image n'existe qu'avec la fenêtre (pas avec --headless)",
                    "/exporter image needs the window (not --headless)"};
        return image(file.text());
    };
    const Handler run = verbs("exporter",
                              {{{"image"}, picture, true},
                               {{"svg"}, section, true},
                               {{"trace"}, export_trace, true},
                               {{"profil"}, profile, true},
                               {{"lentille"}, lens, true},
                               {{"neurones"}, neurons, true},
                               {{"parametres"},
                                text_export(parameters_markdown, {"détail des paramètres (Markdown) écrit dans ", "parameter breakdown (Markdown) written to "}),
                                true},
                               {{"fiche"}, card, true},
                               {{"entrainement"}, export_log, true},
                               {{"entrainement-b"}, log_b, true},
                               {{"generation"}, export_generation, true},
                               {{"graines"}, export_sweep, true}},
                              Text{"image, svg, trace, profil, lentille, neurones, parametres, fiche, entrainement, entrainement-b, generation ou graines, puis un nom de fichier",
                                   "image, svg, trace, profil, lentille, neurones, parametres, fiche, entrainement, entrainement-b, generation or graines, then a file name"});
    registry.add({"exporter", "/exporter <image|svg|trace|profil|lentille|neurones|parametres|fiche|entrainement|entrainement-b|generation|graines> FICHIER",
                  "Enregistre la vue (PNG), la coupe (SVG, à coller dans un diaporama), la trace (JSON, comme --trace), le profil des normes, la "
                  "lentille des logits ou les neurones qui poussent le mot prédit (CSV), le détail des paramètres ou la fiche de configuration (Markdown), le "
                  "journal d'entraînement (du côté B : entrainement-b) ou de génération (JSON), le dernier balayage des graines (CSV).",
                  {"image", "svg", "trace", "profil", "lentille", "neurones", "parametres", "fiche", "entrainement", "entrainement-b", "generation", "graines"}, run,
                  "Saves the view (PNG), the cross-section (SVG, for slides), the trace (JSON, as --trace), the norm profile, the logit lens or the "
                  "neurons pushing the predicted word (CSV), "
                  "the parameter breakdown or the configuration card (Markdown), the training log (side B's: entrainement-b) or the generation log (JSON), the last sweep over seeds (CSV)."});
}

}  // namespace tb
