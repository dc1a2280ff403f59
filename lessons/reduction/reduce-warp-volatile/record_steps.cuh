// R6 recording: one launch of the chosen form's recording instantiation on the first seed's input.
// Every lane logs what it read and wrote into slots of its own; the steps (the load, five folds,
// the read of the sum, the write) are rebuilt from those logs on the host, and a launch whose
// lanes did not read what lockstep gives is launched again (the facts say how often).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "common/lesson.hpp"
#include "reduction/common/operators.cuh"
#include "reduction/common/reference.hpp"
#include "reduction/common/warp_trace.hpp"
#include "run_kernel.cuh"

namespace r6 {

namespace tr = gridlock::trace;
namespace red = gridlock::reduction;
using red::Sum;

constexpr int kInput = 0, kWork = 1, kReturned = 2, kOut = 3;
constexpr int kBlockTrack = 0, kWarpTrack = 1;
constexpr int kLockstepAttempts = 10;

// The step label of each form's folds: its phase comment in kernels.cuh.
inline const char* fold_label(const std::string& form) {
  if (form == "documented") return "PHASE 2: fold halves, lanes tested, no barrier (documented)";
  if (form == "simplified")
    return "PHASE 2: lanes 0-15 fold every step, no lane tests, no barrier (documented)";
  if (form == "syncwarp")
    return "PHASE 2: fold halves, lanes tested, __syncwarp() between the steps (corrected)";
  return "PHASE 2: shuffle down 16, 8, 4, 2, 1 between registers (corrected)";
}

// "lanes 0–7 add s[lane + 8]", from a fold step's operation.
inline std::string fold_detail(const tr::Operation& op, bool registers) {
  const int64_t first = op.thread.front(), last = op.thread.back(), k = op.b.front() - op.a.front();
  const std::string lanes = first == last
                                ? "lane " + std::to_string(first)
                                : "lanes " + std::to_string(first) + "\xE2\x80\x93" + std::to_string(last);
  return lanes + (registers ? " add the v of lane + " + std::to_string(k) + " (their own past lane 31)"
                            : (first == last ? " adds" : " add") + std::string(" s[lane + ") +
                                  std::to_string(k) + "]");
}

inline std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> spaces(bool registers) {
  std::array<gridlock::SpaceBuffer, gridlock::kLaneSpaces> s;
  s[gridlock::kInputSpace] = {kInput, 32, "in"};
  s[registers ? gridlock::kRegisterSpace : gridlock::kSharedSpace] = {kWork, 32, registers ? "v" : "s"};
  s[gridlock::kReturnedSpace] = {kReturned, 32, "total"};
  return s;
}

inline void declare_buffers(tr::Trace& t, bool registers) {
  t.buffers = {{kInput, "in", tr::ElementType::i32, {32}, tr::MemorySpace::global, 0},
               {kWork,
                registers ? "v" : "s",
                tr::ElementType::i32,
                {32},
                registers ? tr::MemorySpace::registers : tr::MemorySpace::shared,
                0},
               {kReturned, "total", tr::ElementType::i32, {32}, tr::MemorySpace::registers, 0},
               {kOut, "out", tr::ElementType::i32, {32}, tr::MemorySpace::global, 0}};
}

inline void record_steps(gridlock::LessonRun& run, const std::string& form) {
  const auto& o = run.options();
  const bool registers = form == "shuffle";
  const std::vector<int> input = red::input_for<Sum>(32, o.seed);
  std::optional<gridlock::LaneRecording<int>> rec;
  std::vector<red::ReplayedStep> replayed;
  std::vector<int> answers;
  run.clock().origin_ns();
  const red::LockstepAttempts attempts = red::record_in_lockstep(kLockstepAttempts, [&] {
    rec.emplace(gridlock::LaneRecording<int>::Shape{1, 32, kSteps, 1});
    gridlock::DeviceBuffer<int> in(input), out(32);
    with_form(form, [&](auto F) {
      sum_one_warp<F.value, true><<<1, 32>>>(in.get(), out.get(), rec->device_view());
    });
    CUDA_CHECK_LAUNCH();
    rec->download();
    answers = out.download();
    gridlock::LaneReplay<Sum> replay(spaces(registers));
    replay.know(gridlock::kInputSpace, input);
    replayed = red::replay_steps(replay, *rec, 0, 0, kSteps);
    return replay.surprises();
  });
  const int expected = red::cpu_reduce<Sum>(input);
  if (!attempts.found)
    run.trace().notices.push_back("no recorded launch of " + std::to_string(kLockstepAttempts) +
                                  " had every lane read what lockstep gives: " + attempts.text());

  tr::Trace& t = run.trace();
  declare_buffers(t, registers);
  red::declare_block_and_warps(t, kBlockTrack, rec->sm_of(0), 1);
  const int launch = run.add_launch("sum_one_warp<" + form + ">", 1, 32);
  red::WarpTimeline<int> timeline(*rec, 0, kWarpTrack, run.clock());
  const char* work = registers ? "v" : "s";

  tr::Step& load = run.add_step("PHASE 1: every lane loads one value and stores it in s", "",
                                std::string("Lane i copies in[i] into ") + work + "[i].", launch);
  load.snapshots.push_back({kInput, {}, {input.begin(), input.end()}});
  load.ops = replayed[0].ops;
  load.snapshots.insert(load.snapshots.end(), replayed[0].snapshots.begin(), replayed[0].snapshots.end());
  load.live.push_back({kWork, 0, 32, 1});
  load.events = timeline.work(0, "load");

  for (int step = 1; step <= 5; ++step) {
    tr::Step& s = run.add_step(fold_label(form), "step " + std::to_string(step) + " of 5",
                               fold_detail(replayed[size_t(step)].ops.front(), registers) + ".", launch);
    s.ops = replayed[size_t(step)].ops;
    s.snapshots = replayed[size_t(step)].snapshots;
    s.live.push_back({kWork, 0, 32 >> step, 1});
    s.events = timeline.work(step, "step " + std::to_string(step));
  }

  tr::Step& read = run.add_step(fold_label(form), "every lane reads the sum",
                                registers ? "Every lane receives lane 0's v with __shfl_sync."
                                          : "Every lane reads s[0] (return shArr[0]).",
                                launch);
  read.ops = replayed[kReadStep].ops;
  read.snapshots = replayed[kReadStep].snapshots;
  read.live.push_back({kReturned, 0, 32, 1});
  read.events = timeline.work(kReadStep, "read the sum");

  tr::Step& done = run.add_step("PHASE 3: every lane writes what it was returned", "",
                                "Lane i copies what it was returned to out[i].", launch);
  done.ops.push_back({tr::Operator::copy, kOut, kReturned, -1, {}, {}, {}, {}});
  for (int l = 0; l < 32; ++l) {
    done.ops.back().dst.push_back(l);
    done.ops.back().a.push_back(l);
    done.ops.back().thread.push_back(l);
  }
  done.snapshots.push_back({kOut, {}, {answers.begin(), answers.end()}});
  done.live.push_back({kOut, 0, 32, 1});
  const auto [begin, end] = timeline.span();
  t.steps.front().events.insert(t.steps.front().events.begin(),
                                red::warp_event(kBlockTrack, tr::EventKind::slice_begin, begin,
                                                t.tracks[0].name, tr::Category::kernel));
  done.events.push_back(
      red::warp_event(kBlockTrack, tr::EventKind::slice_end, end, t.tracks[0].name, tr::Category::kernel));

  t.facts["recorded.result"] = std::to_string(answers.front());
  t.facts["recorded.expected"] = std::to_string(expected);
  t.facts["recorded.launches"] = attempts.text();
  t.facts["recorded.warp_time"] = std::to_string(end - begin) + " ns";
  for (int l = 0; l < 32; ++l)
    if (answers[size_t(l)] != expected)
      t.notices.push_back("in the recorded launch lane " + std::to_string(l) + " was returned " +
                          std::to_string(answers[size_t(l)]) + ", not the sum " + std::to_string(expected));
}

}  // namespace r6
