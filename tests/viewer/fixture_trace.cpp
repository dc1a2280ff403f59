// The halving-tree fixture trace, in format version 2: real operations, categories, a clock.
#include "fixture_trace.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace gridlock::viewer::testing {

namespace {
using trace::make_event;

const char* const kSource = R"(// Fixture kernel for the viewer tests: one block folds n values into one.
template <int Threads>
__global__ void fold(const int* in, int n, int* out) {
  __shared__ int r[Threads];
  const int t = threadIdx.x;

  // PHASE 1: strided load
  int acc = 0;
  for (int i = t; i < n; i += Threads) acc += in[i];
  r[t] = acc;
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

constexpr int kIn = 0, kR = 1, kAcc = 2, kOut = 3;

std::uint32_t next(std::uint32_t& state) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

trace::Track track(int id, trace::TrackKind kind, std::string name, int parent, int warp) {
  trace::Track t;
  t.id = id;
  t.kind = kind;
  t.name = std::move(name);
  t.parent = parent;
  t.block = 0;
  t.warp = warp;
  t.sm = 0;
  return t;
}

trace::Operation operation(trace::Operator op, int dst_buffer, int a_buffer, int b_buffer) {
  trace::Operation o;
  o.op = op;
  o.dst_buffer = dst_buffer;
  o.a_buffer = a_buffer;
  o.b_buffer = b_buffer;
  return o;
}

// Builds the trace step by step; `clock` is the modelled time, shared by every step.
class Builder {
 public:
  Builder(trace::Trace& t, int threads) : t_(t), threads_(threads), warps_((threads + 31) / 32) {}

  trace::Step step(const std::string& label) const {
    trace::Step s;
    s.label = label;
    const trace::LineRange lines = trace::find_phase_lines(t_.sources[0].text, label);
    s.line_begin = lines.begin;
    s.line_end = lines.end;
    s.launch = 0;
    return s;
  }

  // Each warp works (the warps with active threads longer), then waits at the barrier until
  // the last one arrives; a flow joins the last arrival to the first departure. The block
  // track counts the active threads.
  void warp_events(trace::Step& step, int active_threads, int flow) {
    std::vector<int64_t> busy(static_cast<std::size_t>(warps_));
    for (int w = 0; w < warps_; ++w)
      busy[static_cast<std::size_t>(w)] = w * 32 < active_threads ? 40 + 3 * w : 5;
    const auto last = std::max_element(busy.begin(), busy.end()) - busy.begin();
    const int64_t release = clock_ + busy[static_cast<std::size_t>(last)];
    step.events.push_back(make_event(block_track(), trace::EventKind::counter, clock_, "active threads",
                                     trace::Category::other, active_threads));
    for (int w = 0; w < warps_; ++w) {
      const int64_t arrive = clock_ + busy[static_cast<std::size_t>(w)];
      step.events.push_back(
          make_event(w, trace::EventKind::slice_begin, clock_, "work", trace::Category::work));
      step.events.push_back(
          make_event(w, trace::EventKind::slice_end, arrive, "work", trace::Category::work));
      trace::Event wait = make_event(w, trace::EventKind::slice_begin, arrive, "wait at __syncthreads",
                                     trace::Category::barrier);
      if (w == last) wait.flows_out = {flow};
      step.events.push_back(wait);
      trace::Event leave = make_event(w, trace::EventKind::slice_end, release + 6 + w % 3,
                                      "wait at __syncthreads", trace::Category::barrier);
      if (w == 0) leave.flows_in = {flow};
      step.events.push_back(leave);
    }
    clock_ += 200;
  }

  void write_events(trace::Step& step, double result) {
    step.events.push_back(
        make_event(0, trace::EventKind::slice_begin, clock_, "write", trace::Category::work));
    step.events.push_back(make_event(0, trace::EventKind::instant, clock_ + 12, "out[0] written",
                                     trace::Category::work, result));
    step.events.push_back(
        make_event(0, trace::EventKind::slice_end, clock_ + 20, "write", trace::Category::work));
  }

  int block_track() const { return warps_; }

 private:
  trace::Trace& t_;
  int threads_;
  int warps_;
  int64_t clock_ = 0;
};

void declare(trace::Trace& t, int threads, int n, std::uint32_t seed) {
  t.lesson_id = "fixture-halving-tree";
  t.lesson_title = "Fixture: halving tree";
  t.technique = "R1";
  t.producer.kind = trace::ProducerKind::model;
  t.producer.model = "a CPU model of the halving tree, for the viewer tests";
  t.producer.program = "viewer_fixture_trace";
  t.producer.recorded_at = "2026-01-01T00:00:00Z";
  t.clock = {"modelled warp schedule", 1, "the start of the modelled launch"};
  t.parameters = {{"n", n}, {"block", threads}, {"grid", 1}, {"seed", seed}};
  t.sources = {{"tests/viewer/fixture_trace.cpp", kSource, trace::source_hash(kSource)}};
  t.buffers = {{kIn, "in", trace::ElementType::i32, {n}, trace::MemorySpace::global, -1},
               {kR, "r", trace::ElementType::i32, {threads}, trace::MemorySpace::shared, -1},
               {kAcc, "acc", trace::ElementType::i32, {threads}, trace::MemorySpace::registers, -1},
               {kOut, "out", trace::ElementType::i32, {1}, trace::MemorySpace::global, -1}};
  const int warps = (threads + 31) / 32;
  for (int w = 0; w < warps; ++w)
    t.tracks.push_back(track(w, trace::TrackKind::warp, "warp " + std::to_string(w), warps, w));
  t.tracks.push_back(track(warps, trace::TrackKind::block, "block 0", -1, -1));
  t.launches = {{0, "fold<" + std::to_string(threads) + ">", -1, -1, 1, threads}};
  t.notices = {"Times are modelled, not measured: a warp with work takes 40 ns plus 3 ns per warp index."};
}

// acc[t] = identity + in[t], then acc[t] = acc[t] + in[t + k * threads], then r[t] = acc[t].
void load_ops(trace::Step& step, int threads, int n) {
  for (int first = 0; first == 0 || first < n; first += threads) {
    trace::Operation fold = operation(trace::Operator::add, kAcc, kAcc, kIn);
    for (int t = 0; t < threads && (first == 0 || first + t < n); ++t) {
      fold.dst.push_back(t);
      fold.a.push_back(first == 0 ? -1 : t);
      fold.b.push_back(first + t < n ? first + t : -1);
      fold.thread.push_back(t);
    }
    step.ops.push_back(fold);
  }
  trace::Operation copy = operation(trace::Operator::copy, kR, kAcc, -1);
  for (int t = 0; t < threads; ++t) {
    copy.dst.push_back(t);
    copy.a.push_back(t);
    copy.thread.push_back(t);
  }
  step.ops.push_back(copy);
}

void conclude(trace::Trace& t, const std::vector<double>& in, double result, int n) {
  double sum = 0;
  for (double v : in) sum += v;
  const std::string got = std::to_string(static_cast<long long>(result));
  t.claims = {
      {"FIX.sum", "The tree returns the sum of the input.", trace::Verdict::confirmed,
       "model: " + got + " against " + std::to_string(static_cast<long long>(sum)), ""},
      {"FIX.lockstep", "A warp needs no barrier because it runs in lockstep.", trace::Verdict::contradicted,
       "not true since independent thread scheduling", "use __syncwarp()"},
      {"FIX.timing", "The tree is faster than the library.", trace::Verdict::not_observable, "",
       "a model measures no time"}};
  t.timings = {{"fixture model", n, int64_t(n) * 4, 1, 1000.0, 900.0, 1200.0}};
  t.facts = {{"sum", got},
             {"modelled barrier wait",
              "6\xE2\x80\x93"
              "8 ns"}};
}

}  // namespace

trace::Trace make_halving_trace(int threads, int n, std::uint32_t seed) {
  trace::Trace t;
  declare(t, threads, n, seed);
  Builder build(t, threads);

  std::vector<double> in(static_cast<std::size_t>(n));
  std::uint32_t state = seed;
  for (double& v : in) v = static_cast<double>(static_cast<int>(next(state) % 201) - 100);
  std::vector<double> r(static_cast<std::size_t>(threads), 0.0);
  for (int i = 0; i < n; ++i) r[static_cast<std::size_t>(i % threads)] += in[static_cast<std::size_t>(i)];

  trace::Step load = build.step("PHASE 1: strided load");
  load.detail = "each thread folds up to " + std::to_string((n + threads - 1) / threads) + " elements";
  load.note = "Each thread sums its strided slice of the input in acc, then stores it in r[t].";
  load.snapshots = {{kIn, {}, in}, {kR, {}, r}};
  load_ops(load, threads, n);
  load.live = {{kR, 0, threads, 1}};
  build.warp_events(load, threads, 0);
  t.steps.push_back(load);

  int levels = 0;
  for (int size = threads / 2; size > 0; size /= 2) ++levels;
  int level = 0;
  for (int size = threads / 2; size > 0; size /= 2) {
    ++level;
    trace::Step step = build.step("PHASE 2: halving tree");
    step.detail =
        "level " + std::to_string(level) + " of " + std::to_string(levels) + ", size " + std::to_string(size);
    step.note =
        "Threads below " + std::to_string(size) + " add r[t + " + std::to_string(size) + "] into r[t].";
    trace::Operation add = operation(trace::Operator::add, kR, kR, kR);
    for (int i = 0; i < size; ++i) {
      r[static_cast<std::size_t>(i)] += r[static_cast<std::size_t>(i + size)];
      add.dst.push_back(i);
      add.a.push_back(i);
      add.b.push_back(i + size);
      add.thread.push_back(i);
    }
    step.snapshots = {{kR, {}, r}};
    step.ops = {add};
    step.live = {{kR, 0, size, 1}};
    build.warp_events(step, size, level);
    t.steps.push_back(step);
  }

  trace::Step write = build.step("PHASE 3: write the result");
  write.note = "Thread 0 writes r[0] = " + std::to_string(static_cast<long long>(r[0])) + " out.";
  trace::Operation out = operation(trace::Operator::copy, kOut, kR, -1);
  out.dst = {0};
  out.a = {0};
  out.thread = {0};
  write.ops = {out};
  write.snapshots = {{kOut, {}, {r[0]}}};
  write.live = {{kR, 0, 1, 1}};
  build.write_events(write, r[0]);
  t.steps.push_back(write);

  conclude(t, in, r[0], n);
  return t;
}

}  // namespace gridlock::viewer::testing
