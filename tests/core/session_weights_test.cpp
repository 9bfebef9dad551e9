// Sessions keep their trained weights (issue 31): written as the trace writes weights, read back
// bit for bit, opened at once whatever the number of steps, both sides of A/B; the largest file fits
// the size limit; the fuzz corpus's seeds of the format open to the numbers written in them; a file
// with bad weights is refused and changes nothing.
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "files/session_file.h"
#include "model/trace_json.h"
#include "model/weights_reader.h"
#include "../support.h"

namespace tb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path scratch(const std::string& name) { return test::scratch("tb_session_weights", name); }

template <class T>
bool same_bits(const T& a, const T& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() && std::memcmp(a.data(), b.data(), sizeof(double) * a.size()) == 0;
}

// Every tensor, the ones the settings leave out included, bit for bit.
void expect_same_weights(const Weights& a, const Weights& b, const std::string& what) {
    EXPECT_EQ(a.seed, b.seed) << what;
    EXPECT_TRUE(same_bits(a.token_embedding, b.token_embedding)) << what;
    EXPECT_TRUE(same_bits(a.learned_position, b.learned_position)) << what;
    EXPECT_TRUE(same_bits(a.final_norm.gain, b.final_norm.gain) && same_bits(a.final_norm.bias, b.final_norm.bias)) << what;
    ASSERT_EQ(a.blocks.size(), b.blocks.size()) << what;
    for (std::size_t i = 0; i < a.blocks.size(); ++i) {
        const BlockWeights &x = a.blocks[i], &y = b.blocks[i];
        for (const auto& [m, n] : {std::pair{&x.attention.wq, &y.attention.wq}, {&x.attention.wk, &y.attention.wk},
                                   {&x.attention.wv, &y.attention.wv}, {&x.attention.wo, &y.attention.wo},
                                   {&x.ffn.w1, &y.ffn.w1}, {&x.ffn.w2, &y.ffn.w2}, {&x.ffn.w3, &y.ffn.w3}})
            EXPECT_TRUE(same_bits(*m, *n)) << what << ", block " << i;
        for (const auto& [u, v] : {std::pair{&x.attention.bq, &y.attention.bq}, {&x.attention.bk, &y.attention.bk},
                                   {&x.attention.bv, &y.attention.bv}, {&x.attention.bo, &y.attention.bo},
                                   {&x.ffn.b1, &y.ffn.b1}, {&x.ffn.b2, &y.ffn.b2}, {&x.ffn.b3, &y.ffn.b3},
                                   {&x.norm1.gain, &y.norm1.gain}, {&x.norm1.bias, &y.norm1.bias},
                                   {&x.norm2.gain, &y.norm2.gain}, {&x.norm2.bias, &y.norm2.bias}})
            EXPECT_TRUE(same_bits(*u, *v)) << what << ", block " << i;
    }
}

CommandRegistry& sessions() {
    static CommandRegistry registry;
    static const bool added = (add_session_commands(registry), true);
    (void)added;
    return registry;
}

// A side B for the A/B tests: its settings in the view, its session made when the view is applied.
struct ABView : SessionView {
    std::unique_ptr<Session> b;
    json save_view() const override { return b ? json{{"b", settings_to_json(b->settings())}} : json::object(); }
    std::optional<std::string> check_view(const json&) const override { return std::nullopt; }
    std::optional<Settings> side_b_settings(const json& view, const Settings&) const override {
        Settings s;
        if (!view.contains("b") || settings_from_json(view["b"], *test::vocabulary(), s)) return std::nullopt;
        return s;
    }
    void apply_view(const json& view) override {
        if (auto s = side_b_settings(view, Settings{})) b = std::make_unique<Session>(test::vocabulary(), *s);
    }
    Session* side_b() override { return b.get(); }
    const Session* side_b() const override { return b.get(); }
};

