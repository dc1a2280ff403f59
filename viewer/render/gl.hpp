// The OpenGL entry points: OpenGL 3.3 core loaded by glad on the desktop, OpenGL ES 3.0 (WebGL2)
// in a browser. Include this before GLFW.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
