// Training (core/training/training.h): the backward pass of every setting and variant against central
// differences of an independent forward pass (forward.h's run(), sentence by sentence, and the
// cross-entropy written here), Adam against the formula by hand, the tied embedding's two
// gradients, dense updates, and a resumed run equal to an uninterrupted one.
#include <cmath>
#include <set>

#include "training/corpus.h"
#include "model/forward.h"
#include "model/random.h"
#include "training/training.h"
#include "../support.h"

namespace tb {
namespace {

// Three sentences of 2, 5 and 8 tokens; mot-masque hides one word each (id `mask`), mot-suivant
// predicts every next word.
Batch hand_batch(const Settings& s, int mask) {
    const std::vector<std::vector<int>> sentences = {{5, 9}, {3, 17, 40, 3, 12}, {7, 8, 9, 10, 11, 12, 13, 14}};
    Batch batch;
    for (std::size_t i = 0; i < sentences.size(); ++i) {
        Example e{sentences[i], {}};
        if (s.mask == Mask::Causal) {
            for (std::size_t p = 0; p + 1 < e.ids.size(); ++p) e.targets.emplace_back(static_cast<int>(p), e.ids[p + 1]);
        } else {
            const int p = static_cast<int>(i % e.ids.size());
            e.targets.emplace_back(p, e.ids[static_cast<std::size_t>(p)]);
            e.ids[static_cast<std::size_t>(p)] = mask;
        }
        batch.push_back(e);
    }
    return batch;
}

std::vector<Token> tokens_of(const std::vector<int>& ids) {
    std::vector<Token> out;
    for (int id : ids) out.push_back({"w", id, true});
    return out;
}

// The mean over targets of -log softmax(E h)[id], from run()'s output level: shares nothing
// with core/training's pass but the weights.
double independent_loss(const Settings& s, const Weights& w, const Batch& batch) {
    auto shared = std::make_shared<const Weights>(w);
    double total = 0.0;
    int count = 0;
    for (const Example& e : batch) {
        const Trace t = run(s, tokens_of(e.ids), static_cast<int>(w.token_embedding.rows()), shared);
        for (const auto& [p, id] : e.targets) {
            const Vector z = w.token_embedding * t.levels.back().vectors.row(p).transpose();
            const double max = z.maxCoeff();
            total += std::log((z.array() - max).exp().sum()) + max - z(id);
            ++count;
        }
    }
    return total / count;
}

struct Case {
    const char* script;  // channel commands from the start-up state
};

// Every value of every setting at least once, and the pairs the issue names: RoPE × GQA,
// ALiBi × causal, post × RMSNorm, gated × post, MQA at d 16, learned positions.
const std::vector<Case>& cases() {
    static const std::vector<Case> c = {
        {"/couches 2; /ffn 8"},
        {"/couches 1; /norme post; /normalisation rmsnorm; /position rope; /tetes 4 2; /masque causal; /activation swiglu"},
        {"/couches 2; /norme aucune; /position alibi; /masque causal; /activation relu; /residuel off; /ffn 9"},
        {"/couches 2; /norme post; /activation geglu; /position appris; /residuel off; /ffn 8"},
        {"/couches 1; /dimension 16; /tetes 4 1; /ffn 12; /position aucun"},
        {"/couches 2; /normalisation rmsnorm; /residuel off; /tetes 1; /ffn 8"},
        {"/couches 2; /dimension 16; /norme aucune; /activation geglu; /tetes 8 2; /position rope; /ffn 8"},
        {"/couches 3; /norme post; /masque causal; /position alibi; /ffn 8"},
        {"/couches 1; /normalisation rmsnorm; /position appris; /activation swiglu; /masque causal; /tetes 2 1; /ffn 10"},
    };
    return c;
}

Weights weights_for(const Settings& s, int vocabulary) {
    Weights w = draw_weights(s.seed, vocabulary, s.dimension, s.ffn, s.layers);
    keep_kv_heads(w, s.kv_heads * (s.dimension / s.heads));
    // Away from the start-up values (gain 1, biases 0), so that every term of the gradient shows.
    NormalStream stream(s.seed, "test_perturbation", 0);
    for (const TensorRef& t : trained_tensors(w, s))
        for (long e = 0; e < t.size; ++e) t.data[e] += 0.1 * stream.normal();
    return w;
}

TEST(Training, BackwardMatchesCentralDifferencesOnEveryTensorOfEverySetting) {
    const int V = test::vocabulary()->size();
    std::set<std::string> seen_values;
    for (const Case& c : cases()) {
        const Settings s = test::settings(c.script);
        const Weights w = weights_for(s, V);
        const Batch batch = hand_batch(s, V - 1);
        auto work = make_workspace();
        Weights gradients;
        const double loss = loss_and_gradients(s, w, batch, language_model_loss(w, batch, *work), gradients, *work,
                                               target_rows(batch));
        EXPECT_NEAR(loss, independent_loss(s, w, batch), 1e-10) << c.script;

        Weights moved = w;
        auto analytic = trained_tensors(gradients, s);
        auto params = trained_tensors(moved, s);
        ASSERT_EQ(analytic.size(), params.size());
        for (std::size_t i = 0; i < params.size(); ++i) {
            ASSERT_EQ(analytic[i].full_name(), params[i].full_name());
            // The embedding: the rows the batch reads, the mask's, and a few it never sees.
            std::vector<long> elements;
            if (params[i].full_name() == "token_embedding") {
                for (int row : {3, 5, 9, 12, 40, V - 1, 100, 200, V - 2})
                    for (int f = 0; f < s.dimension; ++f) elements.push_back(row + static_cast<long>(f) * V);
            } else {
                for (long e = 0; e < params[i].size; ++e) elements.push_back(e);
            }
            double worst = 0.0;
            for (long e : elements) {
                const double h = 1e-5, keep = params[i].data[e];
                params[i].data[e] = keep + h;
                const double up = independent_loss(s, moved, batch);
                params[i].data[e] = keep - h;
                const double down = independent_loss(s, moved, batch);
                params[i].data[e] = keep;
                const double numeric = (up - down) / (2 * h);
                const double error = std::abs(analytic[i].data[e] - numeric) / (1e-6 + std::abs(numeric));
                worst = std::max(worst, std::abs(analytic[i].data[e] - numeric) > 1e-8 ? error : 0.0);
            }
            EXPECT_LT(worst, 1e-5) << c.script << " : " << params[i].full_name();
        }
    }
}

TEST(Training, TheBatchedForwardIsTheTracesForward) {
    const int V = test::vocabulary()->size();
    for (const Case& c : cases()) {
        const Settings s = test::settings(c.script);
        const Weights w = weights_for(s, V);
        const Batch batch = hand_batch(s, V - 1);
        auto work = make_workspace();
        const std::vector<double> out = batch_output(s, w, batch, *work);
        auto shared = std::make_shared<const Weights>(w);
        std::size_t row = 0;
        for (const Example& e : batch) {
            const Trace t = run(s, tokens_of(e.ids), V, shared);
            for (int p = 0; p < static_cast<int>(e.ids.size()); ++p, ++row)
                for (int f = 0; f < s.dimension; ++f)
                    EXPECT_NEAR(out[row * s.dimension + f], t.levels.back().vectors(p, f), 1e-11) << c.script;
        }
    }
}

// The embedding is the input table and the output head: its gradient is the sum of both. The
// head's part touches every row; the input's only the rows the batch reads.
TEST(Training, TheTiedEmbeddingGetsBothItsGradients) {
    const Settings s = test::settings("/couches 2");
    const int V = test::vocabulary()->size();
    const Weights w = weights_for(s, V);
    const Batch batch = hand_batch(s, V - 1);
    auto work = make_workspace();
    Weights total;
    loss_and_gradients(s, w, batch, language_model_loss(w, batch, *work), total, *work);
    // The head's part alone: the loss on the same output, without the backward pass.
    const std::vector<double> out = batch_output(s, w, batch, *work);
    Weights head = total;
    head.token_embedding.setZero();
    std::vector<double> d_out(out.size(), 0.0);
    language_model_loss(w, batch, *work)(out.data(), static_cast<int>(out.size()) / s.dimension, s.dimension, d_out.data(), head);
    const Matrix input = total.token_embedding - head.token_embedding;
    std::set<int> read;
    for (const Example& e : batch) read.insert(e.ids.begin(), e.ids.end());
    for (int row = 0; row < V; ++row) {
        EXPECT_GT(head.token_embedding.row(row).norm(), 0.0) << row;
        if (read.count(row)) EXPECT_GT(input.row(row).norm(), 1e-6) << row;
        else EXPECT_LT(input.row(row).norm(), 1e-15) << row;
    }
}

// torch.optim.Adam by hand (lr 0.003, β 0.9 / 0.999, eps 1e-8) on an element starting at 0.7 with
// gradients 0.5, -0.25, 0: m_t = 0.9 m + 0.1 g, v_t = 0.999 v + 0.001 g²,
// w -= lr / (1 - 0.9^t) · m_t / (sqrt(v_t) / sqrt(1 - 0.999^t) + 1e-8). Step 1: 0.7 - 0.003 · 0.5 /
// (0.5 + 1e-8) = 0.69700000006; steps 2 and 3 written from the same formula (a calculator's
// digits). The third gradient is 0, and the element still moves: Adam is dense.
TEST(Training, OneAdamStepIsTheFormulaByHand) {
    const Settings s = test::settings("/couches 1");
    const Weights w = weights_for(s, 20);
    TrainingState state = start_training(w);
    state.weights.blocks[0].attention.bq(1) = 0.7;
    Weights g = w;
    for (const TensorRef& t : trained_tensors(g, s)) std::fill(t.data, t.data + t.size, 0.0);
    const double expected[] = {0.69700000006, 0.6962009889612354, 0.6955833510696241};
    const double gradient[] = {0.5, -0.25, 0.0};
    for (int step = 0; step < 3; ++step) {
        g.blocks[0].attention.bq(1) = gradient[step];
        adam_step(state, g, s, AdamOptions{});
        EXPECT_NEAR(state.weights.blocks[0].attention.bq(1), expected[step], 1e-15) << "step " << step + 1;
    }
    EXPECT_EQ(state.steps, 3);
    // An element whose gradient was always 0 has not moved.
    EXPECT_EQ(state.weights.blocks[0].attention.bq(0), w.blocks[0].attention.bq(0));
}

// A learned position row read at step 1 (an 8-token sentence) and not at step 2 (short ones):
// its gradient at step 2 is exactly 0, and it still moves by its moments.
TEST(Training, AdamIsDenseAnUnreadRowStillMoves) {
    const Settings s = test::settings("/couches 1; /position appris");
    const int V = test::vocabulary()->size();
    TrainingState state = start_training(weights_for(s, V));
    auto work = make_workspace();
    Weights g;
    const Batch first = hand_batch(s, V - 1);
    loss_and_gradients(s, state.weights, first, language_model_loss(state.weights, first, *work), g, *work);
    adam_step(state, g, s, AdamOptions{});
    const Batch second(first.begin(), first.begin() + 2);  // 2 and 5 tokens: position 7 unread
    const Vector before = state.weights.learned_position.row(7);
    loss_and_gradients(s, state.weights, second, language_model_loss(state.weights, second, *work), g, *work);
    EXPECT_EQ(g.learned_position.row(7).norm(), 0.0);
    adam_step(state, g, s, AdamOptions{});
    EXPECT_GT((state.weights.learned_position.row(7).transpose() - before).norm(), 1e-4);
}

std::vector<std::vector<int>> some_sentences() {
    return {{5, 9, 12}, {3, 17, 40, 3, 12}, {7, 8, 9, 10, 11, 12, 13, 14}, {20, 21}, {30, 31, 32, 33}};
}

TEST(Training, BatchesComeFromTheRunsStreamAndFollowTheObjective) {
    const auto sentences = some_sentences();
    Settings s;
    s.batch_size = 7;
    const Batch a = draw_batch(sentences, s, 3, 99), b = draw_batch(sentences, s, 3, 99), c = draw_batch(sentences, s, 4, 99);
    ASSERT_EQ(a.size(), 7u);
    bool differs = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].ids, b[i].ids);
        differs |= a[i].ids != c[i].ids;
        ASSERT_EQ(a[i].targets.size(), 1u);
        const auto [p, id] = a[i].targets[0];
        EXPECT_EQ(a[i].ids[static_cast<std::size_t>(p)], 99);  // <masque> in place
        EXPECT_NE(id, 99);
    }
    EXPECT_TRUE(differs);
    s.mask = Mask::Causal;
    for (const Example& e : draw_batch(sentences, s, 1, 99)) {
        ASSERT_EQ(e.targets.size(), e.ids.size() - 1);
        for (const auto& [p, id] : e.targets) EXPECT_EQ(id, e.ids[static_cast<std::size_t>(p + 1)]);
    }
}

