#pragma once
// The channel's command language, declared as data: name, usage, help, handler. Buttons, keys,
// the console, --run, --script and tests all go through execute(). A command that fails returns
// a French message with the expected form and the value received, and changes nothing.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/command_kit.h"
#include "base/language.h"
#include "commands/session.h"

namespace tb {

struct Command {
    Command(std::string name_, std::string usage_, std::string help_, std::vector<std::string> values_,
            Handler run_, std::string help_en_ = {})
        : name(std::move(name_)), usage(std::move(usage_)), help(std::move(help_)), values(std::move(values_)),
          run(std::move(run_)), help_en(std::move(help_en_)) {}
    std::string name;                  // without the slash, unaccented: "residuel"
    std::string usage;                 // as the channel writes it: "/residuel <on|off>"
    std::string help;                  // one French sentence
    std::vector<std::string> values;   // the argument's values, for Tab completion (enumerations)
    Handler run;                       // built with the kit (command_kit.h)
    std::string help_en;               // the help in English (the names stay the channel's)
    std::string usage_en;              // the usage in English where its numbers differ (a decimal point); empty: usage

    const std::string& usage_in(Language language) const {
        return language == Language::English && !usage_en.empty() ? usage_en : usage;
    }
};

struct ScriptLines {
    std::vector<std::string> lines;  // empty when refused
    std::optional<Text> error;
};

// Not copyable: /langue and /aide act on the registry that holds them.
class CommandRegistry {
public:
    static constexpr std::size_t kMaxLineBytes = 500;

    CommandRegistry();  // the channel's commands plus /graine and /aide
    CommandRegistry(const CommandRegistry&) = delete;
    CommandRegistry& operator=(const CommandRegistry&) = delete;

    // Adds a command of the program's own (the window adds its view commands: panels, exports,
    // presenter mode). A name already taken is a programming error: std::logic_error.
    void add(Command command);

    // One command line: "/couches 6", "Couches 6", "/résiduel OFF". An empty line does nothing.
    // Not const: /langue changes the language of the replies.
    CommandResult execute(Session& session, std::string_view line);

    const std::vector<Command>& commands() const { return commands_; }
    const Command* find(std::string_view name) const;  // folded name, slash optional
    Command* find(std::string_view name);
    // A script's lines (split_script), or why none may run: a piece after a ';' of the same line
    // that neither starts with '/' nor names a command is most likely a file name cut by an
    // unquoted ';' ("/exporter svg a;b.svg"), refused before anything runs with the quoted form.
    ScriptLines read_script(std::string_view text) const;
    // The nearest command name to a mistyped one ("/couche" -> "couches"), if close enough.
    std::optional<std::string> suggest(std::string_view name) const;
    // Completions of a partly typed line: command names, then the values of a command's argument.
    std::vector<std::string> complete(std::string_view partial) const;
    // The /aide text: every command with its usage and help, then the notes added (the window
    // adds its keys).
    std::string help_text() const;
    void add_help_note(std::string french, std::string english);

    // The language of the replies: French by default, /langue fr|en switches it.
    Language language() const { return language_; }
    void set_language(Language language) { language_ = language; }

private:
    CommandResult run_line(Session& session, std::string_view line);  // both languages

    std::vector<Command> commands_;
    std::vector<std::pair<std::string, std::string>> help_notes_;  // French, English
    Language language_ = Language::French;
};

// Splits a script into command lines: separated by ';' or new lines; '#' at the start of a piece or
// after a space starts a comment (as in a shell: "a#b.svg" is one name); a file name in double
// quotes keeps its ';' and '#' (command_kit.h); blank pieces dropped.
std::vector<std::string> split_script(std::string_view text);

// Runs each line of a script in order (CommandRegistry::read_script first), stopping at the first
// failure. Returns every result up to and including the failing one.
std::vector<CommandResult> run_script(CommandRegistry& registry, Session& session, std::string_view text);

}  // namespace tb