TEST(SessionWeights, EveryTensorReadsBackBitForBit) {
    for (const std::string script : {"/couches 6; /dimension 16; /ffn 64; /activation geglu; /position appris; /entrainer 3",
                                     "/normalisation rmsnorm; /activation swiglu; /tetes 4 2; /masque causal; /entrainer 4",
                                     "/norme aucune; /position rope; /entrainer 2", "/norme post; /position alibi; /entrainer 2"}) {
        Session a = test::session(script);
        const fs::path path = scratch("bits.json");
        ASSERT_TRUE(sessions().execute(a, "/session enregistrer " + path.string()).ok) << script;
        Session b = test::session();
        const auto opened = sessions().execute(b, "/session ouvrir " + path.string());
        ASSERT_TRUE(opened.ok) << opened.message;
        expect_same_weights(*a.trace()->weights, *b.trace()->weights, script);
        EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace())) << script;
    }
}

// Doubles chosen by hand where a shorter writing would lose bits: 0.1, 1/3, −0, the smallest
// subnormal, the largest double, a number just above 1.
TEST(SessionWeights, TheWriterAndReaderKeepHardDoubles) {
    const Settings s = test::settings("/couches 1; /ffn 8");
    Weights w = draw_weights(s.seed, test::vocabulary()->size(), s.dimension, s.ffn, s.layers);
    const double hard[] = {0.1, 1.0 / 3.0, -0.0, 4.9406564584124654e-324, 1.7976931348623157e308, 1.0000000000000002, -2.5e-300};
    for (int i = 0; i < 7; ++i) w.token_embedding(i, 0) = hard[i], w.blocks[0].ffn.b1(i) = -hard[i];
    const json written = json::parse(dump_exact(weights_json(w, s, position_table(s.position, w))));
    Weights back;
    ASSERT_FALSE(weights_from_json(written, s, test::vocabulary()->size(), back).has_value());
    expect_same_weights(w, back, "hard doubles");
    EXPECT_TRUE(std::signbit(back.token_embedding(2, 0)));  // −0 stays −0
}

// The case: more than 10 000 steps in one run used to be refused on opening.
TEST(SessionWeights, ALongRunReopensAtOnceWithoutTraining) {
    Session a = test::session("/couches 1; /ffn 8; /entrainer 10000; /entrainer 1");
    ASSERT_EQ(a.trained_steps(), 10001);
    const fs::path path = scratch("long.json");
    ASSERT_TRUE(sessions().execute(a, "/session enregistrer " + path.string()).ok);
    EXPECT_EQ(json::parse(test::read_file(path))["training"][0]["steps"], 10001);
    Session b = test::session();
    const auto opened = sessions().execute(b, "/session ouvrir " + path.string());
    ASSERT_TRUE(opened.ok) << opened.message;
    EXPECT_EQ(opened.message, "session ouverte : « " + path.string() + " » (graine 2017) ; poids entraînés rechargés : 10001 pas");
    EXPECT_EQ(b.trained_steps(), 10001);
    EXPECT_EQ(to_json(*a.trace()), to_json(*b.trace()));
    SessionOpening opening;  // nothing to train
    ASSERT_TRUE(check_opening(b, path.string(), nullptr, opening).ok);
    EXPECT_EQ(opening.steps(), 0);
}