// 20 steps in one go equal 12 then 8 (the state carried over): the same weights, bit for bit.
TEST(Training, AResumedRunEqualsAnUninterruptedOne) {
    const Settings s = test::settings("/couches 2; /masque causal");
    const auto sentences = some_sentences();
    const TrainingSetup setup{s, &sentences, 0, adam_options(s)};
    const Weights start = weights_for(s, 50);
    TrainingState whole = start_training(start), split = start_training(start);
    auto work = make_workspace();
    Weights g;
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(train_step(setup, whole, *work, g).finite);
    for (int i = 0; i < 12; ++i) train_step(setup, split, *work, g);
    TrainingState resumed = split;  // as a second /entrainer finds it
    auto other = make_workspace();
    for (int i = 0; i < 8; ++i) train_step(setup, resumed, *other, g);
    EXPECT_EQ(resumed.steps, 20);
    auto a = trained_tensors(whole.weights, s), b = trained_tensors(resumed.weights, s);
    for (std::size_t i = 0; i < a.size(); ++i)
        for (long e = 0; e < a[i].size; ++e) ASSERT_EQ(a[i].data[e], b[i].data[e]) << a[i].full_name();
}

// The gradients panel's figures along the training: a recorded step's mean |dL/dW| by sublayer is
// that step's gradient (the backward checked above against central differences) at the weights of
// the step before, averaged here by tensor name over the sublayer's matrices (no biases, no norms);
// steps 1 and every 10th are recorded, no other.
TEST(Training, RecordedSublayerGradientsAreTheStepsGradient) {
    const auto sentences = some_sentences();
    for (const Case& c : cases()) {
        const Settings s = test::settings(c.script);
        const TrainingSetup setup{s, &sentences, 49, adam_options(s)};
        TrainingState state = start_training(weights_for(s, 50));
        auto work = make_workspace();
        Weights g, mine;
        for (int step = 1; step <= 20; ++step) {
            const Weights before = state.weights;
            const StepRecord r = train_step(setup, state, *work, g);
            ASSERT_TRUE(r.finite) << c.script;
            if (step != 1 && step % 10 != 0) {
                EXPECT_TRUE(r.sublayer_gradients.empty()) << c.script << " step " << step;
                continue;
            }
            ASSERT_EQ(r.sublayer_gradients.size(), static_cast<std::size_t>(2 * s.layers)) << c.script;
            const Batch batch = draw_batch(sentences, s, step, 49);
            auto scratch = make_workspace();
            loss_and_gradients(s, before, batch, language_model_loss(before, batch, *scratch), mine, *scratch, target_rows(batch));
            std::vector<double> sum(static_cast<std::size_t>(2 * s.layers), 0.0), count(sum.size(), 0.0);
            for (const TensorRef& t : trained_tensors(mine, s)) {
                const std::string name = t.name;
                const bool attention = name == "attention.wq" || name == "attention.wk" || name == "attention.wv" || name == "attention.wo";
                const bool ffn = name == "ffn.w1" || name == "ffn.w2" || name == "ffn.w3";
                if (!attention && !ffn) continue;
                const std::size_t k = static_cast<std::size_t>(2 * t.block + (ffn ? 1 : 0));
                for (long e = 0; e < t.size; ++e) sum[k] += std::abs(t.data[e]);
                count[k] += static_cast<double>(t.size);
            }
            for (std::size_t k = 0; k < sum.size(); ++k)
                EXPECT_NEAR(r.sublayer_gradients[k], sum[k] / count[k], 1e-12 * sum[k] / count[k]) << c.script << " step " << step << " sublayer " << k + 1;
        }
    }
}

