// Loading GLSL programs from the shaders folder.
#include "render/shader_program.hpp"

#include <fstream>
#include <sstream>
#include <vector>

namespace gridlock::viewer {

namespace {

// The shader file's text; empty when it cannot be read.
std::string shader_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in) text << in.rdbuf();
  return text.str();
}

GLuint compile(GLenum kind, const std::string& path, std::string& error) {
  std::string text = shader_text(path);
  if (text.empty()) {
    error = path + ": cannot be read";
    return 0;
  }
#ifdef __EMSCRIPTEN__
  // WebGL2 compiles GLSL ES 3.00: the file's "#version 330 core" line gives way to its version and
  // the precisions it asks for.
  if (text.rfind("#version 330 core", 0) == 0)
    text = "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;" +
           text.substr(std::string("#version 330 core").size());
#endif
  GLuint shader = glCreateShader(kind);
  const char* source = text.c_str();
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
    glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
    error = path + ": " + log.data();
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

ShaderProgram::~ShaderProgram() {
  if (program_) glDeleteProgram(program_);
}

bool ShaderProgram::load(const std::string& folder, const std::string& name) {
  error_.clear();
  std::string base = folder + "/" + name;
  GLuint vert = compile(GL_VERTEX_SHADER, base + ".vert", error_);
  if (!vert) return false;
  GLuint frag = compile(GL_FRAGMENT_SHADER, base + ".frag", error_);
  if (!frag) {
    glDeleteShader(vert);
    return false;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vert);
  glAttachShader(program, frag);
  glLinkProgram(program);
  glDeleteShader(vert);
  glDeleteShader(frag);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[2048] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    error_ = base + ": link failed: " + log;
    glDeleteProgram(program);
    return false;
  }
  if (program_) glDeleteProgram(program_);
  program_ = program;
  return true;
}

}  // namespace gridlock::viewer
