// The writer and the echoed text under hostile input (issue 31): a read-only target is refused,
// whoever runs the tests (root included), and left as it was; a model with a non-finite value is
// named as such before any export; control characters are shown, never sent; a sentence refuses
// them; a CR-only corpus is read line by line.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "training/corpus.h"
#include "files/exports.h"
#include "base/files.h"
#include "model/trace_json.h"
#include "base/utf8.h"
#include "../support.h"

namespace tb {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) { return test::scratch("tb_writers", name); }

mode_t mode_of(const fs::path& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

TEST(ReadOnlyTarget, IsRefusedWhateverTheUserAndLeftAsItWas) {
    const fs::path path = scratch("ro.csv");
    fs::remove(path);
    std::ofstream(path) << "precious";
    ASSERT_EQ(::chmod(path.c_str(), 0444), 0);
    const std::string said = "« " + path.string() + " » est en lecture seule : rien n'a été écrit (chmod u+w pour l'autoriser)";
    // Asked before any work, and by the writer itself (both ways of writing, both languages).
    const auto before = write_refusal(path.string());
    ASSERT_TRUE(before);
    EXPECT_EQ(before->fr, said);
    EXPECT_EQ(before->en, "“" + path.string() + "” is read-only: nothing was written (chmod u+w to allow it)");
    const auto error = write_file_atomically(path.string(), "new");
    ASSERT_TRUE(error);
    EXPECT_EQ(*error, said);
    EXPECT_EQ(test::read_file(path), "precious");
    EXPECT_EQ(mode_of(path), 0444u);
    // Any mode without a write bit, root's tests included (access(2) would let root through).
    for (const mode_t mode : {0400, 0555, 0000}) {
        ASSERT_EQ(::chmod(path.c_str(), mode), 0);
        EXPECT_TRUE(write_file(path.string(), "new")) << std::oct << mode;
        EXPECT_EQ(mode_of(path), mode);
    }
    ASSERT_EQ(::chmod(path.c_str(), 0444), 0);
    EXPECT_EQ(test::read_file(path), "precious");
    // A link to it: the file it leads to decides.
    const fs::path link = scratch("link.csv");
    fs::remove(link);
    fs::create_symlink(path, link);
    EXPECT_TRUE(write_refusal(link.string()));
    EXPECT_TRUE(write_file_atomically(link.string(), "new"));
    EXPECT_EQ(test::read_file(path), "precious");
    // A write bit for anyone (here the owner's) lets it be replaced; a new file too.
    ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
    EXPECT_FALSE(write_refusal(path.string()));
    EXPECT_FALSE(write_file_atomically(path.string(), "new"));
    EXPECT_EQ(test::read_file(path), "new");
    fs::remove(scratch("new.csv"));
    EXPECT_FALSE(write_refusal(scratch("new.csv").string()));
    fs::remove(link);
    fs::remove(path);
}

TEST(ReadOnlyTarget, OtherRefusalsAreAskedBeforeAnyWorkToo) {
    const fs::path missing = scratch("no_such_folder") / "t.json";
    const auto refusal = write_refusal(missing.string());
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->fr, "impossible d'écrire dans « " + missing.string() + " » : dossier absent « " +
                               missing.parent_path().string() + " »");
    const auto folder_name = write_refusal(scratch("x").string() + "/");
    ASSERT_TRUE(folder_name);
    EXPECT_NE(folder_name->fr.find("c'est un nom de dossier"), std::string::npos) << folder_name->fr;
    EXPECT_EQ(write_refusal("")->fr, "aucun nom de fichier donné");
    // A name with ESC is shown with it visible.
    const std::string esc = scratch("none").string() + "/a\x1b[2Jb";
    EXPECT_EQ(write_refusal(esc)->fr.find('\x1b'), std::string::npos);
    EXPECT_EQ(quoted_path("a\x1b[2Jb"), "« a\\x1b[2Jb »");
}

TEST(Visible, ShowsC0DelC1AndTheMarksThatReorderALine) {
    EXPECT_EQ(utf8::visible("a\x1b[31mb"), "a\\x1b[31mb");
    EXPECT_EQ(utf8::visible("a\x7f"), "a\\x7f");
    EXPECT_EQ(utf8::visible("a\tb\r\n"), "a\\x09b\\x0d\\x0a");
    EXPECT_EQ(utf8::visible("a\xc2\x9b" "31m"), "a\\u009b31m");  // the one-byte CSI of C1
    EXPECT_EQ(utf8::visible("\xc2\x80\xc2\x9f"), "\\u0080\\u009f");
    EXPECT_EQ(utf8::visible("x\xe2\x80\xaey"), "x\\u202ey");  // right-to-left override
    EXPECT_EQ(utf8::visible("x\xe2\x80\xa8y"), "x\\u2028y");  // line separator
    EXPECT_EQ(utf8::visible("\xff"), "\\xff");                 // not UTF-8
    EXPECT_EQ(utf8::visible("chien « é » œ\xc2\xa0"), "chien « é » œ\xc2\xa0");  // letters and a no-break space stay
    EXPECT_EQ(utf8::first_control("le chat"), std::nullopt);
    EXPECT_EQ(utf8::first_control("lé\x7f"), std::optional<std::size_t>(2));
    EXPECT_EQ(utf8::first_control("é\xc2\x85"), std::optional<std::size_t>(1));
}