// The « fréquences seules » line: the entropy of the targets' words, weighed as a step's loss
// weighs them. By hand: {1 2} and {1 1 3} masked give 1 a share (1/2 + 2/3) / 2 = 7/12, 2 a share
// 1/4 and 3 a share 1/6; as next words 2, 1 and 3 come once each (ln 3).
TEST(Training, FrequencyOnlyLossIsTheEntropyOfTheTargetsWords) {
    const std::vector<std::vector<int>> two = {{1, 2}, {1, 3}};
    EXPECT_NEAR(frequency_only_loss(two, Objective::MaskedWord), 1.5 * std::log(2.0), 1e-12);
    EXPECT_NEAR(frequency_only_loss(two, Objective::NextWord), std::log(2.0), 1e-12);
    const std::vector<std::vector<int>> uneven = {{1, 2}, {1, 1, 3}};
    const double masked = -(7.0 / 12 * std::log(7.0 / 12) + 0.25 * std::log(0.25) + 1.0 / 6 * std::log(1.0 / 6));
    EXPECT_NEAR(frequency_only_loss(uneven, Objective::MaskedWord), masked, 1e-12);
    EXPECT_NEAR(frequency_only_loss(uneven, Objective::NextWord), std::log(3.0), 1e-12);
    // The built-in grammar's 324 training sentences, as counted by a few lines of Python from
    // assets/corpus/grammaire.txt (every 10th sentence held out): 2.7539874 masked, 2.9858270 next.
    const Corpus grammar = *builtin_corpus("grammaire", *test::vocabulary()).corpus;
    ASSERT_EQ(grammar.training.size(), 324u);
    EXPECT_NEAR(frequency_only_loss(grammar.training, Objective::MaskedWord), 2.7539874459, 1e-9);
    EXPECT_NEAR(frequency_only_loss(grammar.training, Objective::NextWord), 2.9858269826, 1e-9);
}

}  // namespace
}  // namespace tb
