// Scripts: a text cut into command lines at new lines and unquoted ';', '#' comments left out,
// and a piece that looks like a file name cut by a ';' refused before anything runs.
#include "commands/commands.h"

#include "base/utf8.h"

namespace tb {

// Whether the double quote at `open` is closed on its line (an unbalanced one is plain text).
static bool closes(std::string_view text, std::size_t open) {
    for (std::size_t i = open + 1; i < text.size() && text[i] != '\n'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
        else if (text[i] == '"') return true;
    }
    return false;
}

namespace {

struct Piece {
    std::string text;
    bool after_semicolon = false;  // cut from the piece before it by a ';' of the same line
};

std::vector<Piece> split_pieces(std::string_view text) {
    std::vector<Piece> pieces;
    std::string current;
    bool comment = false, quoted = false, after_semicolon = false;
    // A piece is "after a semicolon" only when the ';' cut it from a piece actually kept: a ';' after
    // nothing (the script's start, a new line, a comment, another ';') cuts nothing.
    auto flush = [&](bool by_semicolon) {
        std::string piece = trim(current);
        const bool kept = !piece.empty();
        if (kept) pieces.push_back({std::move(piece), after_semicolon});
        current.clear();
        after_semicolon = by_semicolon && kept;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool word_start = current.empty() || current.back() == ' ' || current.back() == '\t';
        if (c == '\n') { flush(false); comment = false, quoted = false; }
        else if (comment) continue;
        else if (quoted) {  // a file name in double quotes (command_kit.h): # and ; are its own
            current += c;
            if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) current += text[++i];
            else if (c == '"') quoted = false;
        }
        else if (c == '"' && word_start && closes(text, i)) {
            current += c;
            quoted = true;
        }
        else if (c == '#' && word_start) comment = true;  // as in a shell: "a#b.svg" is a name
        else if (c == ';') flush(true);
        else current += c;
    }
    flush(false);
    return pieces;
}

// `text` in double quotes, as a file argument takes it (\" and \\ inside).
std::string in_quotes(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::vector<std::string> split_script(std::string_view text) {
    std::vector<std::string> lines;
    for (Piece& piece : split_pieces(text)) lines.push_back(std::move(piece.text));
    return lines;
}

ScriptLines CommandRegistry::read_script(std::string_view text) const {
    const std::vector<Piece> pieces = split_pieces(text);
    ScriptLines out;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const std::string& piece = pieces[i].text;
        const std::string line = utf8::is_valid(piece) ? trim(utf8::normalize(piece)) : "";
        // A mistyped command after the ';' ("/couhces") is left to execute(), which suggests the name;
        // a "command" holding a '.' or a second '/' ("a;/b.svg", "a;/tmp/b.svg") is the rest of a path.
        const std::string name = line.substr(0, line.find_first_of(" \t"));
        const bool path_like = !name.empty() && name[0] == '/' && name.find_first_of("./", 1) != std::string::npos;
        if (!pieces[i].after_semicolon || line.empty() || (line[0] == '/' && !path_like) || find(name)) {
            out.lines.push_back(piece);
            continue;
        }
        // A name cut in two by an unquoted ';', most likely: say so, and how to write it whole.
        const std::string& before = pieces[i - 1].text;
        const std::size_t last = before.find_last_of(" \t");
        const std::string example = last == std::string::npos ? "/exporter svg \"a;b.svg\""
                                                              : before.substr(0, last + 1) + in_quotes(before.substr(last + 1) + ";" + piece);
        const std::string cut = utf8::visible(before + ";" + piece), write = utf8::visible(example);
        const auto en = [](const std::string& s) { return "\u201C" + s + "\u201D"; };
        return {{},
                Text{quoted(piece) + " n'est pas une commande : le « ; » de « " + cut + " » sépare deux commandes ; " +
                         "mettez le chemin entre guillemets : « " + write + " » (rien n'a été exécuté)",
                     quoted(piece, Language::English) + " is not a command: the \u201C;\u201D in " + en(cut) +
                         " separates two commands; put the path in double quotes: " + en(write) + " (nothing was run)"}};
    }
    return out;
}

std::vector<CommandResult> run_script(CommandRegistry& registry, Session& session, std::string_view text) {
    const ScriptLines script = registry.read_script(text);
    if (script.error) return {CommandResult(false, registry.language() == Language::English ? script.error->en : script.error->fr)};
    std::vector<CommandResult> results;
    for (const auto& line : script.lines) {
        results.push_back(registry.execute(session, line));
        if (!results.back().ok) break;
    }
    return results;
}

}  // namespace tb
