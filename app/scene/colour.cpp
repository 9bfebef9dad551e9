#include "scene/colour.h"

#include <algorithm>
#include <cmath>
#include <optional>

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

namespace {

struct Projection {
    double a, b, c;  // on the three fixed directions
};

std::optional<Projection> project(const Vector& v) {
    const double n = v.norm();
    if (!(n > 1e-12) || !std::isfinite(n)) return std::nullopt;
    Vector e1, e2, e3;
    fixed_directions(static_cast<int>(v.size()), e1, e2, e3);
    const Vector u = v / n;
    return Projection{u.dot(e1), u.dot(e2), u.dot(e3)};
}

float angle_turns(const Projection& p) {
    const double pi = std::acos(-1.0);
    return static_cast<float>((std::atan2(p.b, p.a) + pi) / (2 * pi));
}

// Okabe & Ito's palette, ordered round a circle so that neighbours are close and opposite
// directions far apart: orange, yellow, bluish green, sky blue, blue, reddish purple, vermillion.
Rgb okabe_ito_cycle(float turns) {
    static const Rgb stops[] = {{0.902f, 0.624f, 0.000f}, {0.941f, 0.894f, 0.259f}, {0.000f, 0.620f, 0.451f},
                                {0.337f, 0.706f, 0.914f}, {0.000f, 0.447f, 0.698f}, {0.800f, 0.475f, 0.655f},
                                {0.835f, 0.369f, 0.000f}};
    constexpr int count = sizeof stops / sizeof stops[0];
    const float x = (turns - std::floor(turns)) * count;
    const int i = static_cast<int>(x) % count;
    return lerp(stops[i], stops[(i + 1) % count], x - std::floor(x));
}

}  // namespace

Rgb direction_colour(const Vector& v) {
    const auto p = project(v);
    if (!p) return {0.6f, 0.6f, 0.6f};
    const float saturation = std::clamp(static_cast<float>(std::hypot(p->a, p->b) * 1.6), 0.35f, 1.f);
    const Rgb base = lerp({0.75f, 0.75f, 0.75f}, okabe_ito_cycle(angle_turns(*p)), saturation);
    // Lighter towards the third direction, never dark: it must read on the dark section.
    const float light = 0.15f + 0.2f * std::clamp(static_cast<float>(p->c + 1.0) / 2.f, 0.f, 1.f);
    return lerp(base, {1.f, 1.f, 1.f}, light);
}

float direction_angle(const Vector& v) {
    const auto p = project(v);
    return p ? angle_turns(*p) : 0.f;
}

}  // namespace tb
