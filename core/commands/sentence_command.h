#pragma once
// /phrase: the sentence sent through the stack, as typed (2 to 8 tokens, no control character).
#include <vector>

#include "base/command_kit.h"
#include "model/vocabulary.h"

namespace tb {

// The command's handler: checks the line (no control character: ESC, DEL, a tab, C1; 2 to 8
// tokens), applies it, and names the unknown words in the reply.
CommandResult phrase_command(Session& session, const Args& args);

// " ; mots inconnus remplacés par <inconnu> : « a », « b »" | "; unknown words replaced by <inconnu>: “a”, “b”"
// (empty when every word is known).
Text unknown_words_note(const std::vector<Token>& tokens);

}  // namespace tb