TEST(SentenceValidation, RefusesControlCharactersWhereverTheSentenceComesFrom) {
    Session s = test::session();
    for (const std::string bad : {"le chat\x1b dort", "le chat\x7f dort", "le\tchat dort", "le chat\xc2\x9b dort"}) {
        Settings next = s.settings();
        next.sentence = bad;
        const auto error = s.apply(next);
        ASSERT_TRUE(error) << utf8::visible(bad);
        EXPECT_EQ(error->rfind("la phrase contient un caractère de contrôle (caractère ", 0), 0u) << *error;
        EXPECT_EQ(error->find('\x1b'), std::string::npos);
        EXPECT_EQ(s.settings().sentence, "le chat regarde le chien");
    }
    const auto reply = test::registry().execute(s, "/phrase le chat\x1b dort");
    EXPECT_FALSE(reply.ok);
    EXPECT_EQ(reply.message, "/phrase attend des mots sans caractère de contrôle (reçu « le chat\\x1b dort »)");
}

TEST(NonFiniteModel, IsNamedWhereItDivergedAndNothingIsWritten) {
    const Session s = test::session("/couches 2");
    EXPECT_FALSE(non_finite_model(*s.trace()));
    Trace level = *s.trace();
    level.levels[3].vectors(0, 1) = std::numeric_limits<double>::infinity();
    const auto at_level = non_finite_model(level);
    ASSERT_TRUE(at_level);
    EXPECT_EQ(at_level->fr.rfind("/exporter : le modèle a divergé, une valeur non finie (NaN ou infini) dès le niveau 3 « attention 2 »", 0), 0u)
        << at_level->fr;
    EXPECT_NE(at_level->en.find("from level 3 “attention 2”"), std::string::npos) << at_level->en;
    // A finite but huge stream: its norm is infinite, which the profile and the SVG would show.
    Trace huge = *s.trace();
    huge.levels[2].vectors.setConstant(1e200);
    const auto at_huge = non_finite_model(huge);
    ASSERT_TRUE(at_huge);
    EXPECT_NE(at_huge->fr.find("dès le niveau 2 « ffn 1 »"), std::string::npos) << at_huge->fr;
    EXPECT_THROW(profile_csv(huge), std::domain_error);  // never "inf" or "nan" in a CSV
    // A weight the sentence never reads (another word's embedding row) still makes the model non-finite:
    // the lens and the neurons read the whole embedding.
    Trace weight = *s.trace();
    auto w = std::make_shared<Weights>(*weight.weights);
    w->token_embedding(w->token_embedding.rows() - 2, 0) = std::nan("");
    weight.weights = w;
    const auto at_weight = non_finite_model(weight);
    ASSERT_TRUE(at_weight);
    EXPECT_EQ(at_weight->fr.rfind("/exporter : le modèle contient un poids non fini (NaN ou infini)", 0), 0u) << at_weight->fr;
    // JSON has no NaN: the exact dump refuses one rather than write "nan".
    EXPECT_THROW(dump_exact(nlohmann::json{{"loss", std::nan("")}}), std::runtime_error);
    EXPECT_EQ(dump_exact(nlohmann::json{{"loss", 0.5}}), "{\"loss\":0.5}");
}

TEST(CorpusLineEnds, CrOnlyLfAndCrlfReadTheSameSentences) {
    const auto& v = *test::vocabulary();
    const CorpusResult lf = parse_corpus("le chat regarde le chien\nle chien regarde le chat\nle chat dort\n", v, "lf");
    const CorpusResult cr = parse_corpus("le chat regarde le chien\rle chien regarde le chat\rle chat dort\r", v, "cr");
    const CorpusResult crlf = parse_corpus("le chat regarde le chien\r\nle chien regarde le chat\r\nle chat dort\r\n", v, "crlf");
    ASSERT_TRUE(lf.corpus && cr.corpus && crlf.corpus) << cr.error_fr;
    EXPECT_EQ(cr.corpus->training, lf.corpus->training);
    EXPECT_EQ(crlf.corpus->training, lf.corpus->training);
    EXPECT_EQ(cr.corpus->skipped_lines, 0);
    EXPECT_EQ(crlf.corpus->skipped_lines, 0);  // the empty line between CR and LF is no line
    // A name with control characters is shown, never sent.
    const CorpusResult empty = parse_corpus("", v, "c\x1b[31m.txt");
    EXPECT_EQ(empty.error_fr, "/corpus : « c\\x1b[31m.txt » est vide");
}

}  // namespace
}  // namespace tb
