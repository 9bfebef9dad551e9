#include "exports.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "settings_table.h"
#include "utf8.h"

namespace tb {
namespace {

// Locale-independent numbers: always '.' as the decimal separator, enough digits to round-trip
// a norm to 1e-9.
std::string number(double v) {
    if (!std::isfinite(v)) return "nan";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
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

// "12,3 %" in the French way: the exports are read by French teachers, numbers in text.
std::string share(std::int64_t part, std::int64_t total) {
    if (total <= 0) return "—";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", 100.0 * static_cast<double>(part) / static_cast<double>(total));
    std::string s = buffer;
    for (char& c : s) c = c == '.' ? ',' : c;
    return s;
}

std::string absolute(const std::string& path) {
    std::error_code ec;
    const auto p = std::filesystem::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

}  // namespace

std::string profile_csv(const Trace& trace) {
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

std::string parameters_markdown(const Trace& trace) {
    const Settings& s = trace.settings;
    const std::int64_t toy_total = trace.parameters.total;
    const auto gpt2_architecture = preset("gpt2-small");
    const std::int64_t gpt2_total = count_parameters(*gpt2_architecture).total;
    const std::vector<ParameterTerm> toy = parameter_terms(toy_architecture(s, trace.vocabulary_size));
    const std::vector<ParameterTerm> gpt2 = parameter_terms(*gpt2_architecture);
    std::ostringstream out;
    out << "# Nombre de paramètres\n\n"
        << "Modèle jouet : L = " << s.layers << ", d = " << s.dimension << ", w = " << s.ffn << ", h = " << s.heads
        << ", V = " << trace.vocabulary_size << ", positions " << to_string(s.position) << ", norme "
        << to_string(s.norm) << ".  \n"
        << "GPT-2 small : L = 12, d = 768, w = 3072, h = 12, V = 50257, contexte 1024, positions apprises, "
           "pré-norme, tête de sortie liée.\n\n"
        << "| terme | formule (jouet) | valeur (jouet) | part (jouet) | formule (GPT-2 small) | valeur (GPT-2 small) "
           "| part (GPT-2 small) |\n"
        << "|---|---|---:|---:|---|---:|---:|\n";
    // Both breakdowns list the same terms in the same order (same formulas, other numbers).
    for (std::size_t k = 0; k < toy.size(); ++k) {
        const ParameterTerm& a = toy[k];
        out << "| " << markdown_cell(a.name) << " | " << markdown_cell(a.formula) << " | " << a.value << " | "
            << (a.summed ? share(a.value, toy_total) : "—") << " | ";
        if (k < gpt2.size()) {
            const ParameterTerm& b = gpt2[k];
            out << markdown_cell(b.formula) << " | " << b.value << " | " << (b.summed ? share(b.value, gpt2_total) : "—");
        } else {
            out << " | | ";
        }
        out << " |\n";
    }
    out << "| **total** | | **" << toy_total << "** | 100 % | | **" << gpt2_total << "** | 100 % |\n\n"
        << "Les parts se rapportent au total ; les lignes « par bloc » sont comprises dans « blocs ».\n";
    return out.str();
}

std::string configuration_card(const Trace& trace) {
    const Settings& s = trace.settings;
    const int head_dim = s.dimension / s.heads;
    // The card's names for the table's values (settings_table.cpp): "learned", "GELU (erf)".
    auto card = [&s](const char* command) { return card_word(*setting_for_command(command), s); };
    std::ostringstream out;
    out << "# Fiche minimale de configuration reproductible\n\n"
        << "transformer-bloc, graine " << s.seed << ", phrase « " << s.sentence << " » (" << trace.token_count()
        << " tokens). Les clés suivent la fiche de la page « Transformers : architecture originale et blocs "
           "modernes ».\n\n"
        << "```yaml\n"
        << "architecture: " << (s.mask == Mask::Causal ? "decoder" : "encoder")
        << (s.mask == Mask::Causal ? "  # masque causal" : "  # attention bidirectionnelle") << '\n'
        << "layers: " << s.layers << '\n'
        << "width: " << s.dimension << '\n'
        << "attention:\n"
        << "  heads: " << s.heads << '\n'
        << "  kv_heads: " << s.heads << "  # MHA\n"
        << "  head_dim: " << head_dim << '\n'
        << "  window: none  # every token sees " << (s.mask == Mask::Causal ? "itself and the previous ones" : "every token")
        << ", n_max = " << Settings::kMaxTokens << '\n'
        << "  kernel: softmax(QK^T / sqrt(head_dim)) V, dense matrices (Eigen, float64)\n"
        << "  mask: " << card("masque") << '\n'
        << "position:\n"
        << "  method: " << card("position") << '\n'
        << "  base: " << (s.position == Position::Sinus ? "10000" : "none") << '\n'
        << "  scaling: none\n"
        << "  trained_length: " << Settings::kMaxTokens << "  # rows of the position table (n_max)\n"
        << "norm:\n"
        << "  type: " << (s.norm == Norm::None ? "none" : "LayerNorm") << '\n'
        << "  pre_or_post: " << card("norme") << '\n'
        << "  epsilon: " << number(trace.layer_norm_eps) << '\n'
        << "  final_norm: " << (s.norm == Norm::Pre ? "yes" : "no") << '\n'
        << "residual: " << card("residuel") << '\n'
        << "ffn:\n"
        << "  activation_or_gate: " << card("activation") << '\n'
        << "  intermediate_width: " << s.ffn << '\n'
        << "  experts: none  # dense FFN\n"
        << "training:\n"
        << "  objective: none  # untrained: weights drawn from the seed\n"
        << "  data_boundary: none\n"
        << "  precision: float64\n"
        << "  optimizer: none\n"
        << "  seeds: " << s.seed << '\n'
        << "inference:\n"
        << "  cache: none  # the whole sentence is recomputed\n"
        << "  quantization: none\n"
        << "  batch: 1\n"
        << "  prompt_length: " << trace.token_count() << '\n'
        << "  output_length: 0  # no generation\n"
        << "vocabulary: " << trace.vocabulary_size << "  # V, unknown token included; output head tied\n"
        << "parameters: " << trace.parameters.total << '\n'
        << "```\n";
    return out.str();
}

namespace {

// /exporter svg: the picture's text from `svg`, written whole or not at all; says where.
Handler svg_export(SvgMaker svg) {
    return [svg](Session& session, const Args& file) -> CommandResult {
        if (!svg)
            return {false, "/exporter svg n'est pas disponible ici (ni fenêtre ni --headless)",
                    "/exporter svg is not available here (neither the window nor --headless)"};
        const std::string& path = file.text();
        if (auto error = write_file_atomically(path, svg(session)))
            return {false, "/exporter : " + *error, "/exporter: cannot write « " + path + " »"};
        return {true, Text{"coupe (SVG) écrite dans « ", "cross-section (SVG) written to « "} + same(absolute(path) + " »")};
    };
}

}  // namespace

void add_export_commands(CommandRegistry& registry, ImageExporter image, SvgMaker svg) {
    // A text export: its content from the current trace, written whole or not at all.
    auto text_export = [](std::string (*content)(const Trace&), Text what) {
        return [content, what](Session& session, const Args& file) -> CommandResult {
            const std::string& path = file.text();
            if (auto error = write_file_atomically(path, content(*session.trace())))
                return {false, "/exporter : " + *error, "/exporter: cannot write « " + path + " »"};
            return {true, what + Text{" écrit dans « ", " written to « "} + same(absolute(path) + " »")};
        };
    };
    auto picture = [image](Session&, const Args& file) -> CommandResult {
        if (!image)
            return {false, "/exporter image n'existe qu'avec la fenêtre (pas avec --headless)",
                    "/exporter image needs the window (not --headless)"};
        return image(file.text());
    };
    const Handler run = verbs("exporter",
                              {{{"image"}, picture, true},
                               {{"svg"}, svg_export(std::move(svg)), true},
                               {{"profil"}, text_export(profile_csv, {"profil des normes (CSV)", "norm profile (CSV)"}), true},
                               {{"parametres"},
                                text_export(parameters_markdown, {"détail des paramètres (Markdown)", "parameter breakdown (Markdown)"}),
                                true},
                               {{"fiche"},
                                text_export(configuration_card, {"fiche de configuration (Markdown)", "configuration card (Markdown)"}),
                                true}},
                              Text{"image, svg, profil, parametres ou fiche, puis un nom de fichier",
                                   "image, svg, profil, parametres or fiche, then a file name"});
    registry.add({"exporter", "/exporter <image|svg|profil|parametres|fiche> FICHIER",
                  "Enregistre la vue (PNG), la coupe (SVG, à coller dans un diaporama), le profil des normes (CSV), "
                  "le détail des paramètres ou la fiche de configuration (Markdown).",
                  {"image", "svg", "profil", "parametres", "fiche"}, run,
                  "Saves the view (PNG), the cross-section (SVG, for slides), the norm profile (CSV), the parameter "
                  "breakdown or the configuration card (Markdown)."});
}

}  // namespace tb
