// The OpenGL 3.3 core entry points, loaded by glad. Include this before GLFW.
#pragma once

#include <glad/gl.h>
