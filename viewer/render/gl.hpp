// The OpenGL entry points: OpenGL 3.3 core loaded by glad on the desktop, OpenGL ES 3.0 (WebGL2)
// in a browser. Include this before GLFW.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif

namespace gridlock::viewer {

// How the bound 2D texture is sampled: `filter` (GL_NEAREST, GL_LINEAR) both ways, clamped at
// its edges.
inline void set_texture_sampling(GLint filter) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

}  // namespace gridlock::viewer
