// The executable through its command line (shared/spec/cli.md): help, version, exit status 2 on a
// failing command or a bad file, the parameter presets, and a trace file that follows the spec.
#include "cli_support.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

using namespace tb::cli_test;

TEST(Cli, HelpAndVersion) {
    const auto help = run("--help");
    EXPECT_EQ(help.status, 0);
    for (const char* option : {"--headless", "--run", "--script", "--trace", "--parametres", "--preset", "--screenshot",
                               "--stats", "--size", "--version", "--memoire", "--tetes", "--contexte", "--lot"})
        EXPECT_NE(help.out.find(option), std::string::npos) << option;
    const auto version = run("--version");
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("transformer-bloc ", 0), 0u) << version.out;
}

TEST(Cli, PresetGpt2SmallEndsWithItsTotal) {
    const auto r = run("--parametres --preset gpt2-small");
    EXPECT_EQ(r.status, 0);
    const std::string last = "total: 124439808\n";
    ASSERT_GE(r.out.size(), last.size());
    EXPECT_EQ(r.out.substr(r.out.size() - last.size()), last);
    EXPECT_NE(run("--parametres --preset gpt3").out.find("total: 174604259328"), std::string::npos);
    const auto unknown = run("--parametres --preset gpt5");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("configuration inconnue"), std::string::npos) << unknown.err;
}

// Ends with `tail`, a failure message with the whole text otherwise.
::testing::AssertionResult ends_with(const std::string& text, const std::string& tail) {
    if (text.size() >= tail.size() && text.compare(text.size() - tail.size(), tail.size(), tail) == 0)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "does not end with\n" << tail << "in\n" << text;
}

TEST(Cli, LlamaPresetsEndWithTheSpecsTotals) {
    // cli.md: llama2-7b total 6738415616, llama3-8b 8030261248 (worked term by term in
    // tests/core/presets_memory_test.cpp).
    const auto llama2 = run("--parametres --preset llama2-7b");
    EXPECT_EQ(llama2.status, 0) << llama2.err;
    EXPECT_TRUE(ends_with(llama2.out, "total: 6738415616\n"));
    const auto llama3 = run("--parametres --preset llama3-8b");
    EXPECT_EQ(llama3.status, 0) << llama3.err;
    EXPECT_TRUE(ends_with(llama3.out, "total: 8030261248\n"));
    // The breakdown shows the GQA term's formula: 2d² + 2·d·h_kv·d_h.
    EXPECT_NE(llama3.out.find("2d² + 2·d·h_kv·d_h"), std::string::npos) << llama3.out;
    EXPECT_NE(run("--parametres --preset gpt5").err.find("llama3-8b"), std::string::npos);  // the known names
}

