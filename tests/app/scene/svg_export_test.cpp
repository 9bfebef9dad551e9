// /exporter svg through the commands: headless at --size, in the window at its size and scale
// (presenter mode, A/B with data-side), written safely, refused in French on a bad path.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "../features_fixture.h"
#include "scene/svg.h"

namespace tb {
namespace {

std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The section's background: the first <rect> (it carries no data-*).
Rect first_rect(const std::string& svg) {
    std::smatch m;
    const std::regex rect(R"re(<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)")re");
    if (!std::regex_search(svg, m, rect)) return {};
    return {std::stof(m[1]), std::stof(m[2]), std::stof(m[3]), std::stof(m[4])};
}

void expect_rect(const Rect& a, const Rect& b) {
    EXPECT_NEAR(a.x, b.x, 1e-3);
    EXPECT_NEAR(a.y, b.y, 1e-3);
    EXPECT_NEAR(a.w, b.w, 1e-3);
    EXPECT_NEAR(a.h, b.h, 1e-3);
}

TEST(SvgExport, HeadlessAtItsSizeSaysWhereAndRefusesABadPath) {
    Session session(test::vocabulary());
    CommandRegistry registry;
    Features::install_headless(session, registry, 1024, 768);
    const std::string path = test::temp_file("coupe.svg");
    const auto done = registry.execute(session, "/exporter svg " + path);
    ASSERT_TRUE(done.ok) << done.message;
    EXPECT_NE(done.message.find("« " + std::filesystem::absolute(path).lexically_normal().string() + " »"), std::string::npos)
        << done.message;
    const std::string svg = read(path);
    EXPECT_NE(svg.find("viewBox=\"0 0 1024 768\""), std::string::npos);
    expect_rect(first_rect(svg), screen_layout(1024, 768, interface_scale(1024, 768, 1.f, 1.f), false).section);  // the window's text at that size
    EXPECT_NE(svg.find("fill=\"" + svg_hex(kDarkTheme.section) + "\""), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));

    const std::string bad = test::temp_file("absent") + "/coupe.svg";
    const auto refused = registry.execute(session, "/exporter svg " + bad);
    EXPECT_FALSE(refused.ok);
    EXPECT_EQ(refused.message.rfind("/exporter : impossible d'écrire dans « " + bad + " »", 0), 0u) << refused.message;
    EXPECT_FALSE(std::filesystem::exists(bad));
    EXPECT_FALSE(std::filesystem::exists(bad + ".tmp"));
    EXPECT_FALSE(registry.execute(session, "/exporter svg").ok);  // a file name is needed

    registry.set_language(Language::English);
    const auto english = registry.execute(session, "/exporter svg " + path);
    EXPECT_EQ(english.message.rfind("cross-section (SVG) written to “", 0), 0u) << english.message;
    EXPECT_NE(read(path).find(">output</text>"), std::string::npos);  // the labels in the registry's language
}

// The exported bands name the norm's type, as the window's do (seed 002: LayerNorm or RMSNorm):
// at 1600 x 900 and L 2 they are too thin for the name, each has its tag « LN » or « RMS »; with
// RoPE the input box says that no position is added there (on one line or two).
TEST(SvgExport, TheBandsNameTheNormsType) {
    Session session(test::vocabulary());
    CommandRegistry registry;
    Features::install_headless(session, registry, 1600, 900);
    const std::string path = test::temp_file("rms.svg");
    const auto count = [](const std::string& svg, const std::string& s) {
        int n = 0;
        for (std::size_t at = svg.find(s); at != std::string::npos; at = svg.find(s, at + 1)) ++n;
        return n;
    };
    ASSERT_TRUE(registry.execute(session, "/exporter svg " + path).ok);
    EXPECT_EQ(count(read(path), ">LN</text>"), 5);  // pre-norm at L 2: four sublayers and the final norm
    EXPECT_EQ(count(read(path), ">RMS</text>"), 0);
    ASSERT_TRUE(registry.execute(session, "/normalisation rmsnorm").ok);
    ASSERT_TRUE(registry.execute(session, "/position rope").ok);
    ASSERT_TRUE(registry.execute(session, "/exporter svg " + path).ok);
    const std::string svg = read(path);
    EXPECT_EQ(count(svg, ">RMS</text>"), 5);
    EXPECT_EQ(count(svg, ">LN</text>"), 0);
    const bool one_line = svg.find(">embeddings, sans position</text>") != std::string::npos;
    const bool two_lines = svg.find(">embeddings,</text>") != std::string::npos && svg.find(">sans position</text>") != std::string::npos;
    EXPECT_TRUE(one_line || two_lines);  // 1600 x 900: two lines, as in the window
    // Issue 34: /position aucun adds nothing at the input either; it said « embeddings + positions ».
    ASSERT_TRUE(registry.execute(session, "/position aucun").ok);
    ASSERT_TRUE(registry.execute(session, "/exporter svg " + path).ok);
    const std::string none = read(path);
    EXPECT_EQ(none.find("positions</text>"), std::string::npos);
    EXPECT_TRUE(none.find(">embeddings, sans position</text>") != std::string::npos ||
                none.find(">sans position</text>") != std::string::npos);
}

TEST(SvgExport, TheWindowsSizeScaleAndPresenterMode) {
    test::WindowFeatures w;
    w.features.set_window(1280, 800, 1.5f);
    const std::string path = test::temp_file("fenetre.svg");
    ASSERT_TRUE(w.run("/exporter svg " + path).ok);
    std::string svg = read(path);
    EXPECT_NE(svg.find("viewBox=\"0 0 1280 800\""), std::string::npos);
    EXPECT_NEAR(w.features.interface_scale(), 24.f / kBaseTextPx, 1e-4);  // 16 px times the content scale 1.5, the floor
    expect_rect(first_rect(svg), screen_layout(1280, 800, w.features.interface_scale(), false).section);

    ASSERT_TRUE(w.run("/presentateur on").ok);
    svg = w.features.svg();
    expect_rect(first_rect(svg), presenter_layout(1280, 800, w.features.interface_scale(), false).section);

    // At rest at the step whatever the playhead: /propager starts the climb again, the picture is
    // the end of it.
    ASSERT_TRUE(w.run("/presentateur off").ok);
    ASSERT_TRUE(w.run("/propager").ok);
    svg = w.features.svg();
    EXPECT_EQ(count(svg, "data-role=\"bead\""), 5);
    EXPECT_EQ(count(svg, "data-role=\"trail\""), 5 * 5);

    // In the middle of /melanger's slide too: every bead and trail in its own column.
    ASSERT_TRUE(w.run("/melanger").ok);
    w.features.update(w.features.playback().slide_seconds() * 0.5);
    ASSERT_FALSE(w.features.playback().animation().moved_from.empty());
    svg = w.features.svg();
    const Layout layout = make_layout(w.session.settings(), screen_layout(1280, 800, w.features.interface_scale(), false).section);
    const std::regex bead(R"re(<circle[^>]*data-role="(?:bead|trail)"[^>]*>)re"), token(R"re(data-token="(\d+)")re"),
        cx(R"re(cx="([-\d.]+)")re");
    int beads = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), bead); it != std::sregex_iterator(); ++it, ++beads) {
        const std::string tag = it->str();
        std::smatch t, x;
        ASSERT_TRUE(std::regex_search(tag, t, token) && std::regex_search(tag, x, cx)) << tag;
        EXPECT_NEAR(std::stof(x[1]), layout.token_x(std::stoi(t[1]), 5), 1e-2) << tag;
    }
    EXPECT_EQ(beads, 6 * 5);
}

