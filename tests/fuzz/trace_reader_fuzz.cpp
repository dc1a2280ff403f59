// libFuzzer target: any bytes given to the trace reader are refused with a TraceError or read into
// a trace that the checks, the exports and the writer then handle; what the reader accepts, the
// writer writes and the reader reads back.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;

namespace {

// Everything a tool does with a trace it has read.
void use(const tr::Trace& trace) {
  tr::check_truth(trace);
  tr::to_perfetto_json(trace);
  const std::string written = tr::to_json(trace);
  try {
    tr::from_json(written, "written");
  } catch (const tr::TraceError& e) {
    std::fprintf(stderr, "the reader refuses what the writer wrote: %s\n", e.what());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    use(tr::from_json(text, "input"));
  } catch (const tr::TraceError&) {
  }
  return 0;
}
