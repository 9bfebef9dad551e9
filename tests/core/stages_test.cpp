// The stage list (stages.h) against channel.md section 2, and the forward pass against the stage
// list: each wiring's arithmetic in the formula's order, the trace fields the stages name filled
// (and only those), every value recomputed here from the formulas.
#include "model/stages.h"

#include <algorithm>
#include <cmath>

#include "model/forward.h"
#include "../support.h"

namespace tb {
namespace {

struct Wiring {
    Norm norm;
    bool residual;
    const char* script;
};
const Wiring kWirings[] = {
    {Norm::Pre, true, "/norme pre; /residuel on"},       {Norm::Pre, false, "/norme pre; /residuel off"},
    {Norm::Post, true, "/norme post; /residuel on"},     {Norm::Post, false, "/norme post; /residuel off"},
    {Norm::None, true, "/norme aucune; /residuel on"},   {Norm::None, false, "/norme aucune; /residuel off"},
};

// The steps that compute, in order; the others only move the bead.
std::vector<Step> arithmetic(const std::vector<Stage>& stages) {
    std::vector<Step> out;
    for (const Step step : steps_of(stages))
        if (step == Step::Normalize || step == Step::Inner || step == Step::Add || step == Step::PostNormalize)
            out.push_back(step);
    return out;
}

// (x - mean) / sqrt(var + eps) by row, biased variance: the LayerNorm at initialization.
Matrix layer_norm_by_hand(const Matrix& x) {
    Matrix y(x.rows(), x.cols());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double mean = x.row(i).mean();
        const double var = (x.row(i).array() - mean).square().mean();
        y.row(i) = (x.row(i).array() - mean) / std::sqrt(var + 1e-5);
    }
    return y;
}

double max_difference(const Matrix& a, const Matrix& b) {
    EXPECT_EQ(a.rows(), b.rows());
    EXPECT_EQ(a.cols(), b.cols());
    if (a.rows() != b.rows() || a.cols() != b.cols()) return 1e9;
    return (a - b).cwiseAbs().maxCoeff();
}

TEST(Stages, EachWiringComputesItsFormulaInOrder) {
    // pre: x + F(LN(x)); post: LN(x + F(x)); aucune: x + F(x); residual off drops "x +".
    using S = Step;
    const std::vector<Step> expected[] = {
        {S::Normalize, S::Inner, S::Add}, {S::Normalize, S::Inner},      {S::Inner, S::Add, S::PostNormalize},
        {S::Inner, S::PostNormalize},     {S::Inner, S::Add},            {S::Inner},
    };
    for (std::size_t w = 0; w < 6; ++w) {
        const std::vector<Stage> stages = sublayer_stages(kWirings[w].norm, kWirings[w].residual);
        EXPECT_EQ(arithmetic(stages), expected[w]) << kWirings[w].script;
        EXPECT_EQ(has_step(stages, Step::Add), kWirings[w].residual) << kWirings[w].script;
        EXPECT_EQ(has_step(stages, Step::Hold), !kWirings[w].residual) << kWirings[w].script;
        // F is entered, computed, then left, in that order, once.
        const std::vector<Step> steps = steps_of(stages);
        const auto at = [&](Step s) { return std::find(steps.begin(), steps.end(), s) - steps.begin(); };
        EXPECT_LT(at(Step::Enter), at(Step::Inner));
        EXPECT_EQ(at(Step::Inner) + 1, at(Step::Output)) << kWirings[w].script;
    }
    // The output: the final LayerNorm in pre-norm only (as GPT-2).
    EXPECT_EQ(arithmetic(output_stages(Norm::Pre)), std::vector<Step>{Step::Normalize});
    EXPECT_TRUE(arithmetic(output_stages(Norm::Post)).empty());
    EXPECT_TRUE(arithmetic(output_stages(Norm::None)).empty());
}

TEST(Stages, TheyFillTheSublayerFromZeroToOneGoingUp) {
    std::vector<std::vector<Stage>> lists;
    for (const Wiring& w : kWirings) lists.push_back(sublayer_stages(w.norm, w.residual));
    for (const Norm norm : {Norm::Pre, Norm::Post, Norm::None}) lists.push_back(output_stages(norm));
    for (const auto& stages : lists) {
        ASSERT_FALSE(stages.empty());
        EXPECT_EQ(stages.front().begin, 0.f);
        EXPECT_EQ(stages.back().end, 1.f);
        EXPECT_EQ(stages.back().place, Place::End);
        EXPECT_EQ(stages.back().shows, Field::Vectors);  // at the top: the level's vectors
        for (std::size_t i = 0; i < stages.size(); ++i) {
            EXPECT_LT(stages[i].begin, stages[i].end);
            if (i == 0) continue;
            EXPECT_EQ(stages[i].begin, stages[i - 1].end) << "row " << i;
            EXPECT_GE(stages[i].place, stages[i - 1].place) << "row " << i << ": a bead never goes down";
        }
    }
}

TEST(Stages, ResidualOffKeepsTheTempoWithAHoldWhereTheAddWas) {
    for (const Norm norm : {Norm::Pre, Norm::Post, Norm::None}) {
        const std::vector<Stage> on = sublayer_stages(norm, true), off = sublayer_stages(norm, false);
        ASSERT_EQ(on.size(), off.size());
        const Window add = window_of(on, Step::Add), hold = window_of(off, Step::Hold);
        EXPECT_EQ(add.begin, hold.begin);
        EXPECT_EQ(add.end, hold.end);
        EXPECT_EQ(window_of(off, Step::Add).end, 0.f);  // absent
        for (std::size_t i = 0; i < on.size(); ++i) {
            EXPECT_EQ(on[i].end, off[i].end);
            EXPECT_EQ(on[i].place, off[i].place);
        }
    }
}

TEST(Stages, WhatTheBeadShowsFollowsTheArithmetic) {
    for (const Wiring& w : kWirings) {
        const std::vector<Stage> stages = sublayer_stages(w.norm, w.residual);
        for (std::size_t i = 0; i < stages.size(); ++i) {
            const Stage& s = stages[i];
            const bool last_row = i + 1 == stages.size() || stages[i + 1].step != s.step;
            SCOPED_TRACE(std::string(w.script) + ", row " + std::to_string(i));
            if (s.step == Step::Rise || (s.step == Step::Enter && w.norm != Norm::Pre)) {
                EXPECT_EQ(s.shows, Field::Input);
            }
            if (s.step == Step::Normalize && last_row) {
                EXPECT_EQ(s.shows, Field::NormalizedInput);
            }
            if (s.step == Step::Inner || s.step == Step::Output) {
                EXPECT_EQ(s.shows, Field::SublayerOutput);
            }
            if (s.step == Step::Add || s.step == Step::Hold) {  // post: x + F(x) waits for its LN
                EXPECT_EQ(s.shows, w.norm == Norm::Post ? Field::BeforeNorm : Field::Vectors);
            }
            if (s.step == Step::PostNormalize && last_row) {
                EXPECT_EQ(s.shows, Field::Vectors);
            }
        }
    }
}

TEST(Stages, EachInstantBelongsToOneStageWhichOwnsItsEnd) {
    const std::vector<Stage> pre = sublayer_stages(Norm::Pre, true), post = sublayer_stages(Norm::Post, true);
    EXPECT_EQ(stage_at(pre, 0.f), nullptr);  // at rest
    EXPECT_EQ(stage_at(pre, 1.5f), nullptr);
    ASSERT_NE(stage_at(pre, 1.f), nullptr);
    EXPECT_EQ(stage_at(pre, 1.f)->step, Step::Leave);
    // The instant the bead reaches the band centre (pre) or the post band belongs to the norm.
    for (const Stage& s : pre) {
        if (s.place == Place::Band) {
            EXPECT_EQ(stage_at(pre, s.end)->step, Step::Normalize);
        }
    }
    for (const Stage& s : post) {
        if (s.place == Place::PostBand) {
            EXPECT_EQ(stage_at(post, s.end)->step, Step::PostNormalize);
        }
    }
    for (float p = 0.005f; p < 1.f; p += 0.01f) EXPECT_NE(stage_at(pre, p), nullptr) << p;
    // The box shows its inside over the whole inner step.
    const Window inner = window_of(pre, Step::Inner), inside = inside_window(pre);
    EXPECT_LE(inside.begin, inner.begin);
    EXPECT_GE(inside.end, inner.end);
}

// The forward pass against the stages, for each wiring: the fields a stage names are filled and
// hold what the formula says; the others stay empty.
TEST(Stages, TheForwardPassIsWiredAsTheStagesSay) {
    for (const Wiring& w : kWirings)
        for (const int d : {8, 16}) {
            const std::string script = std::string(w.script) + "; /couches 3; /dimension " + std::to_string(d);
            SCOPED_TRACE(script);
            const auto t = test::session(script).trace();
            const std::vector<Stage> stages = sublayer_stages(w.norm, w.residual);
            for (int k = 1; k <= 6; ++k) {
                const Level& level = t->levels[static_cast<std::size_t>(k)];
                const Matrix& x = t->input_of(level);
                EXPECT_EQ(level.normalized_input.size() != 0, has_step(stages, Step::Normalize)) << "level " << k;
                EXPECT_EQ(level.before_norm.size() != 0, has_step(stages, Step::PostNormalize)) << "level " << k;
                ASSERT_EQ(level.sublayer_output.rows(), t->token_count());
                // F reads LN(x) where a Normalize stage comes first, else x.
                const Matrix& f_input = has_step(stages, Step::Normalize) ? level.normalized_input : x;
                if (has_step(stages, Step::Normalize)) {
                    EXPECT_LT(max_difference(level.normalized_input, layer_norm_by_hand(x)), 1e-12);
                }
                if (level.kind == LevelKind::Attention) {
                    const auto& weights = t->weights->blocks[static_cast<std::size_t>(level.block - 1)].attention;
                    EXPECT_LT(max_difference(attention(f_input, weights, 2).output, level.sublayer_output), 1e-12);
                }
                // Then x + F (Add) or F alone, then LN where a PostNormalize stage follows.
                const Matrix sum = has_step(stages, Step::Add) ? Matrix(x + level.sublayer_output) : level.sublayer_output;
                const Matrix expected = has_step(stages, Step::PostNormalize) ? layer_norm_by_hand(sum) : sum;
                EXPECT_LT(max_difference(level.vectors, expected), 1e-12) << "level " << k;
                if (has_step(stages, Step::PostNormalize)) {
                    EXPECT_LT(max_difference(level.before_norm, sum), 1e-12) << "level " << k;
                }
            }
            // The output level: LN of the last sublayer's stream where its stages normalize.
            const Matrix& last = t->levels[6].vectors;
            const Matrix& out = t->levels[7].vectors;
            if (has_step(output_stages(w.norm), Step::Normalize)) {
                EXPECT_LT(max_difference(out, layer_norm_by_hand(last)), 1e-12);
            } else {
                EXPECT_EQ(out, last);
            }
        }
}

// Where a norm stage ends, the bead shows a vector of norm sqrt(d) (gain 1, bias 0: seed 000 C);
// post-norm's last stage, the level's vectors, too.
TEST(Stages, WhereANormStageEndsTheVectorHasNormRootD) {
    for (const Wiring& w : kWirings)
        for (const int d : {8, 16}) {
            const std::string script = std::string(w.script) + "; /couches 2; /dimension " + std::to_string(d);
            const auto t = test::session(script).trace();
            const std::vector<Stage> stages = sublayer_stages(w.norm, w.residual);
            int checked = 0;
            for (int k = 1; k <= 4; ++k) {
                const Level& level = t->levels[static_cast<std::size_t>(k)];
                const Level& below = t->levels[static_cast<std::size_t>(k - 1)];
                for (const Stage& s : stages) {
                    if (s.step != Step::Normalize && s.step != Step::PostNormalize) continue;
                    if (s.shows == Field::Input || s.shows == Field::BeforeNorm) continue;  // on its way to the band
                    ++checked;
                    const Vector norms = token_norms(field_of(level, below, s.shows));
                    for (Eigen::Index i = 0; i < norms.size(); ++i)
                        EXPECT_NEAR(norms(i), std::sqrt(static_cast<double>(d)), 1e-3) << script << " level " << k;
                }
            }
            EXPECT_EQ(checked > 0, w.norm != Norm::None) << script;
            for (int k = 1; k <= 4 && w.norm == Norm::Post; ++k) {
                const Vector norms = token_norms(t->levels[static_cast<std::size_t>(k)].vectors);
                EXPECT_NEAR(norms.maxCoeff(), std::sqrt(double(d)), 1e-3);
                EXPECT_NEAR(norms.minCoeff(), std::sqrt(double(d)), 1e-3);
            }
        }
}

}  // namespace
}  // namespace tb
