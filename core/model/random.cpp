#include "model/random.h"

#include <cmath>

namespace tb {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

namespace {
// FNV-1a, 64 bits: a stable hash of the tensor's name.
std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    return h;
}
}  // namespace

NormalStream::NormalStream(std::uint64_t seed, std::string_view tensor, int block) {
    std::uint64_t mix = seed;
    state_ = splitmix64(mix) ^ fnv1a(tensor);
    mix = state_ + static_cast<std::uint64_t>(block + 1);
    state_ = splitmix64(mix);
}

double NormalStream::uniform() {
    // 53 bits, shifted by half a step so that 0 never comes out.
    return (static_cast<double>(splitmix64(state_) >> 11) + 0.5) * 0x1.0p-53;
}

double NormalStream::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double factor = std::sqrt(-2.0 * std::log(s) / s);
    spare_ = v * factor;
    has_spare_ = true;
    return u * factor;
}

std::uint64_t next_seed(std::uint64_t seed) {
    std::uint64_t state = seed;
    return 100000 + splitmix64(state) % 900000;
}

}  // namespace tb
