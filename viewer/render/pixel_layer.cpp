// Collecting a view's rectangles into one texture.
#include "render/pixel_layer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace gridlock::viewer {

namespace {

PixelLayer* g_open = nullptr;  // the layer open now, if any (its list_ is the list it covers)

bool same_rect(const PixelRect& a, const PixelRect& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1 && a.colour == b.colour &&
         a.rounding == b.rounding;
}

}  // namespace

PixelLayer::~PixelLayer() {
  if (g_open == this) g_open = nullptr;
  if (texture_) glDeleteTextures(1, &texture_);
}

void PixelLayer::open(ImDrawList* list, ImVec2 min, ImVec2 max) {
  IM_ASSERT(g_open == nullptr && "one pixel layer open at a time");
  min = ImVec2(std::floor(std::max(min.x, list->GetClipRectMin().x)),
               std::floor(std::max(min.y, list->GetClipRectMin().y)));
  max = ImVec2(std::ceil(std::min(max.x, list->GetClipRectMax().x)),
               std::ceil(std::min(max.y, list->GetClipRectMax().y)));
  if (max.x <= min.x || max.y <= min.y) return;
  if (!texture_) {
    glGenTextures(1, &texture_);
    if (!texture_) return;  // rectangles go to the list
  }
  list_ = list;
  origin_ = min;
  scale_ = std::max(1.0f, ImGui::GetIO().DisplayFramebufferScale.x);
  width_ = static_cast<int>(std::lround((max.x - min.x) * scale_));
  height_ = static_cast<int>(std::lround((max.y - min.y) * scale_));
  pending_.clear();
  list->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_)), min, max);
  g_open = this;
}

void PixelLayer::add(ImVec2 a, ImVec2 b, ImU32 colour, float rounding) {
  // Cut to the clip rectangle in force, as the GPU's scissor would.
  const ImVec2 clip_min = list_->GetClipRectMin(), clip_max = list_->GetClipRectMax();
  a = ImVec2(std::max(a.x, clip_min.x), std::max(a.y, clip_min.y));
  b = ImVec2(std::min(b.x, clip_max.x), std::min(b.y, clip_max.y));
  if (b.x <= a.x || b.y <= a.y) return;
  pending_.push_back(PixelRect{(a.x - origin_.x) * scale_, (a.y - origin_.y) * scale_,
                               (b.x - origin_.x) * scale_, (b.y - origin_.y) * scale_, colour,
                               rounding * scale_});
}

bool PixelLayer::same_as_drawn() const {
  return width_ == drawn_width_ && height_ == drawn_height_ && pending_.size() == drawn_.size() &&
         std::equal(pending_.begin(), pending_.end(), drawn_.begin(), same_rect);
}

void PixelLayer::close() {
  if (g_open != this) return;
  g_open = nullptr;
  if (same_as_drawn()) return;
  image_.reset(width_, height_);
  for (const PixelRect& r : pending_) image_.fill(r);
  std::swap(drawn_, pending_);
  drawn_width_ = width_;
  drawn_height_ = height_;
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  if (width_ != texture_width_ || height_ != texture_height_) {
    set_texture_sampling(GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, height_, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 image_.pixels().data());
    texture_width_ = width_;
    texture_height_ = height_;
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE,
                    image_.pixels().data());
  }
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
}

void fill_rect(ImDrawList* list, ImVec2 a, ImVec2 b, ImU32 colour, float rounding) {
  if (g_open != nullptr && g_open->list_ == list)
    g_open->add(a, b, colour, rounding);
  else
    list->AddRectFilled(a, b, colour, rounding);
}

}  // namespace gridlock::viewer
