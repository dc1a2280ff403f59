// A pixel layer: the rectangles a view paints into one region of an ImGui draw list, collected
// while the layer is open, painted on the CPU (model/pixel_image.hpp) and drawn as one textured
// quad. The quad goes into the list where the layer opens, so the rectangles lie under whatever
// the view draws after opening it (lines, text, the cursor), as they would drawn one by one.
//
// Views paint through fill_rect(): into the layer open on that list, or into the list itself where
// none is (thumbnails, or a GL without the texture). The pixels are painted and uploaded again
// only when the rectangles or the region change, not every frame.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "model/pixel_image.hpp"
#include "render/gl.hpp"

namespace gridlock::viewer {

class PixelLayer {
 public:
  PixelLayer() = default;
  ~PixelLayer();
  PixelLayer(const PixelLayer&) = delete;
  PixelLayer& operator=(const PixelLayer&) = delete;

  // Opens the layer over [min, max] (screen pixels, cut to the list's clip rectangle); one layer
  // is open at a time. Needs a current GL context.
  void open(ImDrawList* list, ImVec2 min, ImVec2 max);
  // Paints and uploads the rectangles where they changed; closes the layer.
  void close();

  // Rectangles painted by the last close(), for tests and the benchmark.
  std::size_t rectangles() const { return drawn_.size(); }

 private:
  friend void fill_rect(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float rounding);
  void add(ImVec2 a, ImVec2 b, ImU32 colour, float rounding);
  bool same_as_drawn() const;

  ImDrawList* list_ = nullptr;
  ImVec2 origin_{0, 0};
  float scale_ = 1.0f;  // framebuffer pixels per screen unit
  int width_ = 0, height_ = 0;
  std::vector<PixelRect> pending_, drawn_;
  int drawn_width_ = -1, drawn_height_ = -1;
  PixelImage image_;
  GLuint texture_ = 0;
  int texture_width_ = 0, texture_height_ = 0;
};

// A filled rectangle: into the pixel layer open on `list`, else into `list` itself.
void fill_rect(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float rounding = 0.0f);

}  // namespace gridlock::viewer
