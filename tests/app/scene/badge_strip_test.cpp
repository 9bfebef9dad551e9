// The badges strip: every pill inside the strip at the window sizes a class uses (1024x768,
// 1600x900, 1920x1080, presenter mode with its 1.5x text), none overlapping, each text inside
// its pill; in the SVG, one <text> a badge with the window's string and the figure's numbers.
#include "scene/badge_strip.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "../../support.h"
#include "commands/commands.h"
#include "scene/svg.h"
#include "scene/svg_parts.h"
#include "features/window_features.h"

namespace tb {
namespace {

// The most badges a change makes: /dimension 16 changes every count and both measures.
std::vector<Badge> all_six(Session& s) {
    const std::vector<Badge> b = shown_badges(s.previous_trace().get(), *s.trace(), s.settings().step);
    EXPECT_EQ(b.size(), 6u);
    return b;
}

bool overlap(const Rect& a, const Rect& b) {
    return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

void expect_fits(const Rect& strip, const std::vector<Badge>& b, float scale, Language language, float min_px,
                 const std::string& where) {
    SCOPED_TRACE(where);
    const BadgeStrip s = badge_strip(strip, b, scale, language, svg_detail::text_width);
    ASSERT_EQ(s.pills.size(), b.size()) << "every badge shown";
    EXPECT_GE(s.text_px, min_px);
    for (std::size_t i = 0; i < s.pills.size(); ++i) {
        const Pill& p = s.pills[i];
        EXPECT_GE(p.rect.x, strip.x);
        EXPECT_GE(p.rect.y, strip.y);
        EXPECT_LE(p.rect.right(), strip.right());
        EXPECT_LE(p.rect.bottom(), strip.bottom());
        EXPECT_LE(p.text_x + svg_detail::text_width(p.text.full(), s.text_px), p.rect.right()) << "text inside its pill";
        EXPECT_GE(p.text_top, p.rect.y);
        EXPECT_LE(p.text_top + s.text_px, p.rect.bottom());
        EXPECT_EQ(p.badge, i);
        EXPECT_EQ(p.text.full(), badge_text(b[i], language, p.style).full());
        for (std::size_t j = 0; j < i; ++j) EXPECT_FALSE(overlap(p.rect, s.pills[j].rect)) << i << " over " << j;
    }
}

TEST(BadgeStrip, FitsAtEveryClassroomSize) {
    Session s = test::session("/dimension 16");
    const std::vector<Badge> b = all_six(s);
    for (Language language : {Language::French, Language::English}) {
        for (auto [w, h] : {std::pair{1024.f, 768.f}, {1280.f, 720.f}, {1366.f, 768.f}, {1600.f, 900.f}, {1920.f, 1080.f}}) {
            const std::string size = std::to_string(static_cast<int>(w)) + "x" + std::to_string(static_cast<int>(h));
            const float scale = interface_scale(w, h, 1.f, 1.f), large = interface_scale(w, h, 1.f, 1.5f);  // as the window
            expect_fits(screen_layout(w, h, scale, false).badges, b, scale, language, kMinTextPx, size);
            expect_fits(screen_layout(w, h, scale, true).badges, b, scale, language, kMinTextPx, size + " lesson");
            expect_fits(presenter_layout(w, h, large, false).badges, b, large, language, kMinTextPx, size + " presenter");
            expect_fits(presenter_layout(w, h, large, true).badges, b, large, language, kMinTextPx, size + " presenter lesson");
        }
    }
    // /dimension 16 at 1600x900: attention, what the change is about, keeps its old → new.
    const float at1600 = interface_scale(1600, 900, 1.f, 1.f);
    const BadgeStrip d16 = badge_strip(screen_layout(1600, 900, at1600, false).badges, b, at1600, Language::French, svg_detail::text_width);
    ASSERT_EQ(d16.pills.size(), b.size());
    EXPECT_EQ(d16.pills[2].text.full(), "attention 288\u202F→\u202F1\u202F088 ×\u202F3,8 ; × 4 sur le terme d²");
    // The usual change makes fewer badges: /couches 6 keeps every word at 1600x900.
    Session six = test::session("/couches 6");
    const std::vector<Badge> fewer = shown_badges(six.previous_trace().get(), *six.trace(), six.settings().step);
    const BadgeStrip normal = badge_strip(screen_layout(1600, 900, at1600, false).badges, fewer, at1600, Language::French, svg_detail::text_width);
    ASSERT_EQ(normal.pills.size(), fewer.size());
    for (const Pill& p : normal.pills) EXPECT_EQ(p.style, BadgeStyle::Full);
    EXPECT_GE(normal.text_px, kMinTextPx);
    // A roomy strip keeps the full labels at the full size.
    const BadgeStrip wide = badge_strip({0, 0, 2400, 26}, b, 1, Language::French, svg_detail::text_width);
    ASSERT_EQ(wide.pills.size(), b.size());
    for (const Pill& p : wide.pills) EXPECT_EQ(p.style, BadgeStyle::Full);
    EXPECT_FLOAT_EQ(wide.text_px, 16);
}

TEST(BadgeStrip, NothingToShowOrNoRoomDrawsNothing) {
    Session start = test::session();
    EXPECT_TRUE(shown_badges(start.previous_trace().get(), *start.trace(), 5).empty());  // start-up: no change yet
    Session s = test::session("/dimension 16");
    const std::vector<Badge> b = all_six(s);
    EXPECT_TRUE(badge_strip({0, 0, 800, 26}, {}, 1, Language::French, svg_detail::text_width).pills.empty());
    // Too small for any, or too short for 16 px text (a row of 20 px): nothing.
    for (const Rect& r : {Rect{0, 0, 0, 0}, Rect{0, 0, 200, 3}, Rect{0, 0, 40, 26}, Rect{0, 0, 300, 20}})
        EXPECT_TRUE(badge_strip(r, b, 1, Language::French, svg_detail::text_width).pills.empty());
    // Too narrow for six: those that fit whole at the smallest text, the others left out.
    for (const Rect& r : {Rect{0, 0, 180, 26}, Rect{0, 0, 300, 27}}) {
        const BadgeStrip tiny = badge_strip(r, b, 1, Language::French, svg_detail::text_width);
        for (const Pill& p : tiny.pills) {  // what is shown is whole, and says which badge it is
            EXPECT_LE(p.rect.right(), r.right());
            EXPECT_EQ(p.text.full(), badge_text(b.at(p.badge), Language::French, p.style).full());
        }
        EXPECT_FALSE(tiny.pills.empty());
        EXPECT_LT(tiny.pills.size(), b.size());
    }
    EXPECT_TRUE(badge_strip({0, 0, 800, 26}, b, 1, Language::French, nullptr).pills.empty());
    EXPECT_TRUE(badge_strip({0, 0, 800, 26}, b, std::nanf(""), Language::French, svg_detail::text_width).pills.empty());
}

// The text of each <text data-figure> of the badges group, its tags removed, with its attributes.
struct SvgBadge {
    std::string figure, before, after, text;
};
std::vector<SvgBadge> svg_badges(const std::string& svg) {
    std::vector<SvgBadge> out;
    const std::size_t group = svg.find("<g class=\"badges\">");
    if (group == std::string::npos) return out;
    const std::string inside = svg.substr(group, svg.find("</g>", group) - group);
    const std::regex text(R"re(<text data-figure="(\w+)" data-before="([-\d.]+)" data-after="([-\d.]+)"[^>]*>(.*?)</text>)re");
    for (auto it = std::sregex_iterator(inside.begin(), inside.end(), text); it != std::sregex_iterator(); ++it) {
        const std::string body = std::regex_replace((*it)[4].str(), std::regex("<[^>]*>"), "");
        out.push_back({(*it)[1], (*it)[2], (*it)[3], body});
    }
    return out;
}

TEST(BadgeSvg, TheGroupHoldsTheWindowsStrings) {
    Session s = test::session("/couches 6");
    const std::string svg = cross_section_svg(headless_svg_picture(s.trace(), 1600, 900, Language::French, s.previous_trace().get()));
    const std::vector<SvgBadge> found = svg_badges(svg);
    const std::vector<Badge> b = shown_badges(s.previous_trace().get(), *s.trace(), s.settings().step);
    ASSERT_EQ(found.size(), b.size());
    ASSERT_GE(found.size(), 2u);
    EXPECT_EQ(found[0].figure, "blocks");
    EXPECT_EQ(found[0].before, std::to_string(2 * (4 * (8 * 8 + 8) + 2 * 8 * 32 + 32 + 8 + 4 * 8)));
    EXPECT_EQ(found[0].after, std::to_string(6 * (4 * (8 * 8 + 8) + 2 * 8 * 32 + 32 + 8 + 4 * 8)));
    EXPECT_EQ(found[0].text, "blocs : 1\u202F744 → 5\u202F232 (× 3)");
    for (std::size_t i = 0; i < b.size(); ++i) EXPECT_EQ(found[i].text, badge_text(b[i], Language::French).full());
    // At start-up nothing has changed: no group.
    Session start = test::session();
    EXPECT_EQ(cross_section_svg(headless_svg_picture(start.trace(), 1600, 900, Language::French, nullptr)).find("class=\"badges\""),
              std::string::npos);
}

TEST(BadgeSvg, HeadlessExportCarriesTheLastChange) {
    Session session(test::vocabulary());
    CommandRegistry registry;
    Features::install_headless(session, registry, 1024, 768);
    const std::string path = test::temp_file("badges.svg");
    ASSERT_TRUE(registry.execute(session, "/langue en").ok);
    ASSERT_TRUE(registry.execute(session, "/dimension 16").ok);
    ASSERT_TRUE(registry.execute(session, "/exporter svg " + path).ok);
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    const std::vector<SvgBadge> found = svg_badges(text.str());
    ASSERT_EQ(found.size(), 6u);
    EXPECT_EQ(found[2].figure, "attention");
    EXPECT_EQ(found[2].after, std::to_string(4 * (16 * 16 + 16)));
    EXPECT_NE(found[2].text.find("× 4 on the d² term"), std::string::npos) << found[2].text;
}

}  // namespace
}  // namespace tb
