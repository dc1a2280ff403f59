// Painting rectangles into an RGBA image on the CPU.
#include "model/pixel_image.hpp"

#include <algorithm>
#include <cmath>

namespace gridlock::viewer {

namespace {

constexpr float kCornerShare = 0.35f;  // what is left of a rounded corner's pixel

std::uint32_t channel(PackedColour c, int i) { return (c >> (8 * i)) & 0xFFu; }

PackedColour with_alpha_scaled(PackedColour c, float share) {
  const auto a = static_cast<std::uint32_t>(std::lround(static_cast<float>(channel(c, 3)) * share));
  return (c & 0x00FFFFFFu) | (a << 24);
}

// The first pixel whose centre is at or right of x (x + 0.5 > edge), as a GPU's fill rule counts.
int first_pixel(float edge) { return static_cast<int>(std::ceil(edge - 0.5f)); }

}  // namespace

PackedColour blend_over(PackedColour under, PackedColour top) {
  const std::uint32_t ta = channel(top, 3), ua = channel(under, 3);
  if (ta == 255 || ua == 0) return top;
  if (ta == 0) return under;
  // out_a = ta + ua (1 - ta); out_c = (tc ta + uc ua (1 - ta)) / out_a, in units of 1/255.
  const std::uint32_t rest = ua * (255 - ta);  // under's weight, in 1/255^2
  const std::uint32_t out_a255 = ta * 255 + rest;
  PackedColour out = ((out_a255 + 127) / 255) << 24;
  for (int i = 0; i < 3; ++i) {
    const std::uint32_t c = (channel(top, i) * ta * 255 + channel(under, i) * rest + out_a255 / 2) / out_a255;
    out |= std::min<std::uint32_t>(c, 255) << (8 * i);
  }
  return out;
}

void PixelImage::reset(int width, int height) {
  width_ = std::max(width, 0);
  height_ = std::max(height, 0);
  pixels_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0u);
}

void PixelImage::fill(const PixelRect& r) {
  if (channel(r.colour, 3) == 0) return;
  // The rectangle's pixels before the image's edges cut them, then after.
  const int fx0 = first_pixel(r.x0), fx1 = first_pixel(r.x1);
  const int fy0 = first_pixel(r.y0), fy1 = first_pixel(r.y1);
  const int x0 = std::max(fx0, 0), x1 = std::min(fx1, width_);
  const int y0 = std::max(fy0, 0), y1 = std::min(fy1, height_);
  if (x0 >= x1 || y0 >= y1) return;
  // Rounded corners: the four corner pixels keep only a share of the colour.
  const bool rounded = r.rounding >= 1.0f && fx1 - fx0 >= 3 && fy1 - fy0 >= 3;
  const PackedColour corner = with_alpha_scaled(r.colour, kCornerShare);
  const bool opaque = channel(r.colour, 3) == 255;
  for (int y = y0; y < y1; ++y) {
    PackedColour* row = pixels_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width_);
    int a = x0, b = x1;
    if (rounded && (y == fy0 || y == fy1 - 1)) {
      if (a == fx0) row[a] = blend_over(row[a], corner), ++a;
      if (b == fx1) --b, row[b] = blend_over(row[b], corner);
    }
    if (opaque)
      std::fill(row + a, row + std::max(a, b), r.colour);
    else
      for (int x = a; x < b; ++x) row[x] = blend_over(row[x], r.colour);
  }
}

}  // namespace gridlock::viewer
