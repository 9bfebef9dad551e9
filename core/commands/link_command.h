#pragma once
// /lien (channel.md §7): the current state as a link (link.h), the command lines that rebuild it
// from the start-up state, printed and, where a clipboard exists, copied. Core writes the model's
// part (the settings that differ, the seed, the sentence, the step); the window puts its view
// around it (app/persist/view_link.h) through a LinkMaker.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/commands.h"
#include "model/settings_table.h"

namespace tb {

// The lines that take a session at `from` to `to`, every command a setting's own (/couches 3,
// /tetes 4 2, /taux 0,0005, /graine 7, /phrase …), each line once, in an order where every
// intermediate state is valid (/dimension 16 before /tetes 8, /tetes 2 before /dimension 8), the
// step last (/couches keeps a step at the top at the top). Only the entries `include` keeps when
// given (side B's overrides); the step then only when kept too.
std::vector<std::string> settings_lines(const Settings& from, const Settings& to,
                                        const std::function<bool(const SettingEntry&)>& include = nullptr);

// A decimal as a link writes it: the shortest digits that read back (parse_decimal) as the same
// double, or float, with a decimal comma ("0,0005", "1,5", "2"); at most 16 characters (the
// closest such when none reads back exactly).
std::string link_decimal(double v);
std::string link_decimal(float v);

// A state as a link: its lines and what it cannot hold (trained weights…), said in the reply.
struct StateLink {
    std::vector<std::string> lines;
    std::vector<Text> notes;
};
// The model's part: settings_lines from the start-up state, and a note when the weights are trained.
StateLink model_link(const Session& session);

// /lien's reply: « lien : #/couches%203;… » and the notes; refused (a bug, never expected) when
// the lines would not pass the link policy or exceed its size.
CommandResult link_reply(const StateLink& link);

using LinkMaker = std::function<StateLink(const Session&)>;
using LinkCopier = std::function<std::optional<Text>(const std::string& fragment)>;
// Registers /lien: `make` gives the state's lines (model_link when null); `copy`, when given, gets
// the fragment (the window puts it on the clipboard) and may add a note to the reply.
void add_link_command(CommandRegistry& registry, LinkMaker make = nullptr, LinkCopier copy = nullptr);

}  // namespace tb
