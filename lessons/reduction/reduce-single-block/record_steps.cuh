// R1 recording: one launch of the Record=true instantiation on the first seed's input, turned
// into trace steps whose labels are the kernel's phase comments.
#pragma once

#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "common/tree_recording.hpp"
#include "run_kernel.cuh"

namespace {

namespace tr = gridlock::trace;

constexpr int kInputBuffer = 0, kSharedBuffer = 1, kOutBuffer = 2;
constexpr int64_t kLargestInputSnapshot = 1 << 16;   // larger inputs are not copied into the trace

void declare_buffers_and_tracks(tr::Trace& t, int64_t n, int block, unsigned sm, int warps) {
  t.buffers = {{kInputBuffer, "in", tr::ElementType::i32, {n}, tr::MemorySpace::global},
               {kSharedBuffer, "r", tr::ElementType::i32, {block}, tr::MemorySpace::shared},
               {kOutBuffer, "out", tr::ElementType::i32, {1}, tr::MemorySpace::global}};
  t.tracks = {{0, tr::TrackKind::block, "block 0", 0, -1, int(sm)}};
  for (int w = 0; w < warps; ++w)
    t.tracks.push_back({1 + w, tr::TrackKind::warp, "warp " + std::to_string(w), 0, w, int(sm)});
}

void record_steps(LessonRun& run) {
  const auto& o = run.options();
  const int levels = __builtin_ctz(unsigned(o.block));
  std::vector<int> host = input_for<r1::Sum>(o.n, o.seed);
  DeviceBuffer<int> in(host), out(1);
  out.poison();
  gridlock::TreeRecording<int> rec(/*grid=*/1, /*steps=*/1 + levels, o.block);
  gridlock::with_block_size(o.block, [&](auto B) {
    r1::reduce_single_block<B, true, r1::Sum><<<1, B.value>>>(in.get(), int(o.n), out.get(), rec.device_view());
  });
  CUDA_CHECK_LAUNCH();
  rec.download();
  const int result = out.download_one();
  if (result != cpu_reduce<r1::Sum>(host, host.size()))
    run.check_failed("the recorded run's sum differs from the CPU reference");

  tr::Trace& t = run.trace();
  declare_buffers_and_tracks(t, o.n, o.block, rec.sm_of(0), rec.warps());

  tr::Step& load = run.add_step("PHASE 1: strided load", "each thread folds " +
                                std::to_string((o.n + o.block - 1) / o.block) + " elements",
                                "Thread i adds in[i], in[i + " + std::to_string(o.block) +
                                    "], ... on its own, then stores its partial sum in r[i].");
  if (o.n <= kLargestInputSnapshot) load.snapshots.push_back({kInputBuffer, {host.begin(), host.end()}});
  load.snapshots.push_back(rec.snapshot(kSharedBuffer, 0, 0));
  load.live.push_back({kSharedBuffer, 0, o.block, 1});
  load.events = rec.warp_events(0, 0, 1, "strided load");

  for (int level = 1, size = o.block / 2; size > 0; ++level, size /= 2) {
    tr::Step& s = run.add_step(
        "PHASE 2: halving tree",
        "level " + std::to_string(level) + " of " + std::to_string(levels) + ", size " + std::to_string(size),
        "Threads 0.." + std::to_string(size - 1) + " each add r[i + " + std::to_string(size) +
            "] into r[i]; the other threads only wait at the barrier.");
    s.snapshots.push_back(rec.snapshot(kSharedBuffer, 0, level));
    s.combines.push_back(rec.combine(kSharedBuffer, 0, level));
    s.live.push_back({kSharedBuffer, 0, size, 1});
    s.events = rec.warp_events(0, level, 1, "level " + std::to_string(level));
  }

  tr::Step& done = run.add_step("PHASE 3: write the result", "", "Thread 0 copies r[0] to out: " +
                                std::to_string(result) + ".");
  done.snapshots.push_back({kOutBuffer, {double(result)}});
  done.live.push_back({kSharedBuffer, 0, 1, 1});
}

}  // namespace
