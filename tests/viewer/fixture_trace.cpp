// The halving-tree fixture trace.
#include "fixture_trace.hpp"

#include <string>
#include <vector>

namespace gridlock::viewer::testing {

namespace {

const char* const kSource = R"(// Fixture kernel for the viewer tests: one block folds n values into one.
template <int Threads>
__global__ void fold(const int* in, int n, int* out) {
  __shared__ int r[Threads];
  const int t = threadIdx.x;

  // PHASE 1: strided load
  int partial = 0;
  for (int i = t; i < n; i += Threads) partial += in[i];
  r[t] = partial;
  __syncthreads();

  // PHASE 2: halving tree
  for (int size = Threads / 2; size > 0; size /= 2) {
    if (t < size) r[t] += r[t + size];
    __syncthreads();
  }

  // PHASE 3: write the result
  if (t == 0) *out = r[0];
}
)";

std::uint32_t next(std::uint32_t& state) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

}  // namespace

trace::Trace make_halving_trace(int threads, int n, std::uint32_t seed) {
  trace::Trace t;
  t.lesson_id = "fixture-halving-tree";
  t.lesson_title = "Fixture: halving tree";
  t.technique = "R1";
  t.producer.kind = trace::ProducerKind::model;
  t.producer.model = "a CPU model of the halving tree, for the viewer tests";
  t.producer.program = "viewer_fixture_trace";
  t.producer.recorded_at = "2026-01-01T00:00:00Z";
  t.parameters = {{"n", n}, {"block", threads}, {"grid", 1}, {"seed", seed}};
  t.source.file = "tests/viewer/fixture_trace.cpp";
  t.source.text = kSource;
  t.source.hash = trace::source_hash(t.source.text);
  t.buffers = {{0, "in", trace::ElementType::i32, {n}, trace::MemorySpace::global},
               {1, "r", trace::ElementType::i32, {threads}, trace::MemorySpace::shared}};
  const int warps = (threads + 31) / 32;
  for (int w = 0; w < warps; ++w)
    t.tracks.push_back({w, trace::TrackKind::warp, "warp " + std::to_string(w), 0, w, 0});

  std::vector<double> in(static_cast<std::size_t>(n));
  std::uint32_t state = seed;
  for (double& v : in) v = static_cast<double>(static_cast<int>(next(state) % 201) - 100);
  std::vector<double> r(static_cast<std::size_t>(threads), 0.0);
  for (int i = 0; i < n; ++i) r[static_cast<std::size_t>(i % threads)] += in[static_cast<std::size_t>(i)];

  auto lines = [&](const char* label) { return trace::find_phase_lines(t.source.text, label); };
  int64_t clock = 0;
  auto warp_events = [&](trace::Step& step, int active_threads) {
    for (int w = 0; w < warps; ++w) {
      step.events.push_back({w, trace::EventKind::slice_begin, clock, "work", 0});
      const int64_t busy = w * 32 < active_threads ? 40 + 3 * w : 5;
      step.events.push_back({w, trace::EventKind::slice_end, clock + busy, "work", 0});
    }
    clock += 200;
  };

  trace::Step load;
  load.label = "PHASE 1: strided load";
  load.detail = "each thread folds up to " + std::to_string((n + threads - 1) / threads) + " elements";
  load.line_begin = lines(load.label.c_str()).begin;
  load.line_end = lines(load.label.c_str()).end;
  load.note = "Each thread sums its strided slice of the input into r[t].";
  load.snapshots = {{0, in}, {1, r}};
  load.live = {{1, 0, threads, 1}};
  warp_events(load, threads);
  t.steps.push_back(load);

  int levels = 0;
  for (int size = threads / 2; size > 0; size /= 2) ++levels;
  int level = 0;
  for (int size = threads / 2; size > 0; size /= 2) {
    ++level;
    trace::Step step;
    step.label = "PHASE 2: halving tree";
    step.detail =
        "level " + std::to_string(level) + " of " + std::to_string(levels) + ", size " + std::to_string(size);
    step.line_begin = lines(step.label.c_str()).begin;
    step.line_end = lines(step.label.c_str()).end;
    step.note =
        "Threads below " + std::to_string(size) + " add r[t + " + std::to_string(size) + "] into r[t].";
    trace::Combine combine;
    combine.buffer = 1;
    for (int i = 0; i < size; ++i) {
      r[static_cast<std::size_t>(i)] += r[static_cast<std::size_t>(i + size)];
      combine.dst.push_back(i);
      combine.src.push_back(i + size);
      combine.thread.push_back(i);
    }
    step.snapshots = {{1, r}};
    step.combines = {combine};
    step.live = {{1, 0, size, 1}};
    warp_events(step, size);
    t.steps.push_back(step);
  }

  trace::Step write;
  write.label = "PHASE 3: write the result";
  write.line_begin = lines(write.label.c_str()).begin;
  write.line_end = lines(write.label.c_str()).end;
  write.note = "Thread 0 writes r[0] = " + std::to_string(static_cast<long long>(r[0])) + " out.";
  write.snapshots = {{1, r}};
  write.live = {{1, 0, 1, 1}};
  t.steps.push_back(write);

  double sum = 0;
  for (double v : in) sum += v;
  t.claims = {
      {"FIX.sum", "The tree returns the sum of the input.", trace::Verdict::confirmed,
       "model: " + std::to_string(static_cast<long long>(r[0])) + " against " +
           std::to_string(static_cast<long long>(sum)),
       ""},
      {"FIX.lockstep", "A warp needs no barrier because it runs in lockstep.", trace::Verdict::contradicted,
       "not true since independent thread scheduling", "use __syncwarp()"},
      {"FIX.timing", "The tree is faster than the library.", trace::Verdict::not_observable, "",
       "a model measures no time"}};
  t.timings = {{"fixture model", n, 1, 1000.0, 900.0, 1200.0}};
  return t;
}

}  // namespace gridlock::viewer::testing
