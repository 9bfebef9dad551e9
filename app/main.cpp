// transformer-bloc: command line -> headless run or window (shared/spec/cli.md).
#include <CLI/CLI.hpp>
#include <sys/stat.h>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <tuple>

#include "commands/commands.h"
#include "persist/data_dir.h"
#include "files/exports.h"
#include "base/files.h"
#include "course/lesson.h"
#include "model/memory.h"
#include "base/numbers.h"
#include "files/session_file.h"
#include "persist/view_state.h"
#include "model/parameters.h"
#include "scene/summary.h"
#include "model/trace_json.h"
#include "base/utf8.h"
#include "features/window_features.h"
#include "window.h"

namespace {

constexpr int kExitError = 2;
constexpr std::size_t kMaxScriptBytes = 1 << 20;  // 2000 lines of the longest command

int fail(const std::string& message) {
    std::cerr << "transformer-bloc : " << tb::utf8::terminal_text(message) << '\n';  // a name may hold ESC
    return kExitError;
}

struct Options {
    bool headless = false, parameters = false, stats = false, fresh = false, memory = false;
    std::int64_t heads = 0, context = 0, batch = 1;  // --tetes, --contexte, --lot (with --memoire)
    std::string run, script, trace, preset, screenshot, size, lang, open, lesson;
};

// Declares every option on `cli`, in French.
void declare_options(CLI::App& cli, Options& o) {
    cli.get_formatter()->label("Usage", "Utilisation");
    cli.get_formatter()->label("OPTIONS", "OPTIONS");
    cli.get_formatter()->column_width(34);
    cli.set_help_flag("-h,--help", "Affiche cette aide et quitte");
    cli.set_version_flag("--version", std::string("transformer-bloc ") + TB_VERSION, "Affiche la version et quitte");
    cli.add_flag("--headless", o.headless, "Sans fenêtre : exécute les commandes, écrit la trace, quitte");
    cli.add_option("--run", o.run, "Commandes du canal, séparées par ; ou des retours à la ligne")->type_name("COMMANDES");
    cli.add_option("--script", o.script, "Fichier de commandes, une par ligne, # commente")->type_name("FICHIER");
    cli.add_option("--lesson", o.lesson,
                   "Ouvre une leçon guidée (fenêtre) ; avec --headless, exécute toutes ses étapes")->type_name("FICHIER");
    cli.add_option("--trace", o.trace, "Écrit la trace de l'état final en JSON (avec --headless)")->type_name("FICHIER");
    cli.add_flag("--parametres", o.parameters, "Affiche le détail du nombre de paramètres et quitte");
    cli.add_option("--preset", o.preset,
                   "Avec --parametres ou --memoire : gpt2-small, gpt2-medium, gpt2-large, gpt2-xl, gpt3, llama2-7b "
                   "ou llama3-8b")->type_name("NOM");
    cli.add_flag("--memoire", o.memory,
                 "Affiche la mémoire fp16 des scores d'une couche et du cache KV (--preset, ou --tetes et --contexte), "
                 "puis quitte");
    cli.add_option("--tetes", o.heads, "Avec --memoire sans --preset : têtes d'une couche d'attention seule")
        ->type_name("H");
    cli.add_option("--contexte", o.context,
                   "Avec --memoire : longueur du contexte (par défaut celle du preset)")->type_name("N");
    cli.add_option("--lot", o.batch, "Avec --memoire : taille du lot (1 par défaut)")->type_name("B");
    cli.add_option("--screenshot", o.screenshot, "Enregistre la fenêtre en PNG une fois l'animation finie, puis quitte")
        ->type_name("FICHIER");
    cli.add_flag("--stats", o.stats, "À la sortie, affiche les statistiques d'images (fenêtre)");
    cli.add_option("--lang", o.lang, "Langue : fr (défaut) ou en")->type_name("fr|en");
    cli.add_option("--open", o.open, "Rouvre une session enregistrée (/session enregistrer)")->type_name("FICHIER");
    cli.add_flag("--fresh", o.fresh, "Démarre dans l'état de départ, sans rouvrir la dernière session");
    cli.add_option("--size", o.size,
                   "Taille fixe de la fenêtre, par exemple 1600x900 ; avec --headless, celle de /exporter svg")
        ->type_name("LxH");
}

int unknown_preset(const std::string& name) {
    std::string names;
    for (const auto& n : tb::preset_names()) names += (names.empty() ? "" : ", ") + n;
    return fail("configuration inconnue « " + name + " » (connues : " + names + ")");
}

// --memoire (cli.md "Modern block variants"): a preset's scores per layer and KV cache, or a bare
// attention layer's scores (--tetes, --contexte required), in fp16; an exit status.
int print_memory(const CLI::App& cli, const Options& o) {
    const auto language = o.lang.empty() ? std::optional<tb::Language>(tb::Language::French) : tb::parse_language(o.lang);
    if (!language) return fail("--lang attend fr ou en (reçu « " + o.lang + " »)");
    if (o.parameters) return fail("--memoire et --parametres ne s'emploient pas ensemble");
    const bool has_context = cli.count("--contexte") > 0;
    const auto check = [](const char* name, std::int64_t value, std::int64_t most) -> std::optional<int> {
        if (value < 1 || value > most)
            return fail(std::string(name) + " attend un entier de 1 à " + tb::format_count(most, tb::Language::French) +
                        " (reçu " + std::to_string(value) + ")");
        return std::nullopt;
    };
    if (has_context)
        if (auto e = check("--contexte", o.context, tb::kMaxMemoryContext)) return *e;
    if (auto e = check("--lot", o.batch, tb::kMaxMemoryBatch)) return *e;
    if (!o.preset.empty()) {
        if (cli.count("--tetes") > 0) return fail("--tetes ne s'emploie pas avec --preset (le preset donne ses têtes)");
        const auto architecture = tb::preset(o.preset);
        if (!architecture) return unknown_preset(o.preset);
        const std::int64_t context = has_context ? o.context : architecture->context;
        std::cout << tb::format_memory(tb::memory_figures(*architecture, context, o.batch), *language);
        return 0;
    }
    if (cli.count("--tetes") == 0) return fail("--memoire attend --preset NOM, ou --tetes H et --contexte N");
    if (auto e = check("--tetes", o.heads, tb::kMaxMemoryHeads)) return *e;
    if (!has_context) return fail("--memoire --tetes attend aussi --contexte N");
    std::cout << tb::format_memory(tb::memory_figures(o.heads, o.context, o.batch), *language);
    return 0;
}

// A CLI11 parse error in French (CLI11 writes English): what was wrong and with which option.
std::string french(const CLI::ParseError& e) {
    const std::string what = e.what();
    const auto after = [&what](const std::string& marker) {
        const auto at = what.find(marker);
        return tb::utf8::visible(at == std::string::npos ? what : what.substr(at + marker.size()));
    };
    const std::string option = tb::utf8::visible(what.substr(0, what.find(':')));
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) return "argument ou option inconnus : " + after("expected: ");
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
        if (what.find("At Most") != std::string::npos) return option + " donnée plusieurs fois (une seule fois attendue)";
        if (what.find("arguments to ") != std::string::npos) {
            const std::string rest = what.substr(what.find("arguments to ") + 13);
            return tb::utf8::visible(rest.substr(0, rest.find(','))) + " attend une valeur";
        }
        return option + " attend une valeur";
    }
    if (dynamic_cast<const CLI::ConversionError*>(&e)) return "valeur invalide : " + after("convert: ") + " (un nombre entier attendu)";
    if (dynamic_cast<const CLI::RequiredError*>(&e)) return "option requise manquante : " + option;
    return "option refusée : " + tb::utf8::visible(what);
}

