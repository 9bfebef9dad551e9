#include "model/stages.h"

namespace tb {
namespace {

// Residual on; residual off is the same path with Hold for Add (sublayer_stages). Every wiring
// keeps one tempo (the box from 0.28 to 0.655, ⊕ from 0.70) with three holds a class can follow:
// in the band (LN turns the bead to its √d size), in the box (the attention weights or the hidden
// activations, 0.6 s at the default 1.8 s a sublayer; then F waits while the copies reach their
// ⊕) and at ⊕ (x and F add tip to tail).
// Pre-norm: x <- x + F(LN(x)).
const std::vector<Stage> kPreNorm = {
    // step             begin  end    the bead goes to      and shows
    {Step::Rise,        0.00f, 0.07f, Place::BelowBand,     Field::Input},
    {Step::Normalize,   0.07f, 0.11f, Place::Band,          Field::Input},
    {Step::Normalize,   0.11f, 0.21f, Place::Band,          Field::NormalizedInput},
    {Step::Normalize,   0.21f, 0.25f, Place::BoxEdge,       Field::NormalizedInput},
    {Step::Enter,       0.25f, 0.28f, Place::Box,           Field::NormalizedInput},
    {Step::Inner,       0.28f, 0.62f, Place::Box,           Field::SublayerOutput},
    {Step::Output,      0.62f, 0.655f, Place::Box,          Field::SublayerOutput},
    {Step::Output,      0.655f, 0.70f, Place::Merge,        Field::SublayerOutput},
    {Step::Add,         0.70f, 0.90f, Place::Merge,         Field::Vectors},
    {Step::Leave,       0.90f, 1.00f, Place::End,           Field::Vectors},
};

// Post-norm: x <- LN(x + F(x)).
const std::vector<Stage> kPostNorm = {
    {Step::Rise,          0.00f, 0.25f, Place::BoxEdge,       Field::Input},
    {Step::Enter,         0.25f, 0.28f, Place::Box,           Field::Input},
    {Step::Inner,         0.28f, 0.62f, Place::Box,           Field::SublayerOutput},
    {Step::Output,        0.62f, 0.655f, Place::Box,          Field::SublayerOutput},
    {Step::Output,        0.655f, 0.70f, Place::Merge,        Field::SublayerOutput},
    {Step::Add,           0.70f, 0.86f, Place::Merge,         Field::BeforeNorm},
    {Step::PostNormalize, 0.86f, 0.89f, Place::PostBand,      Field::BeforeNorm},
    {Step::PostNormalize, 0.89f, 0.98f, Place::PostBand,      Field::Vectors},
    {Step::Leave,         0.98f, 1.00f, Place::End,           Field::Vectors},
};

// No norm: x <- x + F(x).
const std::vector<Stage> kNoNorm = {
    {Step::Rise,        0.00f, 0.25f, Place::BoxEdge,       Field::Input},
    {Step::Enter,       0.25f, 0.28f, Place::Box,           Field::Input},
    {Step::Inner,       0.28f, 0.62f, Place::Box,           Field::SublayerOutput},
    {Step::Output,      0.62f, 0.655f, Place::Box,          Field::SublayerOutput},
    {Step::Output,      0.655f, 0.70f, Place::Merge,        Field::SublayerOutput},
    {Step::Add,         0.70f, 0.90f, Place::Merge,         Field::Vectors},
    {Step::Leave,       0.90f, 1.00f, Place::End,           Field::Vectors},
};

// The output level: the final LayerNorm of pre-norm, or straight up to the top.
const std::vector<Stage> kFinalNorm = {
    {Step::Rise,        0.00f, 0.25f, Place::BelowBand,     Field::Input},
    {Step::Normalize,   0.25f, 0.50f, Place::Band,          Field::Vectors},
    {Step::Leave,       0.50f, 1.00f, Place::End,           Field::Vectors},
};
const std::vector<Stage> kPassThrough = {
    {Step::Leave,       0.00f, 1.00f, Place::End,           Field::Vectors},
};

std::vector<Stage> without_residual(std::vector<Stage> stages) {
    for (Stage& stage : stages)
        if (stage.step == Step::Add) stage.step = Step::Hold;
    return stages;
}
const std::vector<Stage> kPreNormOff = without_residual(kPreNorm), kPostNormOff = without_residual(kPostNorm),
                         kNoNormOff = without_residual(kNoNorm);

}  // namespace

const std::vector<Stage>& sublayer_stages(Norm norm, bool residual) {
    switch (norm) {
        case Norm::Pre: return residual ? kPreNorm : kPreNormOff;
        case Norm::Post: return residual ? kPostNorm : kPostNormOff;
        case Norm::None: break;
    }
    return residual ? kNoNorm : kNoNormOff;
}

const std::vector<Stage>& sublayer_stages(const Settings& settings) {
    return sublayer_stages(settings.norm, settings.residual);
}

const std::vector<Stage>& output_stages(Norm norm) { return norm == Norm::Pre ? kFinalNorm : kPassThrough; }

bool has_step(const std::vector<Stage>& stages, Step step) {
    for (const Stage& stage : stages)
        if (stage.step == step) return true;
    return false;
}

Window window_of(const std::vector<Stage>& stages, Step step) {
    Window w;
    bool found = false;
    for (const Stage& stage : stages) {
        if (stage.step != step) continue;
        if (!found) w.begin = stage.begin;
        w.end = stage.end;
        found = true;
    }
    return w;
}

std::vector<Step> steps_of(const std::vector<Stage>& stages) {
    std::vector<Step> steps;
    for (const Stage& stage : stages)
        if (steps.empty() || steps.back() != stage.step) steps.push_back(stage.step);
    return steps;
}

const Stage* stage_at(const std::vector<Stage>& stages, float phase) {
    for (const Stage& stage : stages)
        if (phase > stage.begin && phase <= stage.end) return &stage;
    return nullptr;
}

Window inside_window(const std::vector<Stage>& stages) {
    const Window inner = window_of(stages, Step::Inner);
    if (!has_step(stages, Step::Inner)) return inner;
    return {inner.begin - kInsideLead, inner.end + kInsideLinger};
}

const Matrix& field_of(const Level& level, const Level& below, Field field) {
    const Matrix* m = &level.vectors;
    switch (field) {
        case Field::Input: return below.vectors;
        case Field::NormalizedInput: return level.normalized_input.size() ? level.normalized_input : below.vectors;
        case Field::SublayerOutput: m = &level.sublayer_output; break;
        case Field::BeforeNorm: m = &level.before_norm; break;
        case Field::Vectors: break;
    }
    return m->size() ? *m : level.vectors;
}

}  // namespace tb
