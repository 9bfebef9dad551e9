// The commands reference (docs/commands.md, docs/commands.en.md), written from the registry's own
// usage and help, the window's commands included (built without a window, as tests/app does), so
// that the reference cannot drift from /aide. `--check` is the ctest that fails when the committed
// files are out of date.
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "commands/commands.h"
#include "features/window_features.h"
#include "text/text.h"

namespace {

const char* const kRegenerate = "cmake --build build --target command_reference";

// Markdown would read "<masque>" as an HTML tag and "*" or "_" as emphasis.
std::string escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\\' || c == '*' || c == '_' || c == '<' || c == '[' || c == ']') out += '\\';
        out += c;
    }
    return out;
}

void list(std::ostream& out, const std::vector<tb::Command>& commands, const std::set<std::string>& names,
          bool inside, tb::Language language) {
    const bool english = language == tb::Language::English;
    for (const tb::Command& c : commands) {
        if (names.count(c.name) != static_cast<std::size_t>(inside)) continue;
        const std::string& help = english && !c.help_en.empty() ? c.help_en : c.help;
        out << "- `" << c.usage_in(language) << "`: " << escaped(help) << '\n';
    }
}

std::string reference(tb::Language language) {
    const bool english = language == tb::Language::English;
    const auto vocabulary = std::make_shared<const tb::Vocabulary>(tb::Vocabulary::load(TB_ASSETS_DIR "/vocabulary.txt"));
    std::set<std::string> core_names;
    {
        const tb::CommandRegistry bare;  // the model's commands alone
        for (const tb::Command& c : bare.commands()) core_names.insert(c.name);
    }
    tb::Session session(vocabulary);
    tb::CommandRegistry registry;
    tb::Features features(session, registry);
    features.install();

    std::ostringstream out;
    out << "<!-- " << (english ? "Generated from the command registry; do not edit. Rewrite it with: "
                               : "Généré depuis le registre des commandes ; ne pas modifier. Le réécrire : ")
        << kRegenerate << " -->\n";
    if (english) {
        out << "# Commands\n\nEvery command of the program, with its usage and its help as `/aide` writes them "
               "(`/langue en`). French version: [commands.md](commands.md). Accents, capitals and the leading "
               "`/` are optional.\n\n## The model's (core/commands)\n\n";
    } else {
        out << "# Commandes\n\nToutes les commandes du programme, avec leur forme et leur aide telles que `/aide` les "
               "écrit. English version: [commands.en.md](commands.en.md). Accents, majuscules et barre `/` "
               "facultatifs.\n\n## Celles du modèle (core/commands)\n\n";
    }
    list(out, registry.commands(), core_names, true, language);
    out << (english ? "\n## The program's (app/features: the window's, some also headless)\n\n"
                    : "\n## Celles du programme (app/features : la fenêtre, certaines aussi sans fenêtre)\n\n");
    list(out, registry.commands(), core_names, false, language);
    out << '\n' << (english ? "## Keys\n\n" : "## Touches\n\n") << escaped(tb::text_in(language).keys_help) << '\n';
    return out.str();
}

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct File {
    const char* name;
    tb::Language language;
};
const File kFiles[] = {{"commands.md", tb::Language::French}, {"commands.en.md", tb::Language::English}};

int usage() {
    std::cerr << "usage: tb-command-reference fr|en | --write DOCS_DIR | --check DOCS_DIR\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::string mode = argv[1];
    if (mode == "fr" || mode == "en") {
        std::cout << reference(mode == "en" ? tb::Language::English : tb::Language::French);
        return 0;
    }
    if (argc != 3 || (mode != "--write" && mode != "--check")) return usage();
    int status = 0;
    for (const File& file : kFiles) {
        const std::string path = std::string(argv[2]) + "/" + file.name;
        const std::string text = reference(file.language);
        if (mode == "--write") {
            std::ofstream(path, std::ios::binary) << text;
        } else if (read(path) != text) {
            std::cerr << "docs/" << file.name << " is out of date with the command registry: rewrite it with `"
                      << kRegenerate << "` and commit it\n";
            status = 1;
        }
    }
    return status;
}
