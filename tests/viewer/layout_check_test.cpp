// The layout report reads glyphs back from draw lists: two labels drawn on one spot are an
// overlap, two side by side are not; the smallest text and the canvases' share are measured.
#include "layout_check.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

namespace gv = gridlock::viewer;

namespace {

// An ImGui frame of 800x600 with the default font built (no renderer: the atlas's UVs are all the
// report needs); the test draws into the foreground list.
class Frame {
 public:
  Frame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->AddFontDefault();
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(intptr_t(1)));
    io.DisplaySize = ImVec2(800, 600);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    ImGui::NewFrame();
  }
  ~Frame() { ImGui::DestroyContext(); }
  ImDrawList& list() { return *ImGui::GetForegroundDrawList(); }
  ImFont* font() { return ImGui::GetIO().Fonts->Fonts[0]; }
  gv::LayoutReport report() {
    ImGui::Render();
    return gv::check_layout(*ImGui::GetDrawData(), ImVec2(800, 600));
  }
};

}  // namespace

TEST(LayoutCheck, TwoLabelsOnOneSpotOverlap) {
  Frame f;
  f.list().AddText(f.font(), 20.0f, ImVec2(100, 100), IM_COL32_WHITE, "block 76");
  f.list().AddText(f.font(), 20.0f, ImVec2(104, 102), IM_COL32_WHITE, "block 77");
  const gv::LayoutReport r = f.report();
  ASSERT_EQ(r.overlaps.size(), 1u);
  EXPECT_EQ(r.overlaps[0].a, "block 76");
  EXPECT_EQ(r.overlaps[0].b, "block 77");
  EXPECT_EQ(r.labels, 2);
}

TEST(LayoutCheck, LabelsSideBySideDoNotOverlapAndTheSmallestIsMeasured) {
  Frame f;
  gv::canvas_rects() = {ImVec4(0, 0, 400, 600)};
  f.list().AddText(f.font(), 20.0f, ImVec2(100, 100), IM_COL32_WHITE, "block 76");
  f.list().AddText(f.font(), 10.0f, ImVec2(100, 140), IM_COL32_WHITE, "t = 3 us");
  const gv::LayoutReport r = f.report();
  EXPECT_TRUE(r.overlaps.empty());
  EXPECT_NEAR(r.smallest_px, 10.0f, 0.5f);
  EXPECT_EQ(r.smallest_label, "t = 3 us");
  EXPECT_NEAR(r.canvas_share, 0.5f, 1e-3f);
  gv::canvas_rects().clear();
}

TEST(LayoutCheck, TextOutsideItsClipRectangleIsNotSeen) {
  Frame f;
  f.list().PushClipRect(ImVec2(0, 0), ImVec2(50, 50));
  f.list().AddText(f.font(), 20.0f, ImVec2(100, 100), IM_COL32_WHITE, "hidden");
  f.list().PopClipRect();
  EXPECT_EQ(f.report().glyphs, 0);
}
