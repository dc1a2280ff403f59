// A GLSL program built from <folder>/<name>.vert and <folder>/<name>.frag.
#pragma once

#include <string>

#include "render/gl.hpp"

namespace gridlock::viewer {

// Owns one GL program. Needs a current GL context for every call but error().
class ShaderProgram {
 public:
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  // Compiles and links. On failure returns false; error() names the file and the GL log.
  bool load(const std::string& folder, const std::string& name);

  bool valid() const { return program_ != 0; }
  GLuint id() const { return program_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }
  const std::string& error() const { return error_; }

 private:
  GLuint program_ = 0;
  std::string error_;
};

}  // namespace gridlock::viewer
