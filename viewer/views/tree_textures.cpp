// Uploading a tree's normalised values.
#include "views/tree_textures.hpp"

namespace gridlock::viewer {

void TreeTextures::upload(const TreeLayout& layout, const InputRow& in, const HeatStripRenderer& heat) {
  current = true;
  rows_unusable = false;
  input_unusable = false;
  rows.clear();
  input.clear();
  if (!heat.available()) return;
  const int width = static_cast<int>(layout.widest_row());
  const int height = static_cast<int>(layout.rows.size());
  if (width > 0 && height > 0) {
    std::vector<float> texels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), -1.0f);
    for (int r = 0; r < height; ++r) {
      const TreeRow& row = layout.rows[static_cast<std::size_t>(r)];
      float* out = texels.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(width);
      for (const TreeNode& n : row.nodes) out[n.rank] = row.shade(n.value);
    }
    rows_unusable = !rows.upload(texels, width, height);
  }
  if (in.empty() || in.values.empty()) return;
  std::vector<float> texels;
  texels.reserve(in.values.size());
  for (double v : in.values) texels.push_back(in.shade(v));
  input_unusable = !input.upload(texels, static_cast<int>(texels.size()), 1);
}

GLuint TreeTextures::rows_for(const HeatStripRenderer& heat) const {
  return heat.available() && current && !rows_unusable ? rows.id() : 0;
}

GLuint TreeTextures::input_for(const HeatStripRenderer& heat) const {
  return heat.available() && input.ready() && !input_unusable ? input.id() : 0;
}

}  // namespace gridlock::viewer
