// render/damage and render/partial_frame without a window: ImGui frames built on the CPU (no
// backend), compared one after the other.
#include <gtest/gtest.h>
#include <imgui.h>

#include <vector>

#include "render/damage.h"
#include "render/partial_frame.h"

namespace tb {
namespace {

struct Frames {
    Frames() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800, 600);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(1)));
    }
    ~Frames() { ImGui::DestroyContext(); }
    // A window with a fixed square at (600, 500) and a moving one at x = `moving_x`, y = 100.
    const ImDrawData& draw(float moving_x) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(800, 600));
        ImGui::Begin("##w", nullptr, ImGuiWindowFlags_NoDecoration);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddRectFilled(ImVec2(600, 500), ImVec2(640, 540), IM_COL32(200, 0, 0, 255));
        dl->AddRectFilled(ImVec2(moving_x, 100), ImVec2(moving_x + 20, 120), IM_COL32(0, 200, 0, 255));
        ImGui::End();
        ImGui::Render();
        return *ImGui::GetDrawData();
    }
};

bool covers(const std::vector<DamageRect>& rects, int x, int y) {
    for (const auto& r : rects)
        if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) return true;
    return false;
}

TEST(Damage, FirstFrameIsWholeThenNothingWhenNothingChanges) {
    Frames f;
    DamageTracker tracker;
    const auto first = tracker.update(f.draw(100));
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].area(), 800L * 600L);
    EXPECT_TRUE(tracker.update(f.draw(100)).empty());
    tracker.reset();
    EXPECT_EQ(tracker.update(f.draw(100)).size(), 1u);
}

TEST(Damage, AMovedSquareMarksWhereItWasAndWhereItIsOnly) {
    Frames f;
    DamageTracker tracker;
    tracker.update(f.draw(100));
    const auto rects = tracker.update(f.draw(300));
    ASSERT_FALSE(rects.empty());
    EXPECT_TRUE(covers(rects, 105, 110));  // where it was
    EXPECT_TRUE(covers(rects, 305, 110));  // where it is
    EXPECT_FALSE(covers(rects, 620, 520));  // the fixed square
    EXPECT_FALSE(covers(rects, 200, 400));
    long area = 0;
    for (const auto& r : rects) area += r.area();
    EXPECT_LT(area, 800L * 600L / 20);
}

TEST(Damage, ThePartialFrameKeepsOnlyTheTrianglesInTheRectanglesClippedToThem) {
    Frames f;
    const ImDrawData& data = f.draw(100);
    PartialFrame partial;
    const std::vector<DamageRect> rects{{96, 96, 128, 128}};
    const ImDrawData* cut = partial.build(data, rects);
    ASSERT_EQ(cut->CmdListsCount, 1);
    const ImDrawList& list = *cut->CmdLists[0];
    ASSERT_GE(list.CmdBuffer.Size, 1);
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        if (cmd.UserCallback) continue;
        EXPECT_GE(cmd.ClipRect.x, 96.f);
        EXPECT_LE(cmd.ClipRect.z, 128.f);
    }
    EXPECT_LT(list.IdxBuffer.Size, data.CmdLists[0]->IdxBuffer.Size);  // not the fixed square
    EXPECT_GE(list.IdxBuffer.Size, 6);                                  // the moving one
    const ImDrawData* corner = partial.build(data, {{700, 10, 720, 30}});  // only the window's background there
    ASSERT_EQ(corner->CmdListsCount, 1);
    EXPECT_LE(corner->CmdLists[0]->IdxBuffer.Size, 9);  // its two triangles (and an empty one)
}

}  // namespace
}  // namespace tb
