// Source sets from the files on disk.
#include "common/sources/files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gridlock::sources {

bool read_text(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream all;
  all << in.rdbuf();
  text = all.str();
  return true;
}

std::vector<std::string> lesson_files_in_depfile(const std::string& text, const std::string& root) {
  namespace fs = std::filesystem;
  const fs::path lessons = fs::weakly_canonical(fs::path(root) / "lessons");
  std::vector<std::string> out;
  std::string word;
  // Words are separated by blanks and "\" line continuations; the first word ends with ':'.
  auto take = [&] {
    if (word.empty() || word.back() == ':') return word.clear();
    const fs::path file = fs::weakly_canonical(fs::path(word));
    const auto rel = file.lexically_relative(lessons);
    if (!rel.empty() && *rel.begin() != "..") out.push_back((fs::path("lessons") / rel).generic_string());
    word.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) continue;
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {  // an escaped blank in a path
      word += ' ';
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      take();
    } else {
      word += c;
    }
  }
  take();
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

SourceSet hash_files(const std::string& root, std::vector<std::string> paths) {
  std::sort(paths.begin(), paths.end());
  SourceSet set;
  for (const std::string& path : paths) {
    std::string text;
    set.files.push_back({path, read_text(root + "/" + path, text) ? trace::source_hash(text) : "missing"});
  }
  set.hash = set_hash(set.files);
  return set;
}

std::string code_only(const std::string& source) {
  std::string out = source;
  enum { code, line_comment, block_comment, string, character } state = code;
  for (size_t i = 0; i < out.size(); ++i) {
    const char c = source[i], next = i + 1 < source.size() ? source[i + 1] : '\0';
    const bool blank = state != code;
    switch (state) {
      case code:
        if (c == '/' && next == '/')
          state = line_comment;
        else if (c == '/' && next == '*')
          state = block_comment;
        else if (c == '"')
          state = string;
        else if (c == '\'')
          state = character;
        if (state != code) out[i] = ' ';
        break;
      case line_comment:
        if (c == '\n') state = code;
        break;
      case block_comment:
        if (c == '*' && next == '/') {
          out[i] = out[i + 1] = ' ';
          ++i;
          state = code;
          continue;
        }
        break;
      case string:
      case character:
        if (c == '\\' && next != '\n') {
          out[i] = out[i + 1] = ' ';
          ++i;
          continue;
        }
        if (c == (state == string ? '"' : '\'')) state = code;
        break;
    }
    if (blank && out[i] != '\n') out[i] = ' ';
  }
  return out;
}

std::vector<Carried> carried_files(const std::string& root, const std::vector<std::string>& paths,
                                   const std::string& kernel) {
  std::vector<Carried> out;
  for (const std::string& path : paths) {
    const std::string name = path.substr(path.rfind('/') + 1);
    std::string text;
    // main.cu is the driver the dependency list starts from, not a file its kernel includes.
    if (path == kernel || name == "main.cu" || !read_text(root + "/" + path, text)) continue;
    const std::string code = code_only(text);
    if (code.find("__global__") == std::string::npos && code.find("__device__") == std::string::npos)
      continue;
    const bool records = path.rfind("lessons/common/record/", 0) == 0 ||
                         name.find("record") != std::string::npos || name.find("clock") != std::string::npos;
    out.push_back({path, records ? "recording" : "technique", text});
  }
  return out;
}

}  // namespace gridlock::sources
