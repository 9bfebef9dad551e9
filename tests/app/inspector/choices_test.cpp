// The inspector's choices as /panneau verbs (issue 35): each sets the state as its widget did,
// refuses a bad value in the channel's one form and changes nothing, is echoed in the log, and
// comes back from a saved view. The panels read the state through a const reference, so their
// widgets can only send the lines below.
#include <gtest/gtest.h>

#include <type_traits>

#include "../features_fixture.h"
#include "ui/inspector_panels.h"

namespace tb {
namespace {

using test::WindowFeatures;

// The start-up model: 2 blocks, « le chat regarde le chien » (5 words), w = 32.
struct Choices : ::testing::Test {
    WindowFeatures w;
    const InspectorState& state() const { return w.features.inspector().state(); }
    void refused(const std::string& line, const std::string& message) {
        const CommandResult r = w.run(line);
        EXPECT_FALSE(r.ok) << line;
        EXPECT_EQ(r.message, message) << line;
    }
};

TEST_F(Choices, BlockWordAndNeuronWithinTheLiveModel) {
    ASSERT_TRUE(w.run("/panneau bloc 2").ok);
    EXPECT_EQ(state().block, 2);
    refused("/panneau bloc 3", "/panneau bloc attend un entier de 1 à 2 (reçu « 3 »)");
    refused("/panneau bloc deux", "/panneau bloc attend un entier de 1 à 2 (reçu « deux »)");
    EXPECT_EQ(state().block, 2);
    ASSERT_TRUE(w.run("/panneau mot 3").ok);
    EXPECT_EQ(state().token, 2);  // « regarde », 0-based in the state
    refused("/panneau mot 6", "/panneau mot attend un entier de 1 à 5 (reçu « 6 »)");
    refused("/panneau mot 0", "/panneau mot attend un entier de 1 à 5 (reçu « 0 »)");
    EXPECT_EQ(state().token, 2);
    ASSERT_TRUE(w.run("/panneau neurone 32").ok);
    EXPECT_EQ(state().neuron, 31);
    refused("/panneau neurone 33", "/panneau neurone attend un entier de 1 à 32 (reçu « 33 »)");
    EXPECT_EQ(state().neuron, 31);
    ASSERT_TRUE(w.run("/couches 4").ok);  // the range follows the model
    EXPECT_TRUE(w.run("/panneau bloc 4").ok);
    EXPECT_EQ(state().block, 4);
}

TEST_F(Choices, RadioButtonsAndCheckboxes) {
    ASSERT_TRUE(w.run("/panneau pesquet on").ok);
    EXPECT_TRUE(state().fact_demo);
    refused("/panneau pesquet peut-etre", "/panneau pesquet attend on, off, oui ou non (reçu « peut-etre »)");
    EXPECT_TRUE(state().fact_demo);
    ASSERT_TRUE(w.run("/panneau pesquet off").ok);
    EXPECT_FALSE(state().fact_demo);
    ASSERT_TRUE(w.run("/panneau entree mot").ok);
    EXPECT_TRUE(state().norm_token);
    refused("/panneau entree phrase", "/panneau entree attend vecteur ou mot (reçu « phrase »)");
    EXPECT_TRUE(state().norm_token);
    ASSERT_TRUE(w.run("/panneau concepts Marie curie").ok);
    EXPECT_FALSE(state().concepts[0]);
    EXPECT_FALSE(state().concepts[1]);
    EXPECT_TRUE(state().concepts[2]);
    EXPECT_TRUE(state().concepts[3]);
    const CommandResult bad = w.run("/panneau concepts thomas einstein");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message.rfind("/panneau concepts attend thomas, pesquet, marie ou curie", 0), 0u) << bad.message;
    EXPECT_TRUE(state().concepts[2]);  // nothing changed, not even Thomas
    EXPECT_FALSE(state().concepts[0]);
    ASSERT_TRUE(w.run("/panneau concepts aucun").ok);
    for (bool c : state().concepts) EXPECT_FALSE(c);
    // The checkbox sends the whole set.
    const bool thomas_only[4] = {true, false, false, false}, none[4] = {false, false, false, false};
    EXPECT_EQ(concepts_line(thomas_only), "/panneau concepts thomas");
    EXPECT_EQ(concepts_line(none), "/panneau concepts aucun");
}

TEST_F(Choices, TheTypedVector) {
    ASSERT_TRUE(w.run("/panneau entree mot").ok);
    ASSERT_TRUE(w.run("/panneau vecteur 1,5 -2 3").ok);
    ASSERT_EQ(state().vector.size(), 3);
    EXPECT_DOUBLE_EQ(state().vector(0), 1.5);
    EXPECT_DOUBLE_EQ(state().vector(1), -2);
    EXPECT_FALSE(state().norm_token);  // the panel shows the vector just typed
    EXPECT_STREQ(state().vector_text, "1,5 -2 3");
    const CommandResult bad = w.run("/panneau vecteur 2 quatre");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message.rfind("/panneau vecteur attend de 2 à 16 nombres séparés par des espaces (reçu « 2 quatre »)", 0), 0u)
        << bad.message;
    EXPECT_NE(state().vector_error.error.find("quatre"), std::string::npos);  // shown under the field
    EXPECT_EQ(state().vector.size(), 3);
    EXPECT_FALSE(w.run("/panneau vecteur 7").ok);  // one value
    EXPECT_EQ(state().vector.size(), 3);
    ASSERT_TRUE(w.run("/panneau vecteur 1 2").ok);
    EXPECT_TRUE(state().vector_error.error.empty());
}

