// The exports a teacher takes away: the profile CSV against norms recomputed here from the
// trace's vectors, the Markdown breakdown against seed 000's GPT-2 count and a hand count of the
// toy, the configuration card against the settings; writes are all or nothing.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "files/exports.h"
#include "../support.h"

namespace tb {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> out;
    std::string piece;
    std::istringstream in(text);
    while (std::getline(in, piece, separator)) out.push_back(piece);
    return out;
}

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("tb_exports_" + std::to_string(getpid()));
    fs::create_directories(dir);
    return dir / name;
}

TEST(ProfileCsv, OneRowPerLevelWithTheTraceNormsAndCosine) {
    const Session s = test::session("/residuel off; /couches 3");
    const Trace& t = *s.trace();
    const auto rows = split(profile_csv(t), '\n');
    ASSERT_EQ(rows.size(), t.levels.size() + 1);  // the header, then one row per level
    const auto header = split(rows[0], ',');
    ASSERT_EQ(header.size(), static_cast<std::size_t>(t.token_count()) + 3);
    EXPECT_EQ(header[0], "index");
    EXPECT_EQ(header[2], "norme 1 le");
    EXPECT_EQ(header.back(), "cosinus_moyen");
    for (std::size_t k = 0; k < t.levels.size(); ++k) {
        const auto cells = split(rows[k + 1], ',');
        ASSERT_EQ(cells.size(), header.size()) << rows[k + 1];
        EXPECT_EQ(std::stoi(cells[0]), static_cast<int>(k));
        EXPECT_EQ(cells[1], t.levels[k].name);
        const Matrix& x = t.levels[k].vectors;
        std::vector<double> norms;
        for (Eigen::Index i = 0; i < x.rows(); ++i) {  // recomputed by hand, not with token_norms
            double sum = 0;
            for (Eigen::Index j = 0; j < x.cols(); ++j) sum += x(i, j) * x(i, j);
            norms.push_back(std::sqrt(sum));
            EXPECT_EQ(cells[static_cast<std::size_t>(2 + i)].find(','), std::string::npos);
            EXPECT_NEAR(std::stod(cells[static_cast<std::size_t>(2 + i)]), norms.back(), 1e-8 * (1 + norms.back()));
        }
        double cosines = 0;
        int pairs = 0;
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            for (Eigen::Index j = i + 1; j < x.rows(); ++j, ++pairs)
                cosines += x.row(i).dot(x.row(j)) / (norms[static_cast<std::size_t>(i)] * norms[static_cast<std::size_t>(j)]);
        EXPECT_NEAR(std::stod(cells.back()), cosines / pairs, 1e-8);
    }
}

TEST(ParametersMarkdown, HoldsGpt2SmallAndTheToyTotal) {
    const Session s = test::session("/couches 3; /position appris");
    const std::string md = parameters_markdown(*s.trace());
    EXPECT_NE(md.find("124\u202F439\u202F808"), std::string::npos);  // seed 000, section F, for people (U+202F)
    // By hand: per block 4(d²+d) + (d·w + w + w·d + d) + 4d with d = 8, w = 32; three blocks;
    // V·d embeddings, n_max·d learned positions, 2d final norm.
    const std::int64_t d = 8, w = 32, V = test::vocabulary()->size();
    const std::int64_t toy = 3 * (4 * (d * d + d) + (d * w + w + w * d + d) + 4 * d) + V * d + 8 * d + 2 * d;
    std::string grouped;  // 3656 -> "3 656", by hand (U+202F)
    const std::string digits = std::to_string(toy);
    for (std::size_t i = 0; i < digits.size(); ++i) grouped += (i && (digits.size() - i) % 3 == 0 ? "\u202F" : "") + digits.substr(i, 1);
    EXPECT_NE(md.find("**" + grouped + "**"), std::string::npos) << md;
    EXPECT_NE(md.find("| terme |"), std::string::npos);
    EXPECT_NE(md.find("4(d² + d) = 4 × (768² + 768)"), std::string::npos);
}

std::string card_value(const std::string& card, const std::string& key) {
    for (const auto& line : split(card, '\n')) {
        if (line.rfind(key + ": ", 0) != 0) continue;
        std::string v = line.substr(key.size() + 2);
        return v.substr(0, v.find("  #"));
    }
    return "<absent>";
}