TEST(SessionWeights, BothSidesOfABReopenWithTheirWeights) {
    ABView view;
    Session a = test::session("/couches 3; /entrainer 5");
    view.b = std::make_unique<Session>(test::session("/residuel off; /dimension 16; /activation swiglu; /entrainer 4; /lot 8; /entrainer 2"));
    const fs::path path = scratch("ab.json");
    ASSERT_TRUE(save_session(a, path.string(), &view).ok);
    const json file = json::parse(test::read_file(path));
    EXPECT_EQ(file["training_b"].size(), 2u);
    EXPECT_EQ(file["weights_b"], to_json(*view.b->trace())["weights"]);

    ABView reopened;
    Session r = test::session();
    const auto opened = open_session(r, path.string(), &reopened);
    ASSERT_TRUE(opened.ok) << opened.message;
    ASSERT_TRUE(reopened.b);
    EXPECT_EQ(reopened.b->trained_steps(), 6);
    expect_same_weights(*view.b->trace()->weights, *reopened.b->trace()->weights, "B");
    expect_same_weights(*a.trace()->weights, *r.trace()->weights, "A");

    // Side B's weights of another shape: refused with the file, nothing changed.
    json broken = file;
    broken["weights_b"]["token_embedding"][0].erase(0);
    const fs::path bad = scratch("ab_bad.json");
    std::ofstream(bad) << broken.dump();
    ABView untouched;
    Session u = test::session("/couches 4");
    const json before = to_json(*u.trace());
    const auto refused = open_session(u, bad.string(), &untouched);
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message, "session non ouverte : côté B : « " + bad.string() + " » : « weights.token_embedding » : " +
                                   std::to_string(test::vocabulary()->size()) + " lignes de 16 nombres finis attendues ; rien n'a changé");
    EXPECT_EQ(to_json(*u.trace()), before);
    EXPECT_FALSE(untouched.b);
}

// Two trained models of the largest shape (L 6, d 16, w 64, a gated FFN, learned positions, MHA):
// the weights hold V·16 + 8·16 + 6·(2·2·16 + 4·(16² + 16) + 3·64·16 + 2·64 + 16) + 2·16 numbers a
// side. The file fits kMaxSessionBytes, and so does the worst writing of every number (24 bytes:
// "-1.2345678901234567e-05,") with 1 000 runs a side.
TEST(SessionWeights, TheLargestFileFitsTheLimit) {
    const std::string largest = "/couches 6; /dimension 16; /ffn 64; /activation geglu; /position appris; ";
    ABView view;
    Session a = test::session(largest + "/entrainer 3");
    view.b = std::make_unique<Session>(test::session(largest + "/residuel off; /entrainer 3"));
    const fs::path path = scratch("largest.json");
    ASSERT_TRUE(save_session(a, path.string(), &view).ok);
    const std::size_t size = fs::file_size(path);
    const int v = test::vocabulary()->size();
    const std::size_t numbers = v * 16 + 8 * 16 + 6 * (2 * 2 * 16 + 4 * (16 * 16 + 16) + 3 * 64 * 16 + 2 * 64 + 16) + 2 * 16;
    std::function<std::size_t(const json&)> count = [&](const json& j) -> std::size_t {
        if (j.is_number()) return 1;
        std::size_t n = 0;
        if (!j.is_structured()) return n;
        for (const json& x : j) n += count(x);
        return n;
    };
    const json file = json::parse(test::read_file(path));
    ASSERT_TRUE(file.contains("weights") && file.contains("weights_b"));
    EXPECT_EQ(count(file["weights"]), numbers);
    EXPECT_EQ(count(file["weights_b"]), numbers);
    EXPECT_GT(size, 2 * numbers * 18);  // 17 digits, a point, a comma at least
    EXPECT_LT(size, kMaxSessionBytes);
    std::cout << "two trained models of the largest shape: " << size << " bytes (" << numbers << " numbers a side)\n";

    SessionFile worst;
    ASSERT_FALSE(parse_session(test::read_file(path), *test::vocabulary(), worst).has_value());
    std::function<void(json&)> longest = [&](json& j) {
        if (j.is_number()) j = -1.2345678901234567e-05;
        else if (j.is_structured())
            for (json& x : j) longest(x);
    };
    longest(worst.weights);
    worst.weights_b = worst.weights;
    worst.training.assign(1000, TrainingRecipe{"/un/dossier/assez/long/pour/un/corpus.txt", 18446744073709551615u, 64, 0.00001, 1000, 1000000});
    worst.training_b = worst.training;
    const std::size_t worst_size = session_to_text(worst).size();
    EXPECT_GT(worst_size, 2 * numbers * 24);
    EXPECT_LT(worst_size, kMaxSessionBytes);
    std::cout << "the worst writing, 1 000 runs a side: " << worst_size << " bytes; the limit: " << kMaxSessionBytes << "\n";
}

}  // namespace
}  // namespace tb
