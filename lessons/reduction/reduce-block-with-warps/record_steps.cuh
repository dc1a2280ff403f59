// R7 recording: one launch of one block, the chosen form's recording instantiation, on the first
// seed's input. Every lane logs what it read and wrote into slots of its own (nothing is added
// between the lanes of a warp); the steps are rebuilt on the host: the strided load, the five
// folds of every warp, the read of the warps' sums and the barrier, warp 0's gather, its five
// folds and its read, the write. A launch whose lanes did not read what lockstep gives is
// launched again (the facts say how often).
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/warp_trace.hpp"
#include "run_kernel.cuh"

namespace r7 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using red::Sum;

constexpr int kInput = 0, kAccumulators = 1, kShared = 2, kRegisters = 3, kReturned = 4, kOut = 5;
constexpr int kBlockTrack = 0, kWarpTrack = 1;
constexpr int kLockstepAttempts = 10;
constexpr int64_t kLargestRecordedInput = 1 << 16;
constexpr const char* kWarpPhase = "PHASE 2: every warp sums its 32 values (R6), then the whole block meets";
constexpr const char* kSecondPhase = "PHASE 4: warp 0 sums them (R6)";

inline std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> spaces(int64_t n, int block) {
  std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> s;
  s[gridlock::kInputSpace] = {kInput, n, "in"};
  s[gridlock::kAccumulatorSpace] = {kAccumulators, block, "sum"};
  s[gridlock::kSharedSpace] = {kShared, block, "r"};
  s[gridlock::kRegisterSpace] = {kRegisters, block, "v"};
  s[gridlock::kReturnedSpace] = {kReturned, block, "returned"};
  return s;
}

inline void declare_buffers(tr::Trace& t, int64_t n, int block) {
  const auto i32 = tr::ElementType::i32;
  t.buffers = {{kInput, "in", i32, {n}, tr::MemorySpace::global, 0},
               {kAccumulators, "sum", i32, {block}, tr::MemorySpace::registers, 0},
               {kShared, "r", i32, {block}, tr::MemorySpace::shared, 0},
               {kRegisters, "v", i32, {block}, tr::MemorySpace::registers, 0},
               {kReturned, "returned", i32, {block}, tr::MemorySpace::registers, 0},
               {kOut, "out", i32, {1}, tr::MemorySpace::global, 0}};
}

// What the lanes of one warp fold in step `step` (1..5) of R6's sum.
inline std::string fold_detail(int step, bool shuffle) {
  const int k = 32 >> step;
  return (k == 1 ? "lane 0 adds " : "lanes 0\xE2\x80\x93" + std::to_string(k - 1) + " add ") +
         (shuffle ? "the v of lane + " + std::to_string(k) : "r[lane + " + std::to_string(k) + "]");
}

// Items w * 32 + 0 .. count - 1 of every warp's part of `buffer`.
inline std::vector<tr::LiveRange> in_every_warp(int buffer, int warps, int count) {
  std::vector<tr::LiveRange> live;
  for (int w = 0; w < warps; ++w) live.push_back({buffer, int64_t(w) * 32, count, 1});
  return live;
}

