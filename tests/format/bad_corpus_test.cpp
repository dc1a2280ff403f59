// Every file of the bad corpus is refused with an error that names what is wrong and where;
// nothing crashes. EXPECTED.tsv pairs each file with the text its refusal must contain.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

struct BadFile {
  std::string name;
  std::string expected;
};

std::vector<BadFile> corpus() {
  std::ifstream in(GRIDLOCK_TEST_FORMAT_DIR "/bad/EXPECTED.tsv");
  std::vector<BadFile> files;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    files.push_back({line.substr(0, tab), line.substr(tab + 1)});
  }
  return files;
}

}  // namespace

TEST(BadCorpus, TheMinimalTraceIsValid) {
  EXPECT_NO_THROW(tr::read_file(GRIDLOCK_TEST_FORMAT_DIR "/minimal_v2.json"));
}

TEST(BadCorpus, EveryFileIsRefusedWithAClearMessage) {
  std::vector<BadFile> files = corpus();
  ASSERT_GE(files.size(), 50u);
  for (const BadFile& f : files) {
    const std::string path = GRIDLOCK_TEST_FORMAT_DIR "/bad/" + f.name;
    try {
      tr::read_file(path);
      ADD_FAILURE() << f.name << " was accepted";
    } catch (const tr::TraceError& e) {
      std::string message = e.what();
      EXPECT_NE(message.find(f.expected), std::string::npos)
          << f.name << ": message \"" << message << "\" lacks \"" << f.expected << "\"";
      EXPECT_EQ(message.rfind(path, 0), 0u) << f.name << ": message does not name the file: " << message;
      // In the project's words: never the JSON library's own exception text.
      for (const char* library : {"json.exception", "parse_error", "syntax error while parsing"})
        EXPECT_EQ(message.find(library), std::string::npos) << f.name << ": " << message;
    }
  }
}

TEST(BadCorpus, EveryPrefixOfAValidFileIsRefusedOrValid) {
  for (const char* name : {"/minimal_v2.json", "/bad/version_1.json"}) {
    std::ifstream in(GRIDLOCK_TEST_FORMAT_DIR + std::string(name));
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    ASSERT_FALSE(text.empty()) << name;
    for (size_t len = 0; len < text.size(); len += 7) {
      try {
        tr::from_json(std::string_view(text).substr(0, len), "prefix");
      } catch (const tr::TraceError&) {
      }
    }
  }
  SUCCEED();
}
