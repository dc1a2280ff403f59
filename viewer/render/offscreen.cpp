// The off-screen framebuffer behind --screenshot.
#include "render/offscreen.hpp"

#include <stb_image_write.h>

#include <algorithm>

namespace gridlock::viewer {

OffscreenTarget::~OffscreenTarget() {
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (colour_) glDeleteRenderbuffers(1, &colour_);
}

bool OffscreenTarget::create(int width, int height) {
  width_ = width;
  height_ = height;
  glGenRenderbuffers(1, &colour_);
  glBindRenderbuffer(GL_RENDERBUFFER, colour_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour_);
  GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    error_ = "cannot create a " + std::to_string(width) + "x" + std::to_string(height) +
             " off-screen framebuffer (status " + std::to_string(status) + ")";
    return false;
  }
  return true;
}

void OffscreenTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width_, height_);
}

void OffscreenTarget::unbind() const { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

std::vector<std::uint8_t> OffscreenTarget::read_rgb() const {
  // RGBA, the one format OpenGL ES (a browser's WebGL2) is bound to read back.
  std::vector<std::uint8_t> bottom_up(static_cast<std::size_t>(width_) * height_ * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  std::vector<std::uint8_t> top_down(static_cast<std::size_t>(width_) * height_ * 3);
  for (int y = 0; y < height_; ++y) {
    const std::uint8_t* from = bottom_up.data() + static_cast<std::size_t>(height_ - 1 - y) * width_ * 4;
    std::uint8_t* to = top_down.data() + static_cast<std::size_t>(y) * width_ * 3;
    for (int x = 0; x < width_; ++x) std::copy_n(from + 4 * x, 3, to + 3 * x);
  }
  return top_down;
}

bool write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb) {
  return stbi_write_png(path.c_str(), width, height, 3, rgb.data(), width * 3) != 0;
}

}  // namespace gridlock::viewer
