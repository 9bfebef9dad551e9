// The inspector panels' data (/panneau): checked against the seeds' numbers and hand
// calculations, and against independent sessions, never against the program's own output.
#include "inspector/inspector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "training/backward.h"
#include "model/predictions.h"
#include "../features_fixture.h"
#include "course/worked_examples.h"

namespace tb {
namespace {

TEST(Inspector, PanelWordsParseCaseAndAccentInsensitive) {
    EXPECT_EQ(parse_panel("attention"), Panel::Attention);
    EXPECT_EQ(parse_panel("NEURONES"), Panel::Neurons);
    EXPECT_EQ(parse_panel("Échelle"), Panel::Scale);
    EXPECT_EQ(parse_panel(" sortie "), Panel::Output);
    EXPECT_EQ(parse_panel("aucun"), Panel::None);
    EXPECT_FALSE(parse_panel("tout"));
    EXPECT_FALSE(parse_panel(""));
    EXPECT_FALSE(parse_panel("\xff\xfe"));
    for (const auto& w : panel_words()) EXPECT_EQ(panel_word(*parse_panel(w)), w);
    EXPECT_EQ(parse_panel("Mémoire"), Panel::Memory);
    EXPECT_EQ(parse_panel("superposition"), Panel::Superposition);
    EXPECT_EQ(parse_panel("Lentille"), Panel::Lens);
    EXPECT_EQ(parse_panel("Génération"), Panel::Generation);
    EXPECT_EQ(parse_panel("graines"), Panel::Sweep);
    EXPECT_EQ(panel_words().size(), 14u);  // thirteen panels (the generation's, issue 36, the sweep's, 37) and aucun
    EXPECT_EQ(parse_panel("RASCHKA"), Panel::Raschka);
    EXPECT_EQ(panel_words().back(), "aucun");
}

TEST(Inspector, VectorParsesTheSeedExample) {
    const VectorParse p = parse_vector("2 4 4 4 5 5 7 9");
    ASSERT_TRUE(p.vector) << p.error;
    ASSERT_EQ(p.vector->size(), 8);
    // Seed 000 C: mu = 5, squared deviations sum 32, sigma² = 4, sigma = 2, x̂_0 = -1.5.
    const LayerNormSteps s = layer_norm_steps(*p.vector);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    EXPECT_DOUBLE_EQ(s.squared_deviations.sum(), 32.0);
    EXPECT_DOUBLE_EQ(s.sigma, 2.0);
    EXPECT_DOUBLE_EQ(s.normalized(0), -1.5);
}

TEST(Inspector, VectorAcceptsDecimalCommaAndSemicolons) {
    const VectorParse p = parse_vector("  1,5; -2\t3e0 ");
    ASSERT_TRUE(p.vector) << p.error;
    ASSERT_EQ(p.vector->size(), 3);
    EXPECT_DOUBLE_EQ((*p.vector)(0), 1.5);
    EXPECT_DOUBLE_EQ((*p.vector)(1), -2.0);
    EXPECT_DOUBLE_EQ((*p.vector)(2), 3.0);
}

TEST(Inspector, VectorRejectsBadInputWithAMessage) {
    for (const char* bad : {"", "1", "2 quatre 4", "nan 1", "inf 2", "1e400 2", "2,4,4 5", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17",
                            "3 1e7"}) {
        const VectorParse p = parse_vector(bad);
        EXPECT_FALSE(p.vector) << bad;
        EXPECT_FALSE(p.error.empty()) << bad;
        EXPECT_FALSE(p.error_en.empty()) << bad;
    }
    EXPECT_NE(parse_vector("2 quatre").error.find("quatre"), std::string::npos);
}

TEST(Inspector, RmsNormOfTheSeedPair) {  // seed 002: [1, 3] -> [1, 3] / sqrt(5)
    const Vector r = rms_norm(*parse_vector("1 3").vector);
    EXPECT_NEAR(r(0), 1 / std::sqrt(5.0), 1e-12);
    EXPECT_NEAR(r(1), 3 / std::sqrt(5.0), 1e-12);
}

// The comparison flips only the wiring: each side equals an independent session in that wiring.
TEST(Inspector, GradientComparisonMatchesTwoSessionsDifferingOnlyInWiring) {
    const Session on = test::session("/couches 6");
    const Session off = test::session("/couches 6; /residuel off");
    const GradientComparison from_on = gradient_comparison(*on.trace());
    const GradientComparison from_off = gradient_comparison(*off.trace());
    const Gradients g_on = backward(*on.trace(), loss_target(*on.trace()));
    const Gradients g_off = backward(*off.trace(), loss_target(*off.trace()));
    ASSERT_EQ(from_on.residual_on.size(), 12u);
    ASSERT_EQ(from_on.residual_off.size(), 12u);
    for (std::size_t k = 0; k < 12; ++k) {
        EXPECT_NEAR(from_on.residual_on[k], g_on.sublayers[k].mean_abs_weight_gradient, 1e-12);
        EXPECT_NEAR(from_on.residual_off[k], g_off.sublayers[k].mean_abs_weight_gradient, 1e-12);
        EXPECT_NEAR(from_off.residual_on[k], from_on.residual_on[k], 1e-12);
        EXPECT_NEAR(from_off.residual_off[k], from_on.residual_off[k], 1e-12);
    }
    EXPECT_NEAR(from_on.loss_on, g_on.loss, 1e-12);
    EXPECT_NEAR(from_on.loss_off, g_off.loss, 1e-12);
    // The "1 + F'" path: the first sublayer keeps far more of the last one's gradient with the residual.
    const double keep_on = from_on.residual_on.front() / from_on.residual_on.back();
    const double keep_off = from_on.residual_off.front() / from_on.residual_off.back();
    EXPECT_GT(keep_on, 1.0);
    EXPECT_GT(keep_on, 4 * keep_off);
}

// "2,7", "1 234" (U+202F groups), "2.7": the number a caption writes.
double read_number(const std::string& text) {
    std::string plain;
    for (char c : text)
        if (std::isdigit(static_cast<unsigned char>(c))) plain += c;
        else if (c == ',' || c == '.') plain += '.';
    return std::stod(plain);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The gradients panel's sentence says only what its figures show, in every wiring it can be shown
// with, over the claim seeds: which of « sans » and « avec » is larger at the first sublayer and by
// how much, each side recomputed from its own session (residual on, residual off).
TEST(Inspector, GradientCaptionNeverContradictsTheFigures) {
    const char* wirings[] = {"/norme pre", "/norme post", "/norme aucune", "/normalisation rmsnorm",
                             "/normalisation rmsnorm; /norme post"};
    int larger = 0, smaller = 0;
    for (int seed : test::claim_seeds())
        for (const char* wiring : wirings)
            for (int layers : {1, 2, 3, 6}) {
                const std::string script = "/graine " + std::to_string(seed) + "; " + wiring + "; /couches " + std::to_string(layers);
                const Session on = test::session(script);
                const Session off = test::session(script + "; /residuel off");
                const double with = backward(*on.trace(), loss_target(*on.trace())).sublayers.front().mean_abs_weight_gradient;
                const double without = backward(*off.trace(), loss_target(*off.trace())).sublayers.front().mean_abs_weight_gradient;
                const double factor = std::max(with, without) / std::min(with, without);
                for (const Session* shown : {&on, &off}) {  // the panel open on either wiring
                    const GradientVerdict v = gradient_verdict(gradient_comparison(*shown->trace()), Language::French);
                    const GradientVerdict en = gradient_verdict(gradient_comparison(*shown->trace()), Language::English);
                    const std::string where = script + (shown == &off ? "; /residuel off" : "") + ": " + v.caption;
                    ASSERT_FALSE(v.factor_text.empty()) << where;
                    const double written = read_number(v.factor_text);
                    EXPECT_NEAR(written, factor, factor < 10 ? 0.05 * factor + 1e-9 : 0.5) << where;
                    EXPECT_TRUE(has(v.caption, " " + v.factor_text + " ") || has(v.caption, " " + v.factor_text + ")")) << where;
                    if (factor >= 1.05) {
                        EXPECT_EQ(v.without_is, without > with ? 1 : -1) << where;
                        EXPECT_TRUE(has(v.caption, without > with ? "fois plus grand qu'avec" : "fois plus petit qu'avec")) << where;
                        EXPECT_TRUE(has(en.caption, without > with ? "times larger than with it" : "times smaller than with it")) << en.caption;
                    } else if (factor < 1.04) {
                        EXPECT_EQ(v.without_is, 0) << where;
                        EXPECT_TRUE(has(v.caption, "à peu près le même")) << where;
                    }
                    EXPECT_FALSE(has(v.caption, "plus grand") && has(v.caption, "plus petit")) << where;
                    EXPECT_TRUE(has(v.caption, "1re sous-couche (attention 1)")) << where;
                }
                larger += without > with * 1.05;
                smaller += without * 1.05 < with;
            }
    // Both happen: a fixed sentence either way would be false somewhere.
    EXPECT_GT(larger, 0);
    EXPECT_GT(smaller, 0);
}

// The issue's own measurement at start-up (L 2, pre, seed 2017): 0,256 without, 0,096 with.
TEST(Inspector, GradientCaptionAtStartUpSaysLarger) {
    const GradientVerdict v = gradient_verdict(gradient_comparison(*test::session().trace()), Language::French);
    EXPECT_EQ(v.without_is, 1);
    EXPECT_EQ(v.caption, "Ici, sans résiduel, le gradient de la 1re sous-couche (attention 1) est 2,7 fois plus grand qu'avec.");
}

// Along the training, the panel's sentence says only what its figures show: the 1st sublayer
// against the last, at the latest record and at step 1, read from the run's figures (the training
// log's, which tests/reference/replay_training.py recomputes), over the claim seeds and every wiring.
TEST(Inspector, TrainingGradientCaptionNeverContradictsTheFigures) {
    const char* wirings[] = {"/norme pre", "/norme post", "/norme aucune", "/normalisation rmsnorm",
                             "/normalisation rmsnorm; /norme post", "/activation swiglu", "/masque causal"};
    int larger = 0, smaller = 0;
    const auto check = [&](const std::vector<double>& m, const std::string& said, const std::string& where) {
        const double first = m.front(), last = m.back();
        const double factor = std::max(first, last) / std::min(first, last);
        // The phrase about this record: its factor, then « plus grand » / « plus petit » / « à peu près le même (rapport …) ».
        const std::string number = said.substr(0, std::min(said.find(" fois"), said.find(')')));
        EXPECT_NEAR(read_number(number), factor, factor < 10 ? 0.05 * factor + 1e-9 : 0.5 + 0.001 * factor) << where;
        if (factor >= 1.05) {
            EXPECT_TRUE(has(said, first > last ? "fois plus grand" : "fois plus petit")) << where;
        } else if (factor < 1.04) {
            EXPECT_TRUE(has(said, "à peu près le même")) << where;
        }
        larger += first > last * 1.05, smaller += first * 1.05 < last;
    };
    for (int seed : test::claim_seeds())
        for (const char* wiring : wirings)
            for (const char* residual : {"on", "off"})
                for (int layers : {1, 2, 6}) {
                    const std::string script = "/graine " + std::to_string(seed) + "; " + wiring + "; /residuel " + residual +
                                               "; /couches " + std::to_string(layers) + "; /entrainer 10";
                    const Session s = test::session(script);
                    std::vector<std::vector<double>> figures;  // the run's records (the log's): steps 1 and 10
                    for (const StepRecord& step : s.training()->steps)
                        if (!step.sublayer_gradients.empty()) figures.push_back(step.sublayer_gradients);
                    ASSERT_EQ(figures.size(), 2u) << script;
                    ASSERT_EQ(figures[0].size(), static_cast<std::size_t>(2 * layers)) << script;
                    const std::string c = training_gradient_caption(gradient_records(s.training()->steps),
                                                                    std::string(residual) == "on", "", Language::French);
                    const std::string where = script + " : " + c;
                    EXPECT_EQ(c.rfind(std::string(residual) == "on" ? "avec résiduel, pas 10 : le gradient de la 1re sous-couche est "
                                                                     : "sans résiduel, pas 10 : le gradient de la 1re sous-couche est ",
                                      0),
                              0u)
                        << where;
                    const std::size_t now = c.find(" est ") + 5, start = c.find("au pas 1, ");
                    ASSERT_NE(start, std::string::npos) << where;
                    check(figures[1], c.substr(now, c.find(" ;") - now), where);
                    check(figures[0], c.substr(start + 10), where);
                    EXPECT_TRUE(has(c, "qu'à la dernière (FFN " + std::to_string(layers) + ")")) << where;
                    const std::string en = training_gradient_caption(gradient_records(s.training()->steps),
                                                                     std::string(residual) == "on", "", Language::English);
                    EXPECT_TRUE(has(en, "step 10: the 1st sublayer's gradient is ")) << en;
                }
    // Both happen: a fixed sentence would be false somewhere.
    EXPECT_GT(larger, 0);
    EXPECT_GT(smaller, 0);
}

// The output panel's top words after training are real predictions: trained on the built-in corpus,
// which says « thomas pesquet est astronaute », the model fills « thomas pesquet est [masque] » with
// « astronaute », far above chance; the probability is the softmax of E·out recomputed here.
TEST(Inspector, OutputTopWordsAfterTrainingAreRealPredictions) {
    const Session s = test::session("/corpus interne; /dimension 16; /ffn 64; /entrainer 2000; /phrase thomas pesquet est [masque]");
    const Trace& t = *s.trace();
    const auto top = top_predictions(t, s.vocabulary(), 5);
    ASSERT_EQ(top.size(), 4u);
    EXPECT_EQ(top[3][0].word, "astronaute");
    const Eigen::VectorXd z = t.weights->token_embedding * t.levels.back().vectors.row(3).transpose();
    double total = 0;
    for (Eigen::Index v = 0; v < z.size(); ++v) total += std::exp(z(v) - z.maxCoeff());
    EXPECT_NEAR(top[3][0].probability, std::exp(z(top[3][0].id) - z.maxCoeff()) / total, 1e-12);
    EXPECT_GT(top[3][0].probability, 50.0 / t.vocabulary_size);  // chance gives each word 1/V
    // The neurons panel's first name for it: the largest activation × (W↓ column · E[astronaute]) of block 2, by hand.
    const std::vector<NeuronPush> pushes = neuron_pushes(t, 2, 3, top[3][0].id);
    const FfnWeights& f = t.weights->blocks[1].ffn;
    int best = -1;
    double most = -1e300;
    for (int k = 0; k < f.w2.cols(); ++k) {
        double align = 0;
        for (int c = 0; c < f.w2.rows(); ++c) align += f.w2(c, k) * t.weights->token_embedding(top[3][0].id, c);
        const double push = t.levels[4].hidden(3, k) * align;
        if (push > most) most = push, best = k;
    }
    ASSERT_FALSE(pushes.empty());
    EXPECT_EQ(pushes.front().neuron, best);
    EXPECT_NEAR(pushes.front().push, most, 1e-12 * (1 + std::abs(most)));
}

// A new sentence with a [masque] opens the FFN panel on it (the word whose pushers are the lesson);
// another sentence without one keeps the reader's choice.
TEST(Inspector, ASentenceWithAMaskChoosesTheMaskedToken) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/phrase thomas pesquet est [masque]").ok);
    EXPECT_EQ(w.features.inspector().state().token, 3);
    w.features.inspector().state().token = 1;
    ASSERT_TRUE(w.run("/phrase le chat dort").ok);
    EXPECT_EQ(w.features.inspector().state().token, 1);
    ASSERT_TRUE(w.run("/phrase le [masque] dort").ok);
    EXPECT_EQ(w.features.inspector().state().token, 1);
    ASSERT_TRUE(w.run("/phrase la petite souris [masque] le chat").ok);
    EXPECT_EQ(w.features.inspector().state().token, 3);
}

TEST(Inspector, ScaleSharesAreTheSeedsFigures) {
    const Session s = test::session();
    const std::vector<ScaleRow> rows = scale_rows(*s.trace());
    ASSERT_EQ(rows.size(), 8u);
    EXPECT_EQ(rows[0].parameters.total, s.trace()->parameters.total);  // the toy, as the top bar counts it
    const ScaleRow& small = rows[1];
    EXPECT_EQ(small.parameters.total, 124439808);
    // Seed 000 F: embeddings 38 597 376 + positions 786 432, "about a third".
    EXPECT_NEAR(small.embeddings_share, (38597376.0 + 786432.0) / 124439808.0, 1e-12);
    EXPECT_NEAR(small.embeddings_share, 1.0 / 3, 0.03);
    // FFN 4 722 432 vs attention 2 362 368 per block: about twice.
    EXPECT_NEAR(small.ffn_over_attention, 4722432.0 / 2362368.0, 1e-12);
    const ScaleRow& gpt3 = rows[5];
    EXPECT_EQ(gpt3.w_up_per_block, 49152LL * 12288LL);  // seed 004: about 604 million
    EXPECT_NEAR(static_cast<double>(gpt3.w_up_per_block), 604e6, 1e6);
    EXPECT_NEAR(gpt3.parameters.total, 175e9, 1e9);
    EXPECT_NEAR(gpt3.ffn_share, 2.0 / 3, 0.02);  // seed 004: ~116 B of ~175 B
    for (const auto& r : rows)
        EXPECT_LT(r.embeddings_share + r.attention_share + r.ffn_share + r.head_share, 1.0 + 1e-12);
    // The Llama presets beside them (cli.md's exact totals), their untied head a part of its own:
    // 32 000 × 4 096 = 131 072 000 and 128 256 × 4 096 = 525 336 576.
    EXPECT_EQ(rows[6].architecture.name, "Llama 2 7B");
    EXPECT_EQ(rows[6].parameters.total, 6738415616);
    EXPECT_NEAR(rows[6].head_share, 131072000.0 / 6738415616.0, 1e-12);
    EXPECT_EQ(rows[7].architecture.name, "Llama 3 8B");
    EXPECT_EQ(rows[7].parameters.total, 8030261248);
    EXPECT_NEAR(rows[7].head_share, 525336576.0 / 8030261248.0, 1e-12);
    EXPECT_EQ(rows[1].head_share, 0.0);  // GPT-2 ties its head to the embeddings
}

TEST(Inspector, ScaleFiguresOfTheSeeds) {
    const ScaleFigures f = scale_figures();
    EXPECT_EQ(f.gpt2_head_dimension, 64);           // seed 000: 768 / 12
    EXPECT_EQ(f.gpt2_total_one_head, 124439808);    // heads change nothing
    EXPECT_EQ(f.gpt2_total, 124439808);
    EXPECT_EQ(f.gpt2_rule_of_thumb, 7077888);       // 12 × 768² = 12 × 589 824
    EXPECT_EQ(f.gpt2_per_block, 7087872);           // seed 000 F: 2 362 368 + 4 722 432 + 3 072
    EXPECT_EQ(f.gpt2_embeddings, 39383808);         // 38 597 376 + 786 432: « 39,4 millions »
    EXPECT_EQ(f.gpt3_w_up, 603979776);              // seed 004: 49 152 × 12 288, « environ 604 millions »
    EXPECT_EQ(f.gpt3_mlp_per_block, 1208020992);    // 2 × 603 979 776 + 49 152 + 12 288: « 1,2 milliard »
    EXPECT_EQ(f.gpt3_mlp_total, 115970015232);      // × 96: « environ 116 milliards »
    EXPECT_EQ(f.toy_attention_d8, 288);             // 4(64 + 8)
    EXPECT_EQ(f.toy_attention_d16, 1088);           // 4(256 + 16)
    EXPECT_EQ(f.toy_square_d8, 256);
    EXPECT_EQ(f.toy_square_d16, 1024);
}

bool has(const std::vector<std::string>& lines, const std::string& piece) {
    for (const auto& l : lines)
        if (l.find(piece) != std::string::npos) return true;
    return false;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

TEST(Inspector, ScaleDetailsWriteTheSeedsFiguresInBothLanguages) {
    const Session s = test::session();
    const std::vector<ScaleRow> rows = scale_rows(*s.trace());
    const std::string g = "\u202F";  // French groups
    const auto small = scale_details(rows, 1, Language::French);
    for (const std::string& piece : std::vector<std::string>{"d_h = d / h = 768 / 12 = 64, même total si h = 1",
                                    "bloc 12d² = 7" + g + "077" + g + "888, exact 7" + g + "087" + g + "872", "117 M corrigé : 124 M",
                                    "total 124" + g + "439" + g + "808", "embeddings 39,4 M = 31,6"})
        EXPECT_TRUE(has(small, piece)) << piece << "\n" << joined(small);
    const auto small_en = scale_details(rows, 1, Language::English);
    for (const char* piece : {"block 12d² = 7,077,888, exact 7,087,872", "embeddings 39.4 M", "corrected: 124 M"})
        EXPECT_TRUE(has(small_en, piece)) << piece << "\n" << joined(small_en);
    const auto gpt3 = scale_details(rows, 5, Language::French);
    for (const std::string& piece : std::vector<std::string>{"W↑ = 49" + g + "152 × 12" + g + "288 ≈ 604,0 M", "1,21 Md un bloc, × 96 ≈ 116,0 Md"})
        EXPECT_TRUE(has(gpt3, piece)) << piece << "\n" << joined(gpt3);
    const auto toy = scale_details(rows, 0, Language::French);
    for (const std::string& piece : std::vector<std::string>{"288 → 1" + g + "088 = × 3,8 avec les biais", "4d² seul (256 → 1" + g + "024)"})
        EXPECT_TRUE(has(toy, piece)) << piece << "\n" << joined(toy);
    EXPECT_TRUE(has(scale_details(rows, 0, Language::English), "288 → 1,088 = × 3.8 with the biases"));
    const auto llama3 = scale_details(rows, 7, Language::French);
    for (const std::string& piece : std::vector<std::string>{"h_kv = 8 (GQA)", "sans biais ; tête V·d = 525" + g + "336" + g + "576",
                                    "total exact 8" + g + "030" + g + "261" + g + "248",
                                    "bloc 218" + g + "112" + g + "000 = 41" + g + "943" + g + "040 + 176" + g + "160" + g + "768 + 8" + g + "192"})
        EXPECT_TRUE(has(llama3, piece)) << piece << "\n" << joined(llama3);
    EXPECT_TRUE(has(scale_details(rows, 6, Language::English), "exact total 6,738,415,616"));
    EXPECT_TRUE(scale_details(rows, 8, Language::French).empty());  // no such row
}

TEST(Inspector, MemoryPanelShapesFromTheLiveSettings) {
    Settings s;
    s.dimension = 16;
    s.heads = 8;
    s.kv_heads = 2;  // seed 002's GQA: d_h = 16 / 8 = 2
    const MemoryPanelData m = memory_panel_data(s, 5, MemoryChoice{});
    EXPECT_EQ(m.head_dimension, 2);
    EXPECT_EQ(m.toy.q, (Shape{1, 8, 5, 2}));
    EXPECT_EQ(m.toy.k, (Shape{1, 2, 5, 2}));
    EXPECT_EQ(m.toy.v, (Shape{1, 2, 5, 2}));
    EXPECT_EQ(m.toy.scores, (Shape{1, 8, 5, 5}));
    EXPECT_EQ(m.toy.output, (Shape{1, 5, 16}));
    // Seed 002's example: batch 2, n 128, d 512, h 8.
    EXPECT_EQ(m.example.q, (Shape{2, 8, 128, 64}));
    EXPECT_EQ(m.example.scores, (Shape{2, 8, 128, 128}));
    EXPECT_EQ(m.example.output, (Shape{2, 128, 512}));
    // 8 × 4096² = 134 217 728 elements, × 2 bytes = 256 × 1024² bytes.
    EXPECT_EQ(m.scores.scores_elements, 134217728);
    EXPECT_EQ(format_bytes(m.scores.scores_fp16_bytes, Language::French), "256\u00A0Mio");
    // The default choice: GPT-2 small at 1 024 tokens, 2 × 12 × 1024 × 768 × 2 bytes = 36 Mio.
    EXPECT_EQ(format_bytes(m.cache.kv_cache_fp16_bytes, Language::French), "36\u00A0Mio");
    // Llama 3 8B at 8 192: 2 × 32 × 8192 × 8 × 128 × 2 bytes = 1 Gio; MHA (32 KV heads) 4 Gio.
    const MemoryPanelData l = memory_panel_data(s, 5, MemoryChoice{"llama3-8b", 8192, 1});
    EXPECT_EQ(l.cache.kv_cache_fp16_bytes, 1073741824);
    EXPECT_EQ(format_bytes(l.cache.kv_cache_fp16_bytes, Language::English), "1 GiB");
    EXPECT_EQ(l.cache.kv_cache_mha_fp16_bytes / l.cache.kv_cache_fp16_bytes, 4);  // h / h_kv = 32 / 8
    // A batch of 4 multiplies the cache by 4.
    EXPECT_EQ(memory_panel_data(s, 5, MemoryChoice{"llama3-8b", 8192, 4}).cache.kv_cache_fp16_bytes, 4 * 1073741824LL);
}

TEST(Inspector, MemoryCountsOutOfRangeAreRefusedInFrench) {
    std::int64_t context = 1024;
    CountEdit e = set_memory_count(context, 0, kMaxMemoryContext, "contexte", "context");
    EXPECT_EQ(context, 1024);  // unchanged
    EXPECT_EQ(e.error, "contexte : un entier de 1 à 1\u202F048\u202F576 (reçu 0)");
    EXPECT_EQ(e.error_en, "context: a whole number from 1 to 1,048,576 (got 0)");
    e = set_memory_count(context, 2000000, kMaxMemoryContext, "contexte", "context");
    EXPECT_EQ(context, 1024);
    EXPECT_FALSE(e.error.empty());
    e = set_memory_count(context, 2048, kMaxMemoryContext, "contexte", "context");
    EXPECT_EQ(context, 2048);
    EXPECT_TRUE(e.error.empty());
}

TEST(Inspector, NeuronReadingIsW1RowAndW2Column) {
    const Session s = test::session();
    const Trace& t = *s.trace();
    const NeuronReading r = read_neuron(t, 2, 1, 5);
    const FfnWeights& w = t.weights->blocks[1].ffn;
    EXPECT_EQ(r.question.size(), 8);
    for (int j = 0; j < 8; ++j) {
        EXPECT_EQ(r.question(j), w.w1(5, j));
        EXPECT_EQ(r.direction(j), w.w2(j, 5));
    }
    EXPECT_EQ(r.activation, t.levels[4].hidden(1, 5));
    // Out-of-range choices are clamped, never read outside the matrices.
    EXPECT_NO_FATAL_FAILURE(read_neuron(t, 9, 99, 999));
}

TEST(Inspector, LayoutsStayInsideTheirArea) {
    const ScreenLayout screen = screen_layout(1600, 900, 1);
    const InspectorLayout open = inspector_layout(screen, true, 25);
    EXPECT_FALSE(open.body.empty());
    EXPECT_TRUE(open.cosine.empty());
    EXPECT_GE(open.body.y, open.tabs.bottom());
    EXPECT_NEAR(open.body.bottom(), 900, 0.5);  // down to the window's bottom
    EXPECT_GE(open.tabs.y, open.profile.bottom() - 0.5f);  // the norm profile stays visible
    EXPECT_GT(open.profile.h, screen.profile.h * 0.5f);
    EXPECT_EQ(inspector_layout(screen, false, 25).profile.h, screen.profile.h);
    const InspectorLayout closed = inspector_layout(screen, false, 25);
    EXPECT_TRUE(closed.body.empty());
    EXPECT_FALSE(closed.cosine.empty());
    EXPECT_FALSE(closed.similarity.empty());
    EXPECT_TRUE(open.similarity.empty());  // the grid gives way to the panel, as the cosine plot does
    EXPECT_TRUE(open.legend.empty());

    const HeatmapLayout h = heatmap_layout(open.body, 8, 2, 60, 70);
    ASSERT_EQ(h.grids.size(), 2u);
    EXPECT_GT(h.cell, 5);
    EXPECT_LE(h.grids[0].right(), h.grids[1].x);
    for (const auto& g : h.grids) {
        EXPECT_GE(g.x, open.body.x);
        EXPECT_LE(g.right(), open.body.right());
        EXPECT_LE(g.bottom(), open.body.bottom());
    }
    const StripLayout strip = neuron_strip_layout(open.body, 64, 50, 19);
    EXPECT_EQ(strip.per_row, 32);
    EXPECT_LE(strip.cell_rect(63).right(), open.body.right());
    EXPECT_GT(strip.cell_rect(32).y, strip.cell_rect(31).y);
    // A tiny window: no negative sizes.
    const InspectorLayout tiny = inspector_layout(screen_layout(200, 150, 1), true, 25);
    EXPECT_GE(tiny.body.w, 0);
    EXPECT_GE(tiny.body.h, 0);
    EXPECT_GE(heatmap_layout(tiny.body, 8, 2, 60, 70).cell, 0);
}

TEST(Inspector, PlayheadLevelIsClamped) {
    const Session s = test::session();
    EXPECT_EQ(playhead_level(*s.trace(), 2.7), 2);
    EXPECT_EQ(playhead_level(*s.trace(), -1), 0);
    EXPECT_EQ(playhead_level(*s.trace(), 99), 5);
    EXPECT_EQ(playhead_level(*s.trace(), std::nan("")), 0);
}

}  // namespace
}  // namespace tb

namespace tb {
namespace {

TEST(Inspector, PanelCommandOpensAndRefusesBadValues) {
    CommandRegistry registry;
    InspectorState state;
    Panel& panel = state.panel;
    registry.add(make_panel_command(state));
    Session s = test::session();
    EXPECT_TRUE(registry.execute(s, "/panneau attention").ok);
    EXPECT_EQ(panel, Panel::Attention);
    EXPECT_TRUE(registry.execute(s, "/Panneau ÉCHELLE").ok);
    EXPECT_EQ(panel, Panel::Scale);
    const CommandResult bad = registry.execute(s, "/panneau tout");
    EXPECT_FALSE(bad.ok);
    EXPECT_NE(bad.message.find("tout"), std::string::npos);
    EXPECT_EQ(panel, Panel::Scale);  // nothing changed
    EXPECT_FALSE(registry.execute(s, "/panneau").ok);
    EXPECT_EQ(panel, Panel::Scale);
    EXPECT_TRUE(registry.execute(s, "/panneau aucun").ok);
    EXPECT_EQ(panel, Panel::None);
}

}  // namespace
}  // namespace tb
