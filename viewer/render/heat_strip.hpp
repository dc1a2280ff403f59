// The heat strip: tree rows too dense for numbers, drawn by shaders/heat_strip.{vert,frag}.
//
// A tree's values live in one R32F texture (a texture row per tree row, a texel per node in
// left-to-right order, normalised within the row). Strips are queued into an ImGui draw list as
// callbacks and drawn when ImGui renders that list, so they sit in the right place among the
// boxes, lines and text around them.
#pragma once

#include <imgui.h>

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "render/gl.hpp"
#include "render/shader_program.hpp"

namespace gridlock::viewer {

// One texture of normalised node values. Needs a current GL context.
class HeatTexture {
 public:
  HeatTexture() = default;
  ~HeatTexture();
  HeatTexture(const HeatTexture&) = delete;
  HeatTexture& operator=(const HeatTexture&) = delete;

  // texels: height rows of width values each, row-major. Returns false when the size exceeds
  // what the GL allows (the caller then draws without the shader).
  bool upload(const std::vector<float>& texels, int width, int height);
  void clear();
  GLuint id() const { return texture_; }
  bool ready() const { return texture_ != 0; }

 private:
  GLuint texture_ = 0;
};

struct HeatStrip {
  ImVec2 min, max;  // screen rectangle, pixels
  GLuint texture = 0;
  int row = 0;           // texture row
  float count = 0;       // nodes in the tree row
  float span_left = 0;   // row fraction at min.x
  float span_right = 1;  // row fraction at max.x
  float alpha = 1;

  // A whole row of `count` nodes (span 0..1) from texture row `row` in a rectangle.
  static HeatStrip across(ImVec2 min, ImVec2 max, GLuint texture, int row, std::size_t count, float alpha);
};

class HeatStripRenderer {
 public:
  HeatStripRenderer() = default;
  ~HeatStripRenderer();
  HeatStripRenderer(const HeatStripRenderer&) = delete;
  HeatStripRenderer& operator=(const HeatStripRenderer&) = delete;

  // Builds the program from the shader folder. On failure available() stays false and error()
  // says why; the tree view then draws its strips on the CPU.
  bool init(const std::string& shader_folder);
  bool available() const { return program_.valid(); }
  const std::string& error() const { return error_; }
  int max_texture_width() const { return max_texture_size_; }

  // Call once per frame before any add(): forgets the strips queued for the last frame.
  void begin_frame();
  // Queues a strip into `list`; it is drawn when ImGui renders the list this frame.
  void add(ImDrawList* list, const HeatStrip& strip);
  // Queues the strip when it can (available() and strip.texture set); else draws it on the CPU
  // as one rectangle per pixel column (or per node, where nodes are wider), coloured by
  // shade_at(k) for the node ranked k.
  void paint(ImDrawList* list, const HeatStrip& strip, const std::function<float(std::size_t)>& shade_at);

 private:
  struct Queued {
    HeatStripRenderer* renderer;
    HeatStrip strip;
  };
  static void draw_callback(const ImDrawList* list, const ImDrawCmd* command);
  void draw(const HeatStrip& strip, const ImVec4& clip);

  ShaderProgram program_;
  GLuint vertex_array_ = 0;
  int max_texture_size_ = 0;
  std::string error_;
  std::deque<Queued> queued_;  // stable addresses for the callbacks' user data
};

}  // namespace gridlock::viewer
