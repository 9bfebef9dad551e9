// render/damage and render/partial_frame without a window: ImGui frames built on the CPU (no
// backend), compared one after the other.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
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

// What ImGui's OpenGL backend (imgui_impl_opengl3.cpp, 1.86) lets a command draw: its clip
// rectangle made a scissor box, each value truncated apart; marks `pixels` (framebuffer, y down).
void scissor_pixels(const ImVec4& clip, ImVec2 scale, int fb_w, int fb_h, std::vector<int>& pixels) {
    const ImVec2 clip_min(clip.x * scale.x, clip.y * scale.y), clip_max(clip.z * scale.x, clip.w * scale.y);
    if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) return;
    const int x = (int)clip_min.x, y = (int)(fb_h - clip_max.y), w = (int)(clip_max.x - clip_min.x), h = (int)(clip_max.y - clip_min.y);
    for (int gy = std::max(0, y); gy < std::min(fb_h, y + h); ++gy)  // GL rows, from the bottom
        for (int gx = std::max(0, x); gx < std::min(fb_w, x + w); ++gx) ++pixels[static_cast<std::size_t>((fb_h - 1 - gy) * fb_w + gx)];
}

// A clip rectangle with fractions (PushClipRect at a layout's float rectangle) cut by 16-pixel
// rectangles: the pieces must let through exactly the pixels the whole command does, no more (a
// column drawn twice, or beyond the whole one's box) and none missing.
TEST(Damage, ThePiecesOfAFractionalClipRectDrawTheWholeCommandsPixels) {
    for (const float scale : {1.f, 2.f}) {
        Frames f;
        ImGuiIO& io = ImGui::GetIO();
        io.DisplayFramebufferScale = ImVec2(scale, scale);
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(800, 600));
        ImGui::Begin("##w", nullptr, ImGuiWindowFlags_NoDecoration);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->PushClipRect(ImVec2(10.3f, 20.3f), ImVec2(40.9f, 50.9f), true);
        dl->AddRectFilled(ImVec2(0, 0), ImVec2(100, 100), IM_COL32(0, 200, 0, 128));
        dl->PopClipRect();
        ImGui::End();
        ImGui::Render();
        const ImDrawData& data = *ImGui::GetDrawData();
        std::vector<DamageRect> rects;
        for (int y = 0; y < 64; y += 16)
            for (int x = 0; x < 64; x += 16) rects.push_back({x, y, x + 16, y + 16});
        const int fb_w = static_cast<int>(800 * scale), fb_h = static_cast<int>(600 * scale);
        std::vector<int> whole(static_cast<std::size_t>(fb_w * fb_h)), cut(whole.size());
        for (int n = 0; n < data.CmdListsCount; ++n)
            for (const ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer)
                if (!cmd.UserCallback && cmd.ElemCount > 0) scissor_pixels(cmd.ClipRect, data.FramebufferScale, fb_w, fb_h, whole);
        PartialFrame partial;
        const ImDrawData* pieces = partial.build(data, rects);
        for (int n = 0; n < pieces->CmdListsCount; ++n)
            for (const ImDrawCmd& cmd : pieces->CmdLists[n]->CmdBuffer)
                if (!cmd.UserCallback && cmd.ElemCount > 0) scissor_pixels(cmd.ClipRect, data.FramebufferScale, fb_w, fb_h, cut);
        int wrong = 0, inside = 0;
        for (int y = 0; y < 64 * static_cast<int>(scale); ++y)
            for (int x = 0; x < 64 * static_cast<int>(scale); ++x) {
                const std::size_t i = static_cast<std::size_t>(y * fb_w + x);
                inside += whole[i] == 2;  // the window's background and the clipped rectangle
                if (whole[i] != cut[i]) ++wrong;
            }
        EXPECT_GT(inside, 0) << "scale " << scale;
        EXPECT_EQ(wrong, 0) << "scale " << scale;
        for (std::size_t i = 0; i < cut.size(); ++i)
            if (cut[i] > 0 && (static_cast<int>(i) % fb_w >= 64 * static_cast<int>(scale) ||
                               static_cast<int>(i) / fb_w >= 64 * static_cast<int>(scale)))
                ++wrong;  // nothing outside the rectangles
        EXPECT_EQ(wrong, 0) << "scale " << scale;
    }
}

// The copy's boxes never leave the framebuffer: a rectangle laid out for a larger window (the
// window shrank between two reads) is clamped, one wholly outside is empty.
TEST(Damage, FramebufferBoxesAreClampedToTheFramebuffer) {
    const CopyBox inside = framebuffer_box({16, 32, 48, 64}, ImVec2(1, 1), 200, 150);
    EXPECT_EQ(inside.x, 16);
    EXPECT_EQ(inside.y, 150 - 64);  // from the bottom
    EXPECT_EQ(inside.width, 32);
    EXPECT_EQ(inside.height, 32);
    const CopyBox whole_old = framebuffer_box({0, 0, 1600, 900}, ImVec2(1, 1), 200, 150);
    EXPECT_EQ(whole_old.x, 0);
    EXPECT_EQ(whole_old.y, 0);
    EXPECT_EQ(whole_old.width, 200);
    EXPECT_EQ(whole_old.height, 150);
    const CopyBox outside = framebuffer_box({400, 300, 800, 600}, ImVec2(1, 1), 200, 150);
    EXPECT_EQ(outside.width * outside.height, 0);
    const CopyBox scaled = framebuffer_box({10, 10, 20, 20}, ImVec2(2, 2), 30, 30);  // HiDPI: 20..40 clamped to 30
    EXPECT_EQ(scaled.x, 20);
    EXPECT_EQ(scaled.width, 10);
    EXPECT_EQ(scaled.y, 0);
    EXPECT_EQ(scaled.height, 10);
}

}  // namespace
}  // namespace tb