// Whether the command line asks for English (--lang en), read before CLI11 parses it so that
// its errors can be said in English too.
bool asks_english(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--lang" && i + 1 < argc && tb::parse_language(argv[i + 1]) == tb::Language::English) ||
            (a.rfind("--lang=", 0) == 0 && tb::parse_language(a.substr(7)) == tb::Language::English))
            return true;
    }
    return false;
}

// Parses the command line into `o`; an exit status when the program must stop here (help,
// version, a mistake).
std::optional<int> parse_options(int argc, char** argv, Options& o) {
    CLI::App cli{"transformer-bloc — un bloc transformer jouet, vu en coupe, pour la classe.\n"
                 "Sans argument, ouvre la fenêtre. Les commandes sont celles du canal (/aide)."};
    declare_options(cli, o);
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << cli.help();
        return 0;
    } catch (const CLI::CallForVersion&) {
        std::cout << "transformer-bloc " << TB_VERSION << '\n';
        return 0;
    } catch (const CLI::ParseError& e) {
        if (asks_english(argc, argv))
            return fail("invalid command line: " + tb::utf8::visible(e.what()) + " (--help for help)");
        return fail("ligne de commande invalide : " + french(e) + " (--help pour l'aide)");
    }
    // An option given with an empty value ("--trace ''") is a mistake, not a request for nothing.
    for (const char* name : {"--script", "--trace", "--preset", "--screenshot", "--size", "--lang", "--lesson", "--open"})
        if (cli.count(name) > 0 && cli.get_option(name)->as<std::string>().empty())
            return fail(std::string(name) + " attend une valeur (reçu une chaîne vide)");
    if (o.memory) return print_memory(cli, o);
    for (const char* name : {"--tetes", "--contexte", "--lot"})
        if (cli.count(name) > 0) return fail(std::string(name) + " ne s'emploie qu'avec --memoire");
    if (o.parameters && !o.preset.empty()) {
        const auto architecture = tb::preset(o.preset);
        if (!architecture) return unknown_preset(o.preset);
        const auto language = o.lang.empty() ? std::optional<tb::Language>(tb::Language::French) : tb::parse_language(o.lang);
        if (!language) return fail("--lang attend fr ou en (reçu « " + o.lang + " »)");
        std::cout << tb::format_breakdown(*architecture, *language);  // in --lang's language
        return 0;
    }
    if (!o.preset.empty()) return fail("--preset ne s'emploie qu'avec --parametres ou --memoire");
    // Options that would do nothing in this mode are mistakes, said as such.
    if (o.headless)
        for (const char* name : {"--screenshot", "--stats", "--fresh"})
            if (cli.count(name) > 0) return fail(std::string(name) + " ne s'emploie qu'avec la fenêtre (pas avec --headless)");
    if (o.fresh && !o.open.empty()) return fail("--fresh et --open ne s'emploient pas ensemble (--open rouvre une session)");
    // An output that may not be written (a read-only file, a missing folder) is refused before any work.
    const bool en = asks_english(argc, argv);
    for (const auto& [path, fr, english] : {std::tuple{&o.trace, "trace non écrite : ", "trace not written: "},
                                            std::tuple{&o.screenshot, "--screenshot : ", "--screenshot: "}})
        if (auto refusal = path->empty() ? std::nullopt : tb::write_refusal(*path))
            return fail(en ? english + refusal->en : fr + refusal->fr);
    return std::nullopt;
}

