// render/screen_text without a window: an ImGui context on the CPU (no backend), DejaVu Sans at
// the window's size, one frame of widgets and ImDrawList::AddText, read back from the draw data.
#include <gtest/gtest.h>
#include <imgui.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "render/screen_text.h"

namespace tb {
namespace {

const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct Frame {
    Frame() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800, 600);
        static const ImWchar ranges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2200, 0x22FF, 0};
        ImFontConfig config;
        config.OversampleH = 2;
        io.Fonts->AddFontFromFileTTF(kFont, 19.f, &config, ranges);
        large = io.Fonts->AddFontFromFileTTF(kFont, 19.f * 1.45f, &config, ranges);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(1)));
    }
    ~Frame() { ImGui::DestroyContext(); }
    std::vector<ScreenText> draw(void (*content)(ImFont*)) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(800, 600));
        ImGui::Begin("##w", nullptr, ImGuiWindowFlags_NoDecoration);
        content(large);
        ImGui::End();
        ImGui::Render();
        return screen_text(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts);
    }
    ImFont* large = nullptr;
};

std::vector<std::string> texts(const std::vector<ScreenText>& runs) {
    std::vector<std::string> out;
    for (const auto& r : runs) out.push_back(r.text);
    return out;
}

TEST(ScreenText, WidgetsAndDrawListTextAreReadBackWithTheirSpaces) {
    if (!std::filesystem::exists(kFont)) GTEST_SKIP() << "no DejaVu Sans";
    Frame f;
    const auto runs = f.draw([](ImFont* large) {
        ImGui::TextUnformatted("paramètres : blocs 1\u202F744 · total 2\u202F720");  // the top bar's counter
        ImGui::TextUnformatted("moyenne 0,371");
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddText(ImVec2(100, 300), IM_COL32_WHITE, "ffn 2");
        dl->AddText(large, large->FontSize, ImVec2(100, 400), IM_COL32_WHITE, "× 3,8 (÷ 5,6)");
        dl->PushClipRect(ImVec2(0, 0), ImVec2(50, 50));
        dl->AddText(ImVec2(300, 20), IM_COL32_WHITE, "hidden");  // on a line, but outside its clip rectangle
        dl->PopClipRect();
    });
    const std::vector<std::string> expected = {"paramètres : blocs 1\u202F744 · total 2\u202F720", "moyenne 0,371", "ffn 2",
                                               "× 3,8 (÷ 5,6)"};
    EXPECT_EQ(texts(runs), expected);
}

TEST(ScreenText, PiecesOfOneLineAreOrderedLeftToRightAndFarOnesApart) {
    if (!std::filesystem::exists(kFont)) GTEST_SKIP() << "no DejaVu Sans";
    Frame f;
    const auto runs = f.draw([](ImFont*) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddText(ImVec2(400, 100), IM_COL32_WHITE, "droite");  // drawn first, on the right
        dl->AddText(ImVec2(20, 100), IM_COL32_WHITE, "gauche");
        ImGui::SetCursorScreenPos(ImVec2(20, 200));
        ImGui::TextUnformatted("a");
        ImGui::SameLine();  // ImGui's item spacing: a layout gap, read as two spaces
        ImGui::TextUnformatted("b");
    });
    const std::vector<std::string> expected = {"gauche", "droite", "a  b"};
    EXPECT_EQ(texts(runs), expected);
}

// The layout report's measures: each run's size as drawn (AddText at 13 px reads 13, the large
// font 27,55), the window that drew it, and the glyphs a clip rectangle cuts (a label too long for
// its button; text reaching out of a narrow clip rectangle).
TEST(ScreenText, SizesOwnersAndCutGlyphs) {
    if (!std::filesystem::exists(kFont)) GTEST_SKIP() << "no DejaVu Sans";
    Frame f;
    const auto runs = f.draw([](ImFont* large) {
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddText(ImGui::GetFont(), 13.f, ImVec2(20, 20), IM_COL32_WHITE, "petit");
        dl->AddText(large, large->FontSize, ImVec2(20, 60), IM_COL32_WHITE, "grand");
        ImGui::SetCursorScreenPos(ImVec2(20, 120));
        ImGui::Button("Réinitialiser la pile", ImVec2(60, 0));  // the label cut at the button's edge
        dl->PushClipRect(ImVec2(0, 200), ImVec2(30, 260));
        dl->AddText(ImVec2(20, 210), IM_COL32_WHITE, "MMMM");  // the first M reaches past x 30
        dl->PopClipRect();
        dl->AddText(ImVec2(20, 300), IM_COL32_WHITE, "entier");
    });
    std::map<std::string, ScreenText> by_start;  // by their first letter
    for (const auto& r : runs) by_start[r.text.substr(0, 1)] = r;
    for (const char* first : {"p", "g", "e", "R", "M"}) ASSERT_EQ(by_start.count(first), 1u) << first;
    EXPECT_NEAR(by_start["p"].px, 13.f, 0.05f);
    EXPECT_NEAR(by_start["g"].px, 19.f * 1.45f, 0.05f);
    EXPECT_EQ(by_start["g"].owner, "##w");
    EXPECT_EQ(by_start["g"].cut, 0);
    EXPECT_EQ(by_start["e"].cut, 0);
    EXPECT_GT(by_start["R"].cut, 0) << by_start["R"].text;
    EXPECT_GT(by_start["M"].cut, 0) << by_start["M"].text;
    const ImFont* body = ImGui::GetIO().Fonts->Fonts[0];
    EXPECT_NEAR(by_start["e"].right - by_start["e"].x, body->CalcTextSizeA(19.f, FLT_MAX, 0, "entier").x, 0.5f);
}

}  // namespace
}  // namespace tb
