#include "backward.h"

#include <cmath>

#include "forward.h"
#include "random.h"

namespace tb {
namespace {

// dL/dx of y = LN(x) (gain g, bias 0 or not), row by row, given dL/dy:
// dx = (1/sigma) (dxhat - mean(dxhat) - xhat mean(dxhat * xhat)), dxhat = dy * g.
Matrix layer_norm_backward(const Matrix& x, const LayerNormWeights& norm, const Matrix& dy, double eps) {
    Matrix dx(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mean = x.row(i).mean();
        const double sigma = std::sqrt((x.row(i).array() - mean).square().mean() + eps);
        const Eigen::ArrayXd xhat = (x.row(i).array() - mean) / sigma;
        const Eigen::ArrayXd dxhat = dy.row(i).transpose().array() * norm.gain.array();
        dx.row(i) = ((dxhat - dxhat.mean() - xhat * (dxhat * xhat).mean()) / sigma).matrix().transpose();
    }
    return dx;
}

// dL/dx of y = RMSNorm(x) = g x / r, r = sqrt(mean(x²) + eps), row by row, given dL/dy:
// dx = (1/r) (dxhat - xhat mean(dxhat * xhat)), xhat = x / r, dxhat = dy * g.
Matrix rms_norm_backward(const Matrix& x, const LayerNormWeights& norm, const Matrix& dy, double eps) {
    Matrix dx(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double r = std::sqrt(x.row(i).array().square().mean() + eps);
        const Eigen::ArrayXd xhat = x.row(i).transpose().array() / r;
        const Eigen::ArrayXd dxhat = dy.row(i).transpose().array() * norm.gain.array();
        dx.row(i) = ((dxhat - xhat * (dxhat * xhat).mean()) / r).matrix().transpose();
    }
    return dx;
}

Matrix norm_backward(NormType type, const Matrix& x, const LayerNormWeights& norm, const Matrix& dy, double eps) {
    return type == NormType::RmsNorm ? rms_norm_backward(x, norm, dy, eps) : layer_norm_backward(x, norm, dy, eps);
}

double gelu_derivative(double v) {  // Phi(v) + v phi(v)
    const double pi = 3.14159265358979323846;
    return 0.5 * (1.0 + std::erf(v / std::sqrt(2.0))) + v * std::exp(-0.5 * v * v) / std::sqrt(2.0 * pi);
}

Vector column_sums(const Matrix& m) { return m.colwise().sum().transpose(); }

double silu_derivative(double v) {  // sigmoid(v) (1 + v (1 - sigmoid(v)))
    const double sigmoid = 1.0 / (1.0 + std::exp(-v));
    return sigmoid * (1.0 + v * (1.0 - sigmoid));
}

// φ and φ' of the FFN's activation (of the gate, when gated), element-wise on W1 x + b1.
Matrix activation_of(const Matrix& pre, Activation activation) {
    if (activation == Activation::Relu) return relu(pre);
    return activation == Activation::Swiglu ? silu(pre) : gelu(pre);
}
Matrix activation_slope(const Matrix& pre, Activation activation) {
    if (activation == Activation::Relu) return (pre.array() > 0.0).cast<double>().matrix();
    return pre.unaryExpr(activation == Activation::Swiglu ? &silu_derivative : &gelu_derivative);
}

// Backward through the FFN from dL/d(output); fills g, returns dL/d(input). Gated (h = φ(pre) ⊙ up,
// up = W3 x + b3): d(pre) = dh ⊙ up ⊙ φ'(pre), d(up) = dh ⊙ φ(pre), and the input gets both paths.
Matrix ffn_backward(const Matrix& in, const FfnWeights& w, Activation activation, const Matrix& dout,
                    SublayerGradients& g) {
    const Matrix pre = linear(in, w.w1, w.b1);                                        // n x w
    const Matrix phi = activation_of(pre, activation);
    const Matrix slope = activation_slope(pre, activation);
    const Matrix dh = dout * w.w2;                                                    // n x w
    if (!gated(activation)) {
        const Matrix dpre = dh.cwiseProduct(slope);                                   // n x w
        g.weights = {dpre.transpose() * in, dout.transpose() * phi};                  // dW1 [w][d], dW2 [d][w]
        g.biases = {column_sums(dpre), column_sums(dout)};
        return dpre * w.w1;                                                           // n x d
    }
    const Matrix up = linear(in, w.w3, w.b3);                                         // n x w
    const Matrix h = phi.cwiseProduct(up);
    const Matrix dpre = dh.cwiseProduct(up).cwiseProduct(slope);                      // n x w
    const Matrix dup = dh.cwiseProduct(phi);                                          // n x w
    g.weights = {dpre.transpose() * in, dout.transpose() * h, dup.transpose() * in};  // dW1, dW2, dW3
    g.biases = {column_sums(dpre), column_sums(dout), column_sums(dup)};
    return dpre * w.w1 + dup * w.w3;                                                  // n x d
}

// Backward through multi-head attention from dL/d(output); fills g, returns dL/d(input).
// GQA/MQA: query head j reads KV head g(j), so the gradients of the heads sharing one K/V head
// add up in it. RoPE: Q and K are turned after their projection, so their gradients are turned
// back (rotation by -θ, the transpose). ALiBi: a constant added to the scores, nothing to add
// besides going through the softmax (whose weights the trace keeps).
Matrix attention_backward(const Matrix& in, const AttentionWeights& w, const AttentionShape& shape,
                          const std::vector<Matrix>& weights, const Matrix& dout, SublayerGradients& g) {
    const Eigen::Index n = in.rows(), d = in.cols();
    const Eigen::Index heads = shape.heads, dh = d / heads, kv_width = shape.kv_heads * dh;
    const std::vector<int> kv_of = kv_head_map(shape.heads, shape.kv_heads);
    const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
    const bool rotary = shape.position == Position::Rope;
    const int idh = static_cast<int>(dh);
    Matrix q = linear(in, w.wq, w.bq), k = linear(in, w.wk, w.bk);
    const Matrix v = linear(in, w.wv, w.bv);
    if (rotary) q = tb::rope(q, idh, shape.rope_base), k = tb::rope(k, idh, shape.rope_base);  // as the scores saw them
    Matrix concat(n, d);
    for (Eigen::Index j = 0; j < heads; ++j)
        concat.middleCols(j * dh, dh) = weights[j] * v.middleCols(kv_of[j] * dh, dh);

    const Matrix dconcat = dout * w.wo;  // n x d
    Matrix dq(n, d), dk = Matrix::Zero(n, kv_width), dv = Matrix::Zero(n, kv_width);
    for (Eigen::Index j = 0; j < heads; ++j) {
        const Matrix& a = weights[j];                                                 // n x n
        const Eigen::Index kv = kv_of[j] * dh;                                        // its K/V features
        const Matrix da = dconcat.middleCols(j * dh, dh) * v.middleCols(kv, dh).transpose();
        dv.middleCols(kv, dh) += a.transpose() * dconcat.middleCols(j * dh, dh);
        // Softmax by row: dS = A * (dA - rowsum(dA * A)); masked entries have A = 0, so dS = 0.
        const Vector row_dot = a.cwiseProduct(da).rowwise().sum();
        const Matrix ds = a.cwiseProduct(da.colwise() - row_dot);
        dq.middleCols(j * dh, dh) = scale * ds * k.middleCols(kv, dh);
        dk.middleCols(kv, dh) += scale * ds.transpose() * q.middleCols(j * dh, dh);
    }
    if (rotary) dq = tb::rope(dq, idh, shape.rope_base, -1.0), dk = tb::rope(dk, idh, shape.rope_base, -1.0);
    g.weights = {dq.transpose() * in, dk.transpose() * in, dv.transpose() * in, dout.transpose() * concat};
    g.biases = {column_sums(dq), column_sums(dk), column_sums(dv), column_sums(dout)};
    return dq * w.wq + dk * w.wk + dv * w.wv;
}

}  // namespace

Matrix loss_target(const Trace& trace) {
    NormalStream stream(trace.settings.seed, "loss_target", -1);
    Matrix t(trace.token_count(), trace.settings.dimension);
    for (Eigen::Index i = 0; i < t.rows(); ++i)
        for (Eigen::Index c = 0; c < t.cols(); ++c) t(i, c) = stream.normal();
    return t;
}

double loss(const Trace& trace, const Matrix& target) {
    return 0.5 * (trace.levels.back().vectors - target).squaredNorm() / trace.token_count();
}

Gradients backward(const Trace& t, const Matrix& target) {
    const Settings& s = t.settings;
    const Weights& w = *t.weights;
    Gradients result;
    result.loss = loss(t, target);
    result.sublayers.resize(static_cast<std::size_t>(2 * s.layers));

    // dL/d(output), then through the final norm (pre-norm only).
    Matrix grad = (t.levels.back().vectors - target) / t.token_count();
    if (s.norm == Norm::Pre)
        grad = norm_backward(s.norm_type, t.levels[2 * s.layers].vectors, w.final_norm, grad, t.layer_norm_eps);

    // Sublayers from the top: grad is dL/d(level k's vectors) on entry, dL/d(its input) on exit.
    for (int k = 2 * s.layers; k >= 1; --k) {
        const Level& level = t.levels[k];
        const BlockWeights& block = w.blocks[(k - 1) / 2];
        const LayerNormWeights& norm = level.kind == LevelKind::Attention ? block.norm1 : block.norm2;
        SublayerGradients& g = result.sublayers[k - 1];
        g.level = k;

        // The wiring, undone: the same three cases as forward.cpp's wire().
        const Matrix dsum = s.norm == Norm::Post ? norm_backward(s.norm_type, level.before_norm, norm, grad, t.layer_norm_eps) : grad;
        const Matrix& f_input = s.norm == Norm::Pre ? level.normalized_input : t.input_of(level);
        Matrix df_input = level.kind == LevelKind::Attention
                              ? attention_backward(f_input, block.attention, attention_shape(s), level.attention_weights, dsum, g)
                              : ffn_backward(f_input, block.ffn, s.activation, dsum, g);
        if (s.norm == Norm::Pre) df_input = norm_backward(s.norm_type, t.input_of(level), norm, df_input, t.layer_norm_eps);
        grad = s.residual ? Matrix(dsum + df_input) : df_input;  // the "1" of 1 + F'

        double total = 0.0;
        Eigen::Index count = 0;
        for (const Matrix& m : g.weights) total += m.cwiseAbs().sum(), count += m.size();
        g.mean_abs_weight_gradient = total / static_cast<double>(count);
    }
    return result;
}

}  // namespace tb
