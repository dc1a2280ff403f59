// The CPU painter behind the views' pixel layers: which pixels a rectangle covers, and how colours
// blend, must be what the GPU would have drawn for the same rectangles one by one.
#include "model/pixel_image.hpp"

#include <gtest/gtest.h>

namespace gv = gridlock::viewer;

namespace {

constexpr gv::PackedColour rgba(unsigned r, unsigned g, unsigned b, unsigned a) {
  return r | (g << 8) | (b << 16) | (a << 24);
}

int covered(const gv::PixelImage& image) {
  int n = 0;
  for (gv::PackedColour p : image.pixels()) n += p != 0;
  return n;
}

}  // namespace

TEST(PixelImage, CoversThePixelsWhoseCentresLieInside) {
  gv::PixelImage image;
  image.reset(10, 4);
  // x from 1.4 to 3.6: centres 1.5, 2.5 and 3.5 inside; y from 0.5 to 1.5: the centre 0.5 only
  // (the top edge counts, the bottom one does not).
  image.fill({1.4f, 0.5f, 3.6f, 1.5f, rgba(255, 0, 0, 255), 0});
  EXPECT_EQ(covered(image), 3);
  for (int x : {1, 2, 3}) EXPECT_EQ(image.at(x, 0), rgba(255, 0, 0, 255)) << x;
  EXPECT_EQ(image.at(0, 0), 0u);
  EXPECT_EQ(image.at(4, 0), 0u);
  EXPECT_EQ(image.at(2, 1), 0u);
}

TEST(PixelImage, AThinRectangleBetweenCentresCoversNothing) {
  gv::PixelImage image;
  image.reset(4, 4);
  image.fill({1.6f, 0.0f, 2.4f, 4.0f, rgba(255, 255, 255, 255), 0});
  EXPECT_EQ(covered(image), 0);
}

TEST(PixelImage, IsCutAtItsEdges) {
  gv::PixelImage image;
  image.reset(3, 2);
  image.fill({-50.0f, -50.0f, 50.0f, 50.0f, rgba(1, 2, 3, 255), 0});
  EXPECT_EQ(covered(image), 6);
}

TEST(PixelImage, TranslucentColoursBlendOverWhatIsThere) {
  gv::PixelImage image;
  image.reset(1, 1);
  image.fill({0, 0, 1, 1, rgba(200, 0, 0, 255), 0});
  image.fill({0, 0, 1, 1, rgba(0, 0, 100, 128), 0});
  // Over an opaque pixel the result stays opaque: 128/255 of blue, the rest red.
  const gv::PackedColour p = image.at(0, 0);
  EXPECT_EQ(p >> 24, 255u);
  EXPECT_NEAR(static_cast<double>(p & 0xFF), 200.0 * 127 / 255, 1.0);
  EXPECT_NEAR(static_cast<double>((p >> 16) & 0xFF), 100.0 * 128 / 255, 1.0);
}

TEST(PixelImage, BlendingIsTheSameAsOneByOneOverTheScreen) {
  // Two translucent colours blended in the image, then the image over a screen colour, give the
  // screen colour with the two blended over it in turn.
  const gv::PackedColour screen = rgba(10, 20, 30, 255), a = rgba(250, 10, 10, 90),
                         b = rgba(10, 250, 60, 160);
  const gv::PackedColour in_turn = gv::blend_over(gv::blend_over(screen, a), b);
  const gv::PackedColour layered = gv::blend_over(screen, gv::blend_over(gv::blend_over(0u, a), b));
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR(static_cast<double>((in_turn >> (8 * i)) & 0xFF),
                static_cast<double>((layered >> (8 * i)) & 0xFF), 2.0)
        << "channel " << i;
}

TEST(PixelImage, RoundedCornersKeepAShareOfTheColour) {
  gv::PixelImage image;
  image.reset(6, 6);
  image.fill({1, 1, 5, 5, rgba(0, 255, 0, 255), 2.0f});
  EXPECT_EQ(image.at(2, 2), rgba(0, 255, 0, 255));
  for (auto [x, y] : {std::pair{1, 1}, {4, 1}, {1, 4}, {4, 4}}) {
    const unsigned alpha = image.at(x, y) >> 24;
    EXPECT_GT(alpha, 0u) << x << "," << y;
    EXPECT_LT(alpha, 255u) << x << "," << y;
  }
  // Too small to round: every pixel whole.
  image.reset(6, 6);
  image.fill({1, 1, 3, 3, rgba(0, 255, 0, 255), 2.0f});
  EXPECT_EQ(image.at(1, 1), rgba(0, 255, 0, 255));
}