// The model, its commands and, with the window, the App (which registers the window's commands,
// so that --run and --script reach them too and its log shows them); headless, the same commands
// answer that they need the window.
struct Program {
    const Options& o;
    tb::Session session;
    tb::CommandRegistry registry;
    std::optional<tb::App> app;
    std::optional<std::string> last_session = tb::last_session_path();
    tb::StartOptions start{o.fresh, !o.open.empty(), !o.run.empty(), !o.script.empty(), !o.screenshot.empty()};
    std::pair<int, int> size{1600, 900};  // --size: the window's, and headless the SVG's

    std::string data_dir;
    std::vector<std::string> deferred;  // --run/--script's lines after an /exporter image

    Program(const Options& options, std::shared_ptr<const tb::Vocabulary> vocabulary, std::string data)
        : o(options), session(std::move(vocabulary)), data_dir(std::move(data)) {}
    bool window() const { return !o.headless && !o.parameters; }
    tb::CommandResult run(const std::string& line) { return app ? app->run(line) : registry.execute(session, line); }

    std::optional<int> start_up();
    void restore_last_session();
    std::optional<int> open_lesson();
    std::optional<int> run_commands(std::string& commands);
    int finish(const std::string& commands);
    void save_last_session();
};

// The window closed (or its X server gone): the last session, for the next start to resume.
void Program::save_last_session() {
    // A session still retraining is the one to resume next time, as its file says.
    const tb::SessionFile* reopening = app->features().training().reopening_file();
    const std::optional<tb::SessionFile> pending = reopening ? std::optional<tb::SessionFile>(*reopening) : std::nullopt;
    app->features().training().stop();  // the steps done so far are the session's, saved below
    if (!last_session || !tb::saves_last_session(start)) return;
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(*last_session).parent_path(), ec);
    if (pending) {
        if (auto error = tb::save_session_file(*last_session, *pending)) std::cerr << "transformer-bloc : " << tb::utf8::terminal_text(*error) << '\n';
    } else {
        const auto saved = tb::save_session(session, *last_session, &app->features());
        if (!saved.ok) std::cerr << "transformer-bloc : " << tb::utf8::terminal_text(saved.message) << '\n';
    }
}

