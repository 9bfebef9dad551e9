// The cross-section as SVG (cli.md, "The cross-section as SVG"), read back with a small scan of
// its tags and checked against the trace, not against the writer's own numbers.
#include "scene/svg.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "../features_fixture.h"

namespace tb {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Element {
    std::string tag;
    std::map<std::string, std::string> attrs;
    std::string text;  // <text> only, entities decoded
    bool has(const std::string& k) const { return attrs.count(k) > 0; }
    const std::string& at(const std::string& k) const {
        static const std::string none;
        const auto it = attrs.find(k);
        return it == attrs.end() ? none : it->second;
    }
    int integer(const std::string& k) const { return std::stoi(at(k)); }
    double number(const std::string& k) const { return std::stod(at(k)); }
};

std::string decode(std::string s) {
    const std::pair<const char*, const char*> entities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
    for (const auto& [from, to] : entities)
        for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + 1)) s.replace(at, std::string(from).size(), to);
    return s;
}

// Every start tag in order, with its attributes (and a <text>'s content).
std::vector<Element> scan(const std::string& svg) {
    std::vector<Element> out;
    static const std::regex tag(R"re(<([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"]*")*)\s*(/?)>)re");
    static const std::regex attr(R"re(([a-zA-Z:-]+)="([^"]*)")re");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator(); ++it) {
        Element e;
        e.tag = (*it)[1];
        const std::string attrs = (*it)[2];
        for (auto a = std::sregex_iterator(attrs.begin(), attrs.end(), attr); a != std::sregex_iterator(); ++a)
            e.attrs[(*a)[1]] = decode((*a)[2]);
        if (e.tag == "text") {
            const std::size_t from = static_cast<std::size_t>(it->position() + it->length());
            e.text = decode(svg.substr(from, svg.find("</text>", from) - from));
        }
        out.push_back(std::move(e));
    }
    return out;
}

std::string svg_of(const Session& s, float w = 1600, float h = 900) {
    return cross_section_svg(headless_svg_picture(s.trace(), w, h, Language::French));
}

std::vector<Element> with(const std::vector<Element>& all, const std::string& key, const std::string& value) {
    std::vector<Element> out;
    for (const auto& e : all)
        if (e.at(key) == value) out.push_back(e);
    return out;
}

double norm_of(const Trace& t, int k, int i) { return t.levels[static_cast<std::size_t>(k)].vectors.row(i).norm(); }

TEST(Svg, OneBeadOrTrailPerTokenPerLevelUpToTheStep) {
    for (const char* script : {"", "/etape 2", "/couches 3; /etape 4", "/etape 0", "/couches 1; /phrase le chat"}) {
        const Session s = test::session(script);
        const Trace& t = *s.trace();
        const auto all = scan(svg_of(s));
        std::map<std::pair<int, int>, std::string> seen;
        for (const auto& e : all) {
            if (!e.has("data-role")) continue;
            EXPECT_EQ(e.tag, "circle");
            const auto key = std::make_pair(e.integer("data-token"), e.integer("data-level"));
            EXPECT_EQ(seen.count(key), 0u) << script;
            seen[key] = e.at("data-role");
        }
        const int step = t.settings.step;
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(t.token_count() * (step + 1))) << script;
        for (const auto& [key, role] : seen) EXPECT_EQ(role, key.second == step ? "bead" : "trail") << script;
        for (const auto& e : with(all, "data-role", "trail")) EXPECT_LT(e.number("opacity"), 1.0);
    }
}

