#include "settings.h"

#include <algorithm>
#include <tuple>

namespace tb {

const char* to_string(Position p) {
    switch (p) {
        case Position::Sinus: return "sinus";
        case Position::Learned: return "appris";
        case Position::None: return "aucun";
    }
    return "?";
}

const char* to_string(Norm n) {
    switch (n) {
        case Norm::Pre: return "pre";
        case Norm::Post: return "post";
        case Norm::None: return "aucune";
    }
    return "?";
}

const char* to_string(Mask m) { return m == Mask::Causal ? "causal" : "aucun"; }

const char* to_string(Activation a) { return a == Activation::Relu ? "relu" : "gelu"; }

bool same_model(const Settings& a, const Settings& b) {
    auto model = [](const Settings& s) {
        return std::tie(s.layers, s.position, s.residual, s.norm, s.ffn, s.dimension, s.heads, s.mask, s.activation,
                        s.sentence, s.seed);
    };
    return model(a) == model(b);
}

void set_layers(Settings& s, int layers) {
    const bool at_top = s.step == s.top_level();
    s.layers = layers;
    s.step = at_top ? s.top_level() : std::min(s.step, s.top_level());
}

}  // namespace tb
