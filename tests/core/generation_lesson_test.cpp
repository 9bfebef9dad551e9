// The generation lesson (assets/lessons/generation.txt): it opens, and every claim it makes holds
// over 33 seeds (1 to 32 and the start-up 2017) in the state its step shows: the seed set after
// /reinit, then the lesson's own commands. Expected figures come from the formulas the lesson
// states, written here (2·L·n·h_kv·d_h, 2·L·n·d, softmax(z / T) by plain loops), and from the
// commands the lesson suggests (the next /generer's line, /generer's refusal).
#include <cmath>
#include <string>
#include <vector>

#include "../support.h"
#include "base/numbers.h"
#include "course/lesson.h"
#include "course/lesson_text.h"
#include "model/generation.h"

namespace tb {
namespace {

using test::registry;

const Lesson& lesson() {
    static const Lesson l = [] {
        const LessonParse p = read_lesson_file(TB_ASSETS_DIR "/lessons/generation.txt", test::session());
        EXPECT_TRUE(p.ok()) << p.error.message;
        return p.ok() ? *p.lesson : Lesson{};
    }();
    return l;
}

std::string all_text(const LessonStep& s) {
    return s.question_fr + " " + s.text_fr + " " + s.answer_fr + " | " + s.question_en + " " + s.text_en + " " + s.answer_en;
}
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
std::string fill(const std::string& text, const Session& s) { return fill_lesson_text(text, *s.trace(), Language::French); }

// The largest probability of softmax(z / T), by plain loops.
double top_probability(const Vector& z, double t) {
    double largest = z(0), sum = 0, top = 0;
    for (Eigen::Index i = 1; i < z.size(); ++i) largest = std::max(largest, z(i));
    for (Eigen::Index i = 0; i < z.size(); ++i) sum += std::exp((z(i) - largest) / t);
    for (Eigen::Index i = 0; i < z.size(); ++i) top = std::max(top, std::exp((z(i) - largest) / t) / sum);
    return top;
}

// The last position's logits, by plain loops: z_v = Σ_j E[v][j] · h[j].
Vector logits_by_hand(const Trace& t) {
    const Matrix& e = t.weights->token_embedding;
    const auto h = t.levels.back().vectors.row(t.token_count() - 1);
    Vector z(e.rows());
    for (Eigen::Index v = 0; v < e.rows(); ++v) {
        double sum = 0;
        for (Eigen::Index j = 0; j < e.cols(); ++j) sum += e(v, j) * h(j);
        z(v) = sum;
    }
    return z;
}

// Runs step `index`; the replies, all of which must be ok.
std::string run_step(int index, Session& s) {
    std::string said;
    for (const auto& r : run_lesson_step(lesson(), index, registry(), s)) {
        EXPECT_TRUE(r.ok) << r.message;
        said += r.message + "\n";
    }
    return said;
}

TEST(GenerationLesson, OpensAndAsksBeforeItShows) {
    ASSERT_EQ(lesson().steps.size(), 6u);
    for (int i : {1, 2, 3, 4}) EXPECT_FALSE(lesson().steps[static_cast<std::size_t>(i)].question_fr.empty()) << i;
    int trained = 0;
    for (const LessonStep& step : lesson().steps)
        for (const auto& c : step.commands)
            if (c.text.rfind("/entrainer ", 0) == 0) trained += std::stoi(c.text.substr(11));
    EXPECT_EQ(trained, 300);  // the text says « 300 pas »
    EXPECT_TRUE(has(all_text(lesson().steps[0]), "300 pas"));
}

// Every claim, seed by seed, in one pass (the training is the long part: 300 steps a seed).
TEST(GenerationLesson, EveryClaimHoldsForEverySeed) {
    for (int seed : test::claim_seeds()) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Session s = test::session("/reinit; /graine " + std::to_string(seed));
        run_step(0, s);
        EXPECT_EQ(s.trained_steps(), 300);
        EXPECT_EQ(s.settings().sentence, "le chat");

        // « Trois mots dans le cache »: 2·L·positions·h_kv·d_h at L 2, 3 positions, h_kv 2, d_h 8/2.
        // « celui-ci disait 2 · {L} · 2 · {h_kv} · {d_h} »: two positions held when word 1 was chosen.
        EXPECT_TRUE(has(run_step(1, s), "cache : " + std::to_string(2 * 2 * 2 * 2 * 4) + " éléments"));
        ASSERT_EQ(s.trace()->token_count(), 3);
        EXPECT_EQ(fill("{cache_kv}", s), std::to_string(2 * 2 * 3 * 2 * 4));
        EXPECT_EQ(fill("{L} {n} {h_kv} {d_h}", s), "2 3 2 4");
        Session next = s;
        const CommandResult line = registry().execute(next, "/generer 1");  // « Le prochain /generer 1 affiche »
        ASSERT_TRUE(line.ok) << line.message;
        EXPECT_TRUE(has(line.message, "cache : " + fill("{cache_kv}", s) + " éléments")) << line.message;

        // « La température »: the logits do not move, the top probability falls as T rises.
        run_step(2, s);
        EXPECT_EQ(s.generation().temperature, 2.0);
        const Vector z = logits_by_hand(*s.trace());
        const double p05 = top_probability(z, 0.5), p1 = top_probability(z, 1.0), p2 = top_probability(z, 2.0);
        EXPECT_GT(p05, p1);
        EXPECT_GT(p1, p2);
        EXPECT_LT(p2, 1.0);  // « à T = 2, /generer tire plus souvent un autre mot »: 1 − p2 > 0, greedy's 0
        EXPECT_EQ(fill("{p_max_t05} {p_max_t1} {p_max_t2}", s),
                  format_significant(p05, 3, Language::French) + " " + format_significant(p1, 3, Language::French) + " " +
                      format_significant(p2, 3, Language::French));
        EXPECT_EQ(fill("{logit_max}", s), format_significant(z.maxCoeff(), 3, Language::French));
        Session greedy = s, warm = s, warm_again = s;
        ASSERT_TRUE(registry().execute(greedy, "/temperature 0").ok);
        for (Session* g : {&greedy, &warm, &warm_again}) ASSERT_TRUE(registry().execute(*g, "/generer 1").ok);
        const GenerationStep &a = greedy.generation().last->steps[0], &b = warm.generation().last->steps[0];
        EXPECT_EQ((a.logits - b.logits).cwiseAbs().maxCoeff(), 0.0);  // « jamais les logits »
        EXPECT_NEAR(b.logits.maxCoeff(), z.maxCoeff(), 1e-12);
        EXPECT_EQ(warm.settings().sentence, warm_again.settings().sentence);  // « redonnent les mêmes mots »

        // « GQA »: /tetes 4 1 divides the cache by h / h_kv = 4: 2·2·3·1·2 against MHA's 2·2·3·8.
        run_step(3, s);
        EXPECT_EQ(fill("{h} {h_kv} {d_h} {division_gqa}", s), "4 1 2 4");
        EXPECT_EQ(fill("{cache_kv} {cache_mha}", s), std::to_string(2 * 2 * 3 * 1 * 2) + " " + std::to_string(2 * 2 * 3 * 8));

        // « Pourquoi le masque causal »: the refusal quotes the change the answer shows, never zero
        // without the mask; with it, zero up to rounding.
        run_step(4, s);
        const CommandResult refused = registry().execute(s, "/generer 1");
        EXPECT_FALSE(refused.ok);
        const std::string change = fill("{changement_precedentes}", s);
        EXPECT_TRUE(has(refused.message, "changerait la sortie d'une position précédente de " + change)) << refused.message;
        EXPECT_NE(change, "0,0\u00A0%");
        std::vector<int> ids;
        for (const Token& t : s.trace()->tokens) ids.push_back(t.id);
        const Trace& t = *s.trace();
        EXPECT_GT(earlier_positions_change(t.settings, ids, 5, t.vocabulary_size, t.weights), 1e-3);
        Settings causal = t.settings;
        causal.mask = Mask::Causal;
        EXPECT_LT(earlier_positions_change(causal, ids, 5, t.vocabulary_size, t.weights), 1e-12);
    }
}

TEST(GenerationLesson, SaysWhatTheClaimsTestChecks) {
    const std::string cache = all_text(lesson().steps[1]), temperature = all_text(lesson().steps[2]);
    const std::string gqa = all_text(lesson().steps[3]), mask = all_text(lesson().steps[4]);
    EXPECT_TRUE(has(cache, "2 · {L} · {n} · {h_kv} · {d_h} = {cache_kv}"));
    EXPECT_TRUE(has(cache, "affiche « cache : {cache_kv} éléments »"));
    EXPECT_TRUE(has(cache, "disait 2 · {L} · 2 · {h_kv} · {d_h}"));
    // « un verbe puis un article pour chacune des 24 graines de 1 à 24 »: ctest docs.training_table reruns
    // the step's commands on those seeds (tools/training_table.py fails if one of them does not).
    EXPECT_TRUE(has(all_text(lesson().steps[5]), "/tetes 2 2, /temperature 0, /entrainer 1000, /phrase le chat puis /generer 2"));
    EXPECT_TRUE(has(all_text(lesson().steps[5]), "pour chacune des 24 graines de 1 à 24"));
    EXPECT_TRUE(has(temperature, "Jamais les logits"));
    EXPECT_TRUE(has(temperature, "Never the logits"));
    EXPECT_TRUE(has(temperature, "{p_max_t05} à T = 0,5, {p_max_t1} à T = 1, {p_max_t2} à T = 2"));
    EXPECT_TRUE(has(gqa, "h / h_kv = {division_gqa}"));
    EXPECT_TRUE(has(mask, "ici {changement_precedentes} au plus"));
    EXPECT_TRUE(has(mask, "nul aux arrondis près"));
}

}  // namespace
}  // namespace tb