TEST(Cli, MemoireOfSeedTwosBareLayer) {
    // Seed 002: 8 heads, n 4096, batch 1 -> 8 × 4096² = 134 217 728 elements, × 2 bytes = 268 435 456 (256 Mio).
    const auto r = run("--memoire --tetes 8 --contexte 4096 --lot 1");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(ends_with(r.out, "scores_elements: 134217728\nscores_fp16_bytes: 268435456\n"));
    EXPECT_NE(r.out.find("256\u00A0Mio"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("kv_cache"), std::string::npos) << r.out;  // no cache without a preset
    // --lot defaults to 1: the same figures.
    EXPECT_TRUE(ends_with(run("--memoire --tetes 8 --contexte 4096").out, "scores_fp16_bytes: 268435456\n"));
}

TEST(Cli, MemoireOfPresets) {
    // GPT-2 small at its context 1 024 (the default): scores 12 × 1024² = 12 582 912 elements,
    // 25 165 824 bytes; KV cache 2·2·12·1024·12·64 = 37 748 736 bytes (36 Mio).
    const auto gpt2 = run("--memoire --preset gpt2-small");
    EXPECT_EQ(gpt2.status, 0) << gpt2.err;
    EXPECT_TRUE(ends_with(gpt2.out, "scores_elements: 12582912\nscores_fp16_bytes: 25165824\nkv_cache_fp16_bytes: 37748736\n"));
    EXPECT_NE(gpt2.out.find("36\u00A0Mio"), std::string::npos) << gpt2.out;
    // Llama 3 8B at 8 192: 2·2·32·8192·8·128 = 1 073 741 824 bytes (1 Gio), GQA dividing by 32 / 8 = 4.
    const auto llama3 = run("--memoire --preset llama3-8b --contexte 8192 --lot 1");
    EXPECT_EQ(llama3.status, 0) << llama3.err;
    EXPECT_TRUE(ends_with(llama3.out, "kv_cache_fp16_bytes: 1073741824\n"));
    EXPECT_NE(llama3.out.find("h / h_kv = 4"), std::string::npos) << llama3.out;
    // Batch 2, context 1 024: 2·2·32·1024·8·128·2 = 268 435 456 bytes.
    EXPECT_TRUE(ends_with(run("--memoire --preset llama3-8b --contexte 1024 --lot 2").out,
                          "kv_cache_fp16_bytes: 268435456\n"));
}

TEST(Cli, MemoireRefusesWhatItCannotCompute) {
    for (const char* args : {"--memoire", "--memoire --tetes 8", "--memoire --preset gpt5", "--memoire --tetes 0 --contexte 8",
                             "--memoire --preset gpt2-small --lot 0", "--memoire --preset gpt2-small --tetes 4",
                             "--memoire --tetes 8 --contexte abc", "--contexte 8", "--parametres --memoire --preset gpt3"}) {
        const auto r = run(args);
        EXPECT_EQ(r.status, 2) << args;
        EXPECT_FALSE(r.err.empty()) << args;
        EXPECT_TRUE(r.out.empty()) << args << "\n" << r.out;
    }
}

TEST(Cli, HeadlessParametresPrintsTheToyBreakdown) {
    const auto r = run("--headless --run '/couches 6; /parametres'");
    EXPECT_EQ(r.status, 0) << r.err;
    // L 6, d 8, w 32, pre: 6 x 872 = 5232 in the blocks, written for people (U+202F groups).
    EXPECT_NE(r.out.find("L × bloc = 6 × 872"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 5\u202F232  "), std::string::npos) << r.out;
}

TEST(Cli, FailingCommandExitsTwoAndRunsNothingFurther) {
    const std::string trace = temp_path("never.json");
    std::remove(trace.c_str());
    const auto r = run("--headless --run '/couches 9; /norme post' --trace '" + trace + "'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("/couches attend un entier de 1 à 6 (reçu « 9 »)"), std::string::npos) << r.err;
    EXPECT_FALSE(std::ifstream(trace).good()) << "no trace after a failure";
}

TEST(Cli, WindowCommandsHeadlessSayWhy) {
    const auto r = run("--headless --run '/panneau attention'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("/panneau n'existe qu'avec la fenêtre"), std::string::npos) << r.err;
    // The view commands too (channel.md §7): headless they answer that they need the window.
    for (const char* line : {"/vue texte 2", "/vue plein-ecran on", "/lecture pause"}) {
        const auto view = run(std::string("--headless --run '") + line + "'");
        EXPECT_EQ(view.status, 2) << line;
        const std::string name = std::string(line).substr(1, std::string(line).find(' ') - 1);
        EXPECT_NE(view.err.find("/" + name + " n'existe qu'avec la fenêtre (pas avec --headless)"), std::string::npos) << view.err;
    }
}

TEST(Cli, BadFilesAreClearErrors) {
    const auto missing = run("--headless --script /nonexistent/script.txt");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("impossible de lire le script"), std::string::npos) << missing.err;
    const auto unwritable = run("--headless --trace /nonexistent/dir/out.json");
    EXPECT_EQ(unwritable.status, 2);
    EXPECT_NE(unwritable.err.find("impossible d'écrire"), std::string::npos) << unwritable.err;
    const auto directory = run("--headless --script /tmp");
    EXPECT_EQ(directory.status, 2);
    EXPECT_NE(directory.err.find("impossible de lire le script"), std::string::npos) << directory.err;
    const auto empty = run("--headless --run '/couches 3' --trace ''");
    EXPECT_EQ(empty.status, 2);
    EXPECT_NE(empty.err.find("--trace attend une valeur"), std::string::npos) << empty.err;
    const auto option = run("--headless --couches 3");
    EXPECT_EQ(option.status, 2);
    EXPECT_NE(option.err.find("ligne de commande invalide"), std::string::npos) << option.err;
}

TEST(Cli, ScriptFileWithComments) {
    const std::string script = temp_path("script.txt");
    std::ofstream(script) << "# leçon\n/couches 3   # trois blocs\n/norme post\n";
    const std::string trace = temp_path("script.json");
    const auto r = run("--headless --script '" + script + "' --trace '" + trace + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(read_file(trace));
    EXPECT_EQ(j["settings"]["layers"], 3);
    EXPECT_EQ(j["settings"]["norm"], "post");
}

TEST(Cli, TraceFollowsTheSpec) {
    const std::string path = temp_path("trace.json");
    const auto r = run("--headless --run '/graine 1234' --trace '" + path + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(read_file(path));
    const auto& s = j["settings"];
    EXPECT_EQ(s["layers"], 2);
    EXPECT_EQ(s["dimension"], 8);
    EXPECT_EQ(s["ffn"], 32);
    EXPECT_EQ(s["heads"], 2);
    EXPECT_EQ(s["position"], "sinus");
    EXPECT_EQ(s["residual"], true);
    EXPECT_EQ(s["norm"], "pre");
    EXPECT_EQ(s["step"], 5);
    EXPECT_EQ(s["seed"], 1234);
    EXPECT_EQ(s["sentence"], "le chat regarde le chien");
    EXPECT_EQ(s["mask"], "aucun");        // additions appear with their start-up value
    EXPECT_EQ(s["activation"], "gelu");
    ASSERT_EQ(j["tokens"].size(), 5u);
    EXPECT_EQ(j["tokens"][0]["word"], "le");
    EXPECT_EQ(j["tokens"][0]["id"], j["tokens"][3]["id"]);
    EXPECT_EQ(j["tokens"][0]["known"], true);
    const int V = j["vocabulary_size"];
    EXPECT_GE(V, 301);
    EXPECT_EQ(j["layer_norm_eps"], 1e-5);
    const auto& w = j["weights"];
    EXPECT_EQ(w["token_embedding"].size(), std::size_t(V));
    EXPECT_EQ(w["token_embedding"][0].size(), 8u);
    EXPECT_EQ(w["position"].size(), 8u);
    ASSERT_EQ(w["blocks"].size(), 2u);
    EXPECT_EQ(w["blocks"][0]["ffn"]["w1"].size(), 32u);     // [out][in] = [w][d]
    EXPECT_EQ(w["blocks"][0]["ffn"]["w1"][0].size(), 8u);
    EXPECT_EQ(w["blocks"][0]["ffn"]["w2"].size(), 8u);      // [d][w]
    EXPECT_EQ(w["blocks"][0]["ffn"]["w2"][0].size(), 32u);
    EXPECT_TRUE(w["blocks"][0].contains("norm1"));
    EXPECT_TRUE(w.contains("final_norm"));
    ASSERT_EQ(j["levels"].size(), 6u);
    EXPECT_EQ(j["levels"][0]["name"], "entrée");
    EXPECT_EQ(j["levels"][1]["name"], "attention 1");
    EXPECT_EQ(j["levels"][2]["name"], "ffn 1");
    EXPECT_EQ(j["levels"][5]["name"], "sortie");
    EXPECT_EQ(j["levels"][1]["attention_weights"].size(), 2u);  // h heads of n x n
    EXPECT_EQ(j["levels"][1]["attention_weights"][0].size(), 5u);
    EXPECT_EQ(j["levels"][2]["hidden"][0].size(), 32u);
    EXPECT_TRUE(j["levels"][1].contains("normalized_input"));
    EXPECT_EQ(j["parameters"]["blocks"], 1744);
    EXPECT_EQ(j["parameters"]["total"], 1744 + V * 8 + 16);
}

TEST(Cli, SameSeedBitIdenticalAcrossProcesses) {
    const std::string a = temp_path("a.json"), b = temp_path("b.json");
    const std::string commands = " --headless --run '/couches 6; /dimension 16; /position appris' --trace ";
    ASSERT_EQ(run(commands + "'" + a + "'").status, 0);
    ASSERT_EQ(run(commands + "'" + b + "'").status, 0);
    const std::string first = read_file(a);
    EXPECT_GT(first.size(), 10000u);
    EXPECT_EQ(first, read_file(b));
}

}  // namespace

// --headless --lesson runs every step of the lesson from the start-up state; a malformed lesson is
// refused with its line, exit status 2, and no trace written.
TEST(Cli, HeadlessLessonEndsInTheStateOfItsLastStep) {
    const std::string here = __FILE__;
    const std::string lesson = here.substr(0, here.rfind("/tests/")) + "/assets/lessons/transformer-bloc.txt";
    const std::string trace = temp_path("lesson_" + std::to_string(getpid()) + ".json");
    // --run comes after the lesson (so that a window test can turn its pages with /lecon suivant).
    const auto r = run("--headless --run '/etape 3' --lesson '" + lesson + "' --trace '" + trace + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("étape 8/8"), std::string::npos) << r.out;
    const auto settings = nlohmann::json::parse(read_file(trace))["settings"];
    // The channel's walk-through ends with /position aucun then /couches 6, residual on, pre-norm.
    EXPECT_EQ(settings["layers"], 6);
    EXPECT_EQ(settings["position"], "aucun");
    EXPECT_EQ(settings["residual"], true);
    EXPECT_EQ(settings["norm"], "pre");
    EXPECT_EQ(settings["step"], 3);
    std::remove(trace.c_str());

    const std::string bad = temp_path("bad_lesson_" + std::to_string(getpid()) + ".txt");
    std::ofstream(bad) << "# une leçon\n[étape] Un | One\nfr: a\nen: b\ncommande: /norme partout\n";
    const auto refused = run("--headless --lesson '" + bad + "' --trace '" + trace + "'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("ligne 5"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("/norme partout"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::ifstream(trace).good());  // nothing written
    std::remove(bad.c_str());
}

// Exports and sessions from the command line: /exporter writes headless (image needs the window),
// --open reopens a saved session to the identical trace, a truncated one is exit 2 and no trace.
TEST(Cli, HeadlessExportsAndSessions) {
    const std::string tag = std::to_string(getpid());
    const std::string csv = temp_path("profile_" + tag + ".csv"), saved = temp_path("session_" + tag + ".json");
    const std::string a = temp_path("session_a_" + tag + ".json"), b = temp_path("session_b_" + tag + ".json");
    const auto exported = run("--headless --run '/couches 3; /residuel off; /graine 31; /exporter profil " + csv +
                              "; /session enregistrer " + saved + "' --trace '" + a + "'");
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_NE(exported.out.find(csv), std::string::npos) << exported.out;  // says where
    EXPECT_EQ(read_file(csv).rfind("index,nom,", 0), 0u);
    const auto opened = run("--headless --open '" + saved + "' --trace '" + b + "'");
    ASSERT_EQ(opened.status, 0) << opened.err;
    EXPECT_EQ(nlohmann::json::parse(read_file(a)), nlohmann::json::parse(read_file(b)));

    const auto image = run("--headless --run '/exporter image " + temp_path("x_" + tag + ".png") + "'");
    EXPECT_EQ(image.status, 2);
    EXPECT_FALSE(std::ifstream(temp_path("x_" + tag + ".png")).good());

    const std::string text = read_file(saved), cut = temp_path("cut_" + tag + ".json"), c = temp_path("c_" + tag + ".json");
    std::ofstream(cut) << text.substr(0, text.size() / 2);
    const auto refused = run("--headless --open '" + cut + "' --trace '" + c + "'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("rien n'a changé"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::ifstream(c).good());
    for (const auto& f : {csv, saved, a, b, cut}) std::remove(f.c_str());
}

// /exporter svg headless: the window's size from --size (else 1600x900), the reply says where, a
// bad path or size is exit 2 and writes nothing.
TEST(Cli, HeadlessSvgAtItsSize) {
    const std::string tag = std::to_string(getpid());
    const std::string svg = temp_path("coupe_" + tag + ".svg"), plain = temp_path("coupe_plain_" + tag + ".svg");
    const auto sized = run("--headless --size 1024x768 --run '/couches 3; /exporter svg " + svg + "'");
    ASSERT_EQ(sized.status, 0) << sized.err;
    EXPECT_NE(sized.out.find("coupe (SVG) écrite dans « " + svg + " »"), std::string::npos) << sized.out;
    const std::string text = read_file(svg);
    EXPECT_NE(text.find("viewBox=\"0 0 1024 768\""), std::string::npos);
    EXPECT_EQ(text.find(" transform="), std::string::npos);
    EXPECT_EQ(text.rfind("</svg>\n"), text.size() - 7);
    const auto unsized = run("--headless --run '/exporter svg " + plain + "'");
    ASSERT_EQ(unsized.status, 0) << unsized.err;
    EXPECT_NE(read_file(plain).find("viewBox=\"0 0 1600 900\""), std::string::npos);

    const std::string bad = temp_path("absent_" + tag) + "/coupe.svg";
    const auto refused = run("--headless --run '/exporter svg " + bad + "'");
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.err.find("impossible d'écrire dans « " + bad + " »"), std::string::npos) << refused.err;
    EXPECT_FALSE(std::ifstream(bad).good());
    const auto bad_size = run("--headless --size 10x --run '/exporter svg " + plain + "_x'");
    EXPECT_EQ(bad_size.status, 2);
    EXPECT_NE(bad_size.err.find("--size attend"), std::string::npos) << bad_size.err;
    EXPECT_FALSE(std::ifstream(plain + "_x").good());
    for (const auto& f : {svg, plain}) std::remove(f.c_str());
}

namespace {

// Training (issue 15): the same seed, settings and corpus give a byte-identical log in two
// processes; headless, /entrainer prints "step N loss X" lines for programs.
TEST(CliTraining, TheLogIsByteIdenticalInTwoProcesses) {
    std::string logs[2];
    for (int i = 0; i < 2; ++i) {
        const std::string path = temp_path("training_log_" + std::to_string(getpid()) + "_" + std::to_string(i) + ".json");
        const auto r = run("--headless --run '/couches 2; /masque causal; /corpus grammaire; /entrainer 12; /entrainer 8; "
                           "/exporter entrainement " + path + "' --trace " + path + ".trace");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_NE(r.out.find("step 20 loss "), std::string::npos) << r.out;
        logs[i] = read_file(path);
        const auto trace = nlohmann::json::parse(read_file(path + ".trace"));
        EXPECT_EQ(trace["trained_steps"], 20);
        std::remove(path.c_str()), std::remove((path + ".trace").c_str());
    }
    ASSERT_FALSE(logs[0].empty());
    EXPECT_EQ(logs[0], logs[1]);
    const auto log = nlohmann::json::parse(logs[0]);
    EXPECT_EQ(log["steps"].size(), 20u);
    EXPECT_EQ(log["objective"], "mot-suivant");
}

TEST(CliTraining, EveryBadArgumentExitsWithTwoInFrench) {
    for (const char* line : {"/entrainer 0", "/entrainer -5", "/entrainer 1e9", "/entrainer abc", "/taux 2", "/taux 0", "/lot 0",
                             "/lot 65", "/corpus ouvrir /nonexistent/corpus.txt"}) {
        const auto r = run(std::string("--headless --run '") + line + "'");
        EXPECT_EQ(r.status, 2) << line;
        EXPECT_NE(r.err.find("transformer-bloc : /"), std::string::npos) << line << " -> " << r.err;
    }
}

}  // namespace

// Hostile files as --script, --lesson, --trace (issue 17): refused at once with what the path is,
// exit 2, nothing written or clobbered.
TEST(Cli, FifosDevicesAndFoldersAreRefusedAtOnce) {
    const std::string tag = std::to_string(getpid());
    const std::string fifo = temp_path("fifo_" + tag);
    std::remove(fifo.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    // No writer ever opens the FIFO: a blocking open would hang the test (ctest's timeout).
    for (const std::string option : {"--script", "--lesson"}) {
        const auto r = run("--headless " + option + " '" + fifo + "'");
        EXPECT_EQ(r.status, 2) << option;
        EXPECT_NE(r.err.find("« " + fifo + " » est un tube nommé (FIFO), pas un fichier"), std::string::npos) << r.err;
        const auto zero = run("--headless " + option + " /dev/zero");
        EXPECT_EQ(zero.status, 2) << option;
        EXPECT_NE(zero.err.find("« /dev/zero » est un périphérique, pas un fichier"), std::string::npos) << zero.err;
        const auto folder = run("--headless " + option + " /tmp");
        EXPECT_NE(folder.err.find("« /tmp » est un dossier, pas un fichier"), std::string::npos) << folder.err;
    }
    const auto trace = run("--headless --trace '" + fifo + "'");
    EXPECT_EQ(trace.status, 2);
    EXPECT_NE(trace.err.find("impossible d'écrire dans « " + fifo + " » : c'est un tube nommé (FIFO), pas un fichier"),
              std::string::npos)
        << trace.err;
    struct stat st {};
    ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));  // not replaced by a file
    std::remove(fifo.c_str());
    // A script too large: refused by the reader's limit, whatever its content.
    const std::string big = temp_path("big_" + tag + ".txt");
    std::ofstream(big) << std::string((1 << 20) + 1, '\n');
    const auto large = run("--headless --script '" + big + "'");
    EXPECT_EQ(large.status, 2);
    EXPECT_NE(large.err.find("dépasse 1 Mio"), std::string::npos) << large.err;
    std::remove(big.c_str());
}

TEST(Cli, AScriptWithABomRuns) {
    const std::string script = temp_path("bom_" + std::to_string(getpid()) + ".txt");
    std::ofstream(script, std::ios::binary) << "\xEF\xBB\xBF/couches 3\n/etape 2\n";
    const auto r = run("--headless --script '" + script + "' --trace '" + script + ".json'");
    EXPECT_EQ(r.status, 0) << r.err;
    const auto trace = nlohmann::json::parse(read_file(script + ".json"));
    EXPECT_EQ(trace["settings"]["layers"], 3);
    for (const auto& f : {script, script + ".json"}) std::remove(f.c_str());
}

// A full disk, as the system's file size limit (SIGXFSZ ignored, so the write fails with EFBIG):
// the error said, exit 2, the old trace intact and no temporary left.
TEST(Cli, AFullDiskLeavesTheTargetIntact) {
    const std::string dir = temp_path("full_" + std::to_string(getpid()));
    const std::string target = dir + "/trace.json";
    std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str());
    std::ofstream(target) << "old";
    const std::string command = "sh -c \"trap '' XFSZ; exec prlimit --fsize=4096 '" + std::string(TB_EXECUTABLE) +
                                "' --headless --trace '" + target + "'\" 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
    const int status = pclose(pipe);
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 2) << out;
    EXPECT_NE(out.find("trace non écrite : impossible d'écrire dans « " + target +
                       " » : fichier trop grand pour la limite du système"),
              std::string::npos)
        << out;
    EXPECT_EQ(read_file(target), "old");
    FILE* listing = popen(("ls -A '" + dir + "'").c_str(), "r");
    std::string names;
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), listing)) names.append(buffer.data(), n);
    pclose(listing);
    EXPECT_EQ(names, "trace.json\n");
    std::system(("rm -rf '" + dir + "'").c_str());
}

