#include "course/worked_examples.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "model/random.h"

namespace tb {

LayerNormSteps layer_norm_steps(const Vector& x, double eps) {
    LayerNormSteps s;
    s.x = x;
    s.mean = x.mean();
    s.deviations = x.array() - s.mean;
    s.squared_deviations = s.deviations.array().square();
    s.variance = s.squared_deviations.mean();
    s.sigma = std::sqrt(s.variance + eps);
    s.normalized = s.deviations / s.sigma;
    return s;
}

Vector rms_norm(const Vector& x, double eps) { return x / std::sqrt(x.squaredNorm() / x.size() + eps); }

FactNetwork thomas_pesquet_network() {
    FactNetwork net;
    net.axes = {"Thomas", "Pesquet", "astronaute", "ISS", "Proxima", "Marie", "Curie", "physicienne"};
    net.neurons = {"Thomas ET Pesquet", "Marie ET Curie", "Thomas ou Pesquet, seul"};
    const int d = 8, w = 3;
    net.w_up = Matrix::Zero(w, d);
    net.b_up = Vector::Zero(w);
    net.w_down = Matrix::Zero(d, w);
    net.b_down = Vector::Zero(d);
    // Neuron 0: the question "Thomas + Pesquet": dot product 2 for both names, at most 1 for one;
    // bias -1, so ReLU outputs 1 only for both (an AND); it writes « astronaute » and « ISS ».
    net.w_up(0, 0) = net.w_up(0, 1) = 1.0;
    net.b_up(0) = -1.0;
    net.w_down(2, 0) = 1.0;
    net.w_down(3, 0) = 0.5;
    // Neuron 1: another fact in the same layer, « Marie Curie -> physicienne ».
    net.w_up(1, 5) = net.w_up(1, 6) = 1.0;
    net.b_up(1) = -1.0;
    net.w_down(7, 1) = 1.0;
    // Neuron 2: a neuron that fires for either name alone (no bias): what an OR would store.
    net.w_up(2, 0) = net.w_up(2, 1) = 0.5;
    return net;
}

FactPass run_fact_network(const FactNetwork& net, const Vector& input) {
    FactPass p;
    p.input = input;
    p.questions = net.w_up * input;
    p.pre_activation = p.questions + net.b_up;
    p.neurons = p.pre_activation.cwiseMax(0.0);
    p.added = net.w_down * p.neurons + net.b_down;
    p.output = input + p.added;
    return p;
}

Vector concept_vector(const FactNetwork& net, const std::vector<std::string>& concepts) {
    Vector v = Vector::Zero(static_cast<Eigen::Index>(net.axes.size()));
    for (const auto& c : concepts) {
        bool found = false;
        for (std::size_t i = 0; i < net.axes.size(); ++i)
            if (net.axes[i] == c) v(static_cast<Eigen::Index>(i)) += 1.0, found = true;
        if (!found) throw std::invalid_argument("concept inconnu : " + c);
    }
    return v;
}

namespace {

// Raschka's GELU (section 4.3): 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x³))).
constexpr double kGeluC = 0.7978845608028654;  // sqrt(2 / pi)
double gelu_scalar(double x) { return 0.5 * x * (1.0 + std::tanh(kGeluC * (x + 0.044715 * x * x * x))); }
double gelu_derivative(double x) {
    const double t = std::tanh(kGeluC * (x + 0.044715 * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * kGeluC * (1.0 + 3.0 * 0.044715 * x * x);
}

struct Layer {
    Matrix w;  // [out][in]
    Vector b;  // [out]
};

// Mean |dLoss/dW| of each layer, by backpropagation through y = GELU(W x + b) (+ x).
std::vector<double> layer_gradients(const std::vector<Layer>& layers, const Vector& input, bool shortcuts) {
    std::vector<Vector> inputs, pre;  // each layer's input and W x + b
    Vector x = input;
    for (const Layer& l : layers) {
        inputs.push_back(x);
        pre.push_back(l.w * x + l.b);
        Vector y = pre.back().unaryExpr(&gelu_scalar);
        x = shortcuts && y.size() == x.size() ? Vector(x + y) : y;
    }
    // Loss = (output - 0)², so dLoss/doutput = 2 output.
    Vector grad = 2.0 * x;
    std::vector<double> result(layers.size());
    for (std::size_t i = layers.size(); i-- > 0;) {
        const bool shortcut = shortcuts && layers[i].w.rows() == layers[i].w.cols();
        const Vector grad_pre = grad.cwiseProduct(pre[i].unaryExpr(&gelu_derivative));
        result[i] = (grad_pre * inputs[i].transpose()).cwiseAbs().mean();  // dLoss/dW = grad_pre x^T
        Vector grad_input = layers[i].w.transpose() * grad_pre;
        if (shortcut) grad_input += grad;  // the "1" of 1 + F'
        grad = grad_input;
    }
    return result;
}

}  // namespace

ShortcutExperiment shortcut_gradient_experiment(std::uint64_t seed) {
    const int sizes[] = {3, 3, 3, 3, 3, 1};
    std::vector<Layer> layers;
    for (int i = 0; i < 5; ++i) {
        const int in = sizes[i], out = sizes[i + 1];
        const double bound = 1.0 / std::sqrt(static_cast<double>(in));
        NormalStream stream(seed, "raschka", i);  // its uniform() gives U(0, 1)
        Layer l{Matrix(out, in), Vector(out)};
        for (int r = 0; r < out; ++r)
            for (int c = 0; c < in; ++c) l.w(r, c) = bound * (2.0 * stream.uniform() - 1.0);
        for (int r = 0; r < out; ++r) l.b(r) = bound * (2.0 * stream.uniform() - 1.0);
        layers.push_back(std::move(l));
    }
    Vector input(3);
    input << 1.0, 0.0, -1.0;
    return {layer_gradients(layers, input, false), layer_gradients(layers, input, true)};
}

ShortcutExperiment raschka_published() {
    // layers.0.0.weight ... layers.4.0.weight, « has gradient mean of ».
    return {{0.00020, 0.00012, 0.00072, 0.00140, 0.00505}, {0.222, 0.207, 0.329, 0.267, 1.326}};
}

ShortcutSpread shortcut_first_layer_spread(std::uint64_t first_seed, int count) {
    std::vector<double> ratios;
    for (int k = 0; k < count; ++k) {
        const ShortcutExperiment e = shortcut_gradient_experiment(first_seed + static_cast<std::uint64_t>(k));
        ratios.push_back(e.with_shortcuts[0] / e.without_shortcuts[0]);
    }
    std::sort(ratios.begin(), ratios.end());
    const std::size_t m = ratios.size() / 2;
    const double median = ratios.empty() ? 0 : ratios.size() % 2 ? ratios[m] : 0.5 * (ratios[m - 1] + ratios[m]);
    return {first_seed, count, median, ratios.empty() ? 0 : ratios.front(), ratios.empty() ? 0 : ratios.back()};
}

}  // namespace tb