TEST(Svg, NormsAreTheTracesAndAreasFollowThem) {
    for (const char* script : {"", "/norme aucune; /couches 6; /residuel off", "/norme aucune; /couches 6", "/dimension 16"}) {
        const Session s = test::session(script);
        const Trace& t = *s.trace();
        const auto all = scan(svg_of(s));
        const Element& root = all.front();
        ASSERT_EQ(root.tag, "svg");
        const double area = root.number("data-area-per-norm"), lo = root.number("data-norm-min"),
                     hi = root.number("data-norm-max");
        for (const char* k : {"data-area-per-norm", "data-norm-min", "data-norm-max"})
            EXPECT_TRUE(std::regex_match(root.at(k), std::regex(R"re(\d+\.\d{3,})re"))) << root.at(k);
        int clamped = 0;
        for (const auto& e : all) {
            if (!e.has("data-role")) continue;
            const double truth = norm_of(t, e.integer("data-level"), e.integer("data-token"));
            EXPECT_NEAR(e.number("data-norm"), truth, 1e-6 * truth) << script;
            const double drawn = kPi * e.number("r") * e.number("r");
            if (truth < lo || truth > hi) {
                EXPECT_EQ(e.at("data-clamped"), truth < lo ? "low" : "high") << script;
                ++clamped;
            } else {
                EXPECT_FALSE(e.has("data-clamped")) << script;
                EXPECT_NEAR(drawn, area * truth, 0.01 * area * truth) << script;
            }
        }
        for (const auto& e : all) {  // only beads carry data-norm
            if (e.has("data-norm")) {
                EXPECT_TRUE(e.has("data-role"));
            }
        }
        if (std::string(script).find("residuel off") != std::string::npos) {
            EXPECT_GT(clamped, 0);  // vanishing
        }
    }
}

TEST(Svg, PostNormBeadsAboveTheInputHaveTheirRingsSize) {
    const Session s = test::session("/norme post; /couches 3");
    const auto all = scan(svg_of(s));
    std::map<std::pair<int, int>, double> ring;
    for (const auto& e : with(all, "data-part", "reference"))
        ring[{e.integer("data-token"), e.integer("data-level")}] = e.number("r");
    int checked = 0;
    for (const auto& e : all) {
        if (!e.has("data-role") || e.integer("data-level") == 0) continue;
        const double r = ring.at({e.integer("data-token"), e.integer("data-level")});
        EXPECT_NEAR(e.number("r"), r, 0.01 * r);
        ++checked;
    }
    EXPECT_EQ(checked, 5 * 7);
}

// Each sector j is component j of x/rms(x) on the fixed scale, from twelve o'clock clockwise.
TEST(Svg, DirectionSectorsFollowTheVectorFromTwelveOClock) {
    const Session s = test::session("/dimension 16");
    const Trace& t = *s.trace();
    const auto all = scan(svg_of(s));
    std::map<std::tuple<int, int, int>, Element> cells;
    for (const auto& e : with(all, "data-part", "direction"))
        cells[{e.integer("data-token"), e.integer("data-level"), e.integer("data-component")}] = e;
    for (const auto& bead : all) {
        if (!bead.has("data-role")) continue;
        const int i = bead.integer("data-token"), k = bead.integer("data-level");
        const Vector v = t.levels[static_cast<std::size_t>(k)].vectors.row(i).transpose();
        const double rms = v.norm() / 4.0;
        for (int j = 0; j < 16; ++j) {
            ASSERT_EQ(cells.count({i, k, j}), 1u);
            const Element& c = cells[{i, k, j}];
            EXPECT_EQ(c.at("fill"), svg_hex(cue_colour(static_cast<float>(std::clamp(v[j] / rms / kCueRange, -1.0, 1.0)))));
        }
        // Sector 0 starts straight above the centre: "M cx,cy L cx,cy-R".
        std::smatch m;
        const std::string d = cells[{i, k, 0}].at("d");
        ASSERT_TRUE(std::regex_search(d, m, std::regex(R"re(M([-\d.]+),([-\d.]+) L([-\d.]+),([-\d.]+) A)re")));
        EXPECT_NEAR(std::stod(m[3]), bead.number("cx"), 1e-3);
        EXPECT_LT(std::stod(m[4]), bead.number("cy"));
    }
}