// Command-line mistakes in French (English with --lang en), and options that would do nothing in
// the mode asked for refused rather than ignored (issue 17).
TEST(Cli, CommandLineErrorsAreFrenchAndUselessOptionsRefused) {
    const auto extra = run("--headless surplus");
    EXPECT_EQ(extra.status, 2);
    EXPECT_NE(extra.err.find("ligne de commande invalide : argument ou option inconnus : surplus"), std::string::npos) << extra.err;
    const auto twice = run("--headless --trace a.json --trace b.json");
    EXPECT_EQ(twice.status, 2);
    EXPECT_NE(twice.err.find("--trace donnée plusieurs fois"), std::string::npos) << twice.err;
    const auto missing = run("--headless --trace");
    EXPECT_NE(missing.err.find("--trace attend une valeur"), std::string::npos) << missing.err;
    const auto number = run("--memoire --tetes abc --contexte 8");
    EXPECT_NE(number.err.find("valeur invalide : --tetes = abc"), std::string::npos) << number.err;
    for (const auto& r : {extra, twice, missing, number}) EXPECT_EQ(r.err.find("The following"), std::string::npos) << r.err;
    const auto english = run("--lang en --headless surplus");
    EXPECT_NE(english.err.find("invalid command line: The following argument was not expected: surplus"), std::string::npos)
        << english.err;
    const std::string shot = temp_path("headless_shot_" + std::to_string(getpid()) + ".png");
    const auto screenshot = run("--headless --screenshot '" + shot + "'");
    EXPECT_EQ(screenshot.status, 2);
    EXPECT_NE(screenshot.err.find("--screenshot ne s'emploie qu'avec la fenêtre (pas avec --headless)"), std::string::npos);
    EXPECT_FALSE(std::ifstream(shot).good());
    EXPECT_EQ(run("--headless --stats").status, 2);
    EXPECT_EQ(run("--headless --size garbage").status, 2);
    const auto echoed = run("--headless --run \"$(printf '/zz\\033[31m')\"");
    EXPECT_EQ(echoed.status, 2);
    EXPECT_NE(echoed.err.find("« /zz\\x1b[31m »"), std::string::npos) << echoed.err;
    EXPECT_EQ(echoed.err.find('\033'), std::string::npos);  // no raw escape reaches the terminal
}

