// The inspector feature without a window: /panneau opens a panel, /parametres opens the breakdown's
// window however it is typed, and the gradients panel's data is computed when the trace changes,
// for the trace shown, before anything is drawn.
#include <gtest/gtest.h>

#include "../features_fixture.h"
#include "base/numbers.h"

namespace tb {
namespace {

using test::WindowFeatures;

TEST(InspectorFeature, PanneauOpensAndCloses) {
    WindowFeatures w;
    const Inspector& in = w.features.inspector();
    EXPECT_EQ(in.panel(), Panel::None);
    ASSERT_TRUE(w.run("/panneau attention").ok);
    EXPECT_EQ(in.panel(), Panel::Attention);
    ASSERT_TRUE(w.run("/panneau Échelle").ok);
    EXPECT_EQ(in.panel(), Panel::Scale);
    const auto bad = w.run("/panneau cerveau");
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.message, "/panneau attend attention, neurones, norme, gradients, echelle, sortie, lentille, raschka, memoire, superposition, entrainement, generation, graines ou aucun (reçu « cerveau »)");
    EXPECT_EQ(in.panel(), Panel::Scale);
    ASSERT_TRUE(w.run("/panneau aucun").ok);
    EXPECT_EQ(in.panel(), Panel::None);
}

TEST(InspectorFeature, ParametresOpensItsWindowWhateverTheSpelling) {
    for (const char* line : {"/parametres", " /parametres", "Paramètres"}) {
        WindowFeatures w;
        EXPECT_FALSE(w.features.inspector().parameters_open());
        ASSERT_TRUE(w.run(line).ok) << line;
        EXPECT_TRUE(w.features.inspector().parameters_open()) << line;
    }
    WindowFeatures w;
    EXPECT_FALSE(w.run("/parametres tout").ok);  // refused: the window stays closed
    EXPECT_FALSE(w.features.inspector().parameters_open());
}

// Issue 34: the console's proportional text scattered the breakdown's aligned table into fragments;
// in the window, the reply is one line: the total and where the table is. By hand: two blocks of
// 4(d² + d) + 2dw + w + d + 2·2d = 872 (d 8, w 32), V·d embeddings, a final norm 2d.
TEST(InspectorFeature, ParametresRepliesOneLinePointingToItsWindow) {
    WindowFeatures w;
    const std::int64_t v = w.session.trace()->vocabulary_size, total = 2 * 872 + v * 8 + 2 * 8;
    const auto fr = w.run("/parametres");
    ASSERT_TRUE(fr.ok);
    EXPECT_EQ(fr.message, format_count(total, Language::French) + " paramètres, dont 1\u202F744 dans les blocs : le détail, "
                          "terme par terme, dans la fenêtre « Détail des paramètres »");
    ASSERT_TRUE(w.run("/langue en").ok);
    const auto en = w.run("/parametres");
    EXPECT_EQ(en.message, format_count(total, Language::English) + " parameters, 1,744 of them in the blocks: the term-by-term "
                          "detail is in the \u201CParameter breakdown\u201D window");
    ASSERT_TRUE(w.run("/presentateur on").ok);  // no breakdown window there: the reply says where it is
    EXPECT_NE(w.run("/parametres").message.find("(outside presenter mode)"), std::string::npos);
}

TEST(InspectorFeature, GradientsAreComputedWhenTheTraceChanges) {
    WindowFeatures w;
    EXPECT_EQ(w.features.inspector().gradients(), nullptr);  // nothing computed for a closed panel
    ASSERT_TRUE(w.run("/panneau gradients").ok);
    const GradientData* g = w.features.inspector().gradients();
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->trace, w.session.trace());
    EXPECT_EQ(g->comparison.residual_on.size(), 4u);  // one per sublayer, 2L
    EXPECT_EQ(g->comparison.residual_off.size(), 4u);
    ASSERT_TRUE(w.run("/couches 3").ok);
    g = w.features.inspector().gradients();
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->trace, w.session.trace());
    EXPECT_EQ(g->comparison.residual_on.size(), 6u);
    EXPECT_GT(g->comparison.residual_on.front(), 0);
    EXPECT_EQ(g->spread.count, 100);  // Raschka's ratio over our draws, computed with the panel
}

TEST(InspectorFeature, LensIsComputedWhenThePanelOpensOncePerTrace) {
    WindowFeatures w;
    EXPECT_EQ(w.features.inspector().lens(), nullptr);  // nothing computed for a closed panel
    ASSERT_TRUE(w.run("/panneau lentille").ok);
    const LensData* l = w.features.inspector().lens();
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->trace, w.session.trace());
    ASSERT_EQ(l->lens.size(), 6u);  // levels 0 … 2L+1 at L 2
    EXPECT_EQ(l->lens[0].size(), 5u);
    ASSERT_TRUE(w.run("/couches 3").ok);
    l = w.features.inspector().lens();
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->trace, w.session.trace());
    EXPECT_EQ(l->lens.size(), 8u);
}

TEST(InspectorFeature, SuperpositionIsCountedWhenThePanelOpensOncePerSeed) {
    WindowFeatures w;
    EXPECT_EQ(w.features.inspector().superposition(), nullptr);  // nothing computed for a closed panel
    ASSERT_TRUE(w.run("/panneau superposition").ok);
    const SuperpositionData* s = w.features.inspector().superposition();
    ASSERT_NE(s, nullptr);
    ASSERT_EQ(s->rows.size(), 4u);
    EXPECT_EQ(s->seed, w.session.trace()->settings.seed);
    EXPECT_EQ(s->rows[0].dimension, 8);
    EXPECT_EQ(s->rows[3].dimension, 12288);
    const std::int64_t before = s->rows[0].near_perpendicular;
    ASSERT_TRUE(w.run("/graine 7").ok);
    s = w.features.inspector().superposition();
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->seed, 7u);
    EXPECT_EQ(s->rows[0].near_perpendicular, superposition_rows(7)[0].near_perpendicular);
    EXPECT_NE(s->rows[0].near_perpendicular, before);
}

}  // namespace
}  // namespace tb
