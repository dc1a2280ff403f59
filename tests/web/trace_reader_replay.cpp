// The trace reader built for WebAssembly, run under Node.js over the fuzz corpus (tests/web/run.sh):
// each file is read as the viewer reads a file (trace::read_file), then its bytes go through the
// fuzz target (tests/fuzz/trace_reader_fuzz.cpp: read, checked, exported, written and read back,
// aborting on what must not happen), and its line says how the reader took it: "FILE<TAB>read" or
// "FILE<TAB>refused<TAB>MESSAGE", for comparison with the desktop's messages (tests/format/bad/EXPECTED.tsv).
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "trace/trace.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  int unreadable = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::printf("%s\tunreadable\n", argv[i]);
      ++unreadable;
      continue;
    }
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::string how = "read";
    try {
      gridlock::trace::read_file(argv[i]);
    } catch (const gridlock::trace::TraceError& e) {
      how = std::string("refused\t") + e.what();
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    std::printf("%s\t%s\n", argv[i], how.c_str());
  }
  return unreadable == 0 ? 0 : 1;
}
