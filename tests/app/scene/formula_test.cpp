// The formula of each wiring and its highlighted term, checked against where the animation puts
// the beads.
#include <cmath>

#include "scene/animation.h"
#include "model/formula.h"
#include "../features_fixture.h"

namespace tb {
namespace {

// The six wirings, as channel.md section 2 writes them (F applied to the normalized input in pre).
TEST(Formula, EveryWiringAsTheChannelWritesIt) {
    struct Case {
        const char* script;
        const char* formula;
    };
    const Case cases[] = {
        {"", "x ← x + F(LN(x))"},
        {"/norme post", "x ← LN(x + F(x))"},
        {"/norme aucune", "x ← x + F(x)"},
        {"/residuel off", "x ← F(LN(x))"},
        {"/residuel off; /norme post", "x ← LN(F(x))"},
        {"/residuel off; /norme aucune", "x ← F(x)"},
    };
    for (const auto& c : cases) EXPECT_EQ(formula_text(sublayer_formula(test::settings(c.script))), c.formula) << c.script;
    EXPECT_EQ(formula_text(sublayer_formula(test::settings("/norme post"), "FFN")), "x ← LN(x + FFN(x))");
}

// Seed 002's table, the three recipes as channel.md section 7 sets them, written by hand.
Settings recipe_2017() {
    Settings s;
    s.norm = Norm::Post, s.norm_type = NormType::LayerNorm, s.position = Position::Sinus, s.activation = Activation::Relu;
    s.heads = s.kv_heads = 2, s.mask = Mask::None, s.residual = true;
    return s;
}
Settings recipe_gpt2() {
    Settings s;
    s.norm = Norm::Pre, s.norm_type = NormType::LayerNorm, s.position = Position::Learned, s.activation = Activation::Gelu;
    s.heads = s.kv_heads = 2, s.mask = Mask::Causal, s.residual = true;
    return s;
}
Settings recipe_llama() {
    Settings s;
    s.norm = Norm::Pre, s.norm_type = NormType::RmsNorm, s.position = Position::Rope, s.activation = Activation::Swiglu;
    s.heads = 4, s.kv_heads = 2, s.mask = Mask::Causal, s.residual = true;
    return s;
}

TEST(Formula, TheBlockOfEachRecipe) {
    EXPECT_EQ(formula_text(block_formula(recipe_2017())), "x ← LN(x + Attn(x)) ; x ← LN(x + W₂ ReLU(W₁x))");
    EXPECT_EQ(formula_text(block_formula(recipe_gpt2())), "x ← x + Attn(LN(x)) ; x ← x + W₂ GELU(W₁ LN(x))");
    EXPECT_EQ(formula_text(block_formula(recipe_llama())),
              "x ← x + Attn_RoPE,GQA(RMSNorm(x)) ; x ← x + W₂(SiLU(W₁ RMSNorm(x)) ⊙ W₃ RMSNorm(x))");
}

TEST(Formula, TheBlockOfEachVariant) {
    Settings s = recipe_gpt2();
    s.position = Position::Alibi;
    EXPECT_EQ(formula_text(block_formula(s)), "x ← x + Attn_ALiBi(LN(x)) ; x ← x + W₂ GELU(W₁ LN(x))");
    s.heads = 4, s.kv_heads = 1;  // MQA: one K/V for every query head
    EXPECT_EQ(formula_text(block_formula(s)), "x ← x + Attn_ALiBi,MQA(LN(x)) ; x ← x + W₂ GELU(W₁ LN(x))");
    s = recipe_gpt2();
    s.heads = 8, s.kv_heads = 2, s.dimension = 16;  // seed 002's 8 query heads over 2 K/V heads
    s.activation = Activation::Geglu;
    s.norm = Norm::None;
    EXPECT_EQ(formula_text(block_formula(s)), "x ← x + Attn_GQA(x) ; x ← x + W₂(GELU(W₁x) ⊙ W₃x)");
    s.residual = false;
    EXPECT_EQ(formula_text(block_formula(s)), "x ← Attn_GQA(x) ; x ← W₂(GELU(W₁x) ⊙ W₃x)");
    s = recipe_llama();
    s.residual = false;
    s.norm = Norm::Post;
    s.kv_heads = 4;  // back to MHA: no subscript but RoPE
    EXPECT_EQ(formula_text(block_formula(s)), "x ← RMSNorm(Attn_RoPE(x)) ; x ← RMSNorm(W₂(SiLU(W₁x) ⊙ W₃x))");
    // The generic sublayer names the norm's type too.
    EXPECT_EQ(formula_text(sublayer_formula(recipe_llama())), "x ← x + F(RMSNorm(x))");
}

// Each piece says which sublayer it belongs to, so the strip lights only the one being crossed.
TEST(Formula, EachPieceBelongsToItsSublayer) {
    std::string attention, ffn, norms;
    for (const auto& p : block_formula(recipe_llama())) {
        if (p.part == Part::Attention && p.term == Term::Sublayer) attention += p.text;
        if (p.part == Part::Ffn && p.term == Term::Sublayer) ffn += p.text;
        if (p.part == Part::Ffn && p.term == Term::Norm) norms += p.text + "|";
    }
    EXPECT_EQ(attention, "AttnRoPE,GQA()");
    EXPECT_EQ(ffn, "W₂(SiLU(W₁ ) ⊙ W₃ )");
    EXPECT_EQ(norms, "RMSNorm(x)|RMSNorm(x)|");
    const Settings s = test::settings("/couches 2");
    EXPECT_EQ(part_of_level(s, 0), Part::Both);
    EXPECT_EQ(part_of_level(s, 1), Part::Attention);
    EXPECT_EQ(part_of_level(s, 4), Part::Ffn);
    EXPECT_EQ(part_of_level(s, 5), Part::Both);
}

TEST(Formula, EachTermIsTaggedWithWhatItDoes) {
    // Pre-norm: "LN(x)" is the band, "F(" ")" the box, " + " the merge.
    const auto pre = sublayer_formula(test::settings());
    std::string norm, sublayer, add;
    for (const auto& p : pre) {
        if (p.term == Term::Norm) norm += p.text;
        if (p.term == Term::Sublayer) sublayer += p.text;
        if (p.term == Term::Add) add += p.text;
    }
    EXPECT_EQ(norm, "LN(x)");
    EXPECT_EQ(sublayer, "F()");
    EXPECT_EQ(add, " + ");
    // No residual: nothing to add; no norm: nothing to normalize.
    for (const auto& p : sublayer_formula(test::settings("/residuel off"))) EXPECT_NE(p.term, Term::Add);
    for (const auto& p : sublayer_formula(test::settings("/norme aucune"))) EXPECT_NE(p.term, Term::Norm);
}

// The highlight follows the beads: where animate() puts them, the term that acts there is lit.
TEST(Formula, ActiveTermFollowsTheBeads) {
    struct Case {
        const char* script;
        float phase;
        enum { Band, PostBand, Box, Merge } where;
        Term term;
    };
    const Case cases[] = {
        {"", 0.20f, Case::Band, Term::Norm},
        {"", 0.45f, Case::Box, Term::Sublayer},
        {"", 0.72f, Case::Merge, Term::Add},
        {"/norme post", 0.45f, Case::Box, Term::Sublayer},
        {"/norme post", 0.71f, Case::Merge, Term::Add},
        {"/norme post", 0.93f, Case::PostBand, Term::Norm},
        {"/norme aucune", 0.72f, Case::Merge, Term::Add},
        {"/residuel off", 0.20f, Case::Band, Term::Norm},
        {"/residuel off", 0.72f, Case::Merge, Term::None},  // no ⊕ without the residual
        {"/residuel off; /norme post", 0.93f, Case::PostBand, Term::Norm},
    };
    for (const auto& c : cases) {
        const Session session = test::session(c.script);
        const Trace& trace = *session.trace();
        const Layout layout = make_layout(trace.settings, test::kArea);
        const int level = 3;  // attention 2
        const FrameRecords frame = animate(trace, layout, level - 1 + c.phase, {});
        ASSERT_EQ(frame.active_level, level);
        const Slot& slot = layout.slots[level];
        const float y = c.where == Case::Band       ? slot.pre_band_y
                        : c.where == Case::PostBand ? slot.post_band_y
                        : c.where == Case::Box      ? slot.box_y
                                                    : slot.merge_y;
        if (c.where == Case::Merge) {  // at ⊕ the bead stands at the tip of its sum, above the box
            EXPECT_LE(frame.beads.back().y, y + 0.5f) << c.script << " phase " << c.phase;
            EXPECT_LT(frame.beads.back().y, layout.box_for_level(level)->rect.y) << c.script << " phase " << c.phase;
        } else {
            EXPECT_NEAR(frame.beads.back().y, y, 0.5f) << c.script << " phase " << c.phase;
        }
        EXPECT_EQ(active_term(trace.settings, level, c.phase), c.term) << c.script << " phase " << c.phase;
    }
    const Settings s = test::settings();
    EXPECT_EQ(active_term(s, 3, 0.f), Term::None);   // at rest
    EXPECT_EQ(active_term(s, 0, 0.45f), Term::None);  // the input is no sublayer
    EXPECT_EQ(active_term(s, s.top_level(), 0.45f), Term::None);
}

}  // namespace
}  // namespace tb
