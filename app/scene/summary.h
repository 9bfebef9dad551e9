#pragma once
// A text picture of a trace for the terminal: the state, then each level's token norms and
// the tokens' mean pairwise cosine similarity (the measure of collapse).
#include <string>

#include "model/trace.h"

namespace tb {
std::string summary(const Trace& trace);
}
