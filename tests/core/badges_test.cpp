// The badges: their figures equal counts made here from the formula's terms and means made here
// from the trace's level vectors, over the channel's walk; their text in both languages; what
// "before" means after each kind of command.
#include "course/badges.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include "../support.h"

namespace tb {
namespace {

using test::session;

// channel.md section 5, term by term.
std::map<Figure, double> counts_by_hand(const Settings& s, int V) {
    const double d = s.dimension, w = s.ffn, L = s.layers;
    const double attention = 4 * (d * d + d), ffn = d * w + w + w * d + d;
    const double norms = s.norm == Norm::None ? 0 : 2 * 2 * d;
    const double blocks = L * (attention + ffn + norms);
    const double total = blocks + V * d + (s.position == Position::Learned ? 8 * d : 0) + (s.norm == Norm::Pre ? 2 * d : 0);
    return {{Figure::Blocks, blocks}, {Figure::Total, total}, {Figure::Attention, attention}, {Figure::Ffn, ffn}};
}



std::string printed(const char* format, double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, v);
    return buffer;
}

// Every badge's numbers against the hand counts; every figure that differs (as shown: whole
// counts, 2 decimals, 3 significant digits) has its badge, and no other.
void expect_badges_right(const Trace& before, const Trace& after, int level, const std::string& step) {
    SCOPED_TRACE(step);
    std::map<Figure, std::pair<double, double>> expected;
    const auto c0 = counts_by_hand(before.settings, before.vocabulary_size), c1 = counts_by_hand(after.settings, after.vocabulary_size);
    for (const auto& [figure, value] : c0)
        if (value != c1.at(figure)) expected[figure] = {value, c1.at(figure)};
    const bool same_levels = before.levels.size() == after.levels.size();
    const int k0 = same_levels ? level : static_cast<int>(before.levels.size()) - 1;
    const int k1 = same_levels ? level : static_cast<int>(after.levels.size()) - 1;
    const Matrix &x0 = before.levels.at(static_cast<std::size_t>(k0)).vectors, &x1 = after.levels.at(static_cast<std::size_t>(k1)).vectors;
    const double cos0 = test::mean_cosine_by_hand(x0), cos1 = test::mean_cosine_by_hand(x1), n0 = test::mean_norm_by_hand(x0), n1 = test::mean_norm_by_hand(x1);
    if (printed("%.2f", cos0) != printed("%.2f", cos1)) expected[Figure::MeanCosine] = {cos0, cos1};
    if (printed("%.3g", n0) != printed("%.3g", n1)) expected[Figure::MeanNorm] = {n0, n1};
    const std::vector<Badge> got = badges(before, after, level);
    std::map<Figure, const Badge*> by_figure;
    for (const Badge& b : got) by_figure[b.figure] = &b;
    EXPECT_EQ(by_figure.size(), got.size()) << "one badge a figure";
    for (const auto& [figure, values] : expected) {
        ASSERT_TRUE(by_figure.count(figure)) << "figure " << static_cast<int>(figure) << " changed: no badge";
        EXPECT_NEAR(by_figure[figure]->before, values.first, 1e-9 * std::abs(values.first) + 1e-12);
        EXPECT_NEAR(by_figure[figure]->after, values.second, 1e-9 * std::abs(values.second) + 1e-12);
    }
    for (const Badge& b : got) {
        EXPECT_TRUE(expected.count(b.figure)) << "badge " << static_cast<int>(b.figure) << " for a figure that did not change";
        if (b.figure == Figure::MeanCosine || b.figure == Figure::MeanNorm) {
            EXPECT_EQ(b.level_before, k0);
            EXPECT_EQ(b.level_after, k1);
        }
    }
}

const Badge* find(const std::vector<Badge>& b, Figure figure) {
    for (const Badge& x : b)
        if (x.figure == figure) return &x;
    return nullptr;
}

TEST(Badges, FiguresEqualTheHandCountsAlongTheChannel) {
    Session s = session();
    CommandRegistry registry;
    const char* steps[] = {"/couches 6", "/dimension 16", "/residuel off", "/norme aucune", "/residuel on", "/norme pre",
                           "/norme post", "/position aucun", "/etape 2", "/graine 5", "/ffn 64", "/position appris",
                           "/couches 2", "/dimension 8", "/phrase le chien regarde", "/reinit"};
    int with_badges = 0;
    for (const char* step : steps) {
        ASSERT_TRUE(registry.execute(s, step).ok) << step;
        ASSERT_TRUE(s.previous_trace()) << step;
        for (int level : {0, 1, s.settings().step})
            expect_badges_right(*s.previous_trace(), *s.trace(), level, std::string(step) + " at level " + std::to_string(level));
        with_badges += !badges(*s.previous_trace(), *s.trace(), s.settings().step).empty();
    }
    // Every step but one changes some figure where the beads stop: /position aucun in post-norm
    // leaves the output's mean cosine (to 2 decimals) and its norm (√d) as they were.
    EXPECT_GE(with_badges, static_cast<int>(std::size(steps)) - 1);
}

TEST(Badges, SixLayersTripleTheBlocks) {
    Session s = session("/couches 6");
    const std::vector<Badge> b = badges(*s.previous_trace(), *s.trace(), s.settings().step);
    ASSERT_GE(b.size(), 2u);
    const int V = s.trace()->vocabulary_size;
    EXPECT_EQ(b[0].figure, Figure::Blocks);
    EXPECT_EQ(b[0].before, 2 * (4 * (64 + 8) + (8 * 32 + 32 + 32 * 8 + 8) + 4 * 8));  // 1 744
    EXPECT_EQ(b[0].after, 6 * 872);                                                  // 5 232
    EXPECT_EQ(b[1].figure, Figure::Total);
    EXPECT_EQ(b[1].after - b[1].before, 4 * 872);
    EXPECT_EQ(b[1].before, 1744 + 8 * V + 16);
    EXPECT_EQ(badge_text(b[0], Language::French).full(), "blocs : 1\u202F744 → 5\u202F232 (× 3)");
    EXPECT_EQ(badge_text(b[0], Language::English).full(), "blocks: 1,744 → 5,232 (× 3)");
    // The compact style, for a narrow strip: narrow no-break spaces, no brackets.
    EXPECT_EQ(badge_text(b[0], Language::French, BadgeStyle::Compact).full(), "blocs 1\u202F744\u202F→\u202F5\u202F232 ×\u202F3");
    EXPECT_EQ(badge_text(b[0], Language::English, BadgeStyle::Compact).full(), "blocks 1,744\u202F→\u202F5,232 ×\u202F3");
    // The total, written here from its parts: 1 744 + 8V + 16 → 5 232 + 8V + 16.
    auto grouped = [](long v, const char* sep) {
        const std::string digits = std::to_string(v);
        return digits.substr(0, digits.size() - 3) + sep + digits.substr(digits.size() - 3);
    };
    const long t0 = 1744 + 8L * V + 16, t1 = 5232 + 8L * V + 16;
    ASSERT_TRUE(t0 >= 1000 && t1 < 1000000);
    const BadgeText total_fr = badge_text(b[1], Language::French);
    EXPECT_EQ(total_fr.head, "total : " + grouped(t0, "\u202F") + " → " + grouped(t1, "\u202F"));
    EXPECT_EQ(badge_text(b[1], Language::English).head, "total: " + grouped(t0, ",") + " → " + grouped(t1, ","));
    std::string ratio = printed("%.1f", static_cast<double>(t1) / static_cast<double>(t0));  // 1.7: below 10, 2 digits
    EXPECT_EQ(badge_text(b[1], Language::English).factor, "× " + ratio);
    ratio[ratio.find('.')] = ',';
    EXPECT_EQ(total_fr.factor, "× " + ratio);
}

TEST(Badges, WidthSixteenSaysTimesFourOnTheSquareTerm) {
    Session s = session("/dimension 16");
    const std::vector<Badge> b = badges(*s.previous_trace(), *s.trace(), s.settings().step);
    const Badge* attention = find(b, Figure::Attention);
    ASSERT_TRUE(attention);
    EXPECT_EQ(attention->before, 4 * (8 * 8 + 8));     // 288
    EXPECT_EQ(attention->after, 4 * (16 * 16 + 16));   // 1 088
    EXPECT_EQ(badge_text(*attention, Language::French).full(),
              "attention par bloc : 288 → 1\u202F088 (× 3,8 ; × 4 sur le terme d²)");
    EXPECT_EQ(badge_text(*attention, Language::English).full(), "attention per block: 288 → 1,088 (× 3.8; × 4 on the d² term)");
    EXPECT_EQ(badge_text(*attention, Language::French, BadgeStyle::Brief).full(), "attention/bloc : 288 → 1\u202F088 (× 3,8 ; × 4 sur le terme d²)");
    EXPECT_EQ(badge_text(*attention, Language::French, BadgeStyle::Compact).full(),
              "attention 288\u202F→\u202F1\u202F088 ×\u202F3,8 ; × 4 sur le terme d²");
    EXPECT_EQ(badge_text(*attention, Language::French, BadgeStyle::Ratio).full(), "attention ×\u202F3,8 ; × 4 sur le terme d²");
    Session back = session("/dimension 16; /dimension 8");
    const std::vector<Badge> down = badges(*back.previous_trace(), *back.trace(), back.settings().step);
    const Badge* shrunk = find(down, Figure::Attention);
    ASSERT_TRUE(shrunk);
    EXPECT_EQ(badge_text(*shrunk, Language::French).factor, "÷ 3,8 ; ÷ 4 sur le terme d²");
    // The other counts say no d² term: FFN is linear in d (552 → 1 072).
    const Badge* ffn = find(b, Figure::Ffn);
    ASSERT_TRUE(ffn);
    EXPECT_EQ(badge_text(*ffn, Language::English).full(), "FFN per block: 552 → 1,072 (× 1.9)");
}

TEST(Badges, MeasuresNameTheirLevelAndItsFactor) {
    Session s = session("/residuel off");
    const Trace &before = *s.previous_trace(), &after = *s.trace();
    const int top = after.settings.top_level();
    const double c0 = test::mean_cosine_by_hand(before.levels[top].vectors), c1 = test::mean_cosine_by_hand(after.levels[top].vectors);
    const std::vector<Badge> b = badges(before, after, top);
    for (const Badge& x : b) EXPECT_TRUE(x.figure == Figure::MeanCosine || x.figure == Figure::MeanNorm) << "the wiring changes no count";
    const Badge* cosine = find(b, Figure::MeanCosine);
    ASSERT_TRUE(cosine) << "residual off makes the tokens collapse";
    char fr[64], en[64];
    std::snprintf(en, sizeof en, "mean cos, output: %.2f → %.2f", c0, c1);
    std::snprintf(fr, sizeof fr, "cos moyen, sortie : %.2f → %.2f", c0, c1);
    std::string french = fr;
    for (char& c : french) c = c == '.' ? ',' : c;
    EXPECT_EQ(badge_text(*cosine, Language::English).head, en);
    EXPECT_EQ(badge_text(*cosine, Language::French).head, french);
    EXPECT_EQ(badge_text(*cosine, Language::French, BadgeStyle::Brief).head.rfind("cos, sortie : ", 0), 0u);
    std::string ratio = printed("%.1f", c1 / c0);
    EXPECT_EQ(badge_text(*cosine, Language::English).factor, "× " + ratio);
    // Level 0 is the input: the residual does not reach it, nothing changed there.
    EXPECT_TRUE(badges(before, after, 0).empty());
}

TEST(Badges, AChangeUnderFivePercentHasNoFactor) {
    // Issue 34: badges read « (÷ 1) », « (× 1) ». 2,00 → 2,06 is × 1,03, written × 1,0 then × 1.
    for (const double after : {2.06, 1.94}) {
        const Badge b{Figure::MeanNorm, 2.0, after, 5, 5, 2};
        EXPECT_EQ(badge_text(b, Language::French).factor, "") << after;
        EXPECT_EQ(badge_text(b, Language::French, BadgeStyle::Compact).factor, "") << after;
    }
    const Badge larger{Figure::MeanNorm, 2.0, 2.3, 5, 5, 2};  // × 1,15: written × 1,1 (one decimal)
    EXPECT_NE(badge_text(larger, Language::French).factor.find("× 1,1"), std::string::npos);
}

TEST(Badges, WhatBeforeMeansAfterEachKindOfCommand) {
    CommandRegistry registry;
    Session s = session("/couches 6");
    const auto after_change = s.previous_trace();
    EXPECT_FALSE(registry.execute(s, "/couches 9").ok);  // refused: the badges of /couches 6 stay
    EXPECT_EQ(s.previous_trace(), after_change);
    ASSERT_TRUE(registry.execute(s, "/couches 6").ok);   // the same value: nothing changed, they stay
    EXPECT_EQ(s.previous_trace(), after_change);
    ASSERT_TRUE(registry.execute(s, "/etape 3").ok);     // a step replays nothing: the same change, seen at level 3
    EXPECT_EQ(s.previous_trace(), after_change);
    ASSERT_FALSE(badges(*s.previous_trace(), *s.trace(), 3).empty());
    EXPECT_EQ(badges(*s.previous_trace(), *s.trace(), 3).front().figure, Figure::Blocks);
    ASSERT_TRUE(registry.execute(s, "/propager").ok);    // new weights: only the measures can change
    for (const Badge& b : badges(*s.previous_trace(), *s.trace(), s.settings().step))
        EXPECT_TRUE(b.figure == Figure::MeanCosine || b.figure == Figure::MeanNorm);
    ASSERT_TRUE(registry.execute(s, "/reinit").ok);      // the reset against the state before it: ÷ 3
    const std::vector<Badge> reset = badges(*s.previous_trace(), *s.trace(), s.settings().step);
    ASSERT_FALSE(reset.empty());
    EXPECT_EQ(badge_text(reset.front(), Language::French).full(), "blocs : 5\u202F232 → 1\u202F744 (÷ 3)");
    // Without positions, /melanger moves the same vectors: no mean changes, no badge.
    Session bag = session("/position aucun; /melanger");
    EXPECT_TRUE(badges(*bag.previous_trace(), *bag.trace(), bag.settings().step).empty());
}

TEST(Badges, AnyLevelIsSafe) {
    Session s = session("/couches 6; /couches 1");
    for (int level : {-5, 0, 3, 13, 100, 1 << 30}) {
        const std::vector<Badge> b = badges(*s.previous_trace(), *s.trace(), level);
        const ComparedLevels k = compared_levels(*s.previous_trace(), *s.trace(), level);
        EXPECT_EQ(k.before, 13);  // 14 levels before, 4 after: the outputs
        EXPECT_EQ(k.after, 3);
        EXPECT_FALSE(b.empty());
    }
    Session same = session("/residuel off");
    EXPECT_EQ(compared_levels(*same.previous_trace(), *same.trace(), -1).after, 0);
    EXPECT_EQ(compared_levels(*same.previous_trace(), *same.trace(), 99).after, 5);
}

}  // namespace
}  // namespace tb
