// The FFN panel's data: the strip of neurons and one neuron read as seed 004 reads it.
#include "inspector/inspector.h"

#include <algorithm>
#include <cmath>

namespace tb {

Rect StripLayout::cell_rect(int neuron) const {
    const int row = per_row > 0 ? neuron / per_row : 0, col = per_row > 0 ? neuron % per_row : 0;
    return {area.x + cell_w * static_cast<float>(col), area.y + cell_h * static_cast<float>(row), cell_w, cell_h};
}

StripLayout neuron_strip_layout(const Rect& body, int width, float header, float line) {
    StripLayout s;
    s.per_row = std::clamp(width, 1, 32);
    const int rows = (std::max(1, width) + s.per_row - 1) / s.per_row;
    const float margin = line * 0.5f;
    s.cell_w = std::max(0.f, std::floor((body.w - 2 * margin) / static_cast<float>(s.per_row)));
    s.cell_h = std::floor(line * 1.5f);
    s.area = sized_rect(body.x + margin, body.y + header, s.cell_w * static_cast<float>(s.per_row), s.cell_h * static_cast<float>(rows));
    return s;
}

NeuronReading read_neuron(const Trace& trace, int block, int token, int neuron) {
    const int layers = trace.settings.layers;
    block = std::clamp(block, 1, layers);
    const Level& level = trace.levels[static_cast<std::size_t>(2 * block)];
    const FfnWeights& w = trace.weights->blocks[static_cast<std::size_t>(block - 1)].ffn;
    neuron = std::clamp(neuron, 0, static_cast<int>(w.w1.rows()) - 1);
    token = std::clamp(token, 0, static_cast<int>(level.hidden.rows()) - 1);
    return {w.w1.row(neuron).transpose(), w.b1(neuron), w.w2.col(neuron), level.hidden(token, neuron)};
}

}  // namespace tb