TEST(Svg, IdenticalVectorsIdenticalBeads) {
    const Session s = test::session("/position aucun");
    const Trace& t = *s.trace();
    ASSERT_EQ(t.tokens[0].word, "le");
    ASSERT_EQ(t.tokens[3].word, "le");
    const auto all = scan(svg_of(s));
    auto bead = [&](int i, int k) {
        for (const auto& e : all)
            if (e.has("data-role") && e.integer("data-token") == i && e.integer("data-level") == k) return e;
        ADD_FAILURE() << "no bead " << i << " at " << k;
        return Element{};
    };
    auto cue = [&](int i, int k) {
        std::vector<std::string> fills;
        for (const auto& e : with(all, "data-part", "direction"))
            if (e.integer("data-token") == i && e.integer("data-level") == k) fills.push_back(e.at("fill"));
        return fills;
    };
    for (int k = 0; k <= t.settings.step; ++k) {
        EXPECT_EQ(bead(0, k).at("fill"), bead(3, k).at("fill")) << k;
        EXPECT_EQ(bead(0, k).at("r"), bead(3, k).at("r")) << k;
        EXPECT_EQ(cue(0, k), cue(3, k)) << k;
        EXPECT_NE(bead(0, k).at("stroke"), bead(3, k).at("stroke")) << k;  // their identities differ
    }
    // With positions, the two « le » differ at the input.
    const auto sinus = scan(svg_of(test::session()));
    EXPECT_NE(with(with(sinus, "data-level", "0"), "data-token", "0")[0].at("fill") +
                  with(with(sinus, "data-level", "0"), "data-token", "0")[1].at("fill"),
              with(with(sinus, "data-level", "0"), "data-token", "3")[0].at("fill") +
                  with(with(sinus, "data-level", "0"), "data-token", "3")[1].at("fill"));
}

std::multiset<std::string> parts(const std::vector<Element>& all, const std::string& part, const char* key = "data-level") {
    std::multiset<std::string> out;
    for (const auto& e : with(all, "data-part", part)) out.insert(e.at(key) + (part == "norm" ? ":" + e.at("data-placement") : ""));
    return out;
}

TEST(Svg, BoxesBandsAndArcsFollowTheWiring) {
    struct Case {
        const char* script;
        int layers;
        const char* placement;  // nullptr: no bands
        bool residual;
    } cases[] = {{"", 2, "pre", true}, {"/norme post; /couches 3", 3, "post", true},
                 {"/norme aucune", 2, nullptr, true}, {"/residuel off; /couches 1", 1, "pre", false},
                 {"/residuel off; /norme post", 2, "post", false}};
    for (const Case& c : cases) {
        const auto all = scan(svg_of(test::session(c.script)));
        const int top = 2 * c.layers + 1;
        std::multiset<std::string> attention, ffn, bands, arcs;
        for (int k = 1; k < top; ++k) {
            (k % 2 ? attention : ffn).insert(std::to_string(k));
            if (c.placement) bands.insert(std::to_string(k) + ":" + c.placement);
            if (c.residual) arcs.insert(std::to_string(k));
        }
        if (c.placement && std::string(c.placement) == "pre") bands.insert(std::to_string(top) + ":pre");  // the final norm
        EXPECT_EQ(parts(all, "input"), std::multiset<std::string>{"0"}) << c.script;
        EXPECT_EQ(parts(all, "attention"), attention) << c.script;
        EXPECT_EQ(parts(all, "ffn"), ffn) << c.script;
        EXPECT_EQ(parts(all, "output"), std::multiset<std::string>{std::to_string(top)}) << c.script;
        EXPECT_EQ(parts(all, "norm"), bands) << c.script;
        EXPECT_EQ(parts(all, "residual"), arcs) << c.script;
        for (const char* box : {"input", "attention", "ffn", "output"})
            for (const auto& e : with(all, "data-part", box)) EXPECT_EQ(e.tag, "rect");
        for (const auto& e : with(all, "data-part", "norm")) EXPECT_EQ(e.at("data-norm-type"), "layernorm");
    }
}

