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

}  // namespace gridlock::sources