TEST(ConfigurationCard, FieldsFollowTheSettings) {
    const Session s = test::session(
        "/couches 3; /norme post; /ffn 48; /dimension 16; /masque causal; /activation relu; /graine 42; "
        "/position appris");
    const std::string card = configuration_card(s);
    EXPECT_NE(card.find("Fiche minimale de configuration reproductible"), std::string::npos);
    EXPECT_EQ(card_value(card, "architecture"), "decoder");
    EXPECT_EQ(card_value(card, "layers"), "3");
    EXPECT_EQ(card_value(card, "width"), "16");
    EXPECT_EQ(card_value(card, "  heads"), "2");
    EXPECT_EQ(card_value(card, "  kv_heads"), "2");
    EXPECT_EQ(card_value(card, "  head_dim"), "8");  // 16 / 2
    EXPECT_EQ(card_value(card, "  method"), "learned");
    EXPECT_EQ(card_value(card, "  type"), "LayerNorm");
    EXPECT_EQ(card_value(card, "  pre_or_post"), "post");
    EXPECT_EQ(card_value(card, "  epsilon"), "1e-05");
    EXPECT_EQ(card_value(card, "  activation_or_gate"), "ReLU");
    EXPECT_EQ(card_value(card, "  intermediate_width"), "48");
    EXPECT_EQ(card_value(card, "  seeds"), "42");

    const Session fresh = test::session();
    const std::string start = configuration_card(fresh);
    EXPECT_EQ(card_value(start, "architecture"), "encoder");
    EXPECT_EQ(card_value(start, "layers"), "2");
    EXPECT_EQ(card_value(start, "  pre_or_post"), "pre");
    EXPECT_EQ(card_value(start, "  activation_or_gate"), "GELU (erf)");
    EXPECT_EQ(card_value(start, "  method"), "sinusoidal");
    EXPECT_EQ(card_value(start, "  seeds"), std::to_string(Settings::kDefaultSeed));
}

TEST(ConfigurationCard, CommentsInTheChosenLanguageValuesAsDigits) {
    const Session s = test::session("/masque causal");
    const std::string fr = configuration_card(s, Language::French);
    const std::string en = configuration_card(s, Language::English);
    EXPECT_NE(fr.find("  # masque causal"), std::string::npos) << fr;
    EXPECT_NE(en.find("  # causal mask"), std::string::npos) << en;
    EXPECT_NE(en.find("# Minimal reproducible configuration card"), std::string::npos) << en;
    for (const char* english : {"every token", "rows of", "untrained", "recomputed", "no generation", "tied"})
        EXPECT_EQ(fr.find(english), std::string::npos) << english;
    for (const char* french : {"chaque token", "lignes de", "non entraîné", "recalculée", "pas de génération", "liée", "Fiche"})
        EXPECT_EQ(en.find(french), std::string::npos) << french;
    EXPECT_EQ(card_value(en, "parameters"), std::to_string(s.trace()->parameters.total));  // YAML: digits only
}

TEST(ExportCommand, WritesEachKindAndSaysWhere) {
    CommandRegistry registry;
    add_export_commands(registry);
    Session s = test::session();
    for (const std::string kind : {"profil", "parametres", "paramètres", "fiche", "PROFIL"}) {
        const fs::path path = scratch("out_" + std::to_string(kind.size()) + ".txt");
        fs::remove(path);
        const auto r = registry.execute(s, "/exporter " + kind + " " + path.string());
        ASSERT_TRUE(r.ok) << r.message;
        EXPECT_NE(r.message.find(path.string()), std::string::npos) << r.message;
        EXPECT_FALSE(read(path).empty());
        EXPECT_FALSE(fs::exists(path.string() + ".tmp"));
    }
}

TEST(ExportCommand, RefusesBadKindsAndUnwritablePathsWritingNothing) {
    CommandRegistry registry;
    add_export_commands(registry);
    Session s = test::session();
    for (const std::string line : {"/exporter", "/exporter profil", "/exporter tableau x.csv",
                                   "/exporter image x.png", "/exporter profil /nonexistent_folder_tb/x.csv"}) {
        const auto r = registry.execute(s, line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_FALSE(r.message.empty());
    }
    EXPECT_FALSE(fs::exists("x.csv"));
    EXPECT_FALSE(fs::exists("x.png"));
    // A folder in place of the file: refused, the folder untouched.
    const fs::path folder = scratch("a_folder");
    fs::create_directories(folder);
    EXPECT_FALSE(registry.execute(s, "/exporter fiche " + folder.string()).ok);
    EXPECT_TRUE(fs::is_directory(folder));
    // An existing file survives a failed write: nothing half-written replaces it.
    EXPECT_FALSE(write_file_atomically(scratch("kept.txt").string(), "avant").has_value());
    EXPECT_TRUE(write_file_atomically("/nonexistent_folder_tb/kept.txt", "après").has_value());
    EXPECT_EQ(read(scratch("kept.txt")), "avant");
}

}  // namespace
}  // namespace tb
