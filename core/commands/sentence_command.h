#pragma once
// /phrase: the sentence sent through the stack, as typed (Settings::kMinWords to kMaxTokens tokens, no control character).
#include <vector>

#include "base/command_kit.h"
#include "model/vocabulary.h"

namespace tb {

// The command's handler: checks the line (no control character: ESC, DEL, a tab, C1; 2 to 8
// tokens: sentence_length), applies it, and names the unknown words in the reply.
CommandResult phrase_command(Session& session, const Args& args);

// "2 à 8 mots" | "2 to 8 words": Settings' bounds on the sentence, as /phrase's help and refusal say them.
Text sentence_length();

// " ; mots inconnus remplacés par <inconnu> : « a », « b »" | "; unknown words replaced by <inconnu>: “a”, “b”"
// (empty when every word is known).
Text unknown_words_note(const std::vector<Token>& tokens);

}  // namespace tb
