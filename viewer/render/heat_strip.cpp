// Drawing heat strips with the heat_strip shaders.
#include "render/heat_strip.hpp"

#include <algorithm>
#include <cmath>

#include "style.hpp"

namespace gridlock::viewer {

HeatTexture::~HeatTexture() { clear(); }

void HeatTexture::clear() {
  if (texture_) glDeleteTextures(1, &texture_);
  texture_ = 0;
}

bool HeatTexture::upload(const std::vector<float>& texels, int width, int height) {
  clear();
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) return false;
  if (texels.size() < static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) return false;
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  set_texture_sampling(GL_NEAREST);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width, height, 0, GL_RED, GL_FLOAT, texels.data());
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous));
  return true;
}

HeatStrip HeatStrip::across(ImVec2 min, ImVec2 max, GLuint texture, int row, std::size_t count, float alpha) {
  HeatStrip strip;
  strip.min = min;
  strip.max = max;
  strip.texture = texture;
  strip.row = row;
  strip.count = static_cast<float>(count);
  strip.alpha = alpha;
  return strip;
}

HeatStripRenderer::~HeatStripRenderer() {
  if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
}

bool HeatStripRenderer::init(const std::string& shader_folder) {
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_);
  if (shader_folder.empty()) {
    error_ = "shader folder not found (looked for heat_strip.frag)";
    return false;
  }
  if (!program_.load(shader_folder, "heat_strip")) {
    error_ = program_.error();
    return false;
  }
  if (!vertex_array_) glGenVertexArrays(1, &vertex_array_);
  return true;
}

void HeatStripRenderer::begin_frame() { queued_.clear(); }

void HeatStripRenderer::add(ImDrawList* list, const HeatStrip& strip) {
  if (!available() || strip.texture == 0) return;
  queued_.push_back(Queued{this, strip});
  list->AddCallback(&HeatStripRenderer::draw_callback, &queued_.back());
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void HeatStripRenderer::paint(ImDrawList* list, const HeatStrip& s,
                              const std::function<float(std::size_t)>& shade_at) {
  if (available() && s.texture != 0) {
    add(list, s);
    return;
  }
  const double span = static_cast<double>(s.span_right) - static_cast<double>(s.span_left);
  const float width = s.max.x - s.min.x;
  if (s.count < 1 || span <= 0 || width <= 0) return;
  const double n = static_cast<double>(s.count);
  const float step = std::max(1.0f, static_cast<float>(width / (span * n)));
  for (float x = s.min.x; x < s.max.x; x += step) {
    const double f = s.span_left + (x + 0.5f - s.min.x) / width * span;
    const auto k = static_cast<std::size_t>(std::clamp(std::floor(f * n), 0.0, n - 1));
    list->AddRectFilled(ImVec2(x, s.min.y), ImVec2(std::min(x + step, s.max.x), s.max.y),
                        colour::heat(shade_at(k), s.alpha));
  }
}

void HeatStripRenderer::draw_callback(const ImDrawList*, const ImDrawCmd* command) {
  const auto* queued = static_cast<const Queued*>(command->UserCallbackData);
  queued->renderer->draw(queued->strip, command->ClipRect);
}

void HeatStripRenderer::draw(const HeatStrip& s, const ImVec4& clip) {
  const ImDrawData* frame = ImGui::GetDrawData();
  if (!frame) return;
  const ImVec2 origin = frame->DisplayPos;
  const ImVec2 size = frame->DisplaySize;
  const ImVec2 scale = frame->FramebufferScale;
  if (size.x <= 0 || size.y <= 0) return;
  const float fb_height = size.y * scale.y;

  // Scissor to the draw command's clip rectangle, in framebuffer pixels (origin bottom left).
  float cx0 = (clip.x - origin.x) * scale.x, cy0 = (clip.y - origin.y) * scale.y;
  float cx1 = (clip.z - origin.x) * scale.x, cy1 = (clip.w - origin.y) * scale.y;
  if (cx1 <= cx0 || cy1 <= cy0) return;
  glEnable(GL_SCISSOR_TEST);
  glScissor(static_cast<GLint>(cx0), static_cast<GLint>(fb_height - cy1), static_cast<GLsizei>(cx1 - cx0),
            static_cast<GLsizei>(cy1 - cy0));
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  auto ndc_x = [&](float x) { return (x - origin.x) / size.x * 2.0f - 1.0f; };
  auto ndc_y = [&](float y) { return 1.0f - (y - origin.y) / size.y * 2.0f; };

  glUseProgram(program_.id());
  glBindVertexArray(vertex_array_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, s.texture);
  glUniform1i(program_.uniform("u_values"), 0);
  glUniform4f(program_.uniform("u_rect"), ndc_x(s.min.x), ndc_y(s.min.y), ndc_x(s.max.x), ndc_y(s.max.y));
  glUniform1i(program_.uniform("u_row"), s.row);
  glUniform1f(program_.uniform("u_count"), s.count);
  glUniform2f(program_.uniform("u_span"), s.span_left, s.span_right);
  const float span = std::max(s.span_right - s.span_left, 1e-9f);
  glUniform1f(program_.uniform("u_px_per_node"), (s.max.x - s.min.x) * scale.x / (span * s.count));
  glUniform1f(program_.uniform("u_alpha"), s.alpha);
  float stops[3 * colour::heat_stops.size()];
  for (std::size_t i = 0; i < colour::heat_stops.size(); ++i) {
    stops[3 * i + 0] = colour::heat_stops[i].r;
    stops[3 * i + 1] = colour::heat_stops[i].g;
    stops[3 * i + 2] = colour::heat_stops[i].b;
  }
  glUniform3fv(program_.uniform("u_stops"), static_cast<GLsizei>(colour::heat_stops.size()), stops);
  glUniform3f(program_.uniform("u_missing"), colour::heat_missing.r, colour::heat_missing.g,
              colour::heat_missing.b);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

}  // namespace gridlock::viewer
