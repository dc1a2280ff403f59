// A picture from a PNG file as an OpenGL texture, for Dear ImGui's AddImage: the gallery's
// thumbnails from its manifest.
#pragma once

#include <cstdint>
#include <string>

#include "render/gl.hpp"

namespace gridlock::viewer {

class ImageTexture {
 public:
  ImageTexture() = default;
  ~ImageTexture();
  ImageTexture(const ImageTexture&) = delete;
  ImageTexture& operator=(const ImageTexture&) = delete;

  // Decodes the PNG and uploads it (linear filtering, so it scales smoothly). Returns false, with
  // error(), when the file cannot be read or decoded. Needs a current GL context.
  bool load_png(const std::string& path);
  bool ok() const { return texture_ != 0; }
  void* id() const { return reinterpret_cast<void*>(static_cast<std::uintptr_t>(texture_)); }
  int width() const { return width_; }
  int height() const { return height_; }
  const std::string& error() const { return error_; }

 private:
  GLuint texture_ = 0;
  int width_ = 0;
  int height_ = 0;
  std::string error_;
};

}  // namespace gridlock::viewer