TEST_F(Choices, ScaleModelAndMemory) {
    ASSERT_TRUE(w.run("/panneau modele gpt3").ok);
    EXPECT_EQ(state().scale_model, 5);  // ce modèle, GPT-2 small, medium, large, XL, GPT-3
    ASSERT_TRUE(w.run("/panneau modele ce-modele").ok);
    EXPECT_EQ(state().scale_model, 0);
    refused("/panneau modele gpt5",
            "/panneau modele attend ce-modele, gpt2-small, gpt2-medium, gpt2-large, gpt2-xl, gpt3, llama2-7b ou llama3-8b (reçu « gpt5 »)");
    EXPECT_EQ(state().scale_model, 0);
    ASSERT_TRUE(w.run("/panneau cache llama3-8b").ok);
    EXPECT_EQ(state().memory.preset, "llama3-8b");
    EXPECT_EQ(state().memory.context, 8192);  // Llama 3's own context (Meta 2024)
    ASSERT_TRUE(w.run("/panneau lot 4").ok);
    EXPECT_EQ(state().memory.batch, 4);
    const CommandResult bad = w.run("/panneau contexte 0");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message.rfind("/panneau contexte attend un entier de 1 à 1", 0), 0u) << bad.message;
    EXPECT_EQ(state().memory.context, 8192);
    EXPECT_EQ(state().memory_error.error, bad.message);  // shown under the fields
    EXPECT_FALSE(w.run("/panneau lot 1025").ok);
    EXPECT_EQ(state().memory.batch, 4);
    refused("/panneau cache gpt5",
            "/panneau cache attend gpt2-small, gpt2-medium, gpt2-large, gpt2-xl, gpt3, llama2-7b ou llama3-8b (reçu « gpt5 »)");
}

TEST_F(Choices, EchoedInTheLogAndUnknownVerbsRefused) {
    ASSERT_TRUE(w.run("/panneau bloc 2").ok);
    const std::vector<LogLine>& log = w.features.log();
    ASSERT_GE(log.size(), 2u);
    EXPECT_EQ(log[log.size() - 2].text, "/panneau bloc 2");
    EXPECT_EQ(log.back().text, "panneau : bloc 2");
    const CommandResult bad = w.run("/panneau couleur rouge");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message.rfind("/panneau attend un panneau, ou un choix suivi de sa valeur (bloc, mot,", 0), 0u) << bad.message;
    EXPECT_EQ(state().block, 2);
}

TEST_F(Choices, RoundTripThroughTheSavedView) {
    EXPECT_FALSE(w.features.save_view().contains("inspector"));  // start-up choices: the file as before
    for (const char* line : {"/panneau bloc 2", "/panneau mot 4", "/panneau neurone 7", "/panneau pesquet on", "/panneau vecteur 1 3 5",
                             "/panneau entree mot", "/panneau concepts marie", "/panneau modele llama2-7b", "/panneau cache gpt3",
                             "/panneau contexte 4096", "/panneau lot 2"})
        ASSERT_TRUE(w.run(line).ok) << line;
    const nlohmann::json view = w.features.save_view();
    ASSERT_TRUE(view.contains("inspector"));
    WindowFeatures other;
    ASSERT_FALSE(other.features.check_view(view).has_value());
    other.features.apply_view(view);
    const InspectorState& back = other.features.inspector().state();
    EXPECT_EQ(back.block, 2);
    EXPECT_EQ(back.token, 3);
    EXPECT_EQ(back.neuron, 6);
    EXPECT_TRUE(back.fact_demo);
    EXPECT_TRUE(back.norm_token);
    ASSERT_EQ(back.vector.size(), 3);
    EXPECT_DOUBLE_EQ(back.vector(2), 5);
    EXPECT_STREQ(back.vector_text, "1 3 5");
    EXPECT_FALSE(back.concepts[0]);
    EXPECT_TRUE(back.concepts[2]);
    EXPECT_EQ(back.scale_model, 6);  // after the five GPTs and this model
    EXPECT_EQ(back.memory.preset, "gpt3");
    EXPECT_EQ(back.memory.context, 4096);
    EXPECT_EQ(back.memory.batch, 2);
}

