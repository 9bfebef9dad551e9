#pragma once
// /melanger: the words of the sentence in another order (seed 002: permutation equivariance).
// With no positions and no mask the block treats the sentence as a bag of words: every bead keeps
// its vector, only its place changes. The identity colours follow the words (Trace::typed_places).
#include <cstdint>
#include <string>
#include <vector>

#include "base/command_kit.h"

namespace tb {

// The order call number `count` draws for `words`: order[k] is the token that goes to place k.
// Fisher–Yates over NormalStream(seed, "melanger", count).uniform(), redrawn with the stream's next
// numbers until the word sequence differs from `words` (swapping two « le » is not another order).
// Empty when no other order exists (fewer than two different words).
std::vector<int> melanger_order(std::uint64_t seed, int count, const std::vector<std::string>& words);

// The command: draws the order from the session's seed and count, rewrites the sentence, composes
// the typed places, counts the call; the reply names the new sentence and what to notice under the
// live settings. Refused, changing nothing, when no other order exists.
CommandResult melanger(Session& session);

}  // namespace tb