// In --run and --script, a file name in double quotes may hold ; # and spaces.
TEST(Cli, AQuotedFileNameHoldsSemicolonsAndHashes) {
    const std::string dir = temp_path("quoted " + std::to_string(getpid()));
    std::system(("mkdir -p '" + dir + "'").c_str());
    const std::string name = dir + "/a;b#c.csv";
    const std::string script = dir + "/script.txt";
    std::ofstream(script) << "/couches 3\n/exporter profil \"" << name << "\" # the profile\n/couches 4\n";
    const auto r = run("--headless --script '" + script + "' --trace '" + dir + "/t.json'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(read_file(name).rfind("index,nom,norme 1 le", 0), 0u);
    EXPECT_EQ(nlohmann::json::parse(read_file(dir + "/t.json"))["settings"]["layers"], 4);
    std::system(("rm -rf '" + dir + "'").c_str());
}

// The names in one folder, sorted (hidden ones included), as `ls -A` lists them.
std::string listing(const std::string& dir) {
    FILE* pipe = popen(("ls -A '" + dir + "'").c_str(), "r");
    std::string names;
    std::array<char, 4096> buffer;
    while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) names.append(buffer.data(), n);
    pclose(pipe);
    return names;
}

// An unquoted '#' inside a name is part of it; a ';' that cuts a name is refused before anything
// runs, with the quoted form; the quoted form writes the file (issue 17). Run from the folder so
// that the names, and so the messages, are short.
TEST(Cli, AnUnquotedSemicolonOrHashNeverCutsAPathSilently) {
    const std::string dir = temp_path("cut_" + std::to_string(getpid()));
    std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str());
    char* previous = getcwd(nullptr, 0);
    ASSERT_EQ(chdir(dir.c_str()), 0);
    const auto quoted = run("--headless --run '/exporter svg \"a;b.svg\"'");
    EXPECT_EQ(quoted.status, 0) << quoted.err;
    EXPECT_NE(read_file("a;b.svg").find("<svg "), std::string::npos);
    const auto hash = run("--headless --run '/exporter svg a#b.svg # a comment'");
    EXPECT_EQ(hash.status, 0) << hash.err;
    EXPECT_NE(read_file("a#b.svg").find("<svg "), std::string::npos);
    EXPECT_EQ(listing("."), "a#b.svg\na;b.svg\n");

    const auto cut = run("--headless --run '/couches 3; /exporter svg c;d.svg' --trace t.json");
    EXPECT_EQ(cut.status, 2);
    EXPECT_EQ(cut.err, "transformer-bloc : « d.svg » n'est pas une commande : le « ; » de « /exporter svg c;d.svg » "
                       "sépare deux commandes ; mettez le chemin entre guillemets : « /exporter svg \"c;d.svg\" » "
                       "(rien n'a été exécuté)\n");
    EXPECT_EQ(cut.out, "");
    const auto english = run("--lang en --headless --run '/exporter svg c;d.svg' --trace t.json");
    EXPECT_EQ(english.status, 2);
    EXPECT_NE(english.err.find("“d.svg” is not a command: the “;” in “/exporter svg c;d.svg” separates two commands; "
                               "put the path in double quotes: “/exporter svg \"c;d.svg\"” (nothing was run)"),
              std::string::npos)
        << english.err;
    // The rest of a path that starts with '/' is not taken for a mistyped command either.
    const auto slash = run("--headless --run '/exporter svg c;/tmp/d.svg' --trace t.json");
    EXPECT_EQ(slash.status, 2);
    EXPECT_NE(slash.err.find("« /tmp/d.svg » n'est pas une commande : le « ; » de « /exporter svg c;/tmp/d.svg » sépare deux "
                             "commandes ; mettez le chemin entre guillemets : « /exporter svg \"c;/tmp/d.svg\" »"),
              std::string::npos)
        << slash.err;
    const auto typo = run("--headless --run '/couches 3; /couhces 2' --trace t.json");  // a typo: the unknown command's message
    EXPECT_EQ(typo.status, 2);
    EXPECT_NE(typo.err.find("/couhces"), std::string::npos) << typo.err;
    EXPECT_EQ(typo.err.find("guillemets"), std::string::npos) << typo.err;
    EXPECT_EQ(listing("."), "a#b.svg\na;b.svg\n");  // no « c », no trace: nothing ran
    ASSERT_EQ(chdir(previous), 0);
    free(previous);
    std::system(("rm -rf '" + dir + "'").c_str());
}

// A session file's refusal names the value it held, exits 2 and changes nothing (issue 17).
TEST(Cli, ASessionRefusalNamesTheValueFound) {
    const std::string dir = temp_path("value_" + std::to_string(getpid()));
    std::system(("rm -rf '" + dir + "' && mkdir -p '" + dir + "'").c_str());
    const auto saved = run("--headless --run '/session enregistrer " + dir + "/s.json'");
    ASSERT_EQ(saved.status, 0) << saved.err;
    auto j = nlohmann::json::parse(read_file(dir + "/s.json"));
    j["settings"]["layers"] = 9;
    const std::string bad = j.dump(2);
    std::ofstream(dir + "/s.json") << bad;
    const auto r = run("--headless --open '" + dir + "/s.json' --trace '" + dir + "/t.json'");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("« " + dir + "/s.json » : réglage « layers » : le nombre de couches doit aller de 1 à 6 (reçu « 9 »)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(read_file(dir + "/s.json"), bad);
    EXPECT_EQ(listing(dir), "s.json\n");
    std::system(("rm -rf '" + dir + "'").c_str());
}
