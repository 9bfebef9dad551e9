#include "compare/comparison.h"

#include <algorithm>

namespace tb {

void mark_changes(Overrides& o, const Settings& before, const Settings& after) {
    o.layers |= before.layers != after.layers;
    o.position |= before.position != after.position;
    o.residual |= before.residual != after.residual;
    o.norm |= before.norm != after.norm;
    o.ffn |= before.ffn != after.ffn;
    o.dimension |= before.dimension != after.dimension;
    o.mask |= before.mask != after.mask;
    o.activation |= before.activation != after.activation;
}

Settings merge_b(const Settings& a, const Settings& b, const Overrides& o) {
    Settings m = a;
    if (o.layers) m.layers = b.layers;
    if (o.position) m.position = b.position;
    if (o.residual) m.residual = b.residual;
    if (o.norm) m.norm = b.norm;
    if (o.ffn) m.ffn = b.ffn;
    if (o.dimension) m.dimension = b.dimension;
    if (o.mask) m.mask = b.mask;
    if (o.activation) m.activation = b.activation;
    m.step = a.step >= a.top_level() ? m.top_level() : std::min(a.step, m.top_level());
    return m;
}

std::string describe(const Settings& b, const Overrides& o) {
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : " · ") + part; };
    if (o.layers) add("couches " + std::to_string(b.layers));
    if (o.position) add(std::string("position ") + to_string(b.position));
    if (o.residual) add(std::string("résiduel ") + (b.residual ? "on" : "off"));
    if (o.norm) add(std::string("norme ") + to_string(b.norm));
    if (o.ffn) add("ffn " + std::to_string(b.ffn));
    if (o.dimension) add("dimension " + std::to_string(b.dimension));
    if (o.mask) add(std::string("masque ") + to_string(b.mask));
    if (o.activation) add(std::string("activation ") + to_string(b.activation));
    return out;
}

bool allowed_on_b(std::string_view name) {
    for (const char* n : {"couches", "position", "residuel", "norme", "ffn", "dimension", "masque", "activation"})
        if (name == n) return true;
    return false;
}

ComparisonLayout comparison_layout(const ScreenLayout& screen, float scale) {
    scale = std::clamp(scale, 0.5f, 4.f);
    const Rect& s = screen.section;
    ComparisonLayout c;
    // The halves touch (a gap would show the window's clear colour); B draws a separator line.
    const float gap = 0;
    const float half = std::max(0.f, (s.w - gap) * 0.5f);
    const float label = std::min(s.h * 0.12f, 40.f * scale);
    const float body = std::max(0.f, s.h - label);
    c.label_a = {s.x, s.y, half, label};
    c.label_b = {s.x + half + gap, s.y, half, label};
    c.a = {s.x, s.y + label, half, body};
    c.b = {s.x + half + gap, s.y + label, half, body};
    return c;
}

}  // namespace tb