std::optional<int> Program::start_up() {
    if (!o.lang.empty()) {
        const auto language = tb::parse_language(o.lang);
        if (!language) return fail("--lang attend fr ou en (reçu « " + o.lang + " »)");
        registry.set_language(*language);
    }
    if (!o.size.empty()) {
        const auto parsed = tb::parse_size(o.size);
        if (!parsed) return fail("--size attend LARGEURxHAUTEUR, par exemple 1600x900 (reçu « " + o.size + " »)");
        size = *parsed;
    }
    if (window()) {
        app.emplace(session, registry);
        app->features().set_window(static_cast<float>(size.first), static_cast<float>(size.second), 1.f);
    } else {
        tb::Features::install_headless(session, registry, size.first, size.second);
    }
    // A session: the one named by --open, else (window only) the last one, unless the run must be
    // reproducible (--run, --script, --screenshot) or --fresh asks for the start-up state.
    if (!o.open.empty()) {
        const auto result = run("/session ouvrir " + o.open);
        if (!result.ok) return fail(result.message);
    } else if (window() && last_session && tb::restores_last_session(start)) {
        restore_last_session();
    }
    return open_lesson();
}

// The last session, when there is one; one that cannot be restored is set aside as
// session.json.illisible and the program starts fresh, saying why, instead of failing at every start.
void Program::restore_last_session() {
    struct stat st {};
    if (::lstat(last_session->c_str(), &st) != 0) return;  // the first start
    const auto result = app->run("/session ouvrir " + *last_session);
    if (result.ok) return;
    const std::string aside = *last_session + ".illisible";
    const bool moved = std::rename(last_session->c_str(), aside.c_str()) == 0;
    const std::string fr = "la dernière session ne peut pas être rouverte, démarrage à neuf" +
                           (moved ? " ; le fichier est gardé sous « " + aside + " »" : std::string());
    const std::string en = "the last session could not be restored, starting fresh" +
                           (moved ? "; the file is kept as “" + aside + "”" : std::string());
    std::cerr << "transformer-bloc : " << (registry.language() == tb::Language::English ? en : fr) << '\n'
              << "  " << tb::utf8::terminal_text(result.message) << '\n';
    app->features().add_log({tb::LogLine::Kind::Error, fr, en});
}

