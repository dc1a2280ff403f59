// A reduction tree's values on the GPU, for the heat strips: one R32F texture with a texture row
// per tree row (texel k: the node ranked k, normalised within its row; -1: no value), and one
// texture row of the input row's values in element order. Shared by the tree view and the
// gallery's thumbnails.
#pragma once

#include "model/input_row.hpp"
#include "model/tree_layout.hpp"
#include "render/heat_strip.hpp"

namespace gridlock::viewer {

struct TreeTextures {
  HeatTexture rows;
  HeatTexture input;
  bool current = false;        // rows matches the layout as it is now
  bool rows_unusable = false;  // too large for the GL: those strips are drawn on the CPU
  bool input_unusable = false;

  // Uploads both (needs a current GL context); without the heat strip shaders it only marks
  // them current, and strips are drawn on the CPU.
  void upload(const TreeLayout& layout, const InputRow& in, const HeatStripRenderer& heat);
  // The textures to draw strips from, or 0 where strips must be drawn on the CPU.
  GLuint rows_for(const HeatStripRenderer& heat) const;
  GLuint input_for(const HeatStripRenderer& heat) const;
};

}  // namespace gridlock::viewer
