// Rendering into an off-screen framebuffer and saving it as a PNG, for --screenshot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/gl.hpp"

namespace gridlock::viewer {

// An RGBA8 framebuffer object of a fixed size. Needs a current GL context.
class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  // Returns false (with error()) when the GL cannot make a complete framebuffer of that size.
  bool create(int width, int height);
  void bind() const;  // rendering goes here until unbind()
  void unbind() const;
  // The pixels, RGB, top row first.
  std::vector<std::uint8_t> read_rgb() const;
  int width() const { return width_; }
  int height() const { return height_; }
  const std::string& error() const { return error_; }

 private:
  GLuint framebuffer_ = 0;
  GLuint colour_ = 0;
  int width_ = 0;
  int height_ = 0;
  std::string error_;
};

// Writes RGB pixels (top row first) as a PNG. Returns false when the file cannot be written.
bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb);

}  // namespace gridlock::viewer
