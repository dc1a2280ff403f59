// The program the interrupted-write test kills: `write PATH` writes large valid traces to PATH
// over and over (two generations in turn, serialised once, so that the time goes to writing)
// until a signal ends it; `check PATH` exits 0 when PATH is
// absent or holds a complete valid trace, and no temporary file is left beside it.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "trace/trace.hpp"

namespace tr = gridlock::trace;
namespace fs = std::filesystem;

namespace {

constexpr int kValues = 1 << 20;  // about 7 MB of JSON: a write takes long enough to be hit

tr::Trace large_trace(int generation) {
  tr::Trace t;
  t.lesson_id = "interrupt-writer";
  t.producer.kind = tr::ProducerKind::model;
  t.producer.model = "a test that writes and is killed";
  t.notices = {"generation " + std::to_string(generation)};
  const std::string source = "// PHASE 1: fill\n";
  t.sources = {{"fill.cu", source, tr::source_hash(source)}};
  t.buffers = {{0, "values", tr::ElementType::i32, {kValues}, tr::MemorySpace::host, -1}};
  tr::Step step;
  step.label = "PHASE 1: fill";
  step.line_begin = step.line_end = 1;
  tr::Snapshot snapshot{0, {}, std::vector<double>(kValues)};
  for (int64_t i = 0; i < kValues; ++i)
    snapshot.values[size_t(i)] = double((i * 7919 + generation) % 1000003);
  step.snapshots.push_back(std::move(snapshot));
  t.steps.push_back(std::move(step));
  return t;
}

int check(const std::string& path) {
  for (const auto& entry : fs::directory_iterator(fs::path(path).parent_path()))
    if (entry.path().filename().string().find(".tmp-") != std::string::npos) {
      std::fprintf(stderr, "FAIL a temporary file is left: %s\n", entry.path().c_str());
      return 1;
    }
  if (!fs::exists(path)) return 0;
  try {
    const tr::Trace t = tr::read_file(path);
    std::printf("ok: %s\n", t.notices.front().c_str());
    return 0;
  } catch (const tr::TraceError& e) {
    std::fprintf(stderr, "FAIL %s\n", e.what());
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s (write | check) PATH\n", argv[0]);
    return 2;
  }
  if (std::strcmp(argv[1], "check") == 0) return check(argv[2]);
  // As a program started from a terminal: a shell without job control starts background commands
  // with SIGINT ignored, which would leave nothing to test.
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  // Until here a SIGINT would be ignored (and the test would wait for ever): the test waits for
  // this line before it picks its moment.
  std::printf("ready\n");
  std::fflush(stdout);
  const std::string texts[2] = {tr::to_json(large_trace(0)), tr::to_json(large_trace(1))};
  for (int generation = 0;; ++generation) {
    tr::write_file_atomically(argv[2], texts[generation % 2]);
    std::printf("written generation %d\n", generation);
    std::fflush(stdout);
  }
}