TEST(SvgExport, ABMarksEverySideAndDrawsEachFromItsTrace) {
    test::WindowFeatures w;
    ASSERT_TRUE(w.run("/comparer on").ok);
    ASSERT_TRUE(w.run("/b /residuel off").ok);
    const std::string svg = w.features.svg();
    std::istringstream lines(svg);
    int marked = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("data-") == std::string::npos || line.rfind("<svg", 0) == 0) continue;
        EXPECT_TRUE(std::regex_search(line, std::regex("data-side=\"[ab]\""))) << line;
        ++marked;
    }
    EXPECT_GT(marked, 0);
    EXPECT_EQ(count(svg, "data-side=\"a\" data-part=\"residual\""), 4);
    EXPECT_EQ(count(svg, "data-side=\"b\" data-part=\"residual\""), 0);
    EXPECT_EQ(count(svg, "data-side=\"a\" data-role="), 5 * 6);
    EXPECT_EQ(count(svg, "data-side=\"b\" data-role="), 5 * 6);
    EXPECT_NE(svg.find(">B — résiduel off</text>"), std::string::npos);
    // Presenter mode keeps both stacks: a class compares them from the back of the room.
    ASSERT_TRUE(w.run("/presentateur on").ok);
    const std::string presenter = w.features.svg();
    EXPECT_EQ(count(presenter, "data-side=\"a\" data-role="), 5 * 6);
    EXPECT_EQ(count(presenter, "data-side=\"b\" data-role="), 5 * 6);
    EXPECT_NE(presenter.find(">B — résiduel off</text>"), std::string::npos);
}

// A/B at 1024 x 768 with many differences and L 6: as in the window, no text under the window's
// smallest (16 px: font-size 16 / 1.164 in the SVG's em), B's label written with the values alone
// (on two lines), and each thin box named « a3 », not a name squeezed to a few pixels.
TEST(SvgExport, ANarrowHalfKeepsItsTextReadable) {
    test::WindowFeatures w;
    w.features.set_window(1024, 768, 1.f);
    for (const char* line : {"/couches 6", "/comparer on", "/b /dimension 16", "/b /recette llama"}) ASSERT_TRUE(w.run(line).ok) << line;
    const std::string svg = w.features.svg();
    const std::regex text(R"re(<text[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>)re");
    std::string all;
    int texts = 0;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it, ++texts) {
        EXPECT_GE(std::stof((*it)[1]) * 1.164f, 16.f - 0.01f) << (*it)[2];
        all += std::string((*it)[2]) + "\n";
    }
    EXPECT_GT(texts, 40);
    EXPECT_NE(all.find("B — rope"), std::string::npos) << all;
    EXPECT_NE(all.find("swiglu"), std::string::npos) << all;
    EXPECT_NE(all.find("\na3\n"), std::string::npos) << all;
}

}  // namespace
}  // namespace tb
