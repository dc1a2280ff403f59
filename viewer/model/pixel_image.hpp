// Rectangles painted on the CPU into an RGBA image. A view that paints thousands of rectangles a
// few pixels each (a block or a lane per pixel row, a slice per step) hands them to one image,
// drawn as one textured quad: a software renderer sets up two triangles per rectangle, and at that
// density the setting up, not the pixels, was most of a frame (viewer/README.md, "Benchmark").
#pragma once

#include <cstdint>
#include <vector>

namespace gridlock::viewer {

// Colours as ImGui packs them (IM_COL32): red in the low byte, alpha in the high one.
using PackedColour = std::uint32_t;

struct PixelRect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // image pixels; [x0, x1) x [y0, y1)
  PackedColour colour = 0;
  float rounding = 0;  // corner radius in pixels; 1 or more softens the corner pixels
};

class PixelImage {
 public:
  // width x height pixels, all transparent.
  void reset(int width, int height);

  // The pixels whose centres lie inside the rectangle, as a GPU rasterises it, blended over what
  // the image holds there ("over", straight alpha: the image is then blended over the screen the
  // same way, so the result is the one the rectangles would give drawn one by one).
  void fill(const PixelRect& r);

  int width() const { return width_; }
  int height() const { return height_; }
  // Row-major, top row first; each pixel packed like PackedColour (RGBA bytes in memory).
  const std::vector<PackedColour>& pixels() const { return pixels_; }
  PackedColour at(int x, int y) const { return pixels_[static_cast<std::size_t>(y) * width_ + x]; }

 private:
  int width_ = 0, height_ = 0;
  std::vector<PackedColour> pixels_;
};

// `top` over `under`, straight alpha, each channel rounded to the nearest byte.
PackedColour blend_over(PackedColour under, PackedColour top);

}  // namespace gridlock::viewer