TEST(Svg, NoTransformColoursAsHexAndThePaintersOrder) {
    const std::string svg = svg_of(test::session("/couches 2; /etape 3"));
    EXPECT_EQ(svg.find(" transform="), std::string::npos);
    const auto all = scan(svg);
    const std::regex hex("#[0-9a-f]{6}|none");
    std::vector<std::string> order;  // each kind of element, the first time it comes
    bool link_text = false;          // the text of a twin link belongs to it
    for (const auto& e : all) {
        for (const char* k : {"fill", "stroke"})
            if (e.has(k)) {
                EXPECT_TRUE(std::regex_match(e.at(k), hex)) << e.tag << " " << k << "=" << e.at(k);
            }
        std::string kind = e.tag == "text" ? "text" : e.at("data-role") + e.at("data-part");
        if (kind == "attention" || kind == "ffn" || kind == "output") kind = "input";
        if (kind == "twin-link") link_text = true;
        else if (kind == "text" && link_text) kind = "twin-link", link_text = false;
        if (!kind.empty() && (order.empty() || order.back() != kind)) order.push_back(kind);
    }
    // Boxes, bands, arcs, the pre-norm boxes' inputs, trails, beads (each with its cue and ring), the two
    // « le »'s link, text on top.
    std::vector<std::string> collapsed;
    for (const auto& k : order) {
        const std::string group = k == "direction" || k == "reference" ? std::string() : k;
        if (!group.empty() && (collapsed.empty() || collapsed.back() != group)) collapsed.push_back(group);
    }
    EXPECT_EQ(collapsed, (std::vector<std::string>{"input", "norm", "residual", "normalized-input", "trail", "bead", "twin-link", "text"}));
    EXPECT_EQ(all.front().at("viewBox"), "0 0 1600 900");
}

// The vocabulary splits « <b>&c » into words, so only the apostrophe reaches a word through
// /phrase; a word with the other four is made by hand.
TEST(Svg, WordsAreEscaped) {
    const Session s = test::session("/phrase l'arbre aujourd'hui");
    auto trace = std::make_shared<Trace>(*s.trace());
    trace->tokens[1].word = "<b>&\"x\"";
    const std::string svg = cross_section_svg(headless_svg_picture(trace, 1600, 900, Language::French));
    EXPECT_FALSE(std::regex_search(svg, std::regex("&(?!amp;|lt;|gt;|quot;|apos;)")));
    EXPECT_EQ(svg.find("<b>"), std::string::npos);
    std::multiset<std::string> words;
    for (const auto& e : scan(svg))
        if (e.tag == "text") words.insert(e.text);
    for (const auto& token : trace->tokens) EXPECT_EQ(words.count(token.word), 2u) << token.word;  // input and top
    EXPECT_EQ(words.count("l'"), 2u);
    EXPECT_NE(svg.find(">l&apos;</text>"), std::string::npos);
    EXPECT_NE(svg.find(">&lt;b&gt;&amp;&quot;x&quot;</text>"), std::string::npos);
}

TEST(Svg, NumbersAndColoursAsTheSpecWritesThem) {
    EXPECT_EQ(svg_number(1.5), "1.500");
    EXPECT_EQ(svg_number(-0.0001), "0.000");
    EXPECT_EQ(svg_precise(2.8284271247461903), "2.828427125");
    EXPECT_EQ(svg_precise(0.000123456789012), "0.0001234567890");
    EXPECT_EQ(svg_precise(1234.5), "1234.500000");
    EXPECT_EQ(svg_hex(palette::kInput), "#deba3a");
    EXPECT_EQ(svg_hex(Rgb{1.f, 0.f, 0.5f}), "#ff0080");
    EXPECT_EQ(svg_escape("l'<a>&\"\x01"), "l&apos;&lt;a&gt;&amp;&quot;");
}

}  // namespace
}  // namespace tb