// /lien carries them as /panneau lines, in an order that holds, clamped to the model it carries.
TEST_F(Choices, ALinkCarriesTheChoices) {
    for (const char* line : {"/couches 3", "/panneau bloc 3", "/panneau mot 2", "/panneau vecteur 1 -0,25 3", "/panneau entree mot",
                             "/panneau concepts aucun", "/panneau cache llama2-7b", "/panneau lot 3", "/panneau echelle"})
        ASSERT_TRUE(w.run(line).ok) << line;
    const StateLink link = w.features.link_state();
    WindowFeatures other;
    for (const std::string& line : link.lines) ASSERT_TRUE(other.run(line).ok) << line;
    const InspectorState& back = other.features.inspector().state();
    EXPECT_EQ(back.panel, Panel::Scale);
    EXPECT_EQ(back.block, 3);
    EXPECT_EQ(back.token, 1);
    ASSERT_EQ(back.vector.size(), 3);
    EXPECT_DOUBLE_EQ(back.vector(1), -0.25);
    EXPECT_TRUE(back.norm_token);  // « entree mot » after the vector
    for (bool c : back.concepts) EXPECT_FALSE(c);
    EXPECT_EQ(back.memory.preset, "llama2-7b");
    EXPECT_EQ(back.memory.context, 4096);  // the preset's own, so no « contexte » line was needed
    EXPECT_EQ(back.memory.batch, 3);
    // A block the model lost is not sent: the link's model has 2 blocks.
    ASSERT_TRUE(w.run("/couches 2").ok);
    for (const std::string& line : w.features.link_state().lines) EXPECT_NE(line, "/panneau bloc 3");
}

TEST(InspectorView, RefusesBadValuesAndLeavesTheViewUntouched) {
    const std::vector<nlohmann::json> bad = {
        {{"inspector", 1}},
        {{"inspector", {{"block", 0}}}},
        {{"inspector", {{"block", 7}}}},  // at most 6 layers
        {{"inspector", {{"token", 8}}}},
        {{"inspector", {{"neuron", 64}}}},
        {{"inspector", {{"fact_demo", "oui"}}}},
        {{"inspector", {{"vector", {1}}}}},
        {{"inspector", {{"vector", {1, "deux"}}}}},
        {{"inspector", {{"concepts", {"einstein"}}}}},
        {{"inspector", {{"concepts", {"marie", "marie"}}}}},
        {{"inspector", {{"scale_model", "gpt5"}}}},
        {{"inspector", {{"memory", {{"preset", "gpt3"}, {"context", 0}, {"batch", 1}}}}}},
        {{"inspector", {{"memory", {{"preset", "gpt3"}, {"context", 10}}}}}},
        {{"inspector", {{"couleur", 1}}}},
    };
    for (const auto& j : bad) {
        ViewState v;
        v.head = 1;
        EXPECT_TRUE(view_from_json(j, 2, v).has_value()) << j.dump();
        EXPECT_EQ(v.head, 1) << j.dump();
        EXPECT_EQ(v.inspector.block, 1) << j.dump();
    }
    ViewState v;
    ASSERT_FALSE(view_from_json({{"inspector", {{"block", 3}, {"concepts", nlohmann::json::array()}}}}, 2, v).has_value());
    EXPECT_EQ(v.inspector.block, 3);
    EXPECT_TRUE(v.inspector.concepts.empty());
    EXPECT_EQ(v.inspector.token, 0);  // a key left out keeps its start-up value
}

// The panels cannot write the choices: every change goes through the CommandSink as a /panneau line.
static_assert(std::is_same_v<decltype(&draw_neurons_panel), void (*)(const Rect&, const Trace&, const Vocabulary&, const InspectorState&,
                                                                      const CommandSink&, Language)>);
static_assert(std::is_same_v<decltype(&draw_layer_norm_panel),
                             void (*)(const Rect&, const Trace&, const InspectorState&, int, const CommandSink&, Language)>);
static_assert(std::is_same_v<decltype(&draw_attention_panel),
                             void (*)(const Rect&, const Trace&, const InspectorState&, int, const CommandSink&, Language)>);
static_assert(std::is_same_v<decltype(&draw_scale_panel), void (*)(const Rect&, const Trace&, const InspectorState&, const CommandSink&, Language)>);
static_assert(std::is_same_v<decltype(&draw_memory_panel), void (*)(const Rect&, const Trace&, const InspectorState&, const CommandSink&, Language)>);

}  // namespace
}  // namespace tb
