#pragma once
// A portable seeded generator: the same numbers on every platform and compiler, which
// std::normal_distribution does not promise. One independent stream per tensor, keyed by
// (seed, tensor name, block index), so that rewiring or stacking keeps every existing weight.
#include <cstdint>
#include <string_view>

namespace tb {

// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit state, good equidistribution, trivial to port.
std::uint64_t splitmix64(std::uint64_t& state);

class NormalStream {
public:
    NormalStream(std::uint64_t seed, std::string_view tensor, int block);
    double uniform();  // in (0, 1), 53 random bits
    double normal();   // N(0, 1) by the Marsaglia polar method (only sqrt and log)

private:
    std::uint64_t state_;
    bool has_spare_ = false;
    double spare_ = 0.0;
};

// The seed that /propager draws after `seed`: deterministic, so a script replays identically,
// and six digits, so a teacher can write it on the board.
std::uint64_t next_seed(std::uint64_t seed);

}  // namespace tb