inline void record_steps(gridlock::LessonRun& run, const std::string& form) {
  const auto& o = run.options();
  const bool shuffle = form == "shuffle";
  const int block = o.block, warps = block / 32, work = shuffle ? kRegisters : kShared;
  const int64_t n = std::min<int64_t>(o.n, kLargestRecordedInput);
  if (n < o.n)
    run.trace().notices.push_back("the recorded launch sums the first " + std::to_string(n) + " of the " +
                                  std::to_string(o.n) + " elements");
  const std::vector<int> input = red::input_for<Sum>(n, o.seed);
  std::optional<gridlock::LaneRecording<int>> rec;
  std::vector<red::ReplayedStep> replayed;
  tr::Operation fold;
  int answer = 0;
  run.clock().origin_ns();
  const red::LockstepAttempts attempts = red::record_in_lockstep(kLockstepAttempts, [&] {
    rec.emplace(gridlock::LaneRecording<int>::Shape{1, block, kSteps, 2});
    gridlock::DeviceBuffer<int> in(input), out(1);
    launch_blocks<true>(form, 1, block, in.get(), int(n), out.get(), rec->device_view());
    CUDA_CHECK_LAUNCH();
    rec->download();
    answer = out.download_one();
    gridlock::LaneReplay<Sum> replay(spaces(n, block));
    replay.know(gridlock::kInputSpace, input);
    fold = replay.fold(rec->load_runs(0));
    replayed = red::replay_steps(replay, *rec, 0, 0, kSteps);
    return replay.surprises();
  });
  const int expected = red::cpu_reduce<Sum>(input);

  tr::Trace& t = run.trace();
  declare_buffers(t, n, block);
  red::declare_block_and_warps(t, kBlockTrack, rec->sm_of(0), warps);
  const int launch =
      run.add_launch("sum_block_with_warps<" + std::to_string(block) + ", " + form + ">", 1, block);
  red::WarpTimeline<int> timeline(*rec, 0, kWarpTrack, run.clock());
  auto take = [&](tr::Step& s, int step) {
    s.ops.insert(s.ops.end(), replayed[size_t(step)].ops.begin(), replayed[size_t(step)].ops.end());
    s.snapshots.insert(s.snapshots.end(), replayed[size_t(step)].snapshots.begin(),
                       replayed[size_t(step)].snapshots.end());
  };

  const size_t first_step = t.steps.size();
  tr::Step& load =
      run.add_step("PHASE 1: strided load", "",
                   "Thread i folds in[i], in[i + " + std::to_string(block) + "], ... into its sum, then " +
                       (shuffle ? "keeps it as v." : "stores it in r[i]."),
                   launch);
  load.snapshots.push_back({kInput, {}, {input.begin(), input.end()}});
  load.ops.push_back(fold);
  take(load, 0);
  load.live.push_back({work, 0, block, 1});
  load.events = timeline.work(0, "strided load");

  for (int step = 1; step <= 5; ++step) {
    tr::Step& s = run.add_step(kWarpPhase, "step " + std::to_string(step) + " of 5, in every warp",
                               "In every warp, " + fold_detail(step, shuffle) + ".", launch);
    take(s, step);
    s.live = in_every_warp(work, warps, 32 >> step);
    s.events = timeline.work(step, "step " + std::to_string(step));
  }
  tr::Step& met =
      run.add_step(kWarpPhase, "every lane reads its warp's sum; __syncthreads()",
                   shuffle ? "Every lane receives lane 0's v; lane 0 stores it in r[32 w]. Then the "
                             "block waits at __syncthreads()."
                           : "Every lane reads r[32 w] (return shArr[0]). Then the block waits at "
                             "__syncthreads().",
                   launch);
  take(met, kWarpSumRead);
  met.live.push_back({kShared, 0, warps, 32});
  met.events = timeline.work(kWarpSumRead, "read the sum");
  for (const tr::Event& e : timeline.barrier(kWarpSumRead, "__syncthreads()")) met.events.push_back(e);

  tr::Step& gather = run.add_step(
      "PHASE 3: warp 0 gathers the warps' sums", "",
      std::string("Lane i of warp 0 copies r[32 i] into ") + (shuffle ? "v[i]." : "r[i]."), launch);
  take(gather, kGatherStep);
  gather.live.push_back({work, 0, 32, 1});
  gather.events = timeline.work(kGatherStep, "gather");

  for (int step = 1; step <= 5; ++step) {
    tr::Step& s = run.add_step(kSecondPhase, "step " + std::to_string(step) + " of 5, warp 0",
                               "In warp 0, " + fold_detail(step, shuffle) + ".", launch);
    take(s, kGatherStep + step);
    s.live.push_back({work, 0, 32 >> step, 1});
    s.events = timeline.work(kGatherStep + step, "step " + std::to_string(step));
  }
  tr::Step& last = run.add_step(kSecondPhase, "every lane of warp 0 reads the sum", "", launch);
  take(last, kGatherStep + kWarpSumRead);
  last.live.push_back({kReturned, 0, 1, 1});
  last.events = timeline.work(kGatherStep + kWarpSumRead, "read the sum");

  tr::Step& done =
      run.add_step("PHASE 5: write the result", "",
                   "Thread 0 writes the sum it was returned to out: " + std::to_string(answer) + ".", launch);
  done.ops.push_back({tr::Operator::copy, kOut, kReturned, -1, {0}, {0}, {}, {0}});
  done.snapshots.push_back({kOut, {}, {double(answer)}});
  done.live.push_back({kOut, 0, 1, 1});
  const auto [begin, end] = timeline.span();
  t.steps[first_step].events.insert(t.steps[first_step].events.begin(),
                                    red::make_event(kBlockTrack, tr::EventKind::slice_begin, begin,
                                                    t.tracks[0].name, tr::Category::kernel));
  done.events.push_back(
      red::make_event(kBlockTrack, tr::EventKind::slice_end, end, t.tracks[0].name, tr::Category::kernel));

  // What the block returned: out[0] in the last step's snapshot; the right answer: the input's
  // snapshot summed, as the CPU sums it.
  tr::set_fact(t, "recorded.result", tr::snapshot_value_fact(t, int(t.steps.size()) - 1, kOut, 0));
  tr::set_fact(t, "recorded.expected", tr::snapshot_fold_fact(t, int(first_step), kInput, Sum::kTraceOp));
  red::add_launches_fact(t, attempts);
  tr::set_fact(t, "recorded.block_time",
               tr::duration_fact(
                   t, tr::find_event(t, kBlockTrack, begin, tr::EventKind::slice_begin, tr::Category::kernel),
                   tr::find_event(t, kBlockTrack, end, tr::EventKind::slice_end, tr::Category::kernel),
                   tr::FactUnit::ns, 0));
  if (answer != expected)
    t.notices.push_back("the recorded launch returned " + std::to_string(answer) + ", not the sum " +
                        std::to_string(expected));
}

}  // namespace r7
