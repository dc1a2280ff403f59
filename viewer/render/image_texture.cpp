// PNG files as textures.
#include "render/image_texture.hpp"

#include <stb_image.h>

#include <cstdint>

namespace gridlock::viewer {

ImageTexture::~ImageTexture() {
  if (texture_) glDeleteTextures(1, &texture_);
}

bool ImageTexture::load_png(const std::string& path) {
  int channels = 0;
  stbi_uc* pixels = stbi_load(path.c_str(), &width_, &height_, &channels, 4);
  if (!pixels) {
    error_ = path + ": " + (stbi_failure_reason() ? stbi_failure_reason() : "cannot be decoded");
    return false;
  }
  if (!texture_) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  set_texture_sampling(GL_LINEAR);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, height_, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  stbi_image_free(pixels);
  return true;
}

}  // namespace gridlock::viewer