// A lesson: with the window, opened in its panel (/lecon ouvrir); headless, every step's commands
// run in order from the start-up state, so the state is the one the last step leaves.
std::optional<int> Program::open_lesson() {
    if (o.lesson.empty() || o.parameters) return std::nullopt;
    if (app) {
        const auto result = app->run("/lecon ouvrir " + o.lesson);
        if (!result.ok) return fail(result.message);
        return std::nullopt;
    }
    const tb::LessonParse parsed = tb::read_lesson_file(o.lesson, session);
    if (!parsed.ok()) return fail("leçon « " + o.lesson + " » refusée : " + parsed.error.message);
    const bool english = registry.language() == tb::Language::English;
    registry.execute(session, "/reinit");
    const auto& steps = parsed.lesson->steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        std::cout << (english ? "step " : "étape ") << i + 1 << "/" << steps.size() << (english ? ": " : " : ")
                  << tb::utf8::terminal_text(english ? steps[i].title_en : steps[i].title_fr) << '\n';
        for (const auto& r : tb::run_lesson_step(*parsed.lesson, static_cast<int>(i), registry, session)) {
            if (!r.ok) return fail(r.message);
            if (!r.message.empty()) std::cout << "  " << tb::utf8::terminal_text(r.message) << '\n';
        }
    }
    return std::nullopt;
}

// Commands: the script's, then --run's; the first failure stops everything.
std::optional<int> Program::run_commands(std::string& commands) {
    if (!o.script.empty()) {
        const tb::ReadResult script = tb::read_text_file(o.script, kMaxScriptBytes);
        if (!script.ok)
            return fail(registry.language() == tb::Language::English ? "cannot read the script: " + script.error_en
                                                                    : "impossible de lire le script : " + script.error);
        commands = script.text + "\n";  // an empty script: nothing to run, not an error
    }
    commands += o.run;
    const tb::ScriptLines parsed = registry.read_script(commands);  // a cut file name refused before anything runs
    if (parsed.error) return fail(registry.language() == tb::Language::English ? parsed.error->en : parsed.error->fr);
    const auto& lines = parsed.lines;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        // A picture is drawn by the window's next frame: the lines after it wait for it there.
        if (app && app->features().images_pending()) {
            deferred.assign(lines.begin() + static_cast<std::ptrdiff_t>(i), lines.end());
            break;
        }
        if (app) app->features().wait_for_training();  // a script reads as headless: each /entrainer ends before the next line
        const auto result = run(line);
        if (!result.ok)
            return fail(result.message + (registry.language() == tb::Language::English
                                              ? "\n  in the command “" + tb::utf8::visible(line) + "”"
                                              : "\n  dans la commande « " + tb::utf8::visible(line) + " »"));
        if (!window() && !result.message.empty())
            std::cout << tb::utf8::terminal_text(result.message) << (result.message.back() == '\n' ? "" : "\n");
    }
    return std::nullopt;
}

// The end: the breakdown, the trace, or the window (then the session saved for the next start).
int Program::finish(const std::string& commands) {
    if (o.parameters) {
        const auto& t = *session.trace();
        std::cout << tb::format_breakdown(tb::toy_architecture(t.settings, t.vocabulary_size), registry.language());
        return 0;
    }
    if (!o.trace.empty()) {
        if (auto error = tb::write_trace(*session.trace(), o.trace)) return fail(*error);
    }
    if (!app) {
        if (commands.empty() && o.trace.empty()) std::cout << tb::summary(*session.trace());
        return 0;
    }
    tb::WindowOptions options;
    options.width = size.first;  // checked by start_up()
    options.height = size.second;
    options.fixed_size = !o.size.empty();
    options.screenshot = o.screenshot;
    options.stats = o.stats;
    options.script = deferred;
    options.english = registry.language() == tb::Language::English;
    options.connection_lost = [this] { save_last_session(); };  // the X server gone: what can be kept is
    const int status = tb::run_window(*app, data_dir, options);
    save_last_session();
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (const auto status = parse_options(argc, argv, o)) return *status;
    const auto data_dir = tb::find_data_dir();
    if (!data_dir) return fail("dossier de données introuvable (assets/vocabulary.txt) ; définissez TRANSFORMER_BLOC_DATA");
    std::shared_ptr<const tb::Vocabulary> vocabulary;
    try {
        vocabulary = std::make_shared<const tb::Vocabulary>(tb::Vocabulary::load(*data_dir + "/assets/vocabulary.txt"));
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    Program program(o, vocabulary, *data_dir);
    std::string commands;
    if (const auto status = program.start_up()) return *status;
    if (const auto status = program.run_commands(commands)) return *status;
    return program.finish(commands);
}
