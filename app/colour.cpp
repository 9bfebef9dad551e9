#include "colour.h"

#include <algorithm>
#include <cmath>

namespace tb {
namespace {

// Three fixed, orthonormal directions of R^d, from a fixed formula (no randomness, no seed).
void fixed_directions(int d, Vector& e1, Vector& e2, Vector& e3) {
    e1 = Vector(d), e2 = Vector(d), e3 = Vector(d);
    for (int i = 0; i < d; ++i) {
        const double x = static_cast<double>(i);
        e1[i] = std::sin(2.399963 * x + 0.7);
        e2[i] = std::sin(1.618034 * x * x + 2.1 * x + 1.3);
        e3[i] = std::cos(0.9 * x * x + 0.4 * x + 0.2);
    }
    e1.normalize();
    e2 -= e2.dot(e1) * e1;
    e2.normalize();
    e3 -= e3.dot(e1) * e1 + e3.dot(e2) * e2;
    e3.normalize();
}

}  // namespace

Rgb hsv(float h, float s, float v) {
    h = h - std::floor(h);
    const float k[3] = {5.f, 3.f, 1.f};
    float out[3];
    for (int i = 0; i < 3; ++i) {
        const float kk = std::fmod(k[i] + h * 6.f, 6.f);
        out[i] = v - v * s * std::max(0.f, std::min({kk, 4.f - kk, 1.f}));
    }
    return {out[0], out[1], out[2]};
}

Rgb lerp(Rgb a, Rgb b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

Rgb direction_colour(const Vector& v) {
    const double n = v.norm();
    if (!(n > 1e-12) || !std::isfinite(n)) return {0.6f, 0.6f, 0.6f};
    Vector e1, e2, e3;
    fixed_directions(static_cast<int>(v.size()), e1, e2, e3);
    const Vector u = v / n;
    const double a = u.dot(e1), b = u.dot(e2), c = u.dot(e3);
    const double pi = std::acos(-1.0);
    const float hue = static_cast<float>((std::atan2(b, a) + pi) / (2 * pi));
    const float saturation = std::clamp(static_cast<float>(std::hypot(a, b) * 1.6), 0.35f, 1.f);
    const float value = std::clamp(0.9f + 0.25f * static_cast<float>(c), 0.74f, 1.f);
    return hsv(hue, saturation, value);
}

}  // namespace tb
